/**
 * POST /v1/hooks/supabase/{account} black-box, the way Supabase Auth calls it: Standard Webhooks
 * signatures made with the standardwebhooks library (as Supabase's own examples verify them),
 * correctly and wrongly signed, replayed, stale; the answers Supabase reads; fail-open when the
 * check is slow (a DNS server that never answers); the secret never in clear, in GET
 * /v1/settings or on disk.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.ts';
import { answering, call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';

const KEY_BYTES = Buffer.from('supabase-hook-secret-for-tests-0123456789');
const SECRET = `v1,whsec_${KEY_BYTES.toString('base64')}`;
const OTHER = `whsec_${Buffer.from('a-different-hook-secret-0123456789ab').toString('base64')}`;

let s: RunningServer;
let dns: TestDnsServer;
let dataDir: string;
beforeAll(async () => {
  // Every domain answers at once but one, whose MX question is never answered: a slow check.
  dns = await startDnsServer({ 'gmail.com': { mx: [[5, 'mx.gmail.com']] }, 'mx.gmail.com': { a: ['192.0.2.10'] }, 'mailinator.com': { mx: [[10, 'mx.mailinator.com']] }, 'mx.mailinator.com': { a: ['192.0.2.11'] }, 'slow-corp.io': { drop: true } });
  s = await startServer({ MAILSIFT_DNS: 'on', MAILSIFT_DNS_SERVERS: dns.server, MAILSIFT_DNS_CANARY: 'off', MAILSIFT_DNS_TIMEOUT_MS: '4000', MAILSIFT_DNS_BUDGET_MS: '4500', MAILSIFT_DOMAIN_AGE: 'off' });
  dataDir = s.dataDir;
  await answering(s);
  expect((await call(s.url, 'PATCH', '/v1/settings', { body: { signup_hook_secret: SECRET } })).status).toBe(200);
});
afterAll(async () => {
  await s?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await dns?.close();
});

const payload = (email: string) => JSON.stringify({ metadata: { uuid: '8b34dcdd-9df1-4c10-850a-b3277c653040', time: new Date().toISOString(), name: 'before-user-created', ip_address: '203.0.113.7' }, user: { id: 'ff7fc9ae-3b1b-4642-9241-64adb9848a03', aud: 'authenticated', role: '', email, phone: '', app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, identities: [], is_anonymous: false } });

let n = 0;
function signed(body: string, o: { secret?: string; at?: Date; id?: string } = {}) {
  const id = o.id ?? `msg_${++n}_${Date.now()}`;
  const at = o.at ?? new Date();
  // Supabase hands its secret to the library without "v1,"
  const signature = new Webhook((o.secret ?? SECRET).replace(/^v1,/, '')).sign(id, at, body);
  return { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}

const hook = (body: string, headers: Record<string, string>, account = 'acme') => call(s.url, 'POST', `/v1/hooks/supabase/${account}`, { key: null, raw: body, headers });
const billed = async () => (await call<{ total: number }>(s.url, 'GET', '/v1/usage')).body.total;

describe('the Supabase Before User Created hook', () => {
  it('GET /v1/settings says a secret is set, never what it is', async () => {
    const r = await call(s.url, 'GET', '/v1/settings');
    expect(r.body).toMatchObject({ signup_hook_secret_set: true, signup_hook_reject_review: false });
    expect(r.text).not.toContain(KEY_BYTES.toString('base64').slice(0, 20));
    expect((await call(s.url, 'GET', '/v1/settings', { key: KEYS.globex })).body).toMatchObject({ signup_hook_secret_set: false });
  });

  it('a correctly signed request: {} for a real person, Supabase\'s error object for a block; each billed once', async () => {
    const before = await billed();
    const send = (email: string) => {
      const body = payload(email);
      return hook(body, signed(body));
    };
    const ok = await send('ana.silva@gmail.com');
    expect([ok.status, ok.headers.get('content-type'), ok.body]).toEqual([200, 'application/json; charset=utf-8', {}]);
    const fake = await send('info@mailinator.com');
    expect([fake.status, fake.body]).toEqual([200, { error: { http_code: 403, message: 'This email address cannot be used to sign up.' } }]);
    const typo = await send('ana.silva@gmial.com');
    expect(typo.body.error.message).toContain('Did you mean ana.silva@gmail.com?');
    expect((await billed()) - before).toBe(3);
  });

  it('review passes unless the account asks to refuse it', async () => {
    // Every score below 100 is a review with these thresholds.
    expect((await call(s.url, 'PATCH', '/v1/settings', { body: { verdict_allow: 100, verdict_review: 0 } })).status).toBe(200);
    try {
      const body = payload('tom.berg@gmail.com');
      expect((await hook(body, signed(body))).body).toEqual({});
      expect((await call(s.url, 'PATCH', '/v1/settings', { body: { signup_hook_reject_review: true } })).body).toMatchObject({ signup_hook_reject_review: true });
      expect((await hook(body, signed(body))).body).toEqual({ error: { http_code: 403, message: 'This email address cannot be used to sign up.' } });
    } finally {
      await call(s.url, 'PATCH', '/v1/settings', { body: { verdict_allow: null, verdict_review: null, signup_hook_reject_review: null } });
    }
  });

  it('refuses (401) a wrong secret, a tampered body, a stale timestamp, a replay and another account, checking nothing', async () => {
    const before = await billed();
    const body = payload('eva.novak@gmail.com');
    const wrong = await hook(body, signed(body, { secret: OTHER }));
    expect([wrong.status, wrong.body]).toEqual([401, { error: 'webhook-signature: no matching signature found (is signup_hook_secret set for this account, as Supabase shows it?)' }]);
    const tampered = await hook(body.replace('eva.novak', 'eva.novaq'), signed(body));
    expect(tampered.status).toBe(401);
    const stale = await hook(body, signed(body, { at: new Date(Date.now() - 10 * 60_000) }));
    expect([stale.status, stale.body.error]).toEqual([401, expect.stringMatching(/^webhook-timestamp: message timestamp too old/)]);
    const future = await hook(body, signed(body, { at: new Date(Date.now() + 10 * 60_000) }));
    expect(future.status).toBe(401);
    const missing = await hook(body, { 'content-type': 'application/json' });
    expect([missing.status, missing.body.error]).toEqual([401, expect.stringMatching(/^webhook-signature: /)]);
    // globex has no secret; acme's signature is not globex's credential
    expect((await hook(body, signed(body), 'globex')).status).toBe(401);
    expect((await hook(body, signed(body), 'no-such-account')).status).toBe(401);
    expect((await billed()) - before).toBe(0);

    const headers = signed(body);
    expect((await hook(body, headers)).status).toBe(200);
    const replayed = await hook(body, headers);
    expect([replayed.status, replayed.body]).toEqual([401, { error: 'webhook-id: already used (a replayed request)' }]);
    expect((await billed()) - before).toBe(1);
  });

  it('a user without an email (phone sign-up) is allowed without a check; a bad account name is 400', async () => {
    const before = await billed();
    const body = JSON.stringify({ metadata: { name: 'before-user-created' }, user: { email: '', phone: '15555550100' } });
    expect((await hook(body, signed(body))).body).toEqual({});
    expect((await hook(body, signed(body), 'bad%20name')).status).toBe(400);
    expect((await billed()) - before).toBe(0);
  });

  it('a signed body that is not a sign-up is 400 naming the field (not an allowed sign-up), and checks nothing', async () => {
    const before = await billed();
    for (const [body, error] of [
      ['[]', 'body: must be a JSON object ({metadata, user}, as Supabase sends it)'],
      ['"ana.silva@gmail.com"', 'body: must be a JSON object ({metadata, user}, as Supabase sends it)'],
      ['{"metadata":{}}', 'user: must be an object (the user about to be created)'],
      ['{"user":{"email":["ana.silva@gmail.com"]}}', 'user.email: must be a string'],
      ['{"metadata":{"ip_address":7},"user":{"email":"ana.silva@gmail.com"}}', 'metadata.ip_address: must be a string'],
      ['{"user":', 'body: must be valid JSON'],
    ]) {
      const r = await hook(body!, signed(body!));
      expect([r.status, r.body], body).toEqual([400, { error }]);
    }
    expect((await billed()) - before).toBe(0);
  });

  it('fails open: a check slower than 2 s answers {} in time for Supabase (5 s)', async () => {
    const body = payload('jon.kato@slow-corp.io');
    const t0 = Date.now();
    const r = await hook(body, signed(body));
    const took = Date.now() - t0;
    expect([r.status, r.body]).toEqual([200, {}]);
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(4000);
    const metrics = (await call(s.url, 'GET', '/metrics', { key: null })).text;
    expect(metrics).toMatch(/mailsift_signup_hook_total\{provider="supabase",outcome="failed_open"\} 1/);
    expect(metrics).toMatch(/mailsift_signup_hook_total\{provider="supabase",outcome="unauthorized"\} [1-9]/);
  });

  it('keeps the secret sealed on disk (after a restart it still verifies)', async () => {
    await s.stop();
    const needles = [KEY_BYTES.toString('base64'), KEY_BYTES.toString('latin1'), SECRET];
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    for (const f of files(s.dataDir)) for (const x of needles) expect(readFileSync(f).includes(Buffer.from(x, 'latin1')), f).toBe(false);
    for (const sub of ['log', 'state'].map((d) => join(s.dataDir, d)).filter(existsSync)) {
      const db = new ClassicLevel<Buffer, Buffer>(sub, { keyEncoding: 'buffer', valueEncoding: 'buffer' });
      await db.open();
      for await (const [k, v] of db.iterator()) for (const x of needles) expect(Buffer.concat([k, v]).includes(Buffer.from(x, 'latin1')), sub).toBe(false);
      await db.close();
    }
    s = await startServer({ MAILSIFT_DNS: 'off' }, s.dataDir);
    await answering(s);
    const body = payload('ana.silva@gmail.com');
    expect((await hook(body, signed(body))).status).toBe(200);
  });
});
