/**
 * `npm run eval -- --service` end to end on a made-up labelled file (test/eval/fixtures: every
 * address invented): one fresh built server, the file sent through check-file's bulk path. Rows
 * no history touches must get exactly the in-process answers; a burst of 30 names at one
 * never-seen domain, all in the file's one bulk request, must too: a request's own inboxes
 * make no signup_wave (feature version 12).
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

  it('a burst of 30 at one never-seen domain inside one bulk request: a request\'s own inboxes make no signup_wave, so every row scores as in process', () => {
    // Feature version 12 (d676ccc): signup_wave leaves out a bulk request's own other inboxes at
    // the domain; check-file sends 1,000 addresses per request, so a list's own burst shows only
    // across requests. This file is one request: the diff must find no score or verdict moved.
    const burst = rows.flatMap((r, i) => (inBurst(r) ? [{ r, a: answers[i]!, want: judgeRow(r, tables, BASELINE_SCORECARD)! }] : []));
    burst.forEach(({ a, want }, k) => {
      const at = `sign-up ${k + 1} at the domain`;
      expect({ at, score: a.humanScore, wave: a.reasons.includes('signup_wave') }).toEqual({ at, score: want.humanScore, wave: false });
    });
    const e = serviceEval(rows, answers, tables, BASELINE_SCORECARD, false);
    expect(e.diff).toMatchObject({ scoreDiffers: 0, verdictDiffers: 0 });
    expect(e.diff.reasonsAnyRow.map((c) => c.code)).toEqual(['work_domain']);
    expect(e.service.perKind.map((k) => [k.name, k.verdicts])).toEqual(e.inProcess.perKind.map((k) => [k.name, k.verdicts]));
    expect(formatServiceDiff(e)).toContain('another verdict: 0 rows');
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
