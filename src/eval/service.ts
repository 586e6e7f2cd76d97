/**
 * `npm run eval -- --service`: a labelled file through a running service, as a customer cleans a
 * list. Builds the server if its build is missing or older than src/, starts `mailsift serve`
 * (dist/src/main.js) on a free loopback port with a fresh data dir in a temp dir, DNS, feeds and
 * domain age off and the rate limits lifted, and sends the file through `mailsift check-file`'s own
 * code (POST /v1/check/bulk, 1,000 addresses per request, its default 4 requests in flight) into
 * an output file in the same temp dir. The answers are read back in file order and the temp dir
 * (data dir, output, logs) is removed: nothing of the file is written anywhere else.
 *
 * The bulk path rather than single checks: it is what list cleaning uses, so its history is a
 * list's (a request's own other inboxes at a domain make no signup_wave, the list's earlier
 * requests do: README, Evaluate). Shell: processes, files, network.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile } from '../check-file/check-file.ts';
import { VERDICTS, type Verdict } from '../domain/check.ts';
import { packageRoot } from '../platform/package-root.ts';
import { API_LISTENING, benchServeEnv, listeningUrl, startProcess, stopProcess, type Started } from '../platform/serve-process.ts';
import type { RowAnswer } from './service-diff.ts';

const KEY = 'eval-service-key-0123456789';

/**
 * Builds dist/ when its entry point is missing or the last build (its incremental build info,
 * written by every build that changed anything) is older than any file under src/.
 */
export function ensureBuilt(root: string = packageRoot()): void {
  const built = existsSync(join(root, 'dist', 'src', 'main.js')) ? statMtime(join(root, 'dist', '.tsbuildinfo')) : undefined;
  if (built !== undefined && newestUnder(join(root, 'src')) <= built) return;
  process.stderr.write('eval: building the server (npm run build)\n');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status ?? r.signal})`);
}

/**
 * Every row of `file` (labelled JSON lines) as a fresh service answers it, in file order;
 * undefined where it answered with an error (invalid syntax). Throws if the server does not
 * start, stops during the run, or check-file fails.
 */
export async function answersFromService(file: string, root: string = packageRoot()): Promise<(RowAnswer | undefined)[]> {
  return withServer(root, async (server, dir) => {
    const out = join(dir, 'checked.jsonl');
    const code = await checkFile(
      { input: file, output: out, column: 'email', format: 'jsonl', concurrency: 4 },
      {
        baseUrl: server.baseUrl,
        apiKey: server.apiKey,
        stdout: (line) => process.stderr.write(`eval: check-file: ${line.replace(dir, '<temp dir>')}\n`),
        stderr: process.stderr,
        now: () => Date.now(),
        // The server stopping mid-run stops check-file as a signal would: no retrying a dead server.
        onStopSignal: (handler) => {
          const onExit = (): void => handler('SIGTERM');
          server.started.proc.once('exit', onExit);
          return () => server.started.proc.off('exit', onExit);
        },
      },
    );
    server.assertRunning();
    if (code !== 0) throw new Error(`check-file failed (exit ${code})`);
    return readAnswers(readFileSync(out, 'utf8'));
  });
}

/** A fresh eval server: its URL and key, the process, and a check that it is still running. */
export interface EvalServer {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly started: Started;
  /** Throws, with the end of its log, when the server has stopped. */
  assertRunning(): void;
}

/**
 * Runs `use` against a fresh `mailsift serve` of the build under `root` (DNS, feeds and domain
 * age off, rate limits lifted, a data dir in a temp dir) and removes the temp dir (data, output,
 * logs) and stops the server afterwards, whatever happened. Throws if the server does not start.
 */
export async function withServer<T>(root: string, use: (server: EvalServer, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'mailsift-eval-'));
  let started: Started | undefined;
  try {
    started = await startProcess(
      [join(root, 'dist', 'src', 'main.js'), 'serve'],
      benchServeEnv(`${KEY}=eval`, { MAILSIFT_DATA_DIR: join(dir, 'data'), MAILSIFT_DOMAIN_AGE: 'off' }),
      API_LISTENING,
      // Not this shell's MAILSIFT_* or KAFKA_*: the eval's service is always the same fresh embedded one.
      { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    ).catch((err: Error) => {
      throw new Error(`the server did not start: ${err.message}`);
    });
    const running = started;
    return await use(
      {
        baseUrl: listeningUrl(running.output()),
        apiKey: KEY,
        started: running,
        assertRunning: () => {
          if (running.proc.exitCode !== null || running.proc.signalCode !== null) {
            throw new Error(`the server stopped during the run (exit ${running.proc.exitCode ?? running.proc.signalCode}):\n${tail(running.output())}`);
          }
        },
      },
      dir,
    );
  } finally {
    await stopProcess(started);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** check-file's JSON-lines output: the result columns of each row (the row's own fields are not read). */
export function readAnswers(text: string): (RowAnswer | undefined)[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line, i) => {
      const v = JSON.parse(line) as { human_score?: unknown; verdict?: unknown; reasons?: unknown; error?: unknown };
      if (typeof v.error === 'string') return undefined;
      if (typeof v.human_score !== 'number' || !VERDICTS.includes(v.verdict as Verdict) || typeof v.reasons !== 'string') {
        throw new Error(`check-file output line ${i + 1}: no human_score, verdict and reasons`);
      }
      return { humanScore: v.human_score, verdict: v.verdict as Verdict, reasons: v.reasons === '' ? [] : v.reasons.split(';') };
    });
}

/** The last lines of the server's log (no addresses: the service never logs one). */
const tail = (output: string): string => output.trimEnd().split('\n').slice(-10).join('\n');

function statMtime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function newestUnder(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}
