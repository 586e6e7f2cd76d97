/**
 * Issue 19 item 3 end to end: the served process reads an inbox's record only when the key
 * filters (built by the stream worker, shared with the API thread) say it may exist. Spellings
 * of an inbox checked before, whose events the state has committed (so they are no longer this
 * instance's pending events), still count, before and after a restart; new inboxes have none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, startServer } from '../helpers/server.ts';

const UNLIMITED = { MAILSIFT_RATE_LIMIT_RPS: '1000', MAILSIFT_RATE_LIMIT_BURST: '1000' };
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('inbox records behind the key filters (Given checks the state has committed)', () => {
  it('When the same inbox comes back, Then its spellings count, before and after a restart; new inboxes have none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-filters-'));
    try {
      const a = await startServer(UNLIMITED, dir);
      try {
        expect((await call(a.url, 'POST', '/v1/check', { body: { email: 'olivia.king@gmail.com' } })).status).toBe(200);
        await settle(1_000); // committed (every 100 ms): no longer a pending own event, read from the state
        expect((await call(a.url, 'POST', '/v1/check', { body: { email: 'olivia.king+news@gmail.com' } })).body.alias_variants).toBe(2);
        for (let i = 0; i < 20; i++) {
          const r = await call(a.url, 'POST', '/v1/check', { body: { email: `new.person${i}@gmail.com` } });
          expect(r.status).toBe(200);
          expect(r.body.alias_variants).toBeUndefined(); // present from 2 on
        }
      } finally {
        expect(await a.stop()).toBe(0);
      }
      const b = await startServer(UNLIMITED, dir);
      try {
        await settle(1_000); // the filters are built from the state's keys in the background
        expect((await call(b.url, 'POST', '/v1/check', { body: { email: 'o.l.i.v.i.a.king@gmail.com' } })).body.alias_variants).toBe(3);
        expect((await call(b.url, 'POST', '/v1/check', { body: { email: 'new.person3+x@gmail.com' } })).body.alias_variants).toBe(2);
        const fresh = await call(b.url, 'POST', '/v1/check', { body: { email: 'never.before@gmail.com' } });
        expect(fresh.status).toBe(200);
        expect(fresh.body.alias_variants).toBeUndefined();
      } finally {
        await b.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
