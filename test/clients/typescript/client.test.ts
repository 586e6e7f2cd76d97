/**
 * mailsift-client (clients/typescript) against the real, built service: typed calls, the bulk
 * helper's order, errors, retries that honour Retry-After, and checkOrAllow failing open when
 * the service is slow (its process stopped with SIGSTOP), down, or rate-limited.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailsift, isBulkError, MailsiftError, type Mailsift } from 'mailsift-client';
import { answering, KEYS, startServer, type RunningServer } from '../../helpers/server.ts';

let server: RunningServer;
let limited: RunningServer;
let ms: Mailsift;

beforeAll(async () => {
  [server, limited] = await Promise.all([
    startServer({ MAILSIFT_RATE_LIMIT_RPS: '100000', MAILSIFT_RATE_LIMIT_BURST: '100000' }),
    startServer({ MAILSIFT_RATE_LIMIT_RPS: '1', MAILSIFT_RATE_LIMIT_BURST: '1' }),
  ]);
  ms = createMailsift({ baseUrl: server.url, apiKey: KEYS.acme });
});
afterAll(async () => {
  for (const s of [server, limited]) {
    await s?.stop();
    s?.cleanup();
  }
});

describe('typed calls', () => {
  it('check, with evidence when asked', async () => {
    const r = await ms.check({ email: 'Ana.Silva+news@gmail.com', explain: true });
    expect(r.canonical).toBe('anasilva@gmail.com');
    expect(['allow', 'review', 'block']).toContain(r.verdict);
    expect(r.check_id).toMatch(/^chk_/);
    expect(r.evidence?.length).toBeGreaterThan(0);
  });

  it('checkBulk splits any list into requests of 1,000 and keeps input order', async () => {
    const emails = Array.from({ length: 2345 }, (_, i) => (i % 500 === 7 ? `broken-${i}@` : `tom.berg${i}@example-${i % 40}.com`));
    const progress: number[] = [];
    const before = (await ms.usage()).total;
    const results = await ms.checkBulk(emails, { concurrency: 3, onProgress: (done) => progress.push(done) });
    expect(results).toHaveLength(emails.length);
    results.forEach((r, i) => {
      if (isBulkError(r)) {
        expect(i % 500).toBe(7);
        expect(r.input).toBe(emails[i]);
      } else expect(r.email).toBe(emails[i]);
    });
    expect(progress.sort((a, b) => a - b).at(-1)).toBe(2345);
    expect(progress).toHaveLength(3); // three requests
    expect((await ms.usage()).total - before).toBe(2345 - 5); // the five invalid addresses are not billed
  });

  it('feedback on a check, then usage and model', async () => {
    const r = await ms.check({ email: 'eva.novak@yahoo.com' });
    expect(await ms.feedback({ check_id: r.check_id, outcome: 'confirmed' })).toEqual({ status: 'accepted', check_id: r.check_id });
    expect((await ms.model()).mode).toMatch(/^(off|on|auto)$/);
    const u = await ms.usage({ from: '2026-01-01', to: '2026-01-02' });
    expect(u.days.map((d) => d.date)).toEqual(['2026-01-01', '2026-01-02']);
  });

  it('errors carry the status and the service message', async () => {
    const bad = await ms.check({ email: 'no-at-sign' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(MailsiftError);
    expect([(bad as MailsiftError).status, (bad as MailsiftError).message]).toEqual([400, expect.stringMatching(/^email: /)]);
    const unknown = await createMailsift({ baseUrl: server.url, apiKey: 'no-such-key-0123456789' }).model().catch((e: unknown) => e);
    expect([(unknown as MailsiftError).status, (unknown as MailsiftError).message]).toEqual([401, 'authorization: unknown API key']);
  });
});

describe('retries', () => {
  it('a 429 is retried after its Retry-After; with no retries left it is thrown with it', async () => {
    const c = createMailsift({ baseUrl: limited.url, apiKey: KEYS.acme });
    await c.usage();
    const t0 = Date.now();
    await c.usage(); // over the limit: 429, Retry-After 1, then answered
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    const impatient = createMailsift({ baseUrl: limited.url, apiKey: KEYS.globex, retries: 0 });
    await impatient.usage();
    const err = (await impatient.usage().catch((e: unknown) => e)) as MailsiftError;
    expect([err.status, err.retryAfterMs, err.retryable]).toEqual([429, 1000, true]);
  });
});

describe('checkOrAllow fails open', () => {
  it('answers the real result when the service answers', async () => {
    const r = await ms.checkOrAllow('maria.chen@gmail.com', { timeoutMs: 5000 });
    expect(r.failed_open).toBe(false);
    if (!r.failed_open) expect(r.check_id).toMatch(/^chk_/);
  });

  it('a slow service: allow with failed_open within the time limit', async () => {
    server.proc.kill('SIGSTOP');
    try {
      const t0 = Date.now();
      const r = await ms.checkOrAllow('jon.kato@gmail.com', { timeoutMs: 300 });
      expect(Date.now() - t0).toBeLessThan(1500);
      expect(r).toMatchObject({ verdict: 'allow', failed_open: true, reason: 'timeout' });
    } finally {
      server.proc.kill('SIGCONT');
      await answering(server);
    }
  });

  it('a service that is down', async () => {
    const port = await closedPort();
    const r = await createMailsift({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEYS.acme }).checkOrAllow('kim.smith@gmail.com', { timeoutMs: 500 });
    expect(r).toMatchObject({ verdict: 'allow', failed_open: true, reason: 'network', error: expect.stringContaining('ECONNREFUSED') });
  });

  it('rate-limited past the time limit; an invalid address is an answer, not an outage', async () => {
    const c = createMailsift({ baseUrl: limited.url, apiKey: KEYS.acme });
    await new Promise((r) => setTimeout(r, 1100)); // a fresh token
    await c.model();
    expect(await c.checkOrAllow('sam.haddad@gmail.com', { timeoutMs: 500 })).toMatchObject({ failed_open: true, reason: 'rate_limited' });
    await expect(ms.checkOrAllow('not an address', { timeoutMs: 5000 })).rejects.toMatchObject({ status: 400 });
  });
});

/** A port nothing listens on (bound, then closed). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
