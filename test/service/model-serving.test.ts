import { describe, expect, it, vi } from 'vitest';
import { RECENT_WINDOW } from '../../src/model/prequential.ts';
import type { ModelMode } from '../../src/model/serving.ts';
import { createModelServing } from '../../src/service/model-serving.ts';
import type { ModelStats } from '../../src/streams/aggregations/model-stats-value.ts';
import { fakeQueries, learnedCard, source, statsOf } from './fixtures.ts';

type Rows = { account: string; stats: ModelStats }[];

// Learned beats the baseline on well over a window of outcomes (split over two accounts).
const winning: Rows = [
  { account: 'acme', stats: statsOf({ humans: 30, fakes: 10, baselineP: 0.6, learnedP: 0.9 }) },
  { account: 'globex', stats: statsOf({ humans: 20, fakes: 20, baselineP: 0.6, learnedP: 0.9, startTime: 5_000 }) },
];
// Learned is worse than the baseline.
const losing: Rows = [{ account: 'acme', stats: statsOf({ humans: 40, fakes: 40, baselineP: 0.8, learnedP: 0.55 }) }];

/** Runs a test with fake setTimeout (the trailing refresh's timer); setImmediate stays real for settle(). */
async function withFakeTimers(body: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    await body();
  } finally {
    vi.useRealTimers();
  }
}

/** Lets a refresh started by a commit notification finish. */
const settle = () => new Promise<void>((r) => setImmediate(r));

