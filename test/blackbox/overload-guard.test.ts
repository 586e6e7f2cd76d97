/**
 * The overload guard refuses nothing for work the process did not do while serving. It used to
 * answer `503 service: overloaded` for up to a second
 *  - to the first requests after a start on a loaded machine (the start's own work after the app
 *    was built left its first sample of the event loop without a measurement, read as infinite
 *    delay), and
 *  - after SIGCONT, when the process had been stopped for several seconds (the stopped seconds
 *    read as event-loop delay).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';

/** Long enough that the stopped seconds outweigh a whole sample of the loop's delay. */
const STOP_MS = 6_000;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  server?.proc.kill('SIGCONT');
  await server?.stop();
  server?.cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What was not a 200 among requests sent one after another for 1.5 s (a sample of the guard and more). */
async function refusals(): Promise<string[]> {
  const out: string[] = [];
  for (const until = Date.now() + 1_500; Date.now() < until; await sleep(50)) {
    const r = await call(server.url, 'GET', '/v1/usage', { key: KEYS.acme });
    if (r.status !== 200) out.push(`${r.status} ${r.text}`);
  }
  return out;
}

describe('the overload guard', () => {
  it('answers the first requests right after the start', async () => {
    expect(await refusals()).toEqual([]);
  });

  it('answers the requests right after SIGSTOP and SIGCONT', async () => {
    server.proc.kill('SIGSTOP');
    await sleep(STOP_MS);
    server.proc.kill('SIGCONT');
    // Time for the process to run its timers again (the guard's sample after the stop).
    await sleep(100);
    expect(await refusals()).toEqual([]);
  }, 30_000);
});
