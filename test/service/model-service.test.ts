import { describe, expect, it } from 'vitest';
import { RECENT_WINDOW } from '../../src/model/prequential.ts';
import type { ModelMode } from '../../src/model/serving.ts';
import { MIN_EXAMPLES_PER_CLASS, MIN_TRAINING_EXAMPLES, NEW_EXAMPLES_FOR_RETRAIN, PERSONAL_MIN_EXAMPLES, PERSONAL_MIN_PER_CLASS, PERSONAL_NEW_FOR_RETRAIN } from '../../src/model/training-policy.ts';
import { createModelService } from '../../src/service/model-service.ts';
import type { ModelStats } from '../../src/streams/aggregations/model-stats-value.ts';
import type { Queries } from '../../src/streams/queries.ts';
import { learnedCard, source, statsOf } from './fixtures.ts';

type Rows = { account: string; stats: ModelStats }[];

const NOW = 1_700_000_000_000;

/** Queries whose only used method is modelStats; the rest fail loudly if the service starts using them. */
function queriesOf(rows: Rows, seen: number[] = []): Queries {
  const unused = () => Promise.reject(new Error('not used by the model service'));
  return {
    usage: unused,
    latestInboxCheck: unused,
    isLabelled: unused,
    checkRecord: unused,
    modelStats: async (now) => {
      seen.push(now);
      return rows;
    },
  };
}

const stats = (rows: Rows, mode: ModelMode, version?: number) =>
  createModelService(queriesOf(rows), mode, source(version === undefined ? undefined : learnedCard(version)), () => NOW).stats('acme');

const winning: Rows = [
  { account: 'acme', stats: statsOf({ humans: 150, fakes: 90, baselineP: 0.6, learnedP: 0.9 }) },
  { account: 'globex', stats: statsOf({ humans: 10, fakes: 10, baselineP: 0.6, learnedP: 0.9, startTime: 9_000 }) },
];
const losing: Rows = [{ account: 'acme', stats: statsOf({ humans: 150, fakes: 90, baselineP: 0.8, learnedP: 0.55 }) }];

describe('createModelService stats()', () => {
  it('reads the tallies as of now and merges every account', async () => {
    const seen: number[] = [];
    const v = await createModelService(queriesOf(winning, seen), 'auto', source(learnedCard(4)), () => NOW).stats('acme');
    expect(seen).toEqual([NOW]);
    expect(v.feedback_examples).toBe(260);
    expect(v.customers).toBe(2);
    expect(v.learned_version).toBe(4);
    expect(v.mode).toBe('auto');
    // Every example scored p = 0.6 (baseline) and 0.9 (learned) for its true class, so every loss is the same.
    expect(v.baseline).toEqual({ accuracy: 1, log_loss: 0.5108, recent_log_loss: 0.5108 });
    expect(v.learned).toEqual({ accuracy: 1, log_loss: 0.1054, recent_log_loss: 0.1054 });
  });

  it('does not count accounts without outcomes as customers', async () => {
    const rows = [...winning, { account: 'idle', stats: statsOf({ humans: 0, fakes: 0, baselineP: 0.5, learnedP: null }) }];
    expect((await stats(rows, 'auto', 1)).customers).toBe(2);
  });

  it('before any learned model: learned_version 0, and learned reports the model it starts from (the baseline)', async () => {
    const rows = [{ account: 'acme', stats: statsOf({ humans: 5, fakes: 3, baselineP: 0.7, learnedP: null }) }];
    const v = await stats(rows, 'auto');
    expect(v.learned_version).toBe(0);
    expect(v.serving).toBe('baseline');
    expect(v.healthy).toBe(false);
    expect(v.baseline).toEqual({ accuracy: 1, log_loss: 0.3567, recent_log_loss: 0.3567 });
    expect(v.learned).toEqual(v.baseline);
  });

  it('before any outcome: both score objects present, every figure 0', async () => {
    for (const mode of ['auto', 'on', 'off'] as const) {
      const v = await stats([], mode);
      expect(v).toMatchObject({ feedback_examples: 0, customers: 0, learned_version: 0 });
      expect(v.baseline).toEqual({ accuracy: 0, log_loss: 0, recent_log_loss: 0 });
      expect(v.learned).toEqual({ accuracy: 0, log_loss: 0, recent_log_loss: 0 });
      expect(v.recommendation, mode).toContain('No outcomes reported yet');
    }
  });

  it('a learned model no outcome has scored yet reports zeros, not the baseline', async () => {
    const rows = [{ account: 'acme', stats: statsOf({ humans: 150, fakes: 90, baselineP: 0.7, learnedP: null }) }];
    const v = await stats(rows, 'auto', 1);
    expect(v.learned_version).toBe(1);
    expect(v.baseline.accuracy).toBe(1);
    expect(v.learned).toEqual({ accuracy: 0, log_loss: 0, recent_log_loss: 0 });
  });

  it.each([
    ['auto', 'learned', true],
    ['on', 'learned', true],
    ['off', 'baseline', true],
  ] as const)('mode %s with a healthy model serves the %s (healthy %s)', async (mode, serving, healthy) => {
    const v = await stats(winning, mode, 2);
    expect(v.serving).toBe(serving);
    expect(v.healthy).toBe(healthy);
  });

  it.each([
    ['auto', 'baseline'],
    ['on', 'learned'],
    ['off', 'baseline'],
  ] as const)('mode %s with a losing model serves the %s', async (mode, serving) => {
    const v = await stats(losing, mode, 2);
    expect(v.serving).toBe(serving);
    expect(v.healthy).toBe(false);
  });

  it('is never healthy without a learned model, whatever the tallies say', async () => {
    const v = await stats(winning, 'auto');
    expect(v.healthy).toBe(false);
    expect(v.serving).toBe('baseline');
  });
});

