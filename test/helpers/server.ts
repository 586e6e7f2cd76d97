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
  /**
   * Sends `signal` (SIGTERM) and resolves with the exit code once the process is gone (null when a
   * signal ended it); one still running `graceMs` later is killed (SIGKILL). Never waits forever,
   * also for a process that already ended or was stopped (SIGSTOP).
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
  /** Removes the data dir (after stop). */
  cleanup(): void;
}

/** How long stop() waits after its signal before it kills (a clean stop takes seconds; a Kafka consumer leaving its group up to about 15). */
export const STOP_GRACE_MS = 30_000;

/**
 * Every server this process started that is still running. A test that fails or times out before
 * its afterAll stops them, or an afterAll that times out itself, would otherwise leave them running
 * after the test process: vitest ends its worker with SIGTERM, which runs no 'exit' handler, so the
 * worker kills them on either (killLiveServers) before it ends.
 */
const live = new Set<ChildProcess>();

/** Kills (SIGKILL) every server this process started that is still running. */
export function killLiveServers(): void {
  for (const p of live) p.kill('SIGKILL');
}

/** The worker's SIGTERM: kill the servers, then end as the signal would have (the handler removed itself). */
function onTerm(signal: NodeJS.Signals): void {
  killLiveServers();
  process.kill(process.pid, signal);
}

/** Tracks `proc` until it exits; the process handlers are there only while a server runs. */
function track(proc: ChildProcess): void {
  if (live.size === 0) {
    process.once('exit', killLiveServers);
    process.once('SIGTERM', onTerm);
  }
  live.add(proc);
  proc.once('exit', () => {
    live.delete(proc);
    if (live.size === 0) {
      process.off('exit', killLiveServers);
      process.off('SIGTERM', onTerm);
    }
  });
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
  track(proc);
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
    stop: (signal = 'SIGTERM', graceMs = STOP_GRACE_MS) =>
      new Promise((resolve) => {
        // Ended already: by a signal (signalCode; exitCode stays null) as well as by itself.
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve(proc.exitCode);
        const kill = setTimeout(() => proc.kill('SIGKILL'), graceMs);
        proc.once('exit', (code) => {
          clearTimeout(kill);
          resolve(code);
        });
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
