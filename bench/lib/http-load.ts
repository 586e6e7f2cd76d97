/** Shared by the HTTP benches: start a process that prints its URL, and drive POST /v1/check with autocannon. */
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

export interface Started {
  proc: ChildProcess;
  url: string;
  output(): string;
}

export function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<Started> {
  const proc = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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

export async function stopProcess(p: Started | undefined): Promise<void> {
  if (!p || p.proc.exitCode !== null) return;
  const exited = new Promise((r) => p.proc.once('exit', r));
  p.proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
}

export function loadChecks(url: string, bodies: string[], o: { seconds: number; connections: number; headers: Record<string, string> }): Promise<autocannon.Result> {
  let i = 0;
  return new Promise((res, rej) => {
    autocannon(
      {
        url: `${url}/v1/check`,
        connections: o.connections,
        duration: o.seconds,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...o.headers },
            setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length]! }),
          },
        ],
      },
      (err, result) => (err ? rej(err) : res(result)),
    );
  });
}

export async function usageTotal(url: string, key: string): Promise<number> {
  return ((await (await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).json()) as { total: number }).total;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
