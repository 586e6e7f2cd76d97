/**
 * The sign-up recipes of examples/ (Auth0, Firebase, Cognito, Clerk) against the real, built
 * service: each one's decisions, its stored check_id, its report after email verification (a
 * second report of the same check is then 404: the first one was recorded), and fail-open within
 * the platform's time limit while the service is stopped (SIGSTOP). The platforms themselves are
 * recording stand-ins: only Mailsift is real here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createMailsift, MailsiftError, type Mailsift } from 'mailsift-client';
import * as auth0 from '../../examples/auth0/actions.ts';
import * as firebase from '../../examples/firebase/logic.ts';
import * as cognito from '../../examples/cognito/handlers.ts';
import * as clerk from '../../examples/clerk/logic.ts';
import { answering, KEYS, startServer, type RunningServer } from '../helpers/server.ts';

let server: RunningServer;
let ms: Mailsift;
beforeAll(async () => {
  server = await startServer({ MAILSIFT_RATE_LIMIT_RPS: '100000', MAILSIFT_RATE_LIMIT_BURST: '100000' });
  ms = createMailsift({ baseUrl: server.url, apiKey: KEYS.acme, retries: 0 });
});
afterAll(async () => {
  await server?.stop();
  server?.cleanup();
});

// Made-up addresses the baseline judges far from its thresholds: a natural name per use.
const NAMES: Record<string, string> = {
  auth0: 'ana.silva', 'auth0-slow': 'maria.chen', firebase: 'tom.berg', 'firebase-slow': 'eva.novak', cognito: 'jon.kato', 'cognito-slow': 'sam.haddad',
  clerk: 'kim.jones', 'clerk-verified': 'noor.smith', 'clerk-x': 'ivan.silva', 'clerk-y': 'lisa.berg', 'clerk-z': 'paul.chen', 'clerk-slow': 'anna.kato',
};
const REAL = (use: string) => `${NAMES[use]}@gmail.com`;
const FAKE = 'info@mailinator.com';

/** The outcome of a check was recorded: a second report of it is refused. */
async function alreadyReported(checkId: string): Promise<boolean> {
  const again = await ms.feedback({ check_id: checkId, outcome: 'confirmed' }).catch((e: unknown) => e);
  return again instanceof MailsiftError && again.status === 404;
}

/** Runs `body` while the service's process is stopped: it accepts connections and answers nothing. */
async function whileStopped<T>(body: () => Promise<T>): Promise<T> {
  server.proc.kill('SIGSTOP');
  try {
    return await body();
  } finally {
    server.proc.kill('SIGCONT');
    await answering(server);
  }
}

async function timed<T>(body: () => Promise<T>): Promise<[T, number]> {
  const t0 = Date.now();
  const r = await body();
  return [r, Date.now() - t0];
}

describe('Auth0 Actions', () => {
  const recorder = () => {
    const r = { denied: undefined as [string, string] | undefined, meta: {} as Record<string, unknown> };
    return { r, api: { access: { deny: (reason: string, msg: string) => (r.denied = [reason, msg]) }, user: { setAppMetadata: (k: string, v: unknown) => (r.meta[k] = v) } } };
  };
  const secrets = { MAILSIFT_API_KEY: KEYS.acme };

  it('allows a real person, keeps the check_id, reports confirmed once the email is verified', async () => {
    const { r, api } = recorder();
    await auth0.onExecutePreUserRegistration({ user: { email: REAL('auth0') }, request: { ip: '203.0.113.9' }, secrets }, api, ms);
    expect(r.denied).toBeUndefined();
    expect(r.meta).toMatchObject({ mailsift_check_id: expect.stringMatching(/^chk_/), mailsift_verdict: 'allow' });
    const login = recorder();
    await auth0.onExecutePostLogin({ user: { email_verified: false, app_metadata: r.meta }, secrets }, login.api, ms);
    expect(login.r.meta).toEqual({});
    await auth0.onExecutePostLogin({ user: { email_verified: true, app_metadata: r.meta }, secrets }, login.api, ms);
    expect(login.r.meta).toEqual({ mailsift_reported: true });
    expect(await alreadyReported(r.meta.mailsift_check_id as string)).toBe(true);
  });

  it('denies a block and an invalid address', async () => {
    const blocked = recorder();
    await auth0.onExecutePreUserRegistration({ user: { email: FAKE }, request: {}, secrets }, blocked.api, ms);
    expect(blocked.r.denied).toEqual([expect.stringMatching(/^mailsift_block: .*disposable_domain/), 'We cannot accept this email address.']);
    const invalid = recorder();
    await auth0.onExecutePreUserRegistration({ user: { email: 'no-at-sign' }, request: {}, secrets }, invalid.api, ms);
    expect(invalid.r.denied?.[0]).toBe('mailsift_invalid_address');
  });

  it('fails open within its time limit when Mailsift does not answer', async () => {
    const { r, api } = recorder();
    const [, ms_] = await whileStopped(() => timed(() => auth0.onExecutePreUserRegistration({ user: { email: REAL('auth0-slow') }, request: {}, secrets }, api, ms)));
    expect(ms_).toBeLessThan(auth0.TIMEOUT_MS + 1000);
    expect([r.denied, r.meta]).toEqual([undefined, { mailsift_failed_open: 'timeout' }]);
  });
});

