/**
 * Issue 21, item 1, end to end on the real server (embedded mode): account B reports about
 * 1,100 outcomes, nearly all `fake` on natural-name gmail.com addresses; account A has 10 (and
 * a third customer, C, a dozen ordinary ones at gmail.com, so that gmail.com has the two other
 * reporters a `domain_fake_rate` needs). After the next fit, A's ordinary natural-name
 * gmail.com address must score as the baseline scored it before the flood (within 5 points),
 * gmail.com must carry no `domain_fake_rate`, and /v1/model must tell A no more of the others'
 * outcomes than their count. (Before the fix: 91 before the flood, 6 after, served learned-v2.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, reportAll, retrain as retrainWith, waitForExamples as waitFor } from '../helpers/outcome-scenario.ts';
import { startServer } from '../helpers/server.ts';

const A = 'a-customer-key-0123456789';
const B = 'b-customer-key-0123456789';
const C = 'c-customer-key-0123456789';
const ENV = { MAILSIFT_API_KEYS: `${A}=account-a,${B}=account-b,${C}=account-c`, MAILSIFT_RATE_LIMIT_RPS: '100000', MAILSIFT_RATE_LIMIT_BURST: '100000' };

// Made-up names (never addresses from the eval set): 36 x 36 pairs, two spellings each.
const FIRST = ['maria', 'james', 'sofia', 'daniel', 'laura', 'peter', 'elena', 'thomas', 'julia', 'marco', 'nina', 'oliver', 'clara', 'lukas', 'emma', 'pablo', 'irene', 'simon', 'hannah', 'victor', 'alice', 'felix', 'rosa', 'adam', 'lena', 'oscar', 'paula', 'henry', 'vera', 'david', 'ines', 'karl', 'mila', 'hugo', 'eva', 'leon'];
const LAST = ['smith', 'garcia', 'novak', 'rossi', 'berg', 'keller', 'moreau', 'silva', 'jansen', 'costa', 'weber', 'dumas', 'lindqvist', 'romero', 'fischer', 'bianchi', 'olsen', 'martin', 'kraus', 'ferreira', 'holm', 'bauer', 'leroy', 'santos', 'meyer', 'ricci', 'nilsen', 'duval', 'torres', 'wolf', 'marino', 'lund', 'vogel', 'ramos', 'haas', 'conti'];
const FLOOD = 1100;
const floodAddress = (i: number): string => {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  return i < FIRST.length * LAST.length ? `${first}.${last}@gmail.com` : `${first}${last}@gmail.com`;
};
/** A's ordinary natural-name gmail.com address: not one of B's. */
const ORDINARY = 'marta.kowalczyk@gmail.com';
/** A's ten checks with outcomes: five people, five generated strings, at assorted providers. */
const A_OUTCOMES: [string, 'real' | 'fake'][] = [
  ['tomas.herrera@gmail.com', 'real'], ['ana.lindgren@outlook.com', 'real'], ['jonas.petrov@yahoo.com', 'real'], ['lucia.marin@gmail.com', 'real'], ['erik.varga@hotmail.com', 'real'],
  ['xk7qz0vwpl@gmail.com', 'fake'], ['qq9zt4mbvx@outlook.com', 'fake'], ['zt0pkx8wq3@yahoo.com', 'fake'], ['vbq7xz2kwm@gmail.com', 'fake'], ['pwz8kq0xtv@hotmail.com', 'fake'],
];
/** C's dozen at gmail.com: eight people, four generated strings. */
const C_OUTCOMES: [string, 'real' | 'fake'][] = [
  ...['rita.okoye', 'samuel.brandt', 'yara.haddad', 'igor.sokolov', 'freya.nyberg', 'mateus.pinto', 'keiko.arai', 'omar.farouk'].map((n): [string, 'real'] => [`${n}@gmail.com`, 'real']),
  ...['zq8xk2wvtp', 'kx0qz7pwmv', 'wv3zq9xktp', 'tp7xkq0zwv'].map((n): [string, 'fake'] => [`${n}@gmail.com`, 'fake']),
];

const retrain = (dir: string): string => retrainWith(dir, ENV);
const waitForExamples = (url: string, n: number): Promise<void> => waitFor(url, A, n);

