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

  it('finds nothing when both sides answer alike', () => {
    const rows = [answer(80, 'allow', 'natural_name'), undefined];
    const d = serviceDiff(['human', 'fake'], rows, rows);
    expect(d).toMatchObject({ same: 2, scoreDiffers: 0, meanScoreShift: 0, reasonsOnly: 0, verdictDiffers: 0, reasons: [], reasonsAnyRow: [] });
  });

  it('refuses sides of another length than the rows', () => {
    expect(() => serviceDiff(['human'], [], [undefined])).toThrow(/one answer per row/);
  });
});
