/**
 * `npm run eval -- --service` end to end on a made-up labelled file (test/eval/fixtures: every
 * address invented): one fresh built server, the file sent through check-file's bulk path. Rows
 * no history touches must get exactly the in-process answers; a burst of 30 names at one
 * never-seen domain must show the service's history: from its 20th sign-up the domain's
 * signup_wave, which the in-process eval (each row alone) cannot give.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildJudgeTables, type JudgeTables } from '../../src/check/judge.ts';
import { judgeRow } from '../../src/eval/evaluate.ts';
import { parseLabelledJsonl, type LabelledRow } from '../../src/eval/labelled.ts';
import { formatServiceDiff } from '../../src/eval/report.ts';
import { answersFromService, readAnswers } from '../../src/eval/service.ts';
import type { RowAnswer } from '../../src/eval/service-diff.ts';
import { serviceEval } from '../../src/eval/service-eval.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'service-labelled.jsonl');
const BURST_DOMAIN = '@brackenfold-trading.com';
/** signup_wave's floor: the 20th sign-up at a domain within 10 minutes (README, recent_signups). */
const WAVE_FROM = 20;

let rows: LabelledRow[];
let answers: (RowAnswer | undefined)[];
let tables: JudgeTables;

beforeAll(async () => {
  rows = parseLabelledJsonl(readFileSync(FIXTURE, 'utf8'));
  tables = buildJudgeTables();
  answers = await answersFromService(FIXTURE);
}, 120_000);

const inBurst = (r: LabelledRow): boolean => r.email.endsWith(BURST_DOMAIN);
/** The service names work_domain only when DNS showed the domain takes mail (src/check/result.ts); DNS is off here. */
const shown = (reasons: readonly string[]): string[] => reasons.filter((c) => c !== 'work_domain');

describe('npm run eval -- --service', () => {
  it('answers every row, in file order', () => {
    expect(answers).toHaveLength(rows.length);
    expect(rows.filter((r) => inBurst(r))).toHaveLength(30);
  });

  it('rows no history touches: the in-process score, verdict and reasons, and the same report', () => {
    const quiet = rows.flatMap((r, i) => (inBurst(r) ? [] : [{ r, a: answers[i] }]));
    for (const { r, a } of quiet) {
      const want = judgeRow(r, tables, BASELINE_SCORECARD);
      expect({ kind: r.kind, answer: a && { ...a, reasons: shown(a.reasons) } }).toEqual({
        kind: r.kind,
        answer: want && { humanScore: want.humanScore, verdict: want.verdict, reasons: shown(want.reasons) },
      });
    }
    const e = serviceEval(quiet.map((q) => q.r), quiet.map((q) => q.a), tables, BASELINE_SCORECARD, true);
    expect(e.diff).toMatchObject({ scoreDiffers: 0, verdictDiffers: 0, invalidInEvalOnly: 0, invalidInServiceOnly: 0 });
    expect(e.service.invalid).toEqual({ human: 0, fake: 1 });
    expect(e.service.aucHumanScore).toBe(e.inProcess.aucHumanScore);
    expect(e.service.confusion).toEqual(e.inProcess.confusion);
    expect(e.service.perKind.map((k) => [k.name, k.verdicts])).toEqual(e.inProcess.perKind.map((k) => [k.name, k.verdicts]));
    expect(e.halves).toHaveLength(2);
  });

  it('a burst at one never-seen domain: alike up to the 19th, then signup_wave and a lower score, and the diff says so', () => {
    const burst = rows.flatMap((r, i) => (inBurst(r) ? [{ r, a: answers[i]!, want: judgeRow(r, tables, BASELINE_SCORECARD)! }] : []));
    burst.forEach(({ a, want }, k) => {
      const at = `sign-up ${k + 1} at the domain`;
      if (k + 1 < WAVE_FROM) {
        expect({ at, score: a.humanScore, wave: a.reasons.includes('signup_wave') }).toEqual({ at, score: want.humanScore, wave: false });
      } else {
        expect({ at, lower: a.humanScore < want.humanScore, wave: a.reasons.includes('signup_wave') }).toEqual({ at, lower: true, wave: true });
      }
    });
    const e = serviceEval(rows, answers, tables, BASELINE_SCORECARD, false);
    const late = burst.length - WAVE_FROM + 1;
    expect(e.diff.scoreDiffers).toBe(late);
    expect(e.diff.meanScoreShift).toBeLessThan(0);
    expect(e.diff.reasonsAnyRow.find((c) => c.code === 'signup_wave')).toEqual({ code: 'signup_wave', gained: late, lost: 0 });
    // Only the burst's fakes can move, and only towards review or block.
    const stricter = new Set(['allow -> review', 'allow -> block', 'review -> block']);
    expect(e.diff.verdictMoves.every((m) => m.label === 'fake' && stricter.has(m.move))).toBe(true);
    const burstKind = (r: typeof e.service) => r.perKind.find((k) => k.name === 'burst')!.verdicts.fake;
    expect(burstKind(e.service).allow).toBe(burstKind(e.inProcess).allow - e.diff.verdictDiffers);
    expect(formatServiceDiff(e)).toContain(`signup_wave +${late}/-0`);
  });

  it('reads check-file\'s output: an error entry is an invalid row; a row without a result stops the run', () => {
    const ok = JSON.stringify({ email: 'made@up.example', human_score: 71, verdict: 'allow', reasons: 'natural_name;long_local_part', error: null });
    const bad = JSON.stringify({ email: 'broken@', human_score: null, verdict: null, reasons: null, error: 'email: must contain one @' });
    expect(readAnswers(`${ok}\n${bad}\n`)).toEqual([{ humanScore: 71, verdict: 'allow', reasons: ['natural_name', 'long_local_part'] }, undefined]);
    expect(() => readAnswers(`${JSON.stringify({ email: 'x@y.example', error: null })}\n`)).toThrow(/line 1: no human_score/);
  });

  it('a server that cannot start is an error, not an empty report', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'mailsift-no-build-'));
    try {
      await expect(answersFromService(FIXTURE, empty)).rejects.toThrow(/the server did not start/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
