/**
 * GET /v1/stats against the real built service over HTTP: what two accounts' checks and
 * outcomes add up to, per account and never across; ranges and bad input. `launch` gives the
 * URL checks and feedback are sent to and the URL stats are read from (in Kafka mode another
 * API instance, whose figures come from its changelog replica).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliResult } from '../helpers/cli.ts';
import { call, KEYS } from '../helpers/server.ts';

export interface StatsTarget {
  writeUrl: string;
  readUrl: string;
  /** `mailsift <args>` in the service's environment (keys are created on the running service). */
  cli(args: readonly string[]): Promise<CliResult>;
  stop(): Promise<unknown>;
}

interface Day {
  date: string;
  checks: { allow: number; review: number; block: number };
  outcomes: { real: number; fake: number };
  reasons: Record<string, number>;
  models: Record<string, { accuracy: number; log_loss: number; recent_log_loss: number }>;
  models_published: unknown[];
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** Polls until `ok` holds for the answer (the state materialises a commit after the events), or returns the last answer. */
async function settle<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let v = await read();
  while (!ok(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
}

export function statsSuite(launch: () => Promise<StatsTarget>): void {
  let s: StatsTarget;
  beforeAll(async () => {
    s = await launch();
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
  });

  const post = (path: string, body: unknown, key = KEYS.acme) => call(s.writeUrl, 'POST', path, { body, key });
  const stats = (query = '', key = KEYS.acme) => call(s.readUrl, 'GET', `/v1/stats${query}`, { key });

  describe('GET /v1/stats', () => {
    it("counts each account's own checks by verdict and reason, its outcomes and models per day, and its waves; never another account's", async () => {
      // acme: a wave of new inboxes at one domain (bulk, then one more single check: a request's
      // own addresses make no wave, the next check meets it), single checks, and outcomes for some of them.
      const wave = Array.from({ length: 26 }, (_, i) => `${['kx', 'qz', 'vb', 'wy'][i % 4]}${i}h${(i * 7) % 10}@stats-wave-shop.com`);
      const bulk = await post('/v1/check/bulk', { emails: wave.slice(0, 25) });
      expect(bulk.status).toBe(200);
      const singles = [];
      for (const email of ['maria.lopez@gmail.com', 'x7kq2vz9@mailinator.com', 'info@stats-company.com', 'j.smith@outlook.com', wave[25]!]) {
        const r = await post('/v1/check', { email });
        expect(r.status).toBe(200);
        singles.push(r.body);
      }
      const acmeResults = [...bulk.body.results, ...singles] as { verdict: 'allow' | 'review' | 'block'; reasons: string[]; check_id: string }[];
      for (const [i, outcome] of (['real', 'fake', 'fake'] as const).entries()) expect((await post('/v1/feedback', { check_id: singles[i].check_id, outcome })).status).toBe(202);
      // globex: checks of its own, nothing at acme's wave domain, one outcome.
      const globex = [];
      for (const email of ['anna.berg@yahoo.com', 'admin@globex-stats.com']) globex.push((await post('/v1/check', { email }, KEYS.globex)).body);
      expect((await post('/v1/feedback', { check_id: globex[0].check_id, outcome: 'real' }, KEYS.globex)).status).toBe(202);

      const expected = (results: { verdict: string; reasons: string[] }[]) => {
        const checks = { allow: 0, review: 0, block: 0 } as Record<string, number>;
        const reasons: Record<string, number> = {};
        for (const r of results) {
          checks[r.verdict]!++;
          for (const code of r.reasons) reasons[code] = (reasons[code] ?? 0) + 1;
        }
        return { checks, reasons };
      };
      const todayOf = (body: { days: Day[] }): Day => body.days.find((d) => d.date === today())!;

      const want = expected(acmeResults);
      expect(want.reasons.signup_wave).toBeGreaterThan(0); // the wave was seen as one
      const a = await settle(
        () => stats(),
        (r) => r.status === 200 && todayOf(r.body).outcomes.real + todayOf(r.body).outcomes.fake === 3 && r.body.waves.length > 0 && JSON.stringify(todayOf(r.body).checks) === JSON.stringify(want.checks),
      );
      expect(a.status).toBe(200);
      expect(a.body.account).toBe('acme');
      expect(a.body.days).toHaveLength(30);
      expect(a.body.to).toBe(today());
      const day = todayOf(a.body);
      expect(day.checks).toEqual(want.checks);
      expect(day.reasons).toEqual(want.reasons);
      expect(day.outcomes).toEqual({ real: 1, fake: 2 });
      expect(Object.keys(day.models)).toEqual(['baseline']); // no learned model exists
      for (const k of ['accuracy', 'log_loss', 'recent_log_loss']) expect(typeof day.models.baseline![k as 'accuracy']).toBe('number');
      expect(a.body.waves).toEqual([{ domain: 'stats-wave-shop.com', recent_signups: 26 }]);
      for (const d of a.body.days as Day[]) {
        if (d.date === today()) continue;
        expect(d).toEqual({ date: d.date, checks: { allow: 0, review: 0, block: 0 }, outcomes: { real: 0, fake: 0 }, reasons: {}, models: {}, models_published: [] });
      }
      expect((a.body.days as Day[]).map((d) => d.date)).toEqual([...(a.body.days as Day[]).map((d) => d.date)].sort());

      const wantGlobex = expected(globex);
      const g = await settle(
        () => stats('', KEYS.globex),
        (r) => r.status === 200 && todayOf(r.body).outcomes.real === 1,
      );
      expect(g.body.account).toBe('globex');
      expect(todayOf(g.body)).toMatchObject({ checks: wantGlobex.checks, reasons: wantGlobex.reasons, outcomes: { real: 1, fake: 0 } });
      expect(g.body.waves).toEqual([]);
      expect(JSON.stringify(g.body)).not.toContain('stats-wave-shop.com');
    });

    it('lists every day of a range, both ends included, at most 92; bad input is a 400 naming the parameter', async () => {
      const r = await stats('?from=2026-01-01&to=2026-04-02');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ account: 'acme', from: '2026-01-01', to: '2026-04-02' });
      expect(r.body.days).toHaveLength(92);
      expect(r.body.days[0].date).toBe('2026-01-01');
      expect(r.body.days[91].date).toBe('2026-04-02');
      const one = await stats(`?from=${today()}&to=${today()}`);
      expect(one.body.days.map((d: Day) => d.date)).toEqual([today()]);
      expect((await stats('?from=1969-12-31&to=1970-01-01')).body.days).toHaveLength(2);

      const bad: [string, string][] = [
        ['?from=2026-01-01&to=2026-04-03', 'to: at most 92 days per request (from 2026-01-01 to 2026-04-03 is 93)'],
        ['?from=2026-05-02&to=2026-05-01', 'from: must not be after to'],
        ['?from=2026-02-30', 'from: must be a calendar date YYYY-MM-DD'],
        ['?to=2026-13-01', 'to: must be a calendar date YYYY-MM-DD'],
        ['?from=20261101', 'from: must be a date as YYYY-MM-DD'],
        ['?to=yesterday', 'to: must be a date as YYYY-MM-DD'],
        ['?account=globex', 'account: is not allowed (unknown query parameter)'],
        ['?from=2026-01-01&from=2026-01-02', 'from: must be given once'],
      ];
      for (const [q, error] of bad) {
        const x = await stats(q);
        expect([x.status, x.body], q).toEqual([400, { error }]);
      }
      expect((await stats('?from=2020-01-01')).body.error).toMatch(/^from: at most 92 days per request/);
    });

    it('needs the read scope: a key without it gets 403 naming the scope; a read-only key gets its account\'s figures', async () => {
      const create = async (scopes: string) => {
        const r = await s.cli(['keys', 'create', '--account', 'acme', '--scopes', scopes]);
        expect(r.code, r.stderr).toBe(0);
        return r.stdout.trimEnd().split('\n').at(-1)!;
      };
      const [checkOnly, readOnly] = [await create('check,feedback'), await create('read')];
      const refused = await settle(() => stats('', checkOnly), (r) => r.status === 403, 5_000);
      expect([refused.status, refused.body]).toEqual([403, { error: 'scope: this API key does not have the "read" scope this operation needs' }]);
      const allowed = await settle(() => stats('', readOnly), (r) => r.status === 200, 5_000);
      expect(allowed.status).toBe(200);
      expect(allowed.body.account).toBe('acme');
      const doc = (await call(s.readUrl, 'GET', '/v1/openapi.json', { key: null })).body;
      expect(doc.paths['/v1/stats'].get.security).toEqual([{ bearer: ['read'] }]);
    });

    it('needs a valid key; answers HEAD; is in the OpenAPI document', async () => {
      expect((await call(s.readUrl, 'GET', '/v1/stats', { key: null })).status).toBe(401);
      expect((await call(s.readUrl, 'GET', '/v1/stats', { key: 'not-a-key-0123456789' })).status).toBe(401);
      const head = await call(s.readUrl, 'HEAD', '/v1/stats');
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      const doc = (await call(s.readUrl, 'GET', '/v1/openapi.json', { key: null })).body;
      const op = doc.paths['/v1/stats'].get;
      expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['from', 'to']);
      const day = op.responses['200'].content['application/json'].schema.properties.days.items;
      expect(Object.keys(day.properties).sort()).toEqual(['checks', 'date', 'models', 'models_published', 'outcomes', 'reasons']);
    });
  });
}
