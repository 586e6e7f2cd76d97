import { describe, expect, it } from 'vitest';
import { serviceDiff, type RowAnswer } from '../../src/eval/service-diff.ts';

const answer = (humanScore: number, verdict: RowAnswer['verdict'], ...reasons: string[]): RowAnswer => ({ humanScore, verdict, reasons });

describe('serviceDiff', () => {
  it('counts rows alike, score shifts, reason-only changes, invalid on one side and verdict moves per label', () => {
    const labels = ['human', 'fake', 'fake', 'human', 'fake', 'human', 'fake'] as const;
    const inProcess = [
      answer(90, 'allow', 'natural_name'),
      answer(70, 'allow', 'natural_name', 'work_domain'),
      answer(70, 'allow', 'work_domain'),
      undefined,
      answer(40, 'review', 'random_string'),
      answer(62, 'allow', 'natural_name'),
      undefined,
    ];
    const service = [
      answer(90, 'allow', 'natural_name'),
      answer(70, 'allow', 'natural_name'),
      answer(55, 'review', 'signup_wave'),
      undefined,
      undefined,
      answer(58, 'review', 'natural_name', 'signup_wave'),
      answer(20, 'block', 'random_string'),
    ];
    const d = serviceDiff(labels, inProcess, service);
    expect(d).toMatchObject({
      rows: 7,
      same: 2,
      scoreDiffers: 2,
      meanScoreShift: (55 - 70 + (58 - 62)) / 2,
      reasonsOnly: 1,
      verdictDiffers: 2,
      invalidInEvalOnly: 1,
      invalidInServiceOnly: 1,
    });
    expect(d.verdictMoves).toEqual([
      { label: 'fake', move: 'allow -> review', rows: 1 },
      { label: 'human', move: 'allow -> review', rows: 1 },
    ]);
    // Codes on the two rows whose verdict moved; work_domain's loss on the reason-only row counts only in the any-row list.
    expect(d.reasons).toEqual([
      { code: 'signup_wave', gained: 2, lost: 0 },
      { code: 'work_domain', gained: 0, lost: 1 },
    ]);
    expect(d.reasonsAnyRow).toEqual([
      { code: 'signup_wave', gained: 2, lost: 0 },
      { code: 'work_domain', gained: 0, lost: 2 },
    ]);
  });

  it('which signal moved whom: per signal and label, from the evidence both sides gave', () => {
    const ev = (...items: [string, number][]) => items.map(([signal, impact]) => ({ signal, impact }));
    const inProcess: RowAnswer[] = [
      { ...answer(70, 'allow', 'natural_name'), evidence: ev(['name_score', 1.2]) },
      { ...answer(65, 'allow', 'natural_name'), evidence: ev(['name_score', 1.0]) },
      { ...answer(40, 'review', 'random_string'), evidence: ev(['ngram_surprise', -1.5]) },
      answer(80, 'allow'),
    ];
    const service: RowAnswer[] = [
      { ...answer(55, 'review', 'signup_wave'), evidence: ev(['name_score', 1.2], ['signup_wave', -1.0]) },
      { ...answer(61, 'allow', 'natural_name'), evidence: ev(['name_score', 1.0], ['signup_wave', -0.2], ['domain_pattern_match', 0.1]) },
      { ...answer(20, 'block', 'ip_burst'), evidence: ev(['ngram_surprise', -1.5], ['ip_burst', -1.4]) },
      // No evidence on one side (a bulk answer): no signal counted for this row.
      answer(50, 'review', 'signup_wave'),
    ];
    const d = serviceDiff(['human', 'human', 'fake', 'human'], inProcess, service);
    expect(d.signals).toEqual([
      { signal: 'signup_wave', label: 'human', rows: 2, meanImpactShift: -0.6, verdictMoves: 1 },
      { signal: 'domain_pattern_match', label: 'human', rows: 1, meanImpactShift: 0.1, verdictMoves: 0 },
      { signal: 'ip_burst', label: 'fake', rows: 1, meanImpactShift: -1.4, verdictMoves: 1 },
    ]);
  });

  it('finds nothing when both sides answer alike', () => {
    const rows = [answer(80, 'allow', 'natural_name'), undefined];
    const d = serviceDiff(['human', 'fake'], rows, rows);
    expect(d).toMatchObject({ same: 2, scoreDiffers: 0, meanScoreShift: 0, reasonsOnly: 0, verdictDiffers: 0, reasons: [], reasonsAnyRow: [], signals: [] });
  });

  it('refuses sides of another length than the rows', () => {
    expect(() => serviceDiff(['human'], [], [undefined])).toThrow(/one answer per row/);
  });
});
