/**
 * Refused before its body is read (no key: 401; rate limited: 429), a request with much of its
 * body still to come closes its connection (src/api/unread-body.ts), and a client still
 * sending that body gets the answer, not a reset: against the real server in its own process,
 * where a socket destroyed as soon as the answer was written failed fetch with EPIPE on 33-72%
 * of 8 MB uploads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startServer, type RunningServer } from '../helpers/server.ts';

let s: RunningServer;
beforeAll(async () => {
  // One request at a time, one a second: the second of two in a row is refused.
  s = await startServer({ MAILSIFT_RATE_LIMIT_RPS: '1', MAILSIFT_RATE_LIMIT_BURST: '1' });
}, 60_000);
afterAll(async () => {
  await s?.stop();
  s?.cleanup();
});

const body = `{"outcome":"real","email":"ana.silva@example.com","padding":"${'x'.repeat(16_000_000)}"}`;
const send = (headers: Record<string, string>) => fetch(`${s.url}/v1/feedback`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('a client still sending a large body when it is refused', () => {
  it('gets every 401 whole, with connection: close', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await send({});
      expect([r.status, r.headers.get('connection'), await r.json()]).toEqual([401, 'close', { error: 'authorization: a Bearer API key is required' }]);
    }
  });

  it('gets every 429 whole, with its Retry-After', async () => {
    for (let i = 0; i < 6; i++) {
      await (await fetch(`${s.url}/v1/usage`, { headers: { authorization: `Bearer ${KEYS.acme}` } })).text();
      const r = await send({ authorization: `Bearer ${KEYS.acme}` });
      expect([r.status, r.headers.get('connection'), Number(r.headers.get('retry-after')) >= 1]).toEqual([429, 'close', true]);
      expect(((await r.json()) as { error: string }).error).toMatch(/^rate limit: at most 1 request per second per account/);
    }
  });
});
