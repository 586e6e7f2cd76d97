/**
 * The overload guard refuses requests (503, Retry-After: 1) while the event loop is saturated,
 * and only then: the synchronous work a start does after building the app, or the seconds a
 * stopped process did not run, are no overload of the service that answers afterwards.
 * (The guard used to sample from the app's construction: a start on a loaded machine, and a
 * process continued after SIGSTOP, answered `503 service: overloaded` to its first requests.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.ts';
import { standInAppDeps } from '../helpers/app-deps.ts';

const KEY = 'guard-test-key-0123456789';
/** Over the 1,000 ms limit: one such block makes a whole sample's mean delay exceed it. */
const BLOCK_MS = 1_600;

const block = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function build(resumed?: (listener: () => void) => () => void): Promise<FastifyInstance> {
  app = await buildApp(
    standInAppDeps('acme', KEY, {
      rateLimits: () => ({ requests: { rate: 100_000, burst: 100_000 }, addresses: { rate: 100_000, burst: 100_000 } }),
      usage: { usage: async (account) => ({ account, from: '2026-11-01', to: '2026-11-01', total: 0, days: [] }) },
      ...(resumed ? { resumed } : {}),
    }),
  );
  return app;
}

async function listen(a: FastifyInstance): Promise<string> {
  return a.listen({ host: '127.0.0.1', port: 0 });
}

async function usage(base: string): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const r = await fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${KEY}` } });
  return { status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() };
}

/** Every turn of the loop takes longer than the limit, for a few seconds (in the background). */
function saturate(): { done: Promise<void>; running(): boolean } {
  let running = true;
  const done = (async () => {
    for (let i = 0; i < 4; i++) {
      block(1_300);
      await sleep(0);
    }
    running = false;
  })();
  return { done, running: () => running };
}

/** Statuses of requests sent one after another for `ms` (across at least one sample of the guard). */
async function statusesFor(base: string, ms: number): Promise<number[]> {
  const out: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    out.push((await usage(base)).status);
    await sleep(50);
  }
  return out;
}

describe('the overload guard', () => {
  it('does not count the work a start does after building the app: its first requests are answered', async () => {
    const a = await build();
    // What a start does between building the app and listening (the operator endpoint, Fastify
    // compiling the routes' schemas), as long as it takes on a loaded machine.
    block(BLOCK_MS);
    const base = await listen(a);
    const statuses = await statusesFor(base, 1_500);
    expect(statuses.filter((s) => s !== 200), `statuses: ${statuses.join(' ')}`).toEqual([]);
  });

  it('refuses while the loop is saturated after the start (503, Retry-After: 1), then answers again', async () => {
    const base = await listen(await build());
    expect((await usage(base)).status).toBe(200);
    const load = saturate();
    let refused: Awaited<ReturnType<typeof usage>> | undefined;
    while (!refused && load.running()) {
      const r = await usage(base);
      if (r.status === 503) refused = r;
    }
    await load.done;
    expect(refused, 'a request while the loop is saturated is refused').toBeDefined();
    expect(refused!.retryAfter).toBe('1');
    expect(refused!.body).toEqual({ error: 'service: overloaded, retry later' });
    let answered = false;
    for (const until = performance.now() + 5_000; !answered && performance.now() < until; await sleep(100)) answered = (await usage(base)).status === 200;
    expect(answered, 'answered again once a sample shows the loop free').toBe(true);
  });

  it('measures anew when the process is continued after a stop: the stopped seconds are no overload', async () => {
    const listeners = new Set<() => void>();
    const base = await listen(
      await build((l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      }),
    );
    expect(listeners.size).toBe(1);
    expect((await usage(base)).status).toBe(200);
    // What was measured before the process was continued (a saturated loop, so that it shows)
    // is forgotten: the stopped seconds would read as delay. test/blackbox/overload-guard.test.ts
    // stops a real server.
    await saturate().done;
    for (const l of listeners) l();
    const statuses = await statusesFor(base, 1_500);
    expect(statuses.filter((s) => s !== 200), `statuses: ${statuses.join(' ')}`).toEqual([]);
    await app!.close();
    app = undefined;
    expect(listeners.size, 'unsubscribed on close').toBe(0);
  });
});