describe('Firebase blocking functions', () => {
  it('beforeCreate keeps the check_id in claims; beforeSignIn reports once verified', async () => {
    const d = await firebase.beforeCreate(ms, { email: REAL('firebase'), customClaims: { plan: 'free' } }, '203.0.113.9');
    expect(d).toEqual({ customClaims: { plan: 'free', mailsift_check_id: expect.stringMatching(/^chk_/), mailsift_verdict: 'allow' } });
    const claims = (d as { customClaims: Record<string, unknown> }).customClaims;
    expect(await firebase.beforeSignIn(ms, { emailVerified: false, customClaims: claims })).toBeUndefined();
    expect(await firebase.beforeSignIn(ms, { emailVerified: true, customClaims: claims })).toEqual({ customClaims: { ...claims, mailsift_reported: true } });
    expect(await firebase.beforeSignIn(ms, { emailVerified: true, customClaims: { ...claims, mailsift_reported: true } })).toBeUndefined();
    expect(await alreadyReported(claims.mailsift_check_id as string)).toBe(true);
  });

  it('refuses a block; fails open when Mailsift does not answer', async () => {
    expect(await firebase.beforeCreate(ms, { email: FAKE }, undefined)).toEqual({ deny: 'We cannot accept this email address.' });
    const [d, took] = await whileStopped(() => timed(() => firebase.beforeCreate(ms, { email: REAL('firebase-slow') }, undefined)));
    expect(took).toBeLessThan(firebase.TIMEOUT_MS + 1000);
    expect(d).toEqual({ customClaims: { mailsift_failed_open: 'timeout' } });
  });
});

describe('Cognito triggers', () => {
  const memoryStore = (): cognito.CheckIdStore & { m: Map<string, string> } => {
    const m = new Map<string, string>();
    return { m, put: async (u, id) => void m.set(u, id), take: async (u) => { const v = m.get(u); m.delete(u); return v; } };
  };
  const event = (userName: string, email: string) => ({ triggerSource: 'PreSignUp_SignUp', userName, request: { userAttributes: { email } }, response: {} });

  it('pre sign-up stores the check_id; post confirmation reports it', async () => {
    const store = memoryStore();
    await cognito.preSignUp(ms, store)(event('u1', REAL('cognito')));
    const checkId = store.m.get('u1');
    expect(checkId).toMatch(/^chk_/);
    await cognito.postConfirmation(ms, store)({ triggerSource: 'PostConfirmation_ConfirmSignUp', userName: 'u1', request: { userAttributes: {} }, response: {} });
    expect(store.m.size).toBe(0);
    expect(await alreadyReported(checkId!)).toBe(true);
  });

  it('refuses a block by throwing; fails open when Mailsift does not answer', async () => {
    const store = memoryStore();
    await expect(cognito.preSignUp(ms, store)(event('u2', FAKE))).rejects.toThrow('We cannot accept this email address.');
    const [, took] = await whileStopped(() => timed(() => cognito.preSignUp(ms, store)(event('u3', REAL('cognito-slow')))));
    expect(took).toBeLessThan(cognito.TIMEOUT_MS + 1000);
    expect(store.m.size).toBe(0);
  });
});

