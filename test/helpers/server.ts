/**
 * Starts the real, built server (`node dist/src/main.js serve`, what `npm start` runs) on a
 * free port with a temp data dir, captures everything it writes, and stops it. `npm test`
 * builds first; the helper refuses to run against a missing build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './shared.ts';

export const KEYS = { acme: 'acme-test-key-0123456789', globex: 'globex-test-key-0123456789' };
export const API_KEYS_ENV = `${KEYS.acme}=acme,${KEYS.globex}=globex`;

export interface RunningServer {
  url: string;
  dataDir: string;
  output(): string;
  /** What it wrote to stderr alone. */
  stderr(): string;
  proc: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Removes the data dir (after stop). */
  cleanup(): void;
}

/** Starts `mailsift serve`; resolves when the API listens (or, for a process without the API role, when `ready` matches). */
export async function startServer(env: Record<string, string> = {}, dataDir?: string, ready?: RegExp): Promise<RunningServer> {
  const main = join(REPO_ROOT, 'dist', 'src', 'main.js');
  if (!existsSync(main)) throw new Error('dist/ is missing: run `npm run build` (npm test does it)');
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'mailsift-bb-'));
  const proc = spawn(process.execPath, [main, 'serve'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      MAILSIFT_DATA_DIR: dir,
      MAILSIFT_API_KEYS: API_KEYS_ENV,
      MAILSIFT_DNS: 'off',
      MAILSIFT_FEEDS: 'off',
      MAILSIFT_LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => {
    out += b.toString();
    err += b.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    // A start that times out is killed, and its temp data dir removed: the test fails either way,
    // but a server left running would load every later test on the machine's two cores.
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
      reject(new Error(`server did not start in 60 s:\n${out}`));
    }, 60_000);
    const onData = (): void => {
      if (ready?.test(out)) {
        clearTimeout(timer);
        resolve('');
        return;
      }
      const m = /"address":"(http:\/\/[^"]+)"[^\n]*mailsift API listening|mailsift API listening[^\n]*"address":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve((m[1] ?? m[2])!);
      }
    };
    proc.stdout!.on('data', onData);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    dataDir: dir,
    proc,
    output: () => out,
    stderr: () => err,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill(signal);
      }),
    cleanup: () => {
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = any>(base: string, method: string, path: string, opts: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key !== null) headers.authorization = `Bearer ${opts.key ?? KEYS.acme}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/**
 * Waits until the server answers a check-free request again (after SIGCONT: the stopped seconds
 * count as event-loop delay, and the overload guard answers 503 until it has measured anew).
 */
export async function answering(s: RunningServer, key: string = KEYS.acme, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call(s.url, 'GET', '/v1/usage', { key }).catch(() => undefined);
    if (r?.status === 200) return;
    if (Date.now() > until) throw new Error(`the server did not answer again within ${timeoutMs} ms (last status ${r?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