describe('createModelService recommendation', () => {
  it('mode off: says the baseline is served to everyone', async () => {
    const v = await stats(winning, 'off', 2);
    expect(v.recommendation).toMatch(/MAILSIFT_MODEL_MODE is off/);
  });

  it('no outcomes yet: explains how to report them and what a model needs', async () => {
    const v = await stats([], 'auto');
    expect(v.recommendation).toMatch(/No outcomes reported yet/);
    expect(v.recommendation).toContain('POST /v1/feedback');
    expect(v.recommendation).toContain(`${MIN_TRAINING_EXAMPLES} labelled examples`);
    expect(v.recommendation).toContain(`at least ${MIN_EXAMPLES_PER_CLASS} of each kind`);
  });

  it('too few outcomes: says how many more are needed in all and of the missing kind', async () => {
    const rows = [{ account: 'acme', stats: statsOf({ humans: 30, fakes: 5, baselineP: 0.7, learnedP: null }) }];
    const v = await stats(rows, 'auto');
    expect(v.recommendation).toContain('35 outcomes so far (30 real, 5 fake)');
    expect(v.recommendation).toContain(`${MIN_TRAINING_EXAMPLES - 35} more outcomes`);
    expect(v.recommendation).toContain(`${MIN_EXAMPLES_PER_CLASS - 5} more fake outcomes`);
    // Enough real people: they are not asked for.
    expect(v.recommendation).not.toContain('more real-person outcomes');
    expect(v.recommendation).not.toContain('MAILSIFT_TRAIN_INTERVAL_S');
  });

  it("before any model: gives the caller's own shortfall for a personal model, not everyone's", async () => {
    const rows = [
      { account: 'acme', stats: statsOf({ humans: 40, fakes: 5, baselineP: 0.7, learnedP: null }) },
      { account: 'globex', stats: statsOf({ humans: 100, fakes: 2, baselineP: 0.7, learnedP: null, startTime: 9_000 }) },
    ];
    const v = await stats(rows, 'auto');
    expect(v.recommendation).toContain('147 outcomes so far (140 real, 7 fake)');
    expect(v.recommendation).toContain(`You have 45 (40 real, 5 fake): it needs ${PERSONAL_MIN_EXAMPLES - 45} more outcomes and ${PERSONAL_MIN_PER_CLASS - 5} more fake outcomes.`);
    const ready = await stats([{ account: 'acme', stats: statsOf({ humans: 60, fakes: 12, baselineP: 0.7, learnedP: null }) }], 'auto');
    expect(ready.recommendation).toContain('You have 72 (60 real, 12 fake): enough, so the trainer fits one on its next run.');
  });

  it('enough in all but one kind missing: asks only for that kind', async () => {
    const rows = [{ account: 'acme', stats: statsOf({ humans: 5, fakes: 250, baselineP: 0.7, learnedP: null }) }];
    const v = await stats(rows, 'on');
    expect(v.recommendation).toContain(`A learned model needs ${MIN_EXAMPLES_PER_CLASS - 5} more real-person outcomes.`);
    expect(v.recommendation).not.toMatch(/\d+ more outcomes/);
  });

  it('enough outcomes but no model yet: points to the trainer interval', async () => {
    const rows = [{ account: 'acme', stats: statsOf({ humans: MIN_TRAINING_EXAMPLES - MIN_EXAMPLES_PER_CLASS, fakes: MIN_EXAMPLES_PER_CLASS, baselineP: 0.7, learnedP: null }) }];
    const v = await stats(rows, 'auto');
    expect(v.recommendation).toContain('enough for a learned model');
    expect(v.recommendation).toContain('MAILSIFT_TRAIN_INTERVAL_S');
    expect(v.recommendation).not.toMatch(/more (real-person |fake )?outcomes/);
  });

  it('a model measured on too few outcomes: says how far along the measurement is', async () => {
    const rows = [{ account: 'acme', stats: statsOf({ humans: 150, fakes: 90, baselineP: 0.6, learnedP: 0.9, learnedScored: 12 }) }];
    const v = await stats(rows, 'auto', 3);
    expect(v.healthy).toBe(false);
    expect(v.recommendation).toContain('Learned model v3 exists.');
    expect(v.recommendation).toContain(`measured on 12 of the ${RECENT_WINDOW} outcomes`);
    expect(v.recommendation).toContain('(mode auto)');
    expect(v.recommendation).toContain(`each ${NEW_EXAMPLES_FOR_RETRAIN} new ones`);
  });

  it('a losing model: says it is not beating the baseline, and whether it is served anyway', async () => {
    const auto = await stats(losing, 'auto', 3);
    expect(auto.recommendation).toContain('not beating the baseline');
    expect(auto.recommendation).toContain('The baseline is served until it does');
    const on = await stats(losing, 'on', 3);
    expect(on.recommendation).toContain('served anyway (mode on)');
  });

  it('a healthy model: says it beats the baseline and is served', async () => {
    const auto = await stats(winning, 'auto', 6);
    expect(auto.recommendation).toContain(`Learned model v6 beats the baseline on the last ${RECENT_WINDOW} outcomes and is served (mode auto)`);
    const on = await stats(winning, 'on', 6);
    expect(on.recommendation).toContain('is served.');
    expect(on.recommendation).not.toContain('mode auto');
  });
});