describe('Clerk webhooks', () => {
  const secret = `whsec_${Buffer.from('clerk-test-signing-secret-0123456789').toString('base64')}`;
  const signed = (payload: unknown, o: { at?: Date; key?: string } = {}) => {
    const body = JSON.stringify(payload);
    const id = `msg_${Math.random().toString(36).slice(2)}`;
    const at = o.at ?? new Date();
    return { body, headers: { 'svix-id': id, 'svix-timestamp': String(Math.floor(at.getTime() / 1000)), 'svix-signature': new Webhook(o.key ?? secret).sign(id, at, body) } };
  };
  const backend = () => {
    const calls: string[] = [];
    const meta = new Map<string, Record<string, unknown>>();
    const b: clerk.ClerkBackend & { calls: string[]; meta: Map<string, Record<string, unknown>> } = {
      calls,
      meta,
      updatePrivateMetadata: async (id, m) => void meta.set(id, { ...meta.get(id), ...m }),
      banUser: async (id) => void calls.push(`ban ${id}`),
    };
    return b;
  };
  const user = (id: string, email: string, status: string, privateMetadata: Record<string, unknown> = {}) => ({ id, primary_email_address_id: 'e1', email_addresses: [{ id: 'e1', email_address: email, verification: { status } }], private_metadata: privateMetadata });

  it('user.created checks and stores the check_id; user.updated reports once verified', async () => {
    const b = backend();
    const created = signed({ type: 'user.created', data: user('user_1', REAL('clerk'), 'unverified') });
    expect(await clerk.handleClerkWebhook(created.body, created.headers, { secret, mailsift: ms, clerk: b })).toEqual({ status: 200, body: { ok: true, action: 'checked' } });
    const stored = b.meta.get('user_1')!;
    expect(stored).toEqual({ mailsift_check_id: expect.stringMatching(/^chk_/), mailsift_verdict: 'allow' });
    const updated = signed({ type: 'user.updated', data: user('user_1', REAL('clerk'), 'verified', stored) });
    expect(await clerk.handleClerkWebhook(updated.body, updated.headers, { secret, mailsift: ms, clerk: b })).toEqual({ status: 200, body: { ok: true, action: 'confirmed' } });
    expect(b.meta.get('user_1')!.mailsift_reported).toBe(true);
    expect(await alreadyReported(stored.mailsift_check_id as string)).toBe(true);
  });

  it('a user created already verified is reported at once; a block is banned', async () => {
    const b = backend();
    const v = signed({ type: 'user.created', data: user('user_2', REAL('clerk-verified'), 'verified') });
    expect((await clerk.handleClerkWebhook(v.body, v.headers, { secret, mailsift: ms, clerk: b })).body).toEqual({ ok: true, action: 'checked, confirmed' });
    const f = signed({ type: 'user.created', data: user('user_3', FAKE, 'verified') });
    expect((await clerk.handleClerkWebhook(f.body, f.headers, { secret, mailsift: ms, clerk: b })).body).toEqual({ ok: true, action: 'banned: block' });
    expect(b.calls).toEqual(['ban user_3']);
  });

  it('refuses a wrong signature and a stale timestamp (401), checking nothing', async () => {
    const b = backend();
    const before = (await ms.usage()).total;
    const wrong = signed({ type: 'user.created', data: user('user_4', REAL('clerk-x'), 'unverified') }, { key: `whsec_${Buffer.from('another-secret-0123456789').toString('base64')}` });
    expect(await clerk.handleClerkWebhook(wrong.body, wrong.headers, { secret, mailsift: ms, clerk: b })).toEqual({ status: 401, body: { error: 'signature: No matching signature found' } });
    const stale = signed({ type: 'user.created', data: user('user_5', REAL('clerk-y'), 'unverified') }, { at: new Date(Date.now() - 10 * 60_000) });
    expect(await clerk.handleClerkWebhook(stale.body, stale.headers, { secret, mailsift: ms, clerk: b })).toEqual({ status: 401, body: { error: 'signature: Message timestamp too old' } });
    const tampered = signed({ type: 'user.created', data: user('user_6', REAL('clerk-z'), 'unverified') });
    expect((await clerk.handleClerkWebhook(tampered.body.replace('paul.chen', 'paul.chem'), tampered.headers, { secret, mailsift: ms, clerk: b })).status).toBe(401);
    expect(b.meta.size + b.calls.length).toBe(0);
    expect((await ms.usage()).total).toBe(before);
  });

  it('fails open within its time limit when Mailsift does not answer', async () => {
    const b = backend();
    const e = signed({ type: 'user.created', data: user('user_7', REAL('clerk-slow'), 'unverified') });
    const [a, took] = await whileStopped(() => timed(() => clerk.handleClerkWebhook(e.body, e.headers, { secret, mailsift: ms, clerk: b })));
    expect(took).toBeLessThan(clerk.TIMEOUT_MS + 1000);
    expect(a.body).toEqual({ ok: true, action: 'failed open' });
    expect(b.meta.get('user_7')).toEqual({ mailsift_failed_open: 'timeout' });
  });
});
