/**
 * examples/signup-flow against the real, built service: the form, the decision, the verification
 * link, and `confirmed` reported with the check_id (a second report is then 404); a refused
 * address; a typo's suggestion; fail-open while the service is stopped (SIGSTOP).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMailsift, MailsiftError } from 'mailsift-client';
import { buildSignupApp, type Account } from '../../examples/signup-flow/app.ts';
import { runCli } from '../helpers/cli.ts';
import { answering, call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let app: FastifyInstance;
const mailsift = () => createMailsift({ baseUrl: server.url, apiKey: KEYS.acme, retries: 0 });

beforeAll(async () => {
  server = await startServer({ MAILSIFT_RATE_LIMIT_RPS: '100000', MAILSIFT_RATE_LIMIT_BURST: '100000' });
  app = buildSignupApp({ mailsift: mailsift(), publicUrl: 'http://signup.example' });
});
afterAll(async () => {
  await app?.close();
  await server?.stop();
  server?.cleanup();
});

const signup = (email: string, name = 'Ana') => app.inject({ method: 'POST', url: '/signup', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ email, name }).toString() });
const accounts = async () => (await app.inject({ method: 'GET', url: '/accounts' })).json<{ accounts: Account[] }>().accounts;

describe('the sign-up loop', () => {
  it('form, check, verification link, confirmed reported', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<form method="post" action="/signup">');
    const r = await signup('ana.silva.flow@gmail.com');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('Check your inbox');
    const outbox = (await app.inject({ method: 'GET', url: '/outbox' })).body;
    const link = /class="verify" href="http:\/\/signup\.example(\/verify\?token=[^"]+)"/.exec(outbox)?.[1];
    expect(link).toBeDefined();
    const [before] = await accounts();
    expect(before).toMatchObject({ status: 'unverified', verdict: 'allow', checkId: expect.stringMatching(/^chk_/) });
    const v = await app.inject({ method: 'GET', url: link! });
    expect(v.statusCode).toBe(200);
    expect(v.body).toContain('Reported to Mailsift: <code>confirmed</code>');
    expect((await accounts())[0]).toMatchObject({ status: 'verified', reported: 'confirmed' });
    const again = await mailsift().feedback({ check_id: before!.checkId!, outcome: 'confirmed' }).catch((e: unknown) => e);
    expect((again as MailsiftError).status).toBe(404); // already has an outcome: the app's report was recorded
    expect((await app.inject({ method: 'GET', url: link! })).statusCode).toBe(404); // a link works once
  });

  it('refuses a block, with no account and no mail; suggests the fix for a typo domain', async () => {
    const n = (await accounts()).length;
    const blocked = await signup('info@mailinator.com');
    expect([blocked.statusCode, blocked.body.includes('We cannot accept this email address')]).toEqual([422, true]);
    const typo = await signup('tom.berg@gmial.com');
    expect(typo.body).toContain('Did you mean <a href="/?email=tom.berg%40gmail.com">tom.berg@gmail.com</a>?');
    expect(await accounts()).toHaveLength(n);
    const invalid = await signup('not-an-address');
    expect([invalid.statusCode, invalid.body.includes('That address cannot receive mail')]).toEqual([400, true]);
  });

  it('fails open when Mailsift does not answer: the account is created and flagged', async () => {
    server.proc.kill('SIGSTOP');
    let r;
    const t0 = Date.now();
    try {
      r = await signup('maria.chen.flow@gmail.com');
    } finally {
      server.proc.kill('SIGCONT');
      await answering(server);
    }
    expect(Date.now() - t0).toBeLessThan(2500);
    expect(r.body).toContain('Mailsift did not answer in time (timeout)');
    expect((await accounts()).find((a) => a.email === 'maria.chen.flow@gmail.com')).toMatchObject({ failedOpen: 'timeout', status: 'unverified' });
  });
});

describe('with a test key (README: nothing billed)', () => {
  it('the fixed test addresses give their verdicts; unavailable@ fails open', async () => {
    const made = await runCli(['keys', 'create', '--account', 'demo', '--test'], { MAILSIFT_DATA_DIR: server.dataDir });
    expect(made.code, made.stderr).toBe(0);
    const key = made.stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^msk_test_/);
    const demo = buildSignupApp({ mailsift: createMailsift({ baseUrl: server.url, apiKey: key, retries: 0 }), publicUrl: 'http://signup.example' });
    const send = (email: string) => demo.inject({ method: 'POST', url: '/signup', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ email, name: 'Demo' }).toString() });
    // a key works within 2 s of its creation
    for (let i = 0; i < 40 && (await send('allow@mailsift.test')).statusCode !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await send('block@mailsift.test')).statusCode).toBe(422);
    expect((await send('review@mailsift.test')).body).toContain('Your account will be reviewed');
    expect((await send('unavailable@mailsift.test')).body).toContain('Mailsift did not answer in time (unavailable)');
    const usage = await call<{ total: number }>(server.url, 'GET', '/v1/usage', { key });
    expect(usage.body.total).toBe(0);
    await demo.close();
  });
});