describe('createModelService with a personal model', () => {
  // acme's personal v5 wins on acme's outcomes; the shared v4 loses on everyone's (globex's weigh most).
  const rows: Rows = [
    { account: 'acme', stats: statsOf({ humans: 40, fakes: 20, baselineP: 0.6, learnedP: 0.6, personalP: 0.9 }) },
    { account: 'globex', stats: statsOf({ humans: 200, fakes: 200, baselineP: 0.8, learnedP: 0.55, startTime: 9_000 }) },
  ];
  const service = createModelService(queriesOf(rows), 'auto', source(learnedCard(4), { acme: learnedCard(5, 'acme') }), () => NOW);

  it("reports the caller's personal model with its figures and the baseline's on the caller's own outcomes", async () => {
    const v = await service.stats('acme');
    expect(v).toMatchObject({ learned_version: 5, healthy: true, serving: 'learned', feedback_examples: 460, customers: 2 });
    // Every one of acme's 60 outcomes: baseline right with p 0.6, personal with p 0.9.
    expect(v.baseline).toEqual({ accuracy: 1, log_loss: 0.5108, recent_log_loss: 0.5108 });
    expect(v.learned).toEqual({ accuracy: 1, log_loss: 0.1054, recent_log_loss: 0.1054 });
    expect(v.recommendation).toMatch(/^Your personal learned model v5 \(fitted on your own outcomes\) beats the baseline on the last 50 outcomes of yours/);
  });

  it("shows another account the shared model's figures on everyone's outcomes, never acme's personal ones", async () => {
    const v = await service.stats('globex');
    expect(v).toMatchObject({ learned_version: 4, healthy: false, serving: 'baseline' });
    // The shared model's tally: p 0.6 on acme's 60 and 0.55 on globex's 400, all right.
    expect(v.learned?.accuracy).toBe(1);
    expect(v.learned?.log_loss).toBeCloseTo((60 * -Math.log(0.6) + 400 * -Math.log(0.55)) / 460, 4);
    expect(v.recommendation).toMatch(/^Learned model v4 exists\. It is not beating the baseline on recent outcomes\./);
  });

  it('an account whose personal model is still being measured is told how far along, on its own outcomes', async () => {
    const early: Rows = [{ account: 'acme', stats: statsOf({ humans: 40, fakes: 40, baselineP: 0.6, learnedP: null, personalP: 0.9, personalScored: 12 }) }];
    const v = await createModelService(queriesOf(early), 'auto', source(undefined, { acme: learnedCard(1, 'acme') }), () => NOW).stats('acme');
    expect(v).toMatchObject({ learned_version: 1, healthy: false, serving: 'baseline' });
    expect(v.recommendation).toContain('It has been measured on 12 of the 50 outcomes of yours needed to judge it');
    expect(v.recommendation).toContain(`each ${PERSONAL_NEW_FOR_RETRAIN} new ones trigger the next version`);
  });

  it('an account that is most of the shared model\'s outcomes is told its personal model is no longer refitted', async () => {
    const dominant: Rows = [
      { account: 'acme', stats: statsOf({ humans: 100, fakes: 100, baselineP: 0.6, learnedP: 0.6, personalP: 0.9 }) },
      { account: 'globex', stats: statsOf({ humans: 5, fakes: 5, baselineP: 0.6, learnedP: 0.6, startTime: 9_000 }) },
    ];
    const v = await createModelService(queriesOf(dominant), 'auto', source(learnedCard(6), { acme: learnedCard(5, 'acme') }), () => NOW).stats('acme');
    expect(v).toMatchObject({ serving: 'learned', learned_version: 5, healthy: true });
    expect(v.recommendation).toContain('It is no longer refitted: your outcomes are most of the shared model\'s');
    expect(v.recommendation).not.toContain('keeps improving');
  });

  it('says so when the shared model is served over a healthy personal model it beats on the account\'s outcomes', async () => {
    const both: Rows = [
      { account: 'acme', stats: statsOf({ humans: 50, fakes: 50, baselineP: 0.6, learnedP: 0.95, personalP: 0.8 }) },
      { account: 'globex', stats: statsOf({ humans: 50, fakes: 50, baselineP: 0.6, learnedP: 0.95, startTime: 9_000 }) },
    ];
    const v = await createModelService(queriesOf(both), 'auto', source(learnedCard(4), { acme: learnedCard(5, 'acme') }), () => NOW).stats('acme');
    expect(v).toMatchObject({ serving: 'learned', learned_version: 4, healthy: true });
    expect(v.recommendation).toContain('It is served instead of your personal model v5, which it beats on your last 50 outcomes.');
  });

  it('mode on: the newer shared model is served over the personal one without a claim that it beats it', async () => {
    // The shared v6 has scored none of acme's outcomes (acme reported nothing since it exists).
    const both: Rows = [
      { account: 'acme', stats: statsOf({ humans: 50, fakes: 50, baselineP: 0.6, learnedP: null, personalP: 0.9 }) },
      { account: 'globex', stats: statsOf({ humans: 50, fakes: 50, baselineP: 0.6, learnedP: 0.95, startTime: 9_000 }) },
    ];
    const v = await createModelService(queriesOf(both), 'on', source(learnedCard(6), { acme: learnedCard(5, 'acme') }), () => NOW).stats('acme');
    expect(v).toMatchObject({ serving: 'learned', learned_version: 6 });
    expect(v.recommendation).toContain('It is served instead of your personal model v5 because it is newer (mode on serves the newest');
    expect(v.recommendation).not.toContain('which it beats');
  });
});
