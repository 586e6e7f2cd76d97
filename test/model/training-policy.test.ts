import { describe, expect, it } from 'vitest';
import {
  MIN_EXAMPLES_PER_CLASS,
  MIN_TRAINING_EXAMPLES,
  NEW_EXAMPLES_FOR_RETRAIN,
  personalTrainingDue,
  trainingDue,
} from '../../src/model/training-policy.ts';

// Enough of everything: each case below breaks exactly one rule.
const enough = { humans: MIN_TRAINING_EXAMPLES, fakes: MIN_TRAINING_EXAMPLES, newSinceModel: NEW_EXAMPLES_FOR_RETRAIN };

describe('trainingDue', () => {
  it('is due when every threshold is met exactly', () => {
    const half = MIN_TRAINING_EXAMPLES / 2;
    expect(trainingDue({ humans: half, fakes: half, newSinceModel: NEW_EXAMPLES_FOR_RETRAIN })).toEqual({ due: true });
    expect(trainingDue(enough)).toEqual({ due: true });
  });

  it.each([
    {
      rule: 'too few examples in all',
      s: { ...enough, humans: 100, fakes: MIN_TRAINING_EXAMPLES - 101 },
      why: `${MIN_TRAINING_EXAMPLES - 1} labelled examples, ${MIN_TRAINING_EXAMPLES} needed`,
    },
    {
      rule: 'too few real people',
      s: { ...enough, humans: MIN_EXAMPLES_PER_CLASS - 1 },
      why: `${MIN_EXAMPLES_PER_CLASS - 1} real-person outcomes, ${MIN_EXAMPLES_PER_CLASS} needed`,
    },
    {
      rule: 'too few fakes',
      s: { ...enough, fakes: MIN_EXAMPLES_PER_CLASS - 1 },
      why: `${MIN_EXAMPLES_PER_CLASS - 1} fake outcomes, ${MIN_EXAMPLES_PER_CLASS} needed`,
    },
    {
      rule: 'too few outcomes since the current version',
      s: { ...enough, newSinceModel: NEW_EXAMPLES_FOR_RETRAIN - 1 },
      why: `${NEW_EXAMPLES_FOR_RETRAIN - 1} outcomes since the current version, ${NEW_EXAMPLES_FOR_RETRAIN} needed for the next`,
    },
  ])('refuses with $rule', ({ s, why }) => {
    expect(trainingDue(s)).toEqual({ due: false, why });
  });

  it('reports the total rule first when several fail', () => {
    const d = trainingDue({ humans: 0, fakes: 5, newSinceModel: 0 });
    expect(d).toEqual({ due: false, why: `5 labelled examples, ${MIN_TRAINING_EXAMPLES} needed` });
  });

  it('force skips only the new-examples rule', () => {
    expect(trainingDue({ ...enough, newSinceModel: 0 }, true)).toEqual({ due: true });
    // The data-sufficiency rules still hold under force.
    expect(trainingDue({ ...enough, humans: 0, fakes: MIN_TRAINING_EXAMPLES }, true)).toMatchObject({ due: false, why: expect.stringMatching(/real-person/) });
    expect(trainingDue({ ...enough, fakes: MIN_EXAMPLES_PER_CLASS - 1 }, true)).toMatchObject({ due: false, why: expect.stringMatching(/fake outcomes/) });
    expect(trainingDue({ humans: 10, fakes: 10, newSinceModel: 1000 }, true)).toMatchObject({ due: false, why: expect.stringMatching(/labelled examples/) });
  });

  describe('personal models', () => {
    const base = { humans: 25, fakes: 25, newSinceModel: 50 };
    it('is due from 50 of the account\'s own outcomes (10 of each kind), before any shared model', () => {
      expect(personalTrainingDue(base)).toEqual({ due: true });
      expect(personalTrainingDue({ ...base, humans: 24 }).due).toBe(false);
      expect(personalTrainingDue({ ...base, humans: 41, fakes: 9 })).toEqual({ due: false, why: "9 of the account's fake outcomes, 10 needed" });
    });
    it('waits for 25 new outcomes of the account unless forced', () => {
      expect(personalTrainingDue({ ...base, newSinceModel: 24 }).due).toBe(false);
      expect(personalTrainingDue({ ...base, newSinceModel: 24 }, true).due).toBe(true);
    });
  });
});
