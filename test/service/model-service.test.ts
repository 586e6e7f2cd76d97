import { describe, expect, it } from 'vitest';
import { RECENT_WINDOW } from '../../src/model/prequential.ts';
import type { ModelMode } from '../../src/model/serving.ts';
import { MIN_EXAMPLES_PER_CLASS, MIN_TRAINING_EXAMPLES, NEW_EXAMPLES_FOR_RETRAIN, PERSONAL_MIN_EXAMPLES, PERSONAL_MIN_PER_CLASS, PERSONAL_NEW_FOR_RETRAIN } from '../../src/model/training-policy.ts';
import { createModelService } from '../../src/service/model-service.ts';
import type { ModelStats } from '../../src/streams/aggregations/model-stats-value.ts';
import type { Queries } from '../../src/streams/queries.ts';
import { heldBackRecord, learnedCard, source, statsOf } from './fixtures.ts';

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

  it('too few outcomes: says how many more are needed in all', async () => {
    const rows = [{ account: 'acme', stats: statsOf({ humans: 30, fakes: 5, baselineP: 0.7, learnedP: null }) }];
    const v = await stats(rows, 'auto');
    expect(v.recommendation).toContain(`35 outcomes so far from 1 customer. A learned model needs ${MIN_TRAINING_EXAMPLES}, at least ${MIN_EXAMPLES_PER_CLASS} of each kind: ${MIN_TRAINING_EXAMPLES - 35} more at least.`);
    expect(v.recommendation).not.toContain('MAILSIFT_TRAIN_INTERVAL_S');
  });

  it("issue 21: tells a customer the counts of every customer's outcomes, never their real/fake split; its own split only", async () => {
    const rows = [
      { account: 'acme', stats: statsOf({ humans: 40, fakes: 5, baselineP: 0.7, learnedP: null }) },
      { account: 'globex', stats: statsOf({ humans: 100, fakes: 2, baselineP: 0.7, learnedP: null, startTime: 9_000 }) },
    ];
    const v = await stats(rows, 'auto');
    expect(v.recommendation).toContain('147 outcomes so far from 2 customers.');
    for (const theirs of ['140 real', '7 fake', '102', '(140', '18 more', '13 more']) expect(v.recommendation).not.toContain(theirs);
    expect(v.recommendation).not.toMatch(/learned model needs[^.]*more (real-person|fake)/i);
    expect(v.recommendation).toContain(`You have 45 (40 real, 5 fake): it needs ${PERSONAL_MIN_EXAMPLES - 45} more outcomes and ${PERSONAL_MIN_PER_CLASS - 5} more fake outcomes.`);
    const ready = await stats([{ account: 'acme', stats: statsOf({ humans: 60, fakes: 12, baselineP: 0.7, learnedP: null }) }], 'auto');
    expect(ready.recommendation).toContain('You have 72 (60 real, 12 fake): enough, so the trainer fits one on its next run.');
  });

  it('enough outcomes but no model yet: points to the trainer, and says the same whether or not other customers lack a kind', async () => {
    const ofEachKind = [
      { account: 'acme', stats: statsOf({ humans: 20, fakes: 20, baselineP: 0.7, learnedP: null }) },
      { account: 'globex', stats: statsOf({ humans: 100, fakes: 100, baselineP: 0.7, learnedP: null, startTime: 9_000 }) },
    ];
    const oneKindShort = [ofEachKind[0]!, { account: 'globex', stats: statsOf({ humans: 0, fakes: 200, baselineP: 0.7, learnedP: null, startTime: 9_000 }) }];
    for (const mode of ['auto', 'on'] as const) {
      const v = await stats(ofEachKind, mode);
      expect(v.recommendation).toContain(`240 outcomes so far from 2 customers: once at least ${MIN_EXAMPLES_PER_CLASS} of them are of each kind, the trainer fits a learned model on its next run`);
      expect(v.recommendation).toContain('MAILSIFT_TRAIN_INTERVAL_S');
      expect((await stats(oneKindShort, mode)).recommendation).toBe(v.recommendation);
    }
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

  it('a healthy model: says it beats the baseline on the outcomes it is judged on for the caller, and is served', async () => {
    // acme: judged on its own 240 outcomes.
    const auto = await stats(winning, 'auto', 6);
    expect(auto.recommendation).toContain('Learned model v6 beats the baseline on the last 240 outcomes of yours and is served (mode auto)');
    const on = await stats(winning, 'on', 6);
    expect(on.recommendation).toContain('is served.');
    expect(on.recommendation).not.toContain('mode auto');
    // Five customers with 20 outcomes each: a tenant-balanced window of all 100, the five one party (each under 50 outcomes: shared-health.ts).
    const five: Rows = ['a', 'b', 'c', 'd', 'e'].map((account, k) => ({ account, stats: statsOf({ humans: 10, fakes: 10, baselineP: 0.6, learnedP: 0.9, startTime: 1_000 * (k + 1) }) }));
    const v = await createModelService(queriesOf(five), 'auto', source(learnedCard(6)), () => NOW).stats('a');
    expect(v).toMatchObject({ serving: 'learned', healthy: true });
    expect(v.recommendation).toContain("Learned model v6 beats the baseline on the last 100 outcomes across customers (at most 100 of any one customer's, or of those with fewer than 50 outcomes together, so that");
    // With a big customer beside them, the five together fill half the window (rounded up), as the big one does.
    const six: Rows = [...five, { account: 'big', stats: statsOf({ humans: 100, fakes: 100, baselineP: 0.6, learnedP: 0.9, startTime: 9_000 }) }];
    expect((await createModelService(queriesOf(six), 'auto', source(learnedCard(6)), () => NOW).stats('a')).recommendation).toContain('on the last 201 outcomes across customers (at most 101 of any one customer');
  });

  it("issue 21: one customer's flood does not make the shared model healthy for another", async () => {
    // flood: 1,100 outcomes the shared model does very well on; acme: 10, on which it does badly.
    const rows: Rows = [
      { account: 'acme', stats: statsOf({ humans: 5, fakes: 5, baselineP: 0.7, learnedP: 0.3, startTime: 1_000 }) },
      { account: 'flood', stats: statsOf({ humans: 50, fakes: 1050, baselineP: 0.6, learnedP: 0.95, startTime: 5_000 }) },
    ];
    const acme = await stats(rows, 'auto', 3);
    expect(acme).toMatchObject({ serving: 'baseline', healthy: false, learned_version: 3 });
    expect(acme.recommendation).toContain(`It has been measured on 35 of the ${RECENT_WINDOW} outcomes needed to judge it across customers (at most 25 of any one customer's`);
    // The flood's own account is judged on its own outcomes.
    const flood = await createModelService(queriesOf(rows), 'auto', source(learnedCard(3)), () => NOW).stats('flood');
    expect(flood).toMatchObject({ serving: 'learned', healthy: true });
  });

  it('a shared model worse than the baseline on the caller\'s own outcomes is not served to it, in any mode', async () => {
    for (const mode of ['auto', 'on'] as const) {
      const v = await createModelService(queriesOf(winning), mode, source(learnedCard(6, undefined, ['acme'])), () => NOW).stats('acme');
      expect(v).toMatchObject({ serving: 'baseline', healthy: false, learned_version: 6 });
      expect(v.recommendation).toMatch(/^Learned model v6 is not served to you: on your own outcomes, held out when it was fitted, it did worse than the baseline/);
      // Another account is served it.
      expect((await createModelService(queriesOf(winning), mode, source(learnedCard(6, undefined, ['acme'])), () => NOW).stats('globex')).serving).toBe(mode === 'on' ? 'learned' : 'baseline');
    }
  });

  it('says when the newest version was held back for over-blocking (and the one before serves)', async () => {
    const v = await createModelService(queriesOf(winning), 'auto', source(learnedCard(6), {}, { '': heldBackRecord(7) }), () => NOW).stats('acme');
    expect(v).toMatchObject({ serving: 'learned', learned_version: 6, healthy: true });
    expect(v.recommendation).toContain('Learned model v7 was held back for over-blocking: on held-out outcomes it blocked a larger share of known real people than the baseline');
    // The very first version held back: the baseline serves.
    const first = await createModelService(queriesOf(winning), 'auto', source(undefined, {}, { '': heldBackRecord(1) }), () => NOW).stats('acme');
    expect(first).toMatchObject({ serving: 'baseline', learned_version: 0 });
    expect(first.recommendation).toContain('Learned model v1 was held back for over-blocking');
    // A personal version held back: told to its account only.
    const held = { acme: heldBackRecord(9, 'acme') };
    const personal = createModelService(queriesOf(winning), 'auto', source(learnedCard(6), { acme: learnedCard(8, 'acme') }, held), () => NOW);
    expect((await personal.stats('acme')).recommendation).toContain('Your personal model v9 was held back for over-blocking');
    expect((await personal.stats('globex')).recommendation).not.toContain('held back');
  });

  it('says what a held-back version was held back for: over-allowing, or both', async () => {
    const allowing = await createModelService(queriesOf(winning), 'auto', source(learnedCard(6), {}, { '': heldBackRecord(7, undefined, ['over_allowing']) }), () => NOW).stats('acme');
    expect(allowing.recommendation).toContain(
      "Learned model v7 was held back for over-allowing: on held-out outcomes it let through (allowed) a larger share of known fakes than the baseline, and adjusting it to the baseline's share would have cost it its advantage over the baseline, so it is never served.",
    );
    const both = await createModelService(queriesOf(winning), 'auto', source(learnedCard(6), {}, { '': heldBackRecord(7, undefined, ['over_blocking', 'over_allowing']) }), () => NOW).stats('acme');
    expect(both.recommendation).toContain(
      "Learned model v7 was held back for over-blocking and over-allowing: on held-out outcomes it blocked a larger share of known real people than the baseline and let through (allowed) a larger share of known fakes than the baseline, and adjusting it to the baseline's shares would have cost it",
    );
  });

  it('says when a version was held back because its held-out humans were too few to vouch for any block threshold', async () => {
    const record = heldBackRecord(7, undefined, ['few_humans'], { held_back: 'few_humans', held_out_humans_effective: 60.4 });
    const v = await createModelService(queriesOf(winning), 'auto', source(learnedCard(6), {}, { '': record }), () => NOW).stats('acme');
    expect(v).toMatchObject({ serving: 'learned', learned_version: 6 });
    // The shared model's count of real people is other customers' figure: not told.
    expect(v.recommendation).toContain(
      'Learned model v7 was held back: its held-out outcomes held too few known real people to show that it would block at most 3% of new ones (at 95% confidence: with none of them blocked, that takes about 125), so no block threshold they vouch for exists and it is never served',
    );
    expect(v.recommendation).not.toContain('60');
    // A personal model's are the caller's own.
    const personal = { acme: heldBackRecord(9, 'acme', ['few_humans'], { held_back: 'few_humans', held_out_humans_effective: 60.4 }) };
    const own = await createModelService(queriesOf(winning), 'auto', source(learnedCard(6), {}, personal), () => NOW).stats('acme');
    expect(own.recommendation).toContain('Your personal model v9 was held back: its held-out outcomes held too few known real people (60) to show');
  });

  it("says whose outcomes a shared version left out: the caller's own plainly, other customers' without whose or how many", async () => {
    const served = source(learnedCard(6, undefined, [], [], { left_out_accounts: ['globex'] }));
    const acme = await createModelService(queriesOf(winning), 'on', served, () => NOW).stats('acme');
    expect(acme).toMatchObject({ serving: 'learned', learned_version: 6 });
    expect(acme.recommendation).toContain("Learned model v6 leaves out other customers' outcomes that the baseline orders the wrong way round beyond what chance explains, so they do not move what you are served.");
    expect(acme.recommendation).not.toMatch(/globex|Your outcomes were left out/);
    const globex = await createModelService(queriesOf(winning), 'on', served, () => NOW).stats('globex');
    expect(globex.recommendation).toContain('Your outcomes were left out of learned model v6: the baseline orders them the wrong way round (your fakes above your real people) beyond what chance explains');
    expect(globex.recommendation).not.toContain('other customers\' outcomes that');
    // globex has 20 outcomes: it may have been judged in the pool of small accounts, and is told so (never the pool's figures).
    expect(globex.recommendation).toContain('beyond what chance explains, on their own or, as you have fewer than 50 outcomes, together with those of the other accounts with as few, so they would pull the model every customer shares against it.');
    const big = await createModelService(queriesOf(winning), 'on', source(learnedCard(6, undefined, [], [], { left_out_accounts: ['acme'] })), () => NOW).stats('acme');
    expect(big.recommendation).toContain('beyond what chance explains, so they would pull the model every customer shares against it.');
    // Held back because too few outcomes were left: said once, as the reason it is not served.
    const held = source(learnedCard(6), {}, { '': heldBackRecord(7, undefined, [], { held_back: 'disagreement', left_out_accounts: ['globex'] }) });
    const waiting = await createModelService(queriesOf(winning), 'on', held, () => NOW).stats('acme');
    expect(waiting).toMatchObject({ serving: 'learned', learned_version: 6 });
    expect(waiting.recommendation).toContain('Learned model v7 was held back: it leaves out outcomes that the baseline orders the wrong way round (fakes above real people) beyond what chance explains, and the outcomes left are fewer than a learned model needs (200, at least 20 of each kind), so it is never served');
    expect(waiting.recommendation).not.toMatch(/globex|leaves out other customers/);
    expect((await createModelService(queriesOf(winning), 'on', held, () => NOW).stats('globex')).recommendation).toContain('Your outcomes were left out of learned model v7');
    // A later version that left out no one: nothing said.
    expect((await stats(winning, 'on', 8)).recommendation).not.toMatch(/left out|wrong way round/);
  });

  it('says why a shared version worse for the customers other than the heaviest was held back, naming no one', async () => {
    const held = source(learnedCard(6), {}, { '': heldBackRecord(7, undefined, [], { held_back: 'worse_for_others' }) });
    const v = await createModelService(queriesOf(winning), 'on', held, () => NOW).stats('acme');
    expect(v).toMatchObject({ serving: 'learned', learned_version: 6 });
    expect(v.recommendation).toContain('Learned model v7 was held back: on the outcomes of the customers other than the one that reported the most, held out when it was fitted, it did worse than the baseline');
    expect(v.recommendation).not.toMatch(/globex|over-blocking/);
  });

  it('says when a shared version was fitted again without the customer a fit on everyone followed: to that customer plainly, to the others naming no one', async () => {
    const served = source(learnedCard(6, undefined, [], [], { followed_account: 'globex', withheld_accounts: ['globex'] }));
    const acme = await createModelService(queriesOf(winning), 'on', served, () => NOW).stats('acme');
    expect(acme).toMatchObject({ serving: 'learned', learned_version: 6 });
    expect(acme.recommendation).toContain("Learned model v6 was fitted without other customers' outcomes that a version fitted with them followed at the expense of the rest");
    expect(acme.recommendation).not.toMatch(/globex|Your outcomes were left out|wrong way round/);
    const globex = await createModelService(queriesOf(winning), 'on', served, () => NOW).stats('globex');
    expect(globex.recommendation).toContain('Your outcomes were left out of learned model v6: a version fitted with them did better than the baseline on them and worse, beyond chance, on the other customers');
    expect(globex.recommendation).not.toMatch(/fitted without other customers|wrong way round/);
    // The refit held back too: said as the reason it is not served.
    const held = source(learnedCard(6), {}, { '': heldBackRecord(7, undefined, [], { held_back: 'worse_for_others', followed_account: 'globex' }) });
    const waiting = await createModelService(queriesOf(winning), 'on', held, () => NOW).stats('acme');
    expect(waiting).toMatchObject({ serving: 'learned', learned_version: 6 });
    expect(waiting.recommendation).toContain("Learned model v7 was held back: a version fitted on every customer's outcomes followed one customer's at the others' expense, and fitted again without them it still did worse than the baseline");
    expect(waiting.recommendation).not.toContain('globex');
  });

  it('says when the verdict guard tightened a served model to what its held-out humans vouch for', async () => {
    const v = await createModelService(queriesOf(winning), 'auto', source(learnedCard(6, undefined, [], ['few_humans'])), () => NOW).stats('acme');
    expect(v.recommendation).toContain(
      "As fitted, it blocked more known real people than so few of them can vouch for (a share read from few people can be far larger on new ones) on held-out outcomes, so it was adjusted before serving: its block threshold tightened (recalibrated, made less sure and raised) so that it blocks only as many known real people as their number vouches for: at 95% confidence at most 3% of new ones, or the baseline's share if larger.",
    );
  });

  it('says when the model described was adjusted by the guards before serving, and what for', async () => {
    const v = await createModelService(queriesOf(winning), 'auto', source(learnedCard(6, undefined, [], ['over_blocking', 'over_allowing'])), () => NOW).stats('acme');
    expect(v).toMatchObject({ serving: 'learned', learned_version: 6, healthy: true });
    expect(v.recommendation).toContain(
      'As fitted, it blocked a larger share of known real people than the baseline and let through (allowed) a larger share of known fakes than the baseline on held-out outcomes, so it was adjusted before serving: recalibrated (made less sure and raised) so that it blocks no larger share of known real people than the baseline; and its scores above the block threshold moved closer to it (the blocks stay as they were) so that it lets through no larger share of known fakes than the baseline.',
    );
    // Not healthy: said all the same (mode on serves it).
    const unhealthy = await createModelService(queriesOf(losing), 'on', source(learnedCard(6, undefined, [], ['over_allowing'])), () => NOW).stats('acme');
    expect(unhealthy.recommendation).toContain('As fitted, it let through (allowed) a larger share of known fakes than the baseline on held-out outcomes, so it was adjusted before serving: its scores above');
    // A model no guard adjusted says nothing of it; nor does a reason this build does not know.
    expect((await createModelService(queriesOf(winning), 'auto', source(learnedCard(6)), () => NOW).stats('acme')).recommendation).not.toContain('adjusted');
    expect((await createModelService(queriesOf(winning), 'auto', source(learnedCard(6, undefined, [], ['over_thinking'])), () => NOW).stats('acme')).recommendation).not.toContain('adjusted');
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
    expect(v.recommendation).toMatch(/^Your personal learned model v5 \(fitted on your own outcomes\) beats the baseline on the last 60 outcomes of yours/);
  });

  it("shows another account the shared model's figures on its own outcomes (or a balanced window), never acme's personal ones", async () => {
    const v = await service.stats('globex');
    expect(v).toMatchObject({ learned_version: 4, healthy: false, serving: 'baseline' });
    // globex's own 400 outcomes, on which the shared model gave p 0.55 (right) and the baseline 0.8.
    expect(v.learned).toEqual({ accuracy: 1, log_loss: 0.5978, recent_log_loss: 0.5978 });
    expect(v.baseline).toEqual({ accuracy: 1, log_loss: 0.2231, recent_log_loss: 0.2231 });
    expect(v.recommendation).toMatch(/^Learned model v4 exists\. It is not beating the baseline on recent outcomes of yours\./);
    // An account with few outcomes of its own: every account's, each capped (three customers: a third of the window each).
    const three: Rows = [...rows, { account: 'hooli', stats: statsOf({ humans: 5, fakes: 5, baselineP: 0.8, learnedP: 0.55, startTime: 20_000 }) }];
    const hooli = await createModelService(queriesOf(three), 'auto', source(learnedCard(4), { acme: learnedCard(5, 'acme') }), () => NOW).stats('hooli');
    expect(hooli).toMatchObject({ learned_version: 4, healthy: false, serving: 'baseline' });
    expect(hooli.recommendation).toContain('It has been measured on 44 of the 50 outcomes needed to judge it across customers (at most 17 of any one customer\'s');
    expect(hooli.learned.log_loss).not.toBeCloseTo(0.1054, 2); // never acme's personal figures
  });

  it("says when the caller's recent traffic faded its personal model's per-domain effects, and only to the caller of that personal model", async () => {
    const fades: Record<string, number> = { acme: 0.123, globex: 0.2 };
    const faded = createModelService(queriesOf(rows), 'auto', source(learnedCard(4), { acme: learnedCard(5, 'acme') }), () => NOW, undefined, (a) => fades[a] ?? 1);
    expect((await faded.stats('acme')).recommendation).toContain('Your checks since it started serving, or your last 200, look unlike the outcomes it was fitted on (other domains, or another mix of address shapes at them), so what it learned about each domain is served at 12% until');
    // globex is described the shared model, which has no per-domain effects.
    expect((await faded.stats('globex')).recommendation).not.toContain('other domains');
    fades.acme = 1;
    expect((await faded.stats('acme')).recommendation).not.toContain('other domains');
  });

  it("says that a personal model lowering some domains never blocks at a free-mail provider on that alone, and only to the caller of such a model", async () => {
    const lowers = { domain_effects: [{ domain: 'provider.example', effect: -1.2, share: 0.3 }, { domain: 'own.example', effect: 0.4, share: 0.1 }] };
    const raises = { domain_effects: [{ domain: 'own.example', effect: 0.4, share: 0.1 }] };
    const sentence = 'at a free-mail provider (a domain anyone can open an address at) that alone takes a check no lower than the lowest review score of your thresholds, never to block';
    const said = async (extra: object, account = 'acme') =>
      (await createModelService(queriesOf(rows), 'auto', source(learnedCard(4), { acme: learnedCard(5, 'acme', [], [], extra) }), () => NOW).stats(account)).recommendation;
    expect(await said(lowers)).toContain(sentence);
    expect(await said(raises)).not.toContain(sentence);
    expect(await said({})).not.toContain(sentence);
    // globex is described the shared model, which has no per-domain effects.
    expect(await said(lowers, 'globex')).not.toContain(sentence);
  });

  it('an account whose personal model is still being measured is told how far along, on its own outcomes', async () => {
    const early: Rows = [{ account: 'acme', stats: statsOf({ humans: 40, fakes: 40, baselineP: 0.6, learnedP: null, personalP: 0.9, personalScored: 12 }) }];
    const v = await createModelService(queriesOf(early), 'auto', source(undefined, { acme: learnedCard(1, 'acme') }), () => NOW).stats('acme');
    expect(v).toMatchObject({ learned_version: 1, healthy: false, serving: 'baseline' });
    expect(v.recommendation).toContain('It has been measured on 12 of the 50 outcomes of yours needed to judge it');
    expect(v.recommendation).toContain(`each ${PERSONAL_NEW_FOR_RETRAIN} new ones trigger the next version`);
  });

  it("the only customer's personal model keeps serving while it beats a newer shared model on the customer's own outcomes, and is refitted", async () => {
    // acme is every outcome of the shared v6; its personal v5 (its own domain effects besides) does better on the last 50.
    const alone: Rows = [{ account: 'acme', stats: statsOf({ humans: 100, fakes: 100, baselineP: 0.6, learnedP: 0.8, personalP: 0.9 }) }];
    const v = await createModelService(queriesOf(alone), 'auto', source(learnedCard(6), { acme: learnedCard(5, 'acme') }), () => NOW).stats('acme');
    expect(v).toMatchObject({ serving: 'learned', learned_version: 5, healthy: true });
    expect(v.recommendation).toContain('Your personal learned model v5');
    expect(v.recommendation).toContain('keeps improving');
    expect(v.recommendation).not.toContain('no longer refitted');
  });

  it('says so when the shared model is served over a healthy personal model it beats on the account\'s outcomes', async () => {
    const both: Rows = [
      { account: 'acme', stats: statsOf({ humans: 50, fakes: 50, baselineP: 0.6, learnedP: 0.95, personalP: 0.8 }) },
      { account: 'globex', stats: statsOf({ humans: 50, fakes: 50, baselineP: 0.6, learnedP: 0.95, startTime: 9_000 }) },
    ];
    const v = await createModelService(queriesOf(both), 'auto', source(learnedCard(4), { acme: learnedCard(5, 'acme') }), () => NOW).stats('acme');
    expect(v).toMatchObject({ serving: 'learned', learned_version: 4, healthy: true });
    expect(v.recommendation).toContain('It is served instead of your personal model v5, which it beats on your recent outcomes (those both scored, the last 500 at most).');
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
