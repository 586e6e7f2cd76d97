/**
 * The public contract (README: The API, The CheckResult, Model) against the real built server over HTTP.
 * Numbered steps where order matters (feedback transitions, restart).
 */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEYS } from '../helpers/server.ts';

/** A running service under test: its base URL, and how to stop it. */
export interface Target {
  url: string;
  stop(): Promise<unknown>;
}

/** The contract suite; `launch` starts the service (embedded server, or a Kafka cluster). */
export function contractSuite(launch: () => Promise<Target>): void {
  let s: Target;
  beforeAll(async () => {
    s = await launch();
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
  });

  const post = (path: string, body: unknown, key?: string | null) => call(s.url, 'POST', path, { body, ...(key === undefined ? {} : { key }) });
  const get = (path: string, key?: string | null) => call(s.url, 'GET', path, key === undefined ? {} : { key });

  function expectCheckResult(r: Record<string, unknown>): void {
    expect(typeof r.email).toBe('string');
    expect(typeof r.canonical).toBe('string');
    expect(['work', 'free', 'school', 'relay', 'disposable', 'unknown']).toContain(r.account_type);
    expect(Number.isInteger(r.human_score)).toBe(true);
    expect(r.human_score as number).toBeGreaterThanOrEqual(0);
    expect(r.human_score as number).toBeLessThanOrEqual(100);
    expect(['allow', 'review', 'block']).toContain(r.verdict);
    const score = r.human_score as number;
    expect(r.verdict).toBe(score >= 60 ? 'allow' : score >= 30 ? 'review' : 'block');
    expect(Array.isArray(r.reasons)).toBe(true);
    for (const code of r.reasons as string[]) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(r.check_id).toMatch(/^chk_[A-Za-z0-9_-]+$/);
    expect((r.check_id as string).length).toBeGreaterThanOrEqual(100);
    expect((r.check_id as string).length).toBeLessThanOrEqual(140);
    expect(r.model).toMatch(/^(baseline|learned-v\d+)$/);
    if ('feedback_wanted' in r) expect(r.feedback_wanted).toBe(true);
  }

  // First: the service is fresh, no outcome has been reported yet.
  describe('GET /v1/model before any outcome', () => {
    it('has both ModelScore objects, every figure 0, and says no outcome was reported', async () => {
      const r = await get('/v1/model');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ learned_version: 0, feedback_examples: 0, customers: 0, serving: 'baseline', healthy: false });
      expect(r.body.baseline).toEqual({ accuracy: 0, log_loss: 0, recent_log_loss: 0 });
      expect(r.body.learned).toEqual({ accuracy: 0, log_loss: 0, recent_log_loss: 0 });
      expect(r.body.recommendation).toContain('No outcomes reported yet');
    });
  });

  describe('POST /v1/check', () => {
    it('answers a CheckResult with the contract fields and types', async () => {
      const r = await post('/v1/check', { email: '  Jane.Doe+news@GMail.com ' });
      expect(r.status).toBe(200);
      expectCheckResult(r.body);
      expect(r.body.email).toBe('jane.doe+news@gmail.com');
      expect(r.body.canonical).toBe('janedoe@gmail.com');
      expect(r.body.account_type).toBe('free');
      expect(r.body.model).toBe('baseline');
      expect(r.body.evidence).toBeUndefined();
      expect(r.body.deliverable_domain).toBeUndefined(); // DNS off in this run
    });

    it('trims blanks around the address, Unicode spaces included, before the 254-character rule', async () => {
      const local = `${'a'.repeat(64)}`;
      const email = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`; // 254 characters
      expect(email).toHaveLength(254);
      const r = await post('/v1/check', { email: `\u00a0 \t${email.toUpperCase()}\u2003\ufeff` });
      expect(r.status).toBe(200);
      expect(r.body.email).toBe(email);
      const r2 = await post('/v1/check', { email: `İsmail.kaya@gmail.com` });
      expect(r2.status).toBe(200);
      expect(r2.body.email).toBe('i\u0307smail.kaya@gmail.com');
    });

    it('adds evidence when explain is true', async () => {
      const r = await post('/v1/check', { email: 'x7kq2vz9@mailinator.com', explain: true });
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body.evidence)).toBe(true);
      for (const e of r.body.evidence) {
        expect(typeof e.signal).toBe('string');
        expect(typeof e.value).toBe('number');
        expect(typeof e.impact).toBe('number');
      }
      expect(r.body.disposable).toBe(true);
      expect(r.body.account_type).toBe('disposable');
      expect(r.body.reasons).toContain('disposable_domain');
    });

    it('suggests a fix for a typo domain', async () => {
      const r = await post('/v1/check', { email: 'maria.lopez@gmial.com' });
      expect(r.status).toBe(200);
      expect(r.body.did_you_mean).toBe('maria.lopez@gmail.com');
    });

    it('a mistyped top-level name is a typo too: did_you_mean, and blocked (no mail reaches it), in single and bulk checks', async () => {
      const r = await post('/v1/check', { email: 'maria.lopez@gmail.con' });
      expect(r.status).toBe(200);
      expect(r.body.did_you_mean).toBe('maria.lopez@gmail.com');
      expect(r.body.verdict).toBe('block');
      expect(r.body.reasons).toEqual(expect.arrayContaining(['typo_domain', 'no_mail_server']));
      const bulk = await post('/v1/check/bulk', { emails: ['maria.lopez@hotmail.con', 'maria.lopez@smallfirmwidgets.cmo'] });
      expect(bulk.status).toBe(200);
      expect(bulk.body.results[0].did_you_mean).toBe('maria.lopez@hotmail.com');
      expect(bulk.body.results[1]).toEqual({ input: 'maria.lopez@smallfirmwidgets.cmo', error: 'email: domain has no known public suffix (did you mean smallfirmwidgets.com?)' });
    });

    it('a homograph of a provider domain gets did_you_mean and lookalike_domain, and scores below the real domain', async () => {
      const real = await post('/v1/check', { email: 'maria.lopez@gmail.com' });
      const fake = await post('/v1/check', { email: 'maria.lopez@gm\u0430il.com' }); // Cyrillic а
      expect(fake.status).toBe(200);
      expect(fake.body.did_you_mean).toBe('maria.lopez@gmail.com');
      expect(fake.body.reasons).toContain('lookalike_domain');
      expect(fake.body.account_type).toBe('unknown');
      expect(fake.body.human_score).toBeLessThan(real.body.human_score);
    });

    it('a mailbox gmail.com cannot have is not allowed; a domain imitating a provider is not work', async () => {
      const short = await post('/v1/check', { email: 'x@gmail.com' });
      expect(short.body.reasons).toContain('impossible_mailbox');
      expect(short.body.verdict).not.toBe('allow');
      const imitation = await post('/v1/check', { email: 'maria.lopez@examplehotmail.ca' });
      expect(imitation.body.reasons).toContain('provider_imitation');
      expect(imitation.body.account_type).toBe('unknown');
      expect(imitation.body.verdict).not.toBe('allow');
    });

    it('refuses invisible characters in the local part alike in POST, GET and bulk', async () => {
      const message = 'email: local part must not contain invisible characters (zero-width, joiners, fillers, variation selectors)';
      for (const ch of ['\u200d', '\u3164', '\u2800', '\ufe0f']) {
        const email = `mar${ch}ia@example.com`;
        const one = await post('/v1/check', { email });
        expect(one.status).toBe(400);
        expect(one.body).toEqual({ error: message });
        const viaGet = await get(`/v1/check?email=${encodeURIComponent(email)}`);
        expect(viaGet.status).toBe(400);
        expect(viaGet.body).toEqual({ error: message });
        const bulk = await post('/v1/check/bulk', { emails: [email] });
        expect(bulk.status).toBe(200);
        expect(bulk.body.results).toEqual([{ input: email, error: message }]);
      }
    });

    it.each([
      [{}, /^email: is required$/],
      [{ email: 'a'.repeat(245) + '@gmail.com' }, /^email: must be at most 254 characters$/],
      [{ email: 42 }, /^email: must be a string$/],
      [{ email: 'jane@example.com', extra: 1 }, /^extra: is not allowed/],
      [{ email: 'jane@example.com', ['k'.repeat(10_000)]: 1 }, /^k{64}…: is not allowed \(unknown property\)$/],
      [{ email: '\u00a0 Jane@example.com\n' }, /^email: must not contain control characters$/],
      [{ email: 'jane@example.com', explain: 'yes' }, /^explain: must be a boolean$/],
      [{ email: 'not-an-address' }, /^email: /],
      [{ email: '' }, /^email: /],
      [[], /^body: must be an object$/],
    ])('400 for %j with a message naming the field and the rule', async (body, message) => {
      const r = await post('/v1/check', body);
      expect(r.status).toBe(400);
      expect(Object.keys(r.body)).toEqual(['error']);
      expect(r.body.error).toMatch(message);
    });

    it('400 for invalid JSON, 413 for a body over 1 MiB, 415 for a non-JSON body', async () => {
      const bad = await call(s.url, 'POST', '/v1/check', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'body: must be valid JSON' });
      const empty = await call(s.url, 'POST', '/v1/check', { raw: '', headers: { 'content-type': 'application/json' } });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ error: 'body: must not be empty' });
      // Valid JSON, refused for keys that could poison prototypes: the error says so.
      for (const raw of ['{"email":"a.b@gmail.com","__proto__":{"admin":true}}', '{"email":"a.b@gmail.com","constructor":{"prototype":{"admin":true}}}']) {
        const poisoned = await call(s.url, 'POST', '/v1/check', { raw, headers: { 'content-type': 'application/json; charset=utf-8' } });
        expect(poisoned.status).toBe(400);
        expect(poisoned.body).toEqual({ error: 'body: must not contain a "__proto__" or "constructor.prototype" property' });
      }
      // A key given twice: refused, naming it (JSON.parse alone would check the last address).
      const twice = await call(s.url, 'POST', '/v1/check', { raw: '{"email":"a.b@gmail.com","email":"c.d@gmail.com"}', headers: { 'content-type': 'application/json' } });
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({ error: 'email: must be given once (the key appears twice in the body)' });
      const withCharset = await call(s.url, 'POST', '/v1/check', { raw: '{"email":"a.b@gmail.com"}', headers: { 'content-type': 'application/json; charset=utf-8' } });
      expect(withCharset.status).toBe(200);
      // HEAD of the check would bill a check whose answer it cannot return: not a method it takes.
      const usage = async () => (await call(s.url, 'GET', '/v1/usage')).body.total as number;
      const billed = await usage();
      const head = await fetch(`${s.url}/v1/check?email=head.probe%40gmail.com`, { method: 'HEAD', headers: { authorization: `Bearer ${KEYS.acme}` } });
      expect(head.status).toBe(405);
      expect(await usage()).toBe(billed);
      const big = await call(s.url, 'POST', '/v1/check', { raw: JSON.stringify({ email: 'a@b.com', pad: 'x'.repeat(1024 * 1024) }), headers: { 'content-type': 'application/json' } });
      expect(big.status).toBe(413);
      expect(Object.keys(big.body)).toEqual(['error']);
      const text = await call(s.url, 'POST', '/v1/check', { raw: 'email=a@b.com', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(text.status).toBe(415);
      expect(Object.keys(text.body)).toEqual(['error']);
      const plain = await call(s.url, 'POST', '/v1/check', { raw: '{"email":"a.b@gmail.com"}', headers: { 'content-type': 'text/plain' } });
      expect(plain.status).toBe(415);
      expect(plain.body).toEqual({ error: 'content-type: must be application/json' });
    });

    it('requests refused before routing still get an {error} body: a bad URL, oversized headers', async () => {
      const badUrl = await get('/v1/%ZZ?email=x');
      expect(badUrl.status).toBe(400);
      expect(badUrl.body).toEqual({ error: 'url: must be valid percent-encoding' });
      // A query parameter that does not decode is named, not checked undecoded against other rules.
      for (const q of ['email=ann%ZZlee%40gmail.com', 'email=ann.lee%40gmail.com%', 'email=%C3%40gmail.com']) {
        const badQuery = await get(`/v1/check?${q}`);
        expect(badQuery.status).toBe(400);
        expect(badQuery.body).toEqual({ error: 'email: must be valid percent-encoding' });
      }
      const badExplain = await get('/v1/check?email=ann.lee%40gmail.com&explain=%E0%A4');
      expect(badExplain.body).toEqual({ error: 'explain: must be valid percent-encoding' });
      const huge = await get(`/v1/check?email=${'a'.repeat(20_000)}%40gmail.com`);
      expect(huge.status).toBe(431);
      expect(Object.keys(huge.body)).toEqual(['error']);
      expect(huge.body.error).toMatch(/^headers: /);
      const metrics = (await get('/metrics', null)).text;
      expect(metrics).toMatch(/mailsift_http_requests_total\{method="GET",route="unmatched",status="400"\} [1-9]/);
      expect(metrics).toMatch(/mailsift_http_requests_total\{method="unknown",route="unparsed",status="431"\} [1-9]/);
    });
  });

  describe('checks sent in parallel', () => {
    // Each check counts the checks of other requests still in flight: the one judged last sees
    // them all (they used to see only those already written: 30 at once saw about 1 each).
    it('count each other: the last judged of 30 sees all 30 (aliases, one IP, one domain)', async () => {
      const u = `pl${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
      const ip = `81.2.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
      const spellings = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/v1/check', { email: `${u}.x+${i}@gmail.com` }, KEYS.globex)));
      const inboxes = await Promise.all(Array.from({ length: 30 }, (_, i) => post('/v1/check', { email: `p${i}.${u}@wave-${u}.com`, ip }, KEYS.globex)));
      for (const r of [...spellings, ...inboxes]) expect(r.status).toBe(200);
      expect(Math.max(...spellings.map((r) => r.body.alias_variants ?? 1))).toBe(30);
      expect(spellings.some((r) => r.body.reasons.includes('alias_burst'))).toBe(true);
      expect(Math.max(...inboxes.map((r) => r.body.ip.signups_from_ip))).toBe(30);
      expect(Math.max(...inboxes.map((r) => r.body.recent_signups ?? 0))).toBe(30);
      expect(inboxes.some((r) => r.body.reasons.includes('ip_burst'))).toBe(true);
    });
  });

  describe('GET /v1/check', () => {
    it('takes query parameters, with explain=true|false|1|0', async () => {
      const r = await get('/v1/check?email=' + encodeURIComponent('sam.taylor@outlook.com') + '&explain=1');
      expect(r.status).toBe(200);
      expectCheckResult(r.body);
      expect(Array.isArray(r.body.evidence)).toBe(true);
      const r0 = await get('/v1/check?email=sam.taylor%40outlook.com&explain=false');
      expect(r0.body.evidence).toBeUndefined();
      const bad = await get('/v1/check?email=sam.taylor%40outlook.com&explain=maybe');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/^explain: must be one of true, false, 1, 0$/);
      const missing = await get('/v1/check');
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('email: is required');
    });
  });

  describe('ip', () => {
    it.each([
      ['10.1.2.3', 'private'],
      ['192.168.0.1', 'private'],
      ['127.0.0.1', 'private'],
      ['::1', 'private'],
      ['224.0.0.1', 'reserved'],
      ['not-an-ip', 'invalid'],
      ['1.2.3.4.5', 'invalid'],
      ['1'.repeat(300), 'invalid'],
    ])('%s -> ip.ignored = %s and no other IP field, never a 400', async (ip, reason) => {
      const r = await post('/v1/check', { email: 'lee.chen@gmail.com', ip });
      expect(r.status).toBe(200);
      expect(r.body.ip).toEqual({ ignored: reason });
    });

    it('a public IP gives an ip object with signups_from_ip', async () => {
      const r = await post('/v1/check', { email: 'lee.chen@gmail.com', ip: '203.0.114.9' });
      expect(r.status).toBe(200);
      expect(r.body.ip.ignored).toBeUndefined();
      expect(r.body.ip.signups_from_ip).toBeGreaterThanOrEqual(1);
    });

    it('null ip and explain are "not given" (a client serialising an unset field); other types are a 400 naming the field', async () => {
      const r = await post('/v1/check', { email: 'lee.chen@gmail.com', ip: null, explain: null });
      expect(r.status).toBe(200);
      expect(r.body.ip).toBeUndefined();
      expect(r.body.evidence).toBeUndefined();
      for (const [body, message] of [
        [{ email: 'lee.chen@gmail.com', ip: 5 }, 'ip: must be a string'],
        [{ email: 'lee.chen@gmail.com', ip: ['203.0.114.9'] }, 'ip: must be a string'],
        [{ email: 'lee.chen@gmail.com', explain: 0 }, 'explain: must be a boolean'],
      ] as const) {
        const bad = await post('/v1/check', body);
        expect(bad.status).toBe(400);
        expect(bad.body).toEqual({ error: message });
      }
    });
  });

  describe('authentication and limits', () => {
    it('401 without a key, with a malformed header, with an unknown key', async () => {
      for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer nope-nope-nope-nope' }] as Record<string, string>[]) {
        const r = await call(s.url, 'POST', '/v1/check', { key: null, body: { email: 'a@gmail.com' }, headers });
        expect(r.status).toBe(401);
        expect(Object.keys(r.body)).toEqual(['error']);
        expect(r.body.error).toMatch(/^authorization: /);
      }
    });

    it('401 for two Authorization headers (Node kept the first: conflicting keys passed as it)', async () => {
      const { hostname, port } = new URL(s.url);
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        const socket = connect(Number(port), hostname, () =>
          socket.write(`GET /v1/usage HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.acme}\r\nAuthorization: Bearer ${KEYS.globex}\r\nConnection: close\r\n\r\n`),
        );
        socket.on('data', (d) => (text += d));
        socket.on('close', () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('{"error":"authorization: must be given once"}');
    });

    it('415 for a compressed body (it was read as JSON and refused as "not UTF-8"); 400 for a repeated query parameter', async () => {
      const r = await fetch(`${s.url}/v1/check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ email: 'ann.lee@gmail.com' })),
      });
      expect(r.status).toBe(415);
      expect(await r.json()).toEqual({ error: 'content-encoding: not supported (send the body uncompressed)' });
      const twice = await get('/v1/check?email=ann.lee%40gmail.com&email=bob.ray%40gmail.com');
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({ error: 'email: must be given once' });
    });

    it('404 {error} for an unknown route; 405 with Allow for a known one with another method', async () => {
      const r = await get('/v1/nope');
      expect(r.status).toBe(404);
      expect(Object.keys(r.body)).toEqual(['error']);
      const del = await call(s.url, 'DELETE', '/v1/check?email=a.b%40gmail.com');
      expect(del.status).toBe(405);
      expect(del.headers.get('allow')).toBe('GET, POST');
      expect(del.body).toEqual({ error: 'method: /v1/check takes GET or POST, not DELETE' });
      const put = await call(s.url, 'PUT', '/v1/feedback', { body: { check_id: 'x', outcome: 'real' } });
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toBe('POST');
      expect((await call(s.url, 'POST', '/v1/model')).headers.get('allow')).toBe('GET, HEAD');
      // Routes with a path parameter too: the path names a route that exists.
      const getRule = await get('/v1/rules/rule_abc');
      expect(getRule.status).toBe(405);
      expect(getRule.headers.get('allow')).toBe('DELETE');
      expect(getRule.body).toEqual({ error: 'method: /v1/rules/rule_abc takes DELETE, not GET' });
      expect((await get('/v1/hooks/supabase/acme')).headers.get('allow')).toBe('POST');
      expect((await get('/v1/rules/rule_abc/more')).status).toBe(404);
      // Read-only routes that cost nothing take HEAD (RFC 9110 9.1); the check does not.
      for (const path of ['/healthz', '/readyz', '/metrics', '/v1/openapi.json', '/v1/model', '/v1/usage']) {
        expect((await fetch(`${s.url}${path}`, { method: 'HEAD', headers: { authorization: `Bearer ${KEYS.acme}` } })).status, path).toBe(200);
      }
    });
  });

  describe('query parameters', () => {
    it('every API operation refuses one it does not take, as GET /v1/check does (not read as if it meant something); tools\' routes ignore them', async () => {
      const before = (await get('/v1/usage')).body.total as number;
      const calls: [string, string, unknown][] = [
        ['POST', '/v1/check?explain=true', { email: 'ann.lee@gmail.com' }],
        ['POST', '/v1/check/bulk?explain=true', { emails: ['ann.lee@gmail.com'] }],
        ['POST', '/v1/feedback?dry_run=1', { email: 'ann.lee@gmail.com', outcome: 'real' }],
        ['GET', '/v1/model?learned_version=1', undefined],
        ['HEAD', '/v1/model?x=1', undefined],
        ['GET', '/v1/rules?type=email', undefined],
        ['POST', '/v1/rules?x=1', { action: 'block', type: 'tld', value: 'zz' }],
        ['DELETE', '/v1/rules/rule_AAAAAAAAAAAAAAAA?x=1', undefined],
        ['GET', '/v1/settings?x=1', undefined],
        ['PATCH', '/v1/settings?x=1', { verdict_allow: 70 }],
      ];
      const doc = (await get('/v1/openapi.json', null)).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
      for (const [method, path, body] of calls) {
        const r = await call(s.url, method, path, body === undefined ? {} : { body });
        expect(r.status, `${method} ${path}`).toBe(400);
        const url = new URL(path, s.url);
        const name = url.searchParams.keys().next().value;
        if (method !== 'HEAD') expect(r.body, `${method} ${path}`).toEqual({ error: `${name}: is not allowed (unknown query parameter)` });
        // ...and the OpenAPI document (so the clients) lists that 400.
        const template = url.pathname.replace(/^\/v1\/rules\/[^/]+$/, '/v1/rules/{id}');
        expect(doc.paths[template]?.[method.toLowerCase()]?.responses['400'], `OpenAPI ${method} ${template} 400`).toBeDefined();
      }
      // Nothing was done: not billed, no rule, settings unchanged.
      expect((await get('/v1/usage')).body.total).toBe(before);
      expect((await get('/v1/rules')).body.rules).toEqual([]);
      expect((await get('/v1/settings')).body.verdict_allow).toBe(60);
      for (const path of ['/healthz?x=1', '/readyz?x=1', '/metrics?x=1', '/v1/openapi.json?_=1']) expect((await get(path, null)).status, path).toBe(200);
    });
  });

  describe('POST /v1/check/bulk', () => {
    it('answers one entry per input in order, with error entries in place, billed per result', async () => {
      const before = (await get('/v1/usage', KEYS.globex)).body.total as number;
      const long = `${'x'.repeat(2000)}@gmail.com`;
      const emails = ['ana.silva@gmail.com', 'broken@', 'tom.berg@yahoo.com', 'x@@y', 'ana.silva@gmail.com', long];
      const r = await post('/v1/check/bulk', { emails }, KEYS.globex);
      expect(r.status).toBe(200);
      expect(r.body.results).toHaveLength(6);
      expect(r.body.results[5]).toEqual({ input: long, error: 'email: must be at most 254 characters' });
      expect(r.body.results[0].email).toBe('ana.silva@gmail.com');
      expect(r.body.results[1]).toEqual({ input: 'broken@', error: expect.stringMatching(/^email: /) });
      expect(r.body.results[2].email).toBe('tom.berg@yahoo.com');
      expect(r.body.results[3].input).toBe('x@@y');
      expect(r.body.results[4].email).toBe('ana.silva@gmail.com');
      for (const i of [0, 2, 4]) expectCheckResult(r.body.results[i]);
      const after = (await get('/v1/usage', KEYS.globex)).body.total as number;
      expect(after - before).toBe(3);
    });

    it('counts as if checked in input order: earlier addresses of the request are in the windowed counts', async () => {
      const u = `bk${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
      // Four spellings of one Gmail inbox (dots, +tags, googlemail), and an exact repeat.
      const spellings = [`${u}.x+a@gmail.com`, `${u}x@gmail.com`, `${u}.x+b@gmail.com`, `${u}.x@googlemail.com`, `${u}x@gmail.com`];
      const aliases = await post('/v1/check/bulk', { emails: spellings });
      expect(aliases.status).toBe(200);
      expect(aliases.body.results.map((x: { alias_variants?: number }) => x.alias_variants)).toEqual([undefined, 2, 3, 4, 4]);
      // 25 new inboxes at one domain: a wave from the 20th on.
      const wave = Array.from({ length: 25 }, (_, i) => `person${i}.${u}@wave-${u}.com`);
      const r = await post('/v1/check/bulk', { emails: wave });
      for (const x of r.body.results) expectCheckResult(x);
      expect(r.body.results.map((x: { recent_signups?: number }) => x.recent_signups)).toEqual([...Array(19).fill(undefined), 20, 21, 22, 23, 24, 25]);
      // A company domain is assumed quiet until a day is observed: 25 in 10 minutes is a wave,
      // but not by the request's own addresses (a customer's list, sent together): the next
      // check of another request meets it.
      expect(r.body.results.at(-1).reasons).not.toContain('signup_wave');
      const next = await post('/v1/check', { email: `person25.${u}@wave-${u}.com` });
      expect(next.body.recent_signups).toBe(26);
      expect(next.body.reasons).toContain('signup_wave');
      // The same at gmail.com is its usual traffic, new deployment or not: no wave.
      const gmail = await post('/v1/check/bulk', { emails: Array.from({ length: 25 }, (_, i) => `person${i}.${u}@gmail.com`) });
      expect(gmail.body.results.at(-1).recent_signups).toBeGreaterThanOrEqual(25);
      for (const x of gmail.body.results) expect(x.reasons).not.toContain('signup_wave');
    });

    it("recent_signups does not tell whether another customer checked an address: each account's inboxes count for it", async () => {
      const u = `rs${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
      // Two quiet domains; globex checks one inbox at each, and acme then sends the same sequence
      // to both: 20 new inboxes, then globex's inbox at the first domain (an unseen one at the
      // second), then a new one, then its own repeat, then a repeat inside one request.
      const run = async (domain: string, globexInbox: string, acmeInbox: string): Promise<(number | undefined)[]> => {
        expect((await post('/v1/check', { email: `${globexInbox}@${domain}` }, KEYS.globex)).status).toBe(200);
        const lift = await post('/v1/check/bulk', { emails: Array.from({ length: 20 }, (_, i) => `staff${i}.${u}@${domain}`) });
        const one = async (local: string) => (await post('/v1/check', { email: `${local}@${domain}` })).body.recent_signups as number | undefined;
        const seen = [lift.body.results.at(-1).recent_signups, await one(acmeInbox), await one(`fresh.${u}`), await one(acmeInbox)];
        const twice = await post('/v1/check/bulk', { emails: [`again.${u}@${domain}`, `again.${u}@${domain}`] });
        return [...seen, ...twice.body.results.map((x: { recent_signups?: number }) => x.recent_signups)];
      };
      const known = await run(`known-${u}.com`, `jordan.${u}`, `jordan.${u}`);
      const unknown = await run(`unknown-${u}.com`, `casey.${u}`, `jordan.${u}`);
      expect(known).toEqual(unknown);
      expect(known).toEqual([21, 22, 23, 23, 24, 24]);
    });

    it.each([
      [{ emails: [] }, /^emails: must have at least 1 item$/],
      [{ emails: Array.from({ length: 1001 }, (_, i) => `u${i}@gmail.com`) }, /^emails: must have at most 1000 items$/],
      [{ emails: ['a@gmail.com', 7] }, /^emails\[1\]: must be a string$/],
      [{ emails: 'a@gmail.com' }, /^emails: must be an array$/],
      [{}, /^emails: is required$/],
      [{ emails: ['a@gmail.com'], more: true }, /^more: is not allowed/],
    ])('400 for the whole request: %#', async (body, message) => {
      const r = await post('/v1/check/bulk', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(message);
    });
  });

  describe('POST /v1/feedback (README: Report an outcome)', () => {
    it('check_id: 1. 202 once, 2. then 404 already labelled; foreign and tampered ids 404', async () => {
      const c = await post('/v1/check', { email: 'olivia.martin@gmail.com' });
      const id = c.body.check_id as string;
      // 1.
      const first = await post('/v1/feedback', { check_id: id, outcome: 'real' });
      expect(first.status).toBe(202);
      expect(first.body).toEqual({ status: 'accepted', check_id: id });
      // 2.
      const again = await post('/v1/feedback', { check_id: id, outcome: 'fake' });
      expect(again.status).toBe(404);
      expect(Object.keys(again.body)).toEqual(['error']);
      // another account's check
      const other = await post('/v1/check', { email: 'noah.white@gmail.com' }, KEYS.globex);
      expect((await post('/v1/feedback', { check_id: other.body.check_id, outcome: 'real' })).status).toBe(404);
      // tampered
      const t = other.body.check_id as string;
      const tampered = t.slice(0, 40) + (t[40] === 'A' ? 'B' : 'A') + t.slice(41);
      expect((await post('/v1/feedback', { check_id: tampered, outcome: 'real' }, KEYS.globex)).status).toBe(404);
    });

    it('null check_id or email is "not given" (a client serialising an unset field); exactly one must be given', async () => {
      const c = await post('/v1/check', { email: 'rosa.vidal@gmail.com' });
      expect((await post('/v1/feedback', { check_id: c.body.check_id, email: null, outcome: 'real' })).body).toEqual({ status: 'accepted', check_id: c.body.check_id });
      const d = await post('/v1/check', { email: 'ivo.brandt@gmail.com' });
      expect((await post('/v1/feedback', { check_id: null, email: 'Ivo.Brandt@gmail.com', outcome: 'fake' })).body).toEqual({ status: 'accepted', check_id: d.body.check_id });
      for (const [body, error] of [
        [{ check_id: null, email: null, outcome: 'real' }, 'feedback: exactly one of check_id or email is required'],
        [{ check_id: 5, outcome: 'real' }, 'check_id: must be a string'],
        [{ email: false, outcome: 'real' }, 'email: must be a string'],
      ] as const) {
        const bad = await post('/v1/feedback', body);
        expect(bad.status).toBe(400);
        expect(bad.body).toEqual({ error });
      }
    });

    it('email: labels the latest check of that inbox in any spelling; 404 when there is none', async () => {
      const older = await post('/v1/check', { email: 'liam.jones@gmail.com' });
      const latest = await post('/v1/check', { email: 'Liam.Jones+shop@gmail.com' });
      expect(older.body.check_id).not.toBe(latest.body.check_id);
      const r = await post('/v1/feedback', { email: 'l.i.a.m.jones@googlemail.com', outcome: 'bounced' });
      expect(r.status).toBe(202);
      expect(r.body.status).toBe('accepted');
      // the latest one is labelled now; the older one is still open
      expect((await post('/v1/feedback', { check_id: latest.body.check_id, outcome: 'real' })).status).toBe(404);
      expect((await post('/v1/feedback', { check_id: older.body.check_id, outcome: 'real' })).status).toBe(202);
      const none = await post('/v1/feedback', { email: 'never.checked@gmail.com', outcome: 'fake' });
      expect(none.status).toBe(404);
      // by another account: not its check
      expect((await post('/v1/feedback', { email: 'liam.jones@gmail.com', outcome: 'fake' }, KEYS.globex)).status).toBe(404);
    });

    it.each([
      [{ outcome: 'real' }, /^feedback: exactly one of check_id or email is required$/],
      [{ check_id: 'chk_x', email: 'a@gmail.com', outcome: 'real' }, /^feedback: exactly one of check_id or email is required$/],
      [{ check_id: 'not-a-check', outcome: 'real' }, /^check_id: must be a check id/],
      [{ check_id: 'chk_AAAAAAAAAA', outcome: 'real' }, /^check_id: must be a check id .*100-140 characters/],
      [{ check_id: 'chk_' + 'A'.repeat(137), outcome: 'real' }, /^check_id: must be a check id/],
      [{ email: 'not an email', outcome: 'real' }, /^email: /],
      [{ email: 'a@gmail.com', outcome: 'maybe' }, /^outcome: must be one of confirmed, real, fake, abuse, bounced$/],
      [{ email: 'a@gmail.com' }, /^outcome: is required$/],
      [{ email: 'a@gmail.com', outcome: 'real', note: 'x' }, /^note: is not allowed/],
    ])('400: %j', async (body, message) => {
      const r = await post('/v1/feedback', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(message);
    });

    // Regression (audit): parallel reports of one check could each get 202 while only the first counted.
    it('parallel reports of one check, by id or by email: exactly one 202, the others 404', async () => {
      // 12 rounds of 9 requests: enough to lose the race most runs without the claim, inside the default rate-limit burst.
      for (let i = 0; i < 12; i++) {
        const by = (['check_id', 'email', 'both'] as const)[i % 3]!;
        const email = `parallel.report${i}@gmail.com`;
        const c = await post('/v1/check', { email });
        const bodies = Array.from({ length: 8 }, (_, j) =>
          by === 'check_id' || (by === 'both' && j % 2 === 0) ? { check_id: c.body.check_id, outcome: j % 2 ? 'fake' : 'real' } : { email, outcome: j % 2 ? 'fake' : 'real' },
        );
        const statuses = (await Promise.all(bodies.map((b) => post('/v1/feedback', b)))).map((r) => r.status).sort();
        expect(statuses, by).toEqual([202, 404, 404, 404, 404, 404, 404, 404]);
      }
    });

    it('a well-formed but unknown chk_ id is 404, not 400', async () => {
      const r = await post('/v1/feedback', { check_id: 'chk_' + 'A'.repeat(119), outcome: 'real' });
      expect(r.status).toBe(404);
    });
  });

  describe('GET /v1/model', () => {
    it('reports prequential baseline statistics from feedback', async () => {
      const c1 = await post('/v1/check', { email: 'zq8x7vw3k2@gmail.com' }, KEYS.globex);
      await post('/v1/feedback', { check_id: c1.body.check_id, outcome: 'fake' }, KEYS.globex);
      let r = await get('/v1/model');
      for (let i = 0; i < 250 && (r.body.feedback_examples < 4 || r.body.customers < 2); i++) {
        await new Promise((res) => setTimeout(res, 20));
        r = await get('/v1/model');
      }
      expect(r.status).toBe(200);
      expect(r.body.mode).toBe('auto');
      expect(r.body.serving).toBe('baseline');
      expect(r.body.learned_version).toBe(0);
      expect(r.body.healthy).toBe(false);
      expect(r.body.feedback_examples).toBeGreaterThanOrEqual(4);
      expect(r.body.customers).toBe(2);
      for (const k of ['accuracy', 'log_loss', 'recent_log_loss']) expect(typeof r.body.baseline[k]).toBe('number');
      expect(r.body.baseline.accuracy).toBeGreaterThanOrEqual(0);
      expect(r.body.baseline.accuracy).toBeLessThanOrEqual(1);
      expect(r.body.baseline.log_loss).toBeGreaterThan(0);
      // No learned model yet: `learned` is the model it will start from, the baseline.
      expect(r.body.learned).toEqual(r.body.baseline);
      expect(typeof r.body.recommendation).toBe('string');
      expect(r.body.recommendation.length).toBeGreaterThan(20);
    });
  });

  describe('GET /v1/usage', () => {
    it('counts billed emails per day for the caller only; 400 for a bad range', async () => {
      const r = await get('/v1/usage');
      expect(r.status).toBe(200);
      expect(r.body.account).toBe('acme');
      expect(r.body.days).toHaveLength(30);
      const today = new Date().toISOString().slice(0, 10);
      expect(r.body.to).toBe(today);
      expect(r.body.days.at(-1).date).toBe(today);
      expect(r.body.total).toBe(r.body.days.reduce((a: number, d: { emails: number }) => a + d.emails, 0));
      expect(r.body.total).toBeGreaterThan(5);
      expect((await get('/v1/usage?from=2026-02-30')).status).toBe(400);
      expect((await get('/v1/usage?from=20261101')).body).toEqual({ error: 'from: must be a date as YYYY-MM-DD' });
      expect((await get('/v1/usage?from=2026-05-02&to=2026-05-01')).body.error).toBe('from: must not be after to');
      // Too long a range names the bound the caller gave (a lone `from` ends today).
      expect((await get('/v1/usage?from=2026-01-01&to=2026-06-01')).body.error).toBe('to: at most 92 days per request (from 2026-01-01 to 2026-06-01 is 152)');
      expect((await get('/v1/usage?from=2020-01-01')).body.error).toMatch(/^from: at most 92 days per request \(from 2020-01-01 to \d{4}-\d{2}-\d{2} is \d+\)$/);
      // Days before 1970 (an audit found a 500): nothing was billed then.
      const early = await get('/v1/usage?from=1969-12-31&to=1970-01-01');
      expect(early.status).toBe(200);
      expect(early.body).toMatchObject({ from: '1969-12-31', to: '1970-01-01', total: 0, days: [{ date: '1969-12-31', emails: 0 }, { date: '1970-01-01', emails: 0 }] });
      const ancient = await get('/v1/usage?to=0001-01-15');
      expect(ancient.status).toBe(200);
      expect(ancient.body).toMatchObject({ from: '0001-01-01', to: '0001-01-15', total: 0 });
      expect(ancient.body.days).toHaveLength(15);
      expect((await get('/v1/usage?to=0000-06-01')).body).toEqual({ error: 'to: must be 0001-01-01 or later' });
    });
  });

  describe('operations', () => {
    it('serves OpenAPI 3.1 generated from the route schemas', async () => {
      const r = await get('/v1/openapi.json', null);
      expect(r.status).toBe(200);
      expect(r.body.openapi).toBe('3.1.0');
      for (const p of ['/v1/check', '/v1/check/bulk', '/v1/feedback', '/v1/model', '/v1/usage']) expect(r.body.paths[p]).toBeDefined();
      for (const p of ['/v1/openapi.json', '/healthz', '/readyz', '/metrics']) expect(r.body.paths[p].get.security).toEqual([]);
      expect(r.body.paths['/v1/check'].post).toBeDefined();
      expect(r.body.paths['/v1/check'].get).toBeDefined();
      expect(JSON.stringify(r.body.paths['/v1/check'].post.requestBody)).toContain('additionalProperties');
      // What the service answers is what the document declares: HEAD where taken, Retry-After on
      // 429/503, 431 for an over-long query, closed lists as enums, no ip/evidence in bulk.
      for (const p of ['/v1/openapi.json', '/healthz', '/readyz', '/metrics', '/v1/model', '/v1/usage']) expect(r.body.paths[p].head).toBeDefined();
      expect(r.body.paths['/v1/check'].head).toBeUndefined();
      for (const [path, ops] of Object.entries(r.body.paths as Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>)) {
        for (const op of Object.values(ops)) {
          // The sign-up hook answers an overloaded service with an allow (Supabase fails the sign-up on a 503).
          if (path === '/v1/hooks/supabase/{account}') expect(op.responses['503']).toBeUndefined();
          else expect(op.responses['503']?.headers).toHaveProperty('retry-after');
          if (op.responses['429']) expect(op.responses['429'].headers).toHaveProperty('retry-after');
          // Headers over 16 KiB are refused by the HTTP parser whatever the route.
          expect(op.responses['431'], path).toBeDefined();
        }
      }
      expect(r.body.paths['/v1/check'].get.responses['431']).toBeDefined();
      const model = r.body.paths['/v1/model'].get.responses['200'].content['application/json'].schema;
      expect(model.required).toEqual(expect.arrayContaining(['baseline', 'learned', 'learned_version', 'feedback_examples', 'recommendation']));
      const result = r.body.paths['/v1/check'].post.responses['200'].content['application/json'].schema;
      expect(result.properties.reasons.items.enum).toContain('work_domain');
      expect(result.properties.evidence.items.properties.signal.enum).toContain('custom_domain');
      const bulkItems = r.body.paths['/v1/check/bulk'].post.responses['200'].content['application/json'].schema.properties.results.items.anyOf;
      expect(bulkItems[0].properties.ip).toBeUndefined();
      expect(bulkItems[0].properties.evidence).toBeUndefined();
      expect(bulkItems[0].properties.check_id).toBeDefined();
    });

    it('healthz, readyz and Prometheus metrics', async () => {
      expect((await get('/healthz', null)).status).toBe(200);
      const ready = await get('/readyz', null);
      expect(ready.status).toBe(200);
      // The suite's servers run with MAILSIFT_FEEDS=off: each feed says so, not "not configured".
      expect(ready.body.checks.feeds.detail).toContain('aws: downloads off (MAILSIFT_FEEDS=off)');
      // ...and with no stored copy, the IP signals are absent: serving, but degraded, and it says so.
      expect(ready.body.status).toBe('degraded');
      expect(ready.body.checks.feeds).toMatchObject({ ok: false, required: false });
      expect(ready.body.checks.feeds.detail).not.toContain('not configured');
      const m = await call(s.url, 'GET', '/metrics', { key: null });
      expect(m.status).toBe(200);
      expect(m.text).toMatch(/^mailsift_process_cpu_seconds_total \d/m);
      expect(m.text).not.toContain('mailsift_process_process_');
      expect(m.text).toContain('mailsift_http_requests_total{method="POST",route="/v1/check",status="200"}');
      expect(m.text).toContain('mailsift_http_request_duration_seconds_bucket');
      expect(m.text).toMatch(/mailsift_checks_total\{verdict="(allow|review|block)",model="baseline"\} \d+/);
      expect(m.text).toMatch(/mailsift_events_written_total\{topic="checks.scored.v1"\} \d+/);
    });
  });
}
