/**
 * `npm run eval -- --service --single` end to end on a made-up labelled file (test/eval/fixtures:
 * every address invented): one POST /v1/check per row against a fresh built server. Unlike the
 * bulk path, single checks are sign-ups arriving: 30 new inboxes at one never-seen domain within
 * minutes are a signup_wave from the 20th on, and one IP sending every check is an ip_burst from
 * its 3rd until its checks span 8 registrable domains (a shared gateway). Rows no history touches
 * answer exactly as in process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildJudgeTables, type JudgeTables } from '../../src/check/judge.ts';
import { judgeRow } from '../../src/eval/evaluate.ts';
import { parseLabelledJsonl, type LabelledRow } from '../../src/eval/labelled.ts';
import { formatServiceDiff } from '../../src/eval/report.ts';
import { replayPlan } from '../../src/eval/replay-plan.ts';
import type { RowAnswer } from '../../src/eval/service-diff.ts';
import { serviceEval } from '../../src/eval/service-eval.ts';
import { answersFromSingleChecks, readCheckAnswer } from '../../src/eval/service-single.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { localPartSignals } from '../../src/signals/local-part.ts';
import { domainCategory } from '../../src/streams/aggregations/ip-signups-1h.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'service-labelled.jsonl');
const BURST_DOMAIN = '@brackenfold-trading.com';
/** A public address (no private or reserved range), as a judge's machine would have. */
const JUDGE_IP = '81.2.69.160';

let rows: LabelledRow[];
let tables: JudgeTables;
let noIp: (RowAnswer | undefined)[];
let oneIp: (RowAnswer | undefined)[];

beforeAll(async () => {
  rows = parseLabelledJsonl(readFileSync(FIXTURE, 'utf8'));
  tables = buildJudgeTables();
  const plan = replayPlan(rows, 'file', 1, 1, (l) => localPartSignals(l, tables.names).shape);
  // One in flight: each check sees exactly the ones before it.
  noIp = await answersFromSingleChecks(rows.length, plan, { concurrency: 1 });
  oneIp = await answersFromSingleChecks(rows.length, plan, { concurrency: 1, ip: JUDGE_IP });
}, 180_000);

const inBurst = (r: LabelledRow): boolean => r.email.endsWith(BURST_DOMAIN);
const has = (a: RowAnswer | undefined, signal: string): boolean => a?.evidence?.some((e) => e.signal === signal) ?? false;

describe('npm run eval -- --service --single', () => {
  it('rows no history touches, sent with no IP: the in-process score and verdict', () => {
    expect(noIp).toHaveLength(rows.length);
    rows.forEach((r, i) => {
      if (inBurst(r)) return;
      const want = judgeRow(r, tables, BASELINE_SCORECARD);
      expect({ kind: r.kind, answer: noIp[i] && [noIp[i]!.humanScore, noIp[i]!.verdict] }).toEqual({ kind: r.kind, answer: want && [want.humanScore, want.verdict] });
    });
    expect(noIp.filter((a) => a === undefined)).toHaveLength(1);
  });

  it('30 new inboxes at one never-seen domain, one check each: a signup_wave from the 20th on, which the diff names', () => {
    const burst = rows.flatMap((r, i) => (inBurst(r) ? [noIp[i]] : []));
    expect(burst.map((a, k) => [k + 1, has(a, 'signup_wave')])).toEqual(burst.map((_, k) => [k + 1, k + 1 >= 20]));
    const e = serviceEval(rows, noIp, tables, BASELINE_SCORECARD, false);
    expect(e.diff.signals).toEqual([expect.objectContaining({ signal: 'signup_wave', label: 'fake', rows: 11 })]);
    expect(e.diff.signals[0]!.meanImpactShift).toBeLessThan(0);
    expect(formatServiceDiff(e)).toMatch(/signup_wave +fake +11 +-/);
  });

  it("one fixed IP for every check (a judge's machine): ip_burst from its 3rd check on, until the IP's checks span 8 registrable domains (a gateway)", () => {
    // The registrable domains' categories of the valid checks so far (all within 10 minutes), this one's included.
    const seen = new Set<number>();
    const spread = rows.map((r) => {
      if (r.email !== 'broken@') seen.add(domainCategory(r.email.slice(r.email.indexOf('@') + 1)));
      return seen.size;
    });
    const burst = oneIp.map((a, i) => [i + 1, a === undefined ? 'invalid' : has(a, 'ip_burst')]);
    expect(burst).toEqual(rows.map((r, i) => [i + 1, r.email === 'broken@' ? 'invalid' : i + 1 >= 3 && spread[i]! < 8]));
    // The fixture reaches 8 domains, so the burst stops: some checks carry it, later ones do not.
    expect(burst.some(([, b]) => b === true) && burst.slice(-5).every(([, b]) => b !== true)).toBe(true);
    const e = serviceEval(rows, oneIp, tables, BASELINE_SCORECARD, false);
    expect(e.diff.signals.find((s) => s.signal === 'ip_burst' && s.label === 'human')?.rows).toBe(rows.filter((r, i) => r.label === 'human' && i >= 2 && spread[i]! < 8).length);
  });

  it('reads an answer\'s score, verdict, reasons and evidence; one without them stops the run', () => {
    const ok = { human_score: 71, verdict: 'allow', reasons: ['natural_name'], evidence: [{ signal: 'name_score', value: 1, impact: 1.25 }], check_id: 'chk_x' };
    expect(readCheckAnswer(ok)).toEqual({ humanScore: 71, verdict: 'allow', reasons: ['natural_name'], evidence: [{ signal: 'name_score', impact: 1.25 }] });
    expect(() => readCheckAnswer({ ...ok, evidence: undefined })).toThrow(/without human_score, verdict, reasons and evidence/);
    expect(() => readCheckAnswer({ ...ok, verdict: 'maybe' })).toThrow(/without human_score/);
    expect(() => readCheckAnswer({ ...ok, evidence: [{ signal: 'name_score' }] })).toThrow(/evidence item/);
  });

  it('refuses a concurrency that is no whole number from 1', async () => {
    await expect(answersFromSingleChecks(1, { checks: [], copies: 0, copiesSameShape: 0 }, { concurrency: 0 })).rejects.toThrow(/concurrency/);
  });
});
