/**
 * Starting the built `mailsift serve` as a child process and stopping it: what the HTTP benches
 * (bench/lib) and `npm run eval -- --service` share. Loopback, any free port, no DNS lookups or
 * feed downloads, and the per-account rate limits lifted, so that a run measures the service's
 * judgement and work, not its limiter.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Started {
  proc: ChildProcess;
  url: string;
  output(): string;
}

/**
 * Spawns `node args...` with `env` over `base` (this process's environment by default) and
 * resolves once its output matches `ready` (group 1: the URL); rejects if it exits first or
 * has not matched in 90 s (it is killed then).
 */
export function startProcess(args: string[], env: Record<string, string>, ready: RegExp, base: NodeJS.ProcessEnv = process.env): Promise<Started> {
  const proc = spawn(process.execPath, args, { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((res, rej) => {
    const t = setTimeout(() => {
      proc.kill('SIGKILL');
      rej(new Error(`did not start:\n${out}`));
    }, 90_000);
    const on = (b: Buffer): void => {
      if (process.env.BENCH_DEBUG) process.stderr.write(b);
      out += b.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(t);
        res({ proc, url: m[1] ?? '', output: () => out });
      }
    };
    proc.stdout!.on('data', on);
    proc.stderr!.on('data', on);
    proc.on('exit', (c) => rej(new Error(`exited ${c}:\n${out}`)));
  });
}

/** SIGTERM, then SIGKILL if it has not exited within 10 s. */
export async function stopProcess(p: Started | undefined): Promise<void> {
  if (!p || p.proc.exitCode !== null) return;
  const exited = new Promise((r) => p.proc.once('exit', r));
  p.proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
}

/** The four rate limits (requests and addresses, rate and burst) set far above any run's load. */
export const LIFTED_RATE_LIMITS = {
  MAILSIFT_RATE_LIMIT_RPS: '1000000',
  MAILSIFT_RATE_LIMIT_BURST: '1000000',
  MAILSIFT_RATE_LIMIT_ADDRESSES: '1000000',
  MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '1000000',
} as const;

/** The environment of a local `mailsift serve` with these `MAILSIFT_API_KEYS`; `over` adds or replaces variables. */
export function benchServeEnv(apiKeys: string, over: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    MAILSIFT_API_KEYS: apiKeys,
    MAILSIFT_DNS: 'off',
    MAILSIFT_FEEDS: 'off',
    MAILSIFT_LOG_LEVEL: 'info',
    ...LIFTED_RATE_LIMITS,
    ...over,
  };
}

/** The API's "listening" log line, with its URL, whichever order pino writes the fields in. */
export const API_LISTENING = /"address":"(http:\/\/[^"]+)"[^\n]*mailsift API listening|mailsift API listening[^\n]*"address":"(http:\/\/[^"]+)"/;

/** The URL of the API listening line in a process's output (after `startProcess` matched API_LISTENING). */
export function listeningUrl(output: string): string {
  return API_LISTENING.exec(output)!.slice(1).find(Boolean)!;
}
