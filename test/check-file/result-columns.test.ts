import { describe, expect, it } from 'vitest';
import { csvCells, errorValues, RESULT_COLUMNS, resultValues } from '../../src/check-file/result-columns.ts';

describe('result columns', () => {
  it('are the contract columns, in its order', () => {
    expect(RESULT_COLUMNS).toEqual(['human_score', 'verdict', 'reasons', 'canonical', 'did_you_mean', 'account_type', 'check_id', 'error']);
  });

  it('a result: reasons ;-joined, absent fields empty in CSV and null in JSON', () => {
    const v = resultValues({ human_score: 12, verdict: 'block', reasons: ['disposable_domain', 'random_local_part'], canonical: 'a@b.io', account_type: 'disposable', check_id: 'chk_x' });
    expect(v).toEqual({ human_score: 12, verdict: 'block', reasons: 'disposable_domain;random_local_part', canonical: 'a@b.io', did_you_mean: null, account_type: 'disposable', check_id: 'chk_x', error: null });
    expect(csvCells(v)).toEqual(['12', 'block', 'disposable_domain;random_local_part', 'a@b.io', '', 'disposable', 'chk_x', '']);
  });

  it('a score of 0 is written, not taken for absent', () => {
    expect(csvCells(resultValues({ human_score: 0, verdict: 'block', reasons: [] }))[0]).toBe('0');
  });

  it('an error entry fills only error', () => {
    expect(csvCells(errorValues('email: must contain @'))).toEqual(['', '', '', '', '', '', '', 'email: must contain @']);
  });
});
