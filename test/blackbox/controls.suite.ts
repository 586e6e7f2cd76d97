/**
 * Customer controls (CONTRACT.md) against the real built service: keys created and revoked with
 * `mailsift keys` while it runs, scopes, rules of every type and their precedence on single and
 * bulk checks, settings, test keys, isolation between accounts, and a restart. Run in embedded
 * mode (one instance: `a` and `b` are the same) and in Kafka mode (two API instances: a change
 * made through one must reach the other within 2 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliResult } from '../helpers/cli.ts';
import type { Zone } from '../helpers/dns-server.ts';
import { call, type Reply } from '../helpers/server.ts';

/** Accounts of this suite, each with a key of configuration (every scope). */
export const CONTROL_KEYS = {
  keys: 'ctl-keys-key-0123456789',
  rules: 'ctl-rules-key-0123456789',
  other: 'ctl-other-key-0123456789',
  settings: 'ctl-settings-key-0123456789',
  tester: 'ctl-tester-key-0123456789',
  limits: 'ctl-limits-key-0123456789',
};
export const CONTROL_KEYS_ENV = Object.entries(CONTROL_KEYS)
  .map(([account, key]) => `${key}=${account}`)
  .join(',');

/** The DNS the service asks: two domains whose mail Google hosts (mail_provider google), everything else NXDOMAIN. */
export const CONTROL_ZONE: Zone = {
  'hosted-corp.org': { mx: [[10, 'aspmx.l.google.com']] },
  'hosted-shop.xyz': { mx: [[10, 'aspmx.l.google.com']] },
  'aspmx.l.google.com': { a: ['192.0.2.10'] },
};

export interface ControlsTarget {
  /** Two API instances; in embedded mode the same one twice. */
  readonly a: string;
  readonly b: string;
  /** `mailsift <args>` in the service's environment. */
  cli(args: readonly string[]): Promise<CliResult>;
  /** Stops and starts the service (instance A) on its data; returns the new URLs. */
  restart(): Promise<{ a: string; b: string }>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `ok` (or the deadline); returns the last reply and how long it took. */
async function within<T>(ms: number, probe: () => Promise<T>, ok: (v: T) => boolean): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() - t0 > ms) return { value, ms: Date.now() - t0 };
    await sleep(50);
  }
}

/** How long a change may take to reach an instance (CONTRACT.md: 2 s). */
const PROPAGATION_MS = 2_000;

