/**
 * The server helper leaves no process behind: a server that does not end on stop()'s signal is
 * killed, stop() of a server already ended returns, and a test process that vitest ends (SIGTERM)
 * kills the servers it started first. Round 21: a failed Kafka test left `serve` processes
 * running after vitest, loading every later test on the machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './server.ts';
import { REPO_ROOT } from './shared.ts';

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether `pid` is gone within `ms` (a killed orphan is reaped by init a moment later). */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) if (!running(pid)) return true;
  return !running(pid);
}

// Each test starts a server, which the helper allows 60 s under load (the third also loads the helper through tsx).
const START_BOUND_MS = 90_000;

describe('startServer: no process outlives its test', () => {
  const dirs: string[] = [];
  const dir = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'ms-helper-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('stop() kills a server that does not end on its signal within the grace time', async () => {
    const s = await startServer({}, dir());
    const pid = s.proc.pid!;
    // A stopped process never acts on SIGTERM: what a server stuck in its shutdown looks like.
    process.kill(pid, 'SIGSTOP');
    expect(await s.stop('SIGTERM', 500)).toBe(null);
    expect(s.proc.signalCode).toBe('SIGKILL');
    expect(running(pid)).toBe(false);
  }, START_BOUND_MS);

  it('stop() of a server a signal already ended returns at once', async () => {
    const s = await startServer({}, dir());
    await new Promise((r) => {
      s.proc.once('exit', r);
      s.proc.kill('SIGKILL');
    });
    // exitCode stays null after a signal: a stop() that waited for another 'exit' never returned.
    expect(await s.stop()).toBe(null);
  }, START_BOUND_MS);

  it('a test process ended by SIGTERM (how vitest ends its workers) kills the servers it started', async () => {
    // The helper in a process of its own, as a vitest worker runs it: it starts a server, prints its pid and waits.
    const script = `const m = await import(${JSON.stringify(join(REPO_ROOT, 'test', 'helpers', 'server.ts'))}); const s = await m.startServer({}, process.argv[1]); console.log('pid ' + s.proc.pid); setInterval(() => {}, 1000);`;
    const worker = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir()], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const pid = await new Promise<number>((resolve, reject) => {
      worker.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        const m = /pid (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      worker.once('exit', (code) => reject(new Error(`the helper process exited (${code}) before its server listened:\n${out}`)));
    });
    try {
      expect(running(pid)).toBe(true);
      const ended = new Promise((r) => worker.once('exit', (code, signal) => r(signal)));
      worker.kill('SIGTERM');
      // It still ends as SIGTERM ends it, after killing its server.
      expect(await ended).toBe('SIGTERM');
      expect(await goneWithin(pid, 5_000)).toBe(true);
    } finally {
      if (running(pid)) process.kill(pid, 'SIGKILL');
      worker.kill('SIGKILL');
    }
  }, START_BOUND_MS);
});