describe('one customer cannot poison what another is served (issue 21)', () => {
  it("B's flood of fakes on natural-name gmail addresses leaves A's ordinary gmail address at the baseline's score", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-fairness-'));
    try {
      // Phase 1: on a fresh service, A's address as the baseline scores it; B and A check and report a first part.
      let s = await startServer(ENV, dir);
      const flood = Array.from({ length: FLOOD }, (_, i) => ({ email: floodAddress(i), outcome: i % 12 === 5 ? 'real' : 'fake' }));
      const ids: string[] = [];
      let fresh: { human_score: number; domain_fake_rate?: number };
      try {
        fresh = (await call(s.url, 'POST', '/v1/check', { key: A, body: { email: ORDINARY } })).body;
        for (let i = 0; i < FLOOD; i += 1000) {
          const bulk = await call(s.url, 'POST', '/v1/check/bulk', { key: B, body: { emails: flood.slice(i, i + 1000).map((f) => f.email) } });
          expect(bulk.status).toBe(200);
          ids.push(...bulk.body.results.map((r: { check_id: string }) => r.check_id));
        }
        const mine = await call(s.url, 'POST', '/v1/check/bulk', { key: A, body: { emails: A_OUTCOMES.map(([e]) => e) } });
        await reportAll(s.url, A, mine.body.results.map((r: { check_id: string }, i: number) => ({ check_id: r.check_id, outcome: A_OUTCOMES[i]![1] })));
        await reportAll(s.url, B, flood.slice(0, 300).map((f, i) => ({ check_id: ids[i]!, outcome: f.outcome })));
        await waitForExamples(s.url, 310);
      } finally {
        expect(await s.stop()).toBe(0);
      }
      expect(retrain(dir)).toMatch(/published learned model v1: 310 examples/);

      // Phase 2: the rest of B's flood, each outcome scored by v1 as it is reported; then the next fit.
      s = await startServer(ENV, dir);
      try {
        await reportAll(s.url, B, flood.slice(300).map((f, i) => ({ check_id: ids[300 + i]!, outcome: f.outcome })));
        const theirs = await call(s.url, 'POST', '/v1/check/bulk', { key: C, body: { emails: C_OUTCOMES.map(([e]) => e) } });
        await reportAll(s.url, C, theirs.body.results.map((r: { check_id: string }, i: number) => ({ check_id: r.check_id, outcome: C_OUTCOMES[i]![1] })));
        await waitForExamples(s.url, FLOOD + 22);
      } finally {
        expect(await s.stop()).toBe(0);
      }
      const second = retrain(dir);
      expect(second).toMatch(/published learned model v\d+: 1122 examples/);
      // B's outcomes weigh a third of the shared model at most: B gets a personal model of its own.
      expect(second).toMatch(/published personal model of account-b v\d+: 1100 examples/);

      // What A is served now (auto), and what the baseline makes of the same check (mode off, same state).
      s = await startServer(ENV, dir);
      let served: { human_score: number; model: string; domain_fake_rate?: number };
      try {
        served = (await call(s.url, 'POST', '/v1/check', { key: A, body: { email: ORDINARY } })).body;
        const model = (await call(s.url, 'GET', '/v1/model', { key: A })).body;
        expect(model).toMatchObject({ feedback_examples: FLOOD + 22, customers: 3 });
        // The shared versions hold about 105 real people, 92 of them B's and weighted down: too
        // few for the verdict guard to vouch for any block threshold, so each is held back and A
        // is served the baseline (as is B: its personal model's 92 are too few as well).
        expect(model).toMatchObject({ serving: 'baseline', learned_version: 0 });
        expect(model.recommendation).toMatch(/Learned model v\d+ was held back: its held-out outcomes held too few known real people to show/);
        // Of B's outcomes, A is told their count only: no real/fake split of them, nor how many real people the shared model held.
        expect(model.recommendation.replace('(5 real, 5 fake)', '')).not.toMatch(/\d+ (real|fake)/);
        expect(model.recommendation).not.toMatch(/real people \(\d/);
      } finally {
        expect(await s.stop()).toBe(0);
      }
      s = await startServer({ ...ENV, MAILSIFT_MODEL_MODE: 'off' }, dir);
      let baseline: { human_score: number; model: string };
      try {
        baseline = (await call(s.url, 'POST', '/v1/check', { key: A, body: { email: ORDINARY } })).body;
      } finally {
        expect(await s.stop()).toBe(0);
      }
      expect(baseline.model).toBe('baseline');
      expect(Math.abs(served.human_score - baseline.human_score)).toBeLessThanOrEqual(5);
      // Nor did B's flood move the baseline's own view of gmail.com: no fake rate there.
      expect(served.domain_fake_rate).toBeUndefined();
      expect(Math.abs(baseline.human_score - fresh.human_score)).toBeLessThanOrEqual(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