export function controlsSuite(launch: () => Promise<ControlsTarget>): void {
  let t: ControlsTarget;
  let a: string;
  let b: string;
  beforeAll(async () => {
    t = await launch();
    ({ a, b } = t);
  }, 180_000);
  afterAll(async () => {
    await t?.stop();
  });

  const check = (url: string, key: string, email: string): Promise<Reply> => call(url, 'POST', '/v1/check', { key, body: { email } });
  const bulk = (url: string, key: string, emails: string[]): Promise<Reply> => call(url, 'POST', '/v1/check/bulk', { key, body: { emails } });
  const lastLine = (s: string): string => s.trimEnd().split('\n').at(-1)!;

  describe('keys as data: mailsift keys on the running service', () => {
    let live: { id: string; key: string };

    it('create prints the key alone on the last line; it works within 2 s on every instance, with the default scopes', async () => {
      const r = await t.cli(['keys', 'create', '--account', 'keys', '--name', 'ci server']);
      expect(r.code, r.stderr).toBe(0);
      // Nothing but the answer: in Kafka mode kafkajs's producer once warned on every run.
      expect(r.stderr).toBe('');
      const key = lastLine(r.stdout);
      expect(key).toMatch(/^msk_live_[A-Za-z0-9_-]{20,}$/);
      const id = /\b(key_[A-Za-z0-9_-]{16})(?![A-Za-z0-9_-])/.exec(r.stdout)![1]!;
      live = { id, key };
      for (const url of [a, b]) {
        const w = await within(PROPAGATION_MS, () => check(url, key, 'nora.kim@example.com'), (x) => x.status === 200);
        expect(w.value.status, url).toBe(200);
        expect(w.ms).toBeLessThanOrEqual(PROPAGATION_MS);
      }
      expect((await call(b, 'GET', '/v1/model', { key })).status).toBe(200); // read
      const admin = await call(b, 'GET', '/v1/rules', { key });
      expect(admin.status).toBe(403);
      expect(admin.body).toEqual({ error: expect.stringContaining('"admin"') });
    }, 60_000);

    it('list shows id, account, name, scopes and creation time, one line per key, never the key; --json for machines', async () => {
      const r = await t.cli(['keys', 'list']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      const line = r.stdout.split('\n').find((l) => l.includes(live.id))!;
      expect(line).toMatch(/key_[A-Za-z0-9_-]{16}\s+keys\s+ci server\s+check,feedback,read\s+\d{4}-\d{2}-\d{2}T[\d:.]+Z/);
      expect(r.stdout).not.toContain(live.key);
      expect(r.stdout).not.toContain(live.key.slice(9, 30));
      const j = await t.cli(['keys', 'list', '--json']);
      const listed = (JSON.parse(j.stdout) as { keys: Record<string, unknown>[] }).keys.find((k) => k.id === live.id);
      expect(listed).toEqual({ id: live.id, account: 'keys', name: 'ci server', scopes: ['check', 'feedback', 'read'], test: false, created_at: expect.stringMatching(/Z$/) });
      expect(j.stdout).not.toContain(live.key);
    }, 60_000);

    it('every scope is needed where it applies: 403 naming the missing scope', async () => {
      const made = await t.cli(['keys', 'create', '--account', 'keys', '--scopes', 'feedback', '--json']);
      expect(made.code, made.stderr).toBe(0);
      const feedbackOnly = JSON.parse(made.stdout) as { key: string; scopes: string[] };
      expect(feedbackOnly.scopes).toEqual(['feedback']);
      const admin = JSON.parse((await t.cli(['keys', 'create', '--account', 'keys', '--scopes', 'admin', '--json'])).stdout) as { key: string };
      const checked = await check(a, live.key, 'omar.haddad@example.com');
      await within(PROPAGATION_MS, () => call(b, 'GET', '/v1/settings', { key: admin.key }), (x) => x.status === 200);
      const cases: [string, string, string, unknown, string][] = [
        [feedbackOnly.key, 'POST', '/v1/check', { email: 'a.b@example.com' }, 'check'],
        [feedbackOnly.key, 'GET', '/v1/check?email=a.b%40example.com', undefined, 'check'],
        [feedbackOnly.key, 'POST', '/v1/check/bulk', { emails: ['a.b@example.com'] }, 'check'],
        [feedbackOnly.key, 'GET', '/v1/model', undefined, 'read'],
        [feedbackOnly.key, 'GET', '/v1/usage', undefined, 'read'],
        [feedbackOnly.key, 'GET', '/v1/stats', undefined, 'read'],
        [feedbackOnly.key, 'GET', '/v1/rules', undefined, 'admin'],
        [feedbackOnly.key, 'POST', '/v1/rules', { action: 'block', type: 'tld', value: 'xyz' }, 'admin'],
        [feedbackOnly.key, 'DELETE', '/v1/rules/rule_AAAAAAAAAAAAAAAA', undefined, 'admin'],
        [feedbackOnly.key, 'GET', '/v1/settings', undefined, 'admin'],
        [feedbackOnly.key, 'PATCH', '/v1/settings', { verdict_allow: 70 }, 'admin'],
        [admin.key, 'POST', '/v1/feedback', { check_id: checked.body.check_id, outcome: 'real' }, 'feedback'],
        [admin.key, 'POST', '/v1/check', { email: 'a.b@example.com' }, 'check'],
      ];
      for (const [key, method, path, body, scope] of cases) {
        const r = await call(b, method, path, { key, ...(body === undefined ? {} : { body }) });
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(r.body, `${method} ${path}`).toEqual({ error: `scope: this API key does not have the "${scope}" scope this operation needs` });
      }
      // ...and what the scope allows works.
      expect((await call(b, 'POST', '/v1/feedback', { key: feedbackOnly.key, body: { check_id: checked.body.check_id, outcome: 'real' } })).status).toBe(202);
      expect((await call(b, 'GET', '/v1/settings', { key: admin.key })).status).toBe(200);
      // Keys of MAILSIFT_API_KEYS have every scope.
      for (const [method, path] of [['GET', '/v1/model'], ['GET', '/v1/usage'], ['GET', '/v1/rules'], ['GET', '/v1/settings']]) {
        expect((await call(a, method!, path!, { key: CONTROL_KEYS.keys })).status, path).toBe(200);
      }
    }, 90_000);

    it('revoke: the key gets 401 within 2 s on every instance; revoking an unknown id fails', async () => {
      const r = await t.cli(['keys', 'revoke', live.id]);
      expect(r.code, r.stderr).toBe(0);
      for (const url of [a, b]) {
        const w = await within(PROPAGATION_MS, () => check(url, live.key, 'nora.kim@example.com'), (x) => x.status === 401);
        expect(w.value.status, url).toBe(401);
        expect(w.value.body).toEqual({ error: 'authorization: unknown API key' });
      }
      expect((await t.cli(['keys', 'list'])).stdout).not.toContain(live.id);
      const again = await t.cli(['keys', 'revoke', live.id]);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`no key ${live.id}`);
    }, 60_000);

    it('refuses bad arguments with the option and the rule, before touching anything', async () => {
      for (const [args, text] of [
        [['keys', 'create'], '--account: is required'],
        [['keys', 'create', '--account', 'a/b'], 'account: must match'],
        [['keys', 'create', '--account', 'x', '--scopes', 'check,root'], '"root" is not a scope'],
        [['keys', 'frobnicate'], 'unknown subcommand'],
        [['keys', 'revoke'], 'exactly one key id'],
      ] as const) {
        const r = await t.cli(args);
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr, args.join(' ')).toContain(text);
        expect(r.stdout).toBe('');
      }
    }, 60_000);
  });

  describe('rules', () => {
    const R = CONTROL_KEYS.rules;
    const post = (body: unknown, key = R, url = a) => call(url, 'POST', '/v1/rules', { key, body });
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      for (const [name, rule] of Object.entries({
        domain: { action: 'block', type: 'domain', value: 'Blocked-Corp.com', note: 'chargebacks' },
        sub: { action: 'allow', type: 'domain', value: 'eu.blocked-corp.com' },
        email: { action: 'allow', type: 'email', value: 'Vip.Person@Blocked-Corp.com', note: 'our CEO' },
        gmail: { action: 'block', type: 'email', value: 'Wanda.Fake+1@googlemail.com' },
        provider: { action: 'review', type: 'mail_provider', value: 'google' },
        tld: { action: 'block', type: 'tld', value: '.XYZ' },
      })) {
        const r = await post(rule);
        expect(r.status, name).toBe(201);
        ids[name] = r.body.id;
      }
    }, 60_000);

    it('POST answers the rule; GET lists them; an email rule shows its note, never the address', async () => {
      const r = await post({ action: 'review', type: 'domain', value: 'review-me.com' });
      expect(r.body).toEqual({ id: expect.stringMatching(/^rule_[A-Za-z0-9_-]{16}$/), action: 'review', type: 'domain', value: 'review-me.com', note: null, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
      const list = await call(a, 'GET', '/v1/rules', { key: R });
      expect(list.status).toBe(200);
      const byId = new Map((list.body.rules as { id: string }[]).map((x) => [x.id, x]));
      expect(byId.get(ids.domain!)).toMatchObject({ action: 'block', type: 'domain', value: 'blocked-corp.com', note: 'chargebacks' });
      expect(byId.get(ids.tld!)).toMatchObject({ type: 'tld', value: 'xyz' });
      expect(byId.get(ids.email!)).toEqual({ id: ids.email, action: 'allow', type: 'email', value: null, note: 'our CEO', created_at: expect.any(String) });
      for (const secret of ['vip.person', 'vipperson', 'wanda', 'googlemail']) expect(list.text.toLowerCase()).not.toContain(secret);
    });

    it('note: null is no note, as a listing shows it: a listed rule posts back as it is', async () => {
      const listed = ((await call(a, 'GET', '/v1/rules', { key: R })).body.rules as { value: string; note: null }[]).find((x) => x.value === 'review-me.com')!;
      expect(listed.note).toBeNull();
      const { id: _id, created_at: _at, ...rule } = listed as unknown as Record<string, unknown>;
      const again = await post(rule);
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ action: 'review', type: 'domain', value: 'review-me.com', note: null });
    });

    const expectations: [string, string | undefined, string | undefined][] = [
      ['anyone@blocked-corp.com', 'block', 'domain'],
      ['anyone@mail.blocked-corp.com', 'block', 'domain'], // subdomains
      ['anyone@eu.blocked-corp.com', 'allow', 'sub'], // the longest matching suffix wins
      ['anyone@x.eu.blocked-corp.com', 'allow', 'sub'],
      ['vip.person@blocked-corp.com', 'allow', 'email'], // email beats domain...
      [' VIP.Person@BLOCKED-CORP.COM', 'allow', 'email'], // ...in every spelling of the inbox
      ['wandafake@gmail.com', 'block', 'gmail'], // gmail folds dots and +tags; googlemail.com is gmail.com
      ['w.a.n.d.a.fake+x@gmail.com', 'block', 'gmail'],
      ['amy.wong@hosted-corp.org', 'review', 'provider'], // Google hosts its mail
      ['amy.wong@hosted-shop.xyz', 'review', 'provider'], // mail_provider beats tld
      ['amy.wong@plain-shop.xyz', 'block', 'tld'],
      ['amy.wong@unruled.org', undefined, undefined],
    ];

    it('single checks: the most specific matching rule sets the verdict and leads the reasons; human_score stays the model\'s', async () => {
      for (const [email, verdict, rule] of expectations) {
        const mine = await check(a, R, email);
        const theirs = await check(a, CONTROL_KEYS.other, email);
        expect(mine.status, email).toBe(200);
        expect(mine.body.human_score, email).toBe(theirs.body.human_score);
        expect(theirs.body.rule, email).toBeUndefined();
        if (rule === undefined) {
          expect(mine.body.rule, email).toBeUndefined();
          expect(mine.body.reasons.some((x: string) => x.startsWith('rule_')), email).toBe(false);
          expect(mine.body.verdict).toBe(theirs.body.verdict);
        } else {
          expect(mine.body.verdict, email).toBe(verdict);
          expect(mine.body.rule, email).toEqual({ id: ids[rule], action: verdict });
          expect(mine.body.reasons[0], email).toBe(`rule_${verdict}`);
          expect(mine.body.reasons.slice(1)).toEqual(theirs.body.reasons);
        }
      }
    }, 60_000);

    it('bulk checks: the same rules, entry by entry', async () => {
      const r = await bulk(a, R, expectations.map(([e]) => e));
      expect(r.status).toBe(200);
      r.body.results.forEach((x: Record<string, any>, i: number) => {
        const [email, verdict, rule] = expectations[i]!;
        if (rule === undefined) expect(x.rule, email).toBeUndefined();
        else {
          expect(x.verdict, email).toBe(verdict);
          expect(x.rule, email).toEqual({ id: ids[rule], action: verdict });
          expect(x.reasons[0], email).toBe(`rule_${verdict}`);
        }
      });
    }, 60_000);

    it('a rule reaches the other instance within 2 s; a deleted one stops there within 2 s', async () => {
      const made = await post({ action: 'block', type: 'domain', value: 'late-rule.com' });
      const w = await within(PROPAGATION_MS, () => check(b, R, 'zoe.park@late-rule.com'), (x) => x.body.rule?.id === made.body.id);
      expect(w.value.body.verdict).toBe('block');
      expect((await call(a, 'DELETE', `/v1/rules/${made.body.id}`, { key: R })).status).toBe(204);
      const gone = await within(PROPAGATION_MS, () => check(b, R, 'zoe.park@late-rule.com'), (x) => x.body.rule === undefined);
      expect(gone.value.body.rule).toBeUndefined();
      expect((await call(b, 'DELETE', `/v1/rules/${made.body.id}`, { key: R })).status).toBe(404);
      const list = await call(b, 'GET', '/v1/rules', { key: R });
      expect(list.body.rules.map((x: { id: string }) => x.id)).not.toContain(made.body.id);
    }, 30_000);

    it('a new rule for the same type and value replaces the old one', async () => {
      const first = await post({ action: 'block', type: 'domain', value: 'twice.com' });
      const second = await post({ action: 'allow', type: 'domain', value: 'TWICE.com.' });
      expect(second.status).toBe(201);
      expect(second.body.id).not.toBe(first.body.id);
      const list = await call(a, 'GET', '/v1/rules', { key: R });
      expect(list.body.rules.filter((x: { value: string }) => x.value === 'twice.com')).toEqual([second.body]);
      expect((await check(a, R, 'lee.chan@twice.com')).body.rule).toEqual({ id: second.body.id, action: 'allow' });
      expect((await call(a, 'DELETE', `/v1/rules/${first.body.id}`, { key: R })).status).toBe(404);
    });

    it("another account's rules are invisible to it and never touch its checks", async () => {
      const theirs = await call(a, 'GET', '/v1/rules', { key: CONTROL_KEYS.other });
      expect(theirs.body).toEqual({ rules: [] });
      const del = await call(b, 'DELETE', `/v1/rules/${ids.domain}`, { key: CONTROL_KEYS.other });
      expect(del.status).toBe(404);
      expect(del.body).toEqual({ error: 'id: no rule with this id in your account' });
      expect((await check(b, R, 'anyone@blocked-corp.com')).body.rule).toEqual({ id: ids.domain, action: 'block' }); // still there
      const r = await bulk(b, CONTROL_KEYS.other, ['anyone@blocked-corp.com', 'amy.wong@plain-shop.xyz']);
      for (const x of r.body.results) expect(x.rule).toBeUndefined();
    });

    it('counts rule hits by action on /metrics', async () => {
      const m = await call(a, 'GET', '/metrics', { key: null });
      expect(m.text).toMatch(/^mailsift_rule_hits_total\{action="block",type="domain"\} [1-9]/m);
      expect(m.text).toMatch(/^mailsift_rule_hits_total\{action="allow",type="email"\} [1-9]/m);
      expect(m.text).toMatch(/^mailsift_rule_hits_total\{action="review",type="mail_provider"\} [1-9]/m);
      expect(m.text).toMatch(/^mailsift_rule_hits_total\{action="block",type="tld"\} [1-9]/m);
    });

    it.each([
      [{ type: 'domain', value: 'x.com' }, 'action: is required'],
      [{ action: 'deny', type: 'domain', value: 'x.com' }, 'action: must be one of allow, review, block'],
      [{ action: 'block', type: 'ip', value: 'x.com' }, 'type: must be one of email, domain, mail_provider, tld'],
      [{ action: 'block', type: 'domain' }, 'value: is required'],
      [{ action: 'block', type: 'domain', value: '' }, 'value: must not be empty'],
      [{ action: 'block', type: 'domain', value: 42 }, 'value: must be a string'],
      [{ action: 'block', type: 'domain', value: 'x.com', note: 'n'.repeat(501) }, 'note: must be at most 500 characters'],
      [{ action: 'block', type: 'domain', value: 'x.com', scope: 'all' }, 'scope: is not allowed (unknown property)'],
      [{ action: 'block', type: 'domain', value: 'x.com', note: 'reported by ana.lima@gmail.com' }, 'note: must not contain an email address (it is stored as written; to match an address, an email rule keeps it only as a keyed hash)'],
      [{ action: 'block', type: 'domain', value: 'x.com', note: 'signups from 203.0.113.9' }, 'note: must not contain an IP address (it is stored as written)'],
      [{ action: 'block', type: 'domain', value: 'com' }, 'value: must be a domain name such as example.com (must contain a dot)'],
      [{ action: 'block', type: 'email', value: 'not an address' }, 'value: must not contain spaces'],
      [{ action: 'block', type: 'email', value: 'nobody@' }, 'value: domain must not be empty'],
      [{ action: 'block', type: 'mail_provider', value: 'gmail' }, 'value: must be a mail_provider value (one of google, microsoft, yahoo, apple, zoho, proton, gateway, other, none)'],
      [{ action: 'block', type: 'tld', value: 'co.uk' }, 'value: must be a top-level domain without the dot, such as xyz'],
    ])('400 for a bad rule: %j', async (body, error) => {
      const r = await post(body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error });
    });

    it.each(['123', 'does-not-exist', 'rule_nonexistent'])('404 for an id that is not a rule id at all (%s): it is unknown', async (id) => {
      const r = await call(a, 'DELETE', `/v1/rules/${id}`, { key: R });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: 'id: no rule with this id in your account' });
    });

    it('DELETE with content-type: application/json and no body (clients that send it on every request): 204, then 404', async () => {
      const made = await post({ action: 'block', type: 'domain', value: 'json-header.com' });
      const json = { 'content-type': 'application/json' };
      expect((await call(a, 'DELETE', `/v1/rules/${made.body.id}`, { key: R, headers: json })).status).toBe(204);
      expect(await call(a, 'DELETE', `/v1/rules/${made.body.id}`, { key: R, headers: json })).toMatchObject({ status: 404, body: { error: 'id: no rule with this id in your account' } });
    });

    it('a DELETE body that is not JSON is refused (400, 415) as the OpenAPI document says', async () => {
      const bad = await call(a, 'DELETE', '/v1/rules/rule_AAAAAAAAAAAAAAAA', { key: R, raw: '{', headers: { 'content-type': 'application/json' } });
      expect(bad).toMatchObject({ status: 400, body: { error: 'body: must be valid JSON' } });
      const text = await call(a, 'DELETE', '/v1/rules/rule_AAAAAAAAAAAAAAAA', { key: R, raw: 'x', headers: { 'content-type': 'text/plain' } });
      expect(text).toMatchObject({ status: 415, body: { error: 'content-type: must be application/json' } });
      const documented = Object.keys((await call(a, 'GET', '/v1/openapi.json', { key: null })).body.paths['/v1/rules/{id}'].delete.responses);
      expect(documented).toEqual(expect.arrayContaining(['400', '413', '415']));
    });
  });

  describe('settings', () => {
    const S = CONTROL_KEYS.settings;
    const patch = (body: unknown, url = a) => call(url, 'PATCH', '/v1/settings', { key: S, body });

    it("defaults to the service's thresholds", async () => {
      const r = await call(a, 'GET', '/v1/settings', { key: S });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ verdict_allow: 60, verdict_review: 30 });
    });

    it("the account's thresholds change its verdicts, on every instance within 2 s, and no other account's", async () => {
      const email = 'maria.lopez@example.com';
      const before = await check(a, S, email);
      const score = before.body.human_score as number;
      expect(score).toBeGreaterThan(1);
      // Allow only above this score: the same address is now reviewed...
      let r = await patch({ verdict_allow: score + 1, verdict_review: score - 1 });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ verdict_allow: score + 1, verdict_review: score - 1 });
      let w = await within(PROPAGATION_MS, () => check(b, S, email), (x) => x.body.verdict === 'review');
      expect(w.value.body).toMatchObject({ human_score: score, verdict: 'review' });
      // ...then blocked...
      r = await patch({ verdict_review: score + 1 });
      expect(r.body).toMatchObject({ verdict_allow: score + 1, verdict_review: score + 1 });
      w = await within(PROPAGATION_MS, () => check(b, S, email), (x) => x.body.verdict === 'block');
      expect(w.value.body.verdict).toBe('block');
      expect((await call(b, 'GET', '/v1/settings', { key: S })).body).toMatchObject({ verdict_allow: score + 1, verdict_review: score + 1 });
      // ...while another account keeps the service's thresholds.
      const other = await check(b, CONTROL_KEYS.other, email);
      expect(other.body.verdict).toBe(score >= 60 ? 'allow' : score >= 30 ? 'review' : 'block');
      expect((await call(b, 'GET', '/v1/settings', { key: CONTROL_KEYS.other })).body).toMatchObject({ verdict_allow: 60, verdict_review: 30 });
      // null: back to the default.
      r = await patch({ verdict_allow: null, verdict_review: null });
      expect(r.body).toMatchObject({ verdict_allow: 60, verdict_review: 30 });
      r = await patch({ verdict_allow: 90, verdict_review: 10 });
      expect(r.status).toBe(200);
    }, 30_000);

    it.each([
      [{ verdict_allow: 101 }, 'verdict_allow: must be at most 100'],
      [{ verdict_review: -1 }, 'verdict_review: must be at least 0'],
      [{ verdict_allow: 'high' }, 'verdict_allow: must be an integer'],
      [{ verdict_allow: 50.5 }, 'verdict_allow: must be an integer'],
      [{ verdict_review: 95 }, 'verdict_review: must be at most verdict_allow (90)'],
      [{ verdict_allow: 5 }, 'verdict_allow: must be at least verdict_review (10)'],
      [{ verdict: 50 }, 'verdict: is not allowed (unknown property)'],
      [[], 'body: must be an object'],
    ])('400 for bad settings: %j', async (body, error) => {
      const r = await patch(body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ error });
    });

    it('takes a JSON merge patch by its media type (RFC 7396: what PATCH already does); the type is refused on other methods', async () => {
      const mergePatch = { 'content-type': 'application/merge-patch+json; charset=utf-8' };
      const r = await call(a, 'PATCH', '/v1/settings', { key: S, raw: '{"verdict_review":20}', headers: mergePatch });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ verdict_allow: 90, verdict_review: 20 });
      expect((await patch({ verdict_review: 10 })).body).toMatchObject({ verdict_allow: 90, verdict_review: 10 });
      const bad = await call(a, 'PATCH', '/v1/settings', { key: S, raw: '{"verdict_review":', headers: mergePatch });
      expect(bad).toMatchObject({ status: 400, body: { error: 'body: must be valid JSON' } });
      const post = await call(a, 'POST', '/v1/check', { key: S, raw: '{"email":"maria.lopez@example.com"}', headers: mergePatch });
      expect(post).toMatchObject({ status: 415, body: { error: 'content-type: application/merge-patch+json is only for PATCH (send application/json)' } });
    });
  });

  describe("an account's own rate limits (settings)", () => {
    const L = CONTROL_KEYS.limits;
    // The service's limits in this suite (controls.test.ts, kafka/controls.test.ts): requests 1000/s, burst 1000; addresses at their defaults.
    const SERVICE = { rate_limit_requests_per_second: 1000, rate_limit_request_burst: 1000, rate_limit_addresses_per_second: 500, rate_limit_address_burst: 2000 };
    const policy = (r: Reply) => r.headers.get('ratelimit-policy');
    /** A PATCH on `url`, sent again after Retry-After while this account's own low limit refuses it. */
    const patchLimits = async (url: string, body: unknown): Promise<Reply> => {
      for (let tries = 0; ; tries++) {
        const r = await call(url, 'PATCH', '/v1/settings', { key: L, body });
        if (r.status !== 429 || tries >= 10) return r;
        await sleep(Number(r.headers.get('retry-after')) * 1000);
      }
    };

    it("default to the service's; may be lowered, never raised: 400 naming the service's limit", async () => {
      expect((await call(a, 'GET', '/v1/settings', { key: L })).body).toMatchObject(SERVICE);
      for (const [body, error] of [
        [{ rate_limit_requests_per_second: 1001 }, "rate_limit_requests_per_second: must be an integer from 1 to 1000, this service's limit for every account (or null for it)"],
        [{ rate_limit_address_burst: 2001 }, "rate_limit_address_burst: must be an integer from 1000 to 2000, this service's limit for every account (or null for it)"],
        [{ rate_limit_address_burst: 999 }, 'rate_limit_address_burst: must be at least 1000'],
        [{ rate_limit_request_burst: 0 }, 'rate_limit_request_burst: must be at least 1'],
        [{ rate_limit_addresses_per_second: 1.5 }, 'rate_limit_addresses_per_second: must be an integer'],
      ] as const) {
        const r = await call(a, 'PATCH', '/v1/settings', { key: L, body });
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body).toEqual({ error });
      }
      expect((await call(a, 'GET', '/v1/settings', { key: L })).body).toMatchObject(SERVICE);
    });

    it('a lower request limit holds on every instance within 2 s, for this account only', async () => {
      const r = await patchLimits(a, { rate_limit_requests_per_second: 1, rate_limit_request_burst: 3 });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ ...SERVICE, rate_limit_requests_per_second: 1, rate_limit_request_burst: 3 });
      const w = await within(PROPAGATION_MS, () => call(b, 'GET', '/v1/usage', { key: L }), (x) => policy(x) === '"requests";q=3;w=3, "addresses";q=2000;w=4');
      expect(policy(w.value)).toBe('"requests";q=3;w=3, "addresses";q=2000;w=4');
      const replies = [];
      for (let i = 0; i < 5; i++) replies.push(await call(b, 'GET', '/v1/usage', { key: L }));
      const refused = replies.find((x) => x.status === 429);
      expect(refused?.body).toEqual({ error: 'rate limit: at most 1 request per second per account (burst 3)' });
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another account keeps the service's limits.
      const other = await call(b, 'GET', '/v1/usage', { key: CONTROL_KEYS.other });
      expect(other.status).toBe(200);
      expect(policy(other)).toBe('"requests";q=1000;w=1, "addresses";q=2000;w=4');
    }, 30_000);

    it('a lower address limit counts bulk addresses; null gives the service\'s back', async () => {
      const r = await patchLimits(a, { rate_limit_request_burst: null, rate_limit_requests_per_second: null, rate_limit_addresses_per_second: 1, rate_limit_address_burst: 1000 });
      expect(r.body).toMatchObject({ ...SERVICE, rate_limit_addresses_per_second: 1, rate_limit_address_burst: 1000 });
      const w = await within(PROPAGATION_MS, () => call(b, 'GET', '/v1/usage', { key: L }), (x) => policy(x) === '"requests";q=1000;w=1, "addresses";q=1000;w=1000');
      expect(policy(w.value)).toBe('"requests";q=1000;w=1, "addresses";q=1000;w=1000');
      const emails = Array.from({ length: 1000 }, (_, i) => `limited.person${i}@example.com`);
      expect((await bulk(b, L, emails)).status).toBe(200);
      // One address refills each second: once one has, the next bulk gets past the check made
      // before its body is read (which needs one address) and is refused for its 100. Sent
      // sooner (a first bulk answered within the second), it is refused before its body is
      // read, without the count.
      await new Promise((r) => setTimeout(r, 1_100));
      const next = await bulk(b, L, emails.slice(0, 100));
      expect(next.status).toBe(429);
      expect(next.body).toEqual({ error: 'rate limit: at most 1 address per second per account (burst 1000): this request has 100' });
      const back = await patchLimits(a, { rate_limit_addresses_per_second: null, rate_limit_address_burst: null });
      expect(back.body).toMatchObject(SERVICE);
      const again = await within(PROPAGATION_MS, () => call(b, 'GET', '/v1/usage', { key: L }), (x) => policy(x) === '"requests";q=1000;w=1, "addresses";q=2000;w=4');
      expect(policy(again.value)).toBe('"requests";q=1000;w=1, "addresses";q=2000;w=4');
    }, 60_000);
  });

  describe('test keys', () => {
    const L = CONTROL_KEYS.tester; // the same account's live key (every scope)
    let test: string;
    beforeAll(async () => {
      const r = await t.cli(['keys', 'create', '--account', 'tester', '--test']);
      expect(r.code, r.stderr).toBe(0);
      test = lastLine(r.stdout);
      await within(PROPAGATION_MS, () => check(b, test, 'allow@mailsift.test'), (x) => x.status === 200);
    }, 60_000);

    it('start msk_test_ and get the fixed answers at mailsift.test, single and bulk', async () => {
      expect(test).toMatch(/^msk_test_/);
      for (const [email, verdict, disposable] of [
        ['allow@mailsift.test', 'allow', false],
        ['review@mailsift.test', 'review', false],
        ['block@mailsift.test', 'block', false],
        ['disposable@mailsift.test', 'block', true],
      ] as const) {
        const r = await check(b, test, email);
        expect(r.status, email).toBe(200);
        expect(r.body, email).toMatchObject({ email, verdict, disposable, test: true });
        expect(r.body.check_id).toMatch(/^chk_/);
      }
      const un = await check(b, test, 'unavailable@mailsift.test');
      expect(un.status).toBe(503);
      expect(Number(un.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Object.keys(un.body)).toEqual(['error']);
      const many = await bulk(b, test, ['block@mailsift.test', 'allow+2@mailsift.test', 'disposable@mailsift.test']);
      expect(many.body.results.map((x: { verdict: string; test: boolean }) => [x.verdict, x.test])).toEqual([['block', true], ['allow', true], ['block', true]]);
      expect((await bulk(b, test, ['allow@mailsift.test', 'unavailable@mailsift.test'])).status).toBe(503);
      // A live key gets no fixed answers (.test is a special-use domain).
      const live = await check(b, L, 'allow@mailsift.test');
      expect([live.status, live.body.error]).toEqual([400, 'email: domain uses the special-use top-level domain .test']);
      // A test key's other address there was meant as a test address: the error lists them, single and bulk.
      const known = 'email: at mailsift.test a test key knows allow@, review@, block@, disposable@ and unavailable@ (each may take a +tag)';
      const nobody = await check(b, test, 'nobody@mailsift.test');
      expect([nobody.status, nobody.body.error]).toEqual([400, known]);
      const mixed = await bulk(b, test, ['nobody@mailsift.test', 'x@example.test', 'allow@mailsift.test']);
      expect(mixed.body.results.map((x: { error?: string; verdict?: string }) => x.error ?? x.verdict)).toEqual([known, 'email: domain uses the special-use top-level domain .test', 'allow']);
    });

    it('are not billed, not counted in any window, not learned from; feedback on a test check is 202', async () => {
      const usage = async () => (await call(a, 'GET', '/v1/usage', { key: L })).body.total as number;
      const examples = async () => (await call(a, 'GET', '/v1/model', { key: L })).body.feedback_examples as number;
      const usage0 = await usage();
      const examples0 = await examples();
      // Test checks of three spellings of one inbox, single and bulk, and their feedback.
      const t1 = await check(a, test, 'peter.jones@gmail.com');
      expect(t1.body.test).toBe(true);
      const t2 = await bulk(a, test, ['p.eter.jones@gmail.com', 'peter.jones+x@gmail.com', 'review@mailsift.test']);
      for (const x of t2.body.results) expect(x.test).toBe(true);
      expect(await call(a, 'POST', '/v1/feedback', { key: test, body: { check_id: t1.body.check_id, outcome: 'fake' } })).toMatchObject({ status: 202, body: { status: 'accepted', check_id: t1.body.check_id } });
      expect((await call(a, 'POST', '/v1/feedback', { key: test, body: { email: 'peterjones@gmail.com', outcome: 'fake' } })).status).toBe(202);
      // A test check's id says it is one (sealed flag): feedback on it with a live key learns nothing either.
      expect(await call(a, 'POST', '/v1/feedback', { key: L, body: { check_id: t2.body.results[0].check_id, outcome: 'fake' } })).toMatchObject({ status: 202, body: { status: 'accepted' } });
      expect((await call(a, 'POST', '/v1/feedback', { key: test, body: { email: 'review@mailsift.test', outcome: 'real' } })).status).toBe(202);
      expect((await call(a, 'POST', '/v1/feedback', { key: test, body: { email: 'never.checked@gmail.com', outcome: 'real' } })).status).toBe(404);
      // A live check of a fourth spelling sees no earlier spelling: the test checks were not counted.
      const liveCheck = await check(a, L, 'pe.ter.jones@gmail.com');
      expect(liveCheck.body.alias_variants).toBeUndefined();
      expect(liveCheck.body.test).toBeUndefined();
      expect((await call(a, 'POST', '/v1/feedback', { key: L, body: { check_id: liveCheck.body.check_id, outcome: 'real' } })).status).toBe(202);
      // Usage and the model's examples move by the live check and the live outcome only.
      const u = await within(10_000, usage, (n) => n >= usage0 + 1);
      const e = await within(10_000, examples, (n) => n >= examples0 + 1);
      await sleep(500);
      expect(await usage()).toBe(usage0 + 1);
      expect(u.value).toBe(usage0 + 1);
      expect(await examples()).toBe(examples0 + 1);
      expect(e.value).toBe(examples0 + 1);
    }, 60_000);
  });

  describe('OpenAPI', () => {
    it('documents every route with the bearer scheme, the scope it needs and its 403', async () => {
      const r = await call(a, 'GET', '/v1/openapi.json', { key: null });
      expect(r.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', description: expect.stringContaining('admin: rules and settings') });
      const expected: Record<string, Record<string, string>> = {
        '/v1/check': { post: 'check', get: 'check' },
        '/v1/check/bulk': { post: 'check' },
        '/v1/feedback': { post: 'feedback' },
        '/v1/model': { get: 'read', head: 'read' },
        '/v1/usage': { get: 'read', head: 'read' },
        '/v1/stats': { get: 'read' },
        '/v1/rules': { post: 'admin', get: 'admin' },
        '/v1/rules/{id}': { delete: 'admin' },
        '/v1/settings': { get: 'admin', patch: 'admin' },
      };
      const paths = r.body.paths as Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
      for (const [path, ops] of Object.entries(expected)) {
        for (const [method, scope] of Object.entries(ops)) {
          const op = paths[path]?.[method];
          expect(op, `${method} ${path}`).toBeDefined();
          expect(op!.security, `${method} ${path}`).toEqual([{ bearer: [scope] }]);
          expect(op!.responses['403'], `${method} ${path}`).toBeDefined();
        }
      }
      // Any /v1 operation (others' included) needs exactly one scope, but the document itself and
      // the sign-up hooks (authenticated by their signature: no key).
      for (const [path, ops] of Object.entries(paths)) {
        if (!path.startsWith('/v1/') || path === '/v1/openapi.json') continue;
        if (path.startsWith('/v1/hooks/')) {
          for (const [method, op] of Object.entries(ops)) expect(op.security, `${method} ${path}`).toEqual([]);
          continue;
        }
        for (const [method, op] of Object.entries(ops)) expect((op.security as { bearer: string[] }[])[0]!.bearer, `${method} ${path}`).toHaveLength(1);
      }
      expect(paths['/v1/rules']!.post!.responses['201']).toBeDefined();
      expect(paths['/v1/rules/{id}']!.delete!.responses['204']).toBeDefined();
    });
  });

  describe('restart', () => {
    it('keeps keys, rules and settings', async () => {
      const made = await t.cli(['keys', 'create', '--account', 'rules', '--scopes', 'check,admin', '--json']);
      const key = (JSON.parse(made.stdout) as { key: string }).key;
      await within(PROPAGATION_MS, () => check(a, key, 'a.person@blocked-corp.com'), (x) => x.status === 200);
      const rulesBefore = (await call(a, 'GET', '/v1/rules', { key })).body;
      const settingsBefore = (await call(a, 'GET', '/v1/settings', { key: CONTROL_KEYS.settings })).body;
      expect(settingsBefore).toMatchObject({ verdict_allow: 90, verdict_review: 10 });
      ({ a, b } = await t.restart());
      const r = await check(a, key, 'a.person@blocked-corp.com');
      expect(r.status).toBe(200);
      expect(r.body.verdict).toBe('block');
      expect((await call(a, 'GET', '/v1/rules', { key })).body).toEqual(rulesBefore);
      expect((await call(a, 'GET', '/v1/settings', { key: CONTROL_KEYS.settings })).body).toEqual(settingsBefore);
    }, 180_000);
  });
}