function harness(mode: ModelMode, opts: { rows?: () => Rows | Promise<Rows>; learned?: boolean; refreshMs?: number } = {}) {
  let rows = opts.rows ?? (() => winning);
  const queries = fakeQueries(() => rows());
  const listeners: (() => void)[] = [];
  const unsubscribe = vi.fn();
  let clock = 10_000;
  const errors: unknown[] = [];
  const learned = source(opts.learned === false ? undefined : learnedCard(2));
  const serving = createModelServing({
    mode,
    learned,
    queries,
    onStateCommit(l) {
      listeners.push(l);
      return unsubscribe;
    },
    now: () => clock,
    ...(opts.refreshMs === undefined ? {} : { refreshMs: opts.refreshMs }),
    onError: (err) => errors.push(err),
  });
  return {
    serving,
    queries,
    learned,
    unsubscribe,
    errors,
    commit: () => listeners.forEach((l) => l()),
    advance: (ms: number) => {
      clock += ms;
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
    setRows: (r: () => Rows | Promise<Rows>) => (rows = r),
  };
}

describe('createModelServing choice()', () => {
  it('serves the baseline with no learned model, in every mode', async () => {
    for (const mode of ['off', 'on', 'auto'] as const) {
      const h = harness(mode, { learned: false });
      await h.serving.refresh();
      expect(h.serving.choice('acme')).toEqual({ shared: undefined, personal: undefined, served: 'baseline' });
    }
  });

  it('mode off: scores the learned model alongside but serves the baseline even when it wins', async () => {
    const h = harness('off');
    await h.serving.refresh();
    const c = h.serving.choice('acme');
    expect(c.shared?.version).toBe(2);
    expect(c.served).toBe('baseline');
  });

  it('mode on: serves the learned model as soon as one exists, healthy or not', () => {
    const h = harness('on', { rows: () => losing });
    expect(h.serving.choice('acme')).toMatchObject({ served: 'shared', shared: { version: 2 } });
  });

  it('mode auto: serves the learned model only once measured healthy', async () => {
    const h = harness('auto');
    // Nothing measured yet: not healthy until shown otherwise.
    expect(h.serving.choice('acme').served).toBe('baseline');
    await h.serving.refresh();
    expect(h.serving.choice('acme').served).toBe('shared');
  });

  it('mode auto: keeps the baseline while the learned model loses', async () => {
    const h = harness('auto', { rows: () => losing });
    await h.serving.refresh();
    expect(h.serving.choice('acme')).toMatchObject({ served: 'baseline' });
    expect(h.serving.choice('acme').shared).toBeDefined();
  });

  it('mode auto: keeps the baseline until the learned model has scored a full window', async () => {
    const few = [{ account: 'acme', stats: statsOf({ humans: 100, fakes: 100, baselineP: 0.6, learnedP: 0.99, learnedScored: RECENT_WINDOW - 1 }) }];
    const h = harness('auto', { rows: () => few });
    await h.serving.refresh();
    expect(h.serving.choice('acme').served).toBe('baseline');
    h.setRows(() => [{ account: 'acme', stats: statsOf({ humans: 100, fakes: 100, baselineP: 0.6, learnedP: 0.99, learnedScored: RECENT_WINDOW }) }]);
    await h.serving.refresh();
    expect(h.serving.choice('acme').served).toBe('shared');
  });

  it('follows the learned source: a model that appears later is picked up without a refresh', async () => {
    const h = harness('on', { learned: false });
    expect(h.serving.choice('acme').served).toBe('baseline');
    h.learned.card = learnedCard(5);
    expect(h.serving.choice('acme')).toMatchObject({ served: 'shared', shared: { version: 5 } });
  });
});

describe('createModelServing refresh with unchanged tallies', () => {
  it('judges again when any account\'s tallies object changed, or an account came or went (unchanged objects: nothing to judge)', async () => {
    const acme = statsOf({ humans: 40, fakes: 40, baselineP: 0.8, learnedP: 0.55 });
    let rows: Rows = [{ account: 'acme', stats: acme }];
    const h = harness('auto', { rows: () => rows });
    await h.serving.refresh();
    expect(h.serving.choice('acme').served).toBe('baseline');
    await h.serving.refresh(); // the same objects: the judgement stands
    expect(h.serving.choice('acme').served).toBe('baseline');
    rows = [{ account: 'acme', stats: statsOf({ humans: 40, fakes: 40, baselineP: 0.6, learnedP: 0.9 }) }];
    await h.serving.refresh();
    expect(h.serving.choice('acme').served).toBe('shared');
    rows = [...rows, { account: 'globex', stats: acme }];
    await h.serving.refresh();
    expect(h.serving.choice('globex').served).toBe('baseline');
    rows = rows.slice(0, 1);
    await h.serving.refresh();
    expect(h.serving.choice('acme').served).toBe('shared');
  });
});

describe('createModelServing health refresh on state commits', () => {
  it('auto: recomputes health after a commit notification', async () => {
    const h = harness('auto');
    expect(h.queries.calls).toHaveLength(0);
    h.commit();
    await settle();
    expect(h.queries.calls).toEqual([10_000]);
    expect(h.serving.choice('acme').served).toBe('shared');
  });

  it.each([
    ['refreshMs when given', { refreshMs: 1_000 }, 1_000],
    ['500 ms by default', {}, 500],
  ] as const)('auto: refreshes at most every %s, and once more after the last commit', async (_name, opts, every) =>
    withFakeTimers(async () => {
      const h = harness('auto', opts);
      h.commit();
      await settle();
      expect(h.queries.calls).toHaveLength(1);
      h.advance(every - 1);
      h.commit();
      h.commit();
      await settle();
      expect(h.queries.calls).toHaveLength(1);
      // The commits that came too soon are not dropped: one trailing refresh when the interval is up.
      h.advance(1);
      await settle();
      expect(h.queries.calls).toEqual([10_000, 10_000 + every]);
      h.advance(every * 5);
      await settle();
      expect(h.queries.calls).toHaveLength(2);
    }));

  it("auto: the last outcome of a burst changes what is served without another commit (the audit's stale-serving case)", async () =>
    withFakeTimers(async () => {
      const h = harness('auto', { rows: () => losing });
      h.commit();
      await settle();
      expect(h.serving.choice('acme').served).toBe('baseline');
      // The outcome that makes the learned model healthy is committed 100 ms later; nothing follows.
      h.setRows(() => winning);
      h.advance(100);
      h.commit();
      await settle();
      expect(h.serving.choice('acme').served).toBe('baseline');
      h.advance(400);
      await settle();
      expect(h.serving.choice('acme').served).toBe('shared');
    }));

  it('auto: the served model flips when the tallies change', async () => {
    const h = harness('auto');
    h.commit();
    await settle();
    expect(h.serving.choice('acme').served).toBe('shared');
    h.setRows(() => losing);
    h.advance(500);
    h.commit();
    await settle();
    expect(h.serving.choice('acme').served).toBe('baseline');
  });

  it('auto: commits during a running refresh lead to exactly one more refresh after it', async () => {
    let release!: () => void;
    let gate = new Promise<void>((r) => (release = r));
    const h = harness('auto', { rows: async () => (await gate, winning) });
    h.commit();
    h.advance(10_000);
    h.commit();
    h.commit();
    await settle();
    expect(h.queries.calls).toHaveLength(1);
    const first = release;
    gate = Promise.resolve();
    first();
    await settle();
    await settle();
    expect(h.queries.calls).toHaveLength(2);
    expect(h.serving.choice('acme').served).toBe('shared');
    await settle();
    expect(h.queries.calls).toHaveLength(2);
  });

  it('auto: reports a failed refresh and tries again on a later commit', async () => {
    const h = harness('auto', { rows: () => Promise.reject(new Error('state unavailable')) });
    h.commit();
    await settle();
    expect(h.errors).toHaveLength(1);
    expect((h.errors[0] as Error).message).toBe('state unavailable');
    expect(h.serving.choice('acme').served).toBe('baseline');
    h.setRows(() => winning);
    h.advance(500);
    h.commit();
    await settle();
    expect(h.queries.calls).toHaveLength(2);
    expect(h.serving.choice('acme').served).toBe('shared');
  });

  it.each(['off', 'on'] as const)('%s: commits do not query the state (health does not matter)', async (mode) => {
    const h = harness(mode);
    h.commit();
    await settle();
    expect(h.queries.calls).toHaveLength(0);
  });

  it('stop() unsubscribes from commit notifications and cancels a pending refresh', async () =>
    withFakeTimers(async () => {
      const h = harness('auto');
      h.commit();
      await settle();
      h.commit(); // too soon: a trailing refresh is pending
      expect(h.unsubscribe).not.toHaveBeenCalled();
      h.serving.stop();
      expect(h.unsubscribe).toHaveBeenCalledTimes(1);
      h.advance(1_000);
      await settle();
      expect(h.queries.calls).toHaveLength(1);
    }));
});

describe('createModelServing with personal models', () => {
  // Shared v2 for everyone; acme also has its personal v3.
  const personalFor = (mode: ModelMode, rows: Rows) =>
    createModelServing({
      mode,
      learned: source(learnedCard(2), { acme: learnedCard(3, 'acme') }),
      queries: fakeQueries(() => rows),
      onStateCommit: () => () => undefined,
      now: () => 10_000,
    });

  it("serves an account its personal model once it beats the baseline on that account's own outcomes, and no other account", async () => {
    // acme's personal model wins on acme's outcomes; the shared model loses on everyone's.
    const serving = personalFor('auto', [
      { account: 'acme', stats: statsOf({ humans: 30, fakes: 30, baselineP: 0.6, learnedP: 0.55, personalP: 0.9 }) },
      { account: 'globex', stats: statsOf({ humans: 100, fakes: 100, baselineP: 0.8, learnedP: 0.55 }) },
    ]);
    await serving.refresh();
    expect(serving.choice('acme')).toMatchObject({ served: 'personal', personal: { version: 3, account: 'acme' }, shared: { version: 2 } });
    expect(serving.choice('globex')).toMatchObject({ served: 'baseline', personal: undefined, shared: { version: 2 } });
  });

  it("keeps the baseline for an account whose personal model loses on its own outcomes while the shared one loses too", async () => {
    const serving = personalFor('auto', [{ account: 'acme', stats: statsOf({ humans: 60, fakes: 60, baselineP: 0.8, learnedP: 0.55, personalP: 0.6 }) }]);
    await serving.refresh();
    expect(serving.choice('acme').served).toBe('baseline');
  });

  it("a personal model's probabilities never make the shared model healthy (the audit's mixing case)", async () => {
    // acme's personal model is excellent and has scored all of acme's outcomes; the shared model
    // scored none of them and loses on globex's: globex must keep the baseline.
    const serving = personalFor('auto', [
      { account: 'acme', stats: statsOf({ humans: 100, fakes: 100, baselineP: 0.6, learnedP: null, personalP: 0.99 }) },
      { account: 'globex', stats: statsOf({ humans: 30, fakes: 30, baselineP: 0.7, learnedP: 0.6 }) },
    ]);
    await serving.refresh();
    expect(serving.choice('globex').served).toBe('baseline');
    expect(serving.choice('acme').served).toBe('personal');
  });

  it('when both beat the baseline, serves the one doing better on the account\'s own recent outcomes', async () => {
    const sharedBetter = personalFor('auto', [{ account: 'acme', stats: statsOf({ humans: 60, fakes: 60, baselineP: 0.6, learnedP: 0.95, personalP: 0.8 }) }]);
    await sharedBetter.refresh();
    expect(sharedBetter.choice('acme').served).toBe('shared');
    const personalBetter = personalFor('auto', [{ account: 'acme', stats: statsOf({ humans: 60, fakes: 60, baselineP: 0.6, learnedP: 0.8, personalP: 0.95 }) }]);
    await personalBetter.refresh();
    expect(personalBetter.choice('acme').served).toBe('personal');
  });

  it('mode on: the newer of the two', () => {
    expect(personalFor('on', []).choice('acme').served).toBe('personal');
    const stale = createModelServing({
      mode: 'on',
      learned: source(learnedCard(4), { acme: learnedCard(3, 'acme') }),
      queries: fakeQueries(() => []),
      onStateCommit: () => () => undefined,
      now: () => 10_000,
    });
    expect(stale.choice('acme').served).toBe('shared');
    expect(stale.choice('acme').personal?.version).toBe(3);
  });

  it("scores with the personal model's per-domain effects faded once the account's recent checks left the domains they were fitted on", () => {
    const withEffects = { ...learnedCard(3, 'acme'), domainIntercepts: new Map([['farm.example', -2]]), domainShares: new Map([['farm.example', 0.5]]) };
    const serving = createModelServing({
      mode: 'on',
      learned: source(learnedCard(2), { acme: withEffects }),
      queries: fakeQueries(() => []),
      onStateCommit: () => () => undefined,
      now: () => 10_000,
      driftWindow: 20,
    });
    const at = (domain: string) => ({ domain, shape: 'first.last' });
    for (let i = 0; i < 20; i++) expect(serving.choice('acme', at(i % 2 ? 'farm.example' : `p${i}.example`)).personal).toBe(withEffects);
    expect(serving.choice('acme', at('farm.example')).personal).toBe(withEffects);
    for (let i = 0; i < 20; i++) serving.choice('acme', at(`elsewhere${i}.example`));
    expect(serving.choice('acme').personal).toMatchObject({ version: 3, domainEffectScale: 0 });
    expect(serving.effectsFade('acme')).toBe(0);
    expect(serving.effectsFade('globex')).toBe(1);
    // A test check (no domain) is not counted: the account's traffic is as it was.
    for (let i = 0; i < 20; i++) serving.choice('acme');
    expect(serving.choice('acme').personal?.domainEffectScale).toBe(0);
  });
});
