/**
 * What each check is scored with, decided without waiting on the state: the shared learned
 * model and the account's personal one come from the model follower, and their health is
 * recomputed from the prequential tallies after state commits (at most every `refreshMs`),
 * by the same rule /v1/model reports (src/model/serving.ts, src/model/shared-health.ts). The
 * personal model's per-domain effects serve scaled by how far the account's recent traffic moved
 * from the traffic they were fitted on (recent-traffic.ts).
 */
import { summarizeAccounts, type AccountTallies, type StatsSummary } from '../model/prequential.ts';
import { accountModels, servedModel, type ModelMode } from '../model/serving.ts';
import { balancedJudgement, sharedJudgementFor, type SharedJudgement } from '../model/shared-health.ts';
import type { ModelChoice } from '../check/decide-check.ts';
import type { LearnedModelSource } from './model-service.ts';
import type { ModelStatsQueries } from './ports.ts';
import { createRecentTraffic, type SeenCheck } from './recent-traffic.ts';

export interface ModelServing {
  /**
   * What scores the account's check: the personal model with its per-domain effects as the
   * account's recent traffic scales them (recent-traffic.ts). `seen`: the check's domain and
   * local-part shape, counted in that traffic after this choice (absent: a test check, counted nowhere).
   */
  choice(account: string, seen?: SeenCheck): ModelChoice;
  /** The factor the account's personal model's per-domain effects serve with now (1: in full, or none to fade). */
  effectsFade(account: string): number;
  /** Recomputes health now (also called on state commits). */
  refresh(): Promise<void>;
  stop(): void;
}

export interface ModelServingDeps {
  mode: ModelMode;
  learned: LearnedModelSource;
  queries: ModelStatsQueries;
  onStateCommit(listener: () => void): () => void;
  now: () => number;
  /** MAILSIFT_MAX_ACCOUNT_SHARE: one account's largest share of the window the shared model is judged on. */
  maxAccountShare?: number;
  refreshMs?: number;
  onError?: (err: unknown) => void;
  /** Checks per account the drift of its traffic is measured over (default DRIFT_WINDOW: effect-drift.ts). */
  driftWindow?: number;
}

export function createModelServing(d: ModelServingDeps): ModelServing {
  let balanced: SharedJudgement = balancedJudgement([], d.maxAccountShare);
  let perAccount = new Map<string, { tallies: AccountTallies; summary: StatsSummary }>();
  let last = -Infinity;
  let running: Promise<void> | undefined;
  const recent = createRecentTraffic(d.driftWindow);

  async function refresh(): Promise<void> {
    last = d.now();
    const rows = await d.queries.modelStats(d.now());
    // Health depends on the tallies alone (not on the time), and the queries hand back the same
    // object for an account's unchanged tallies: when none changed, neither did any judgement.
    // This runs after every state commit, checks' included, over every account that reported.
    if (rows.length === perAccount.size && rows.every((r) => perAccount.get(r.account)?.tallies === r.stats)) return;
    balanced = balancedJudgement(rows.map((r) => r.stats), d.maxAccountShare);
    const before = perAccount;
    perAccount = new Map(
      rows.map((r) => {
        const was = before.get(r.account);
        return [r.account, { tallies: r.stats, summary: was?.tallies === r.stats ? was.summary : summarizeAccounts([r.stats]) }];
      }),
    );
  }

  // Every commit is followed by a refresh within `refreshMs`: one that arrives too soon after
  // the last refresh, or while one runs, schedules a trailing refresh instead of being dropped
  // (else the last outcome of a burst would leave health stale until the next commit, and
  // checks would be served by another model than /v1/model reports).
  const every = d.refreshMs ?? 500;
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  function run(): void {
    dirty = false;
    running = refresh()
      .catch((err) => d.onError?.(err))
      .finally(() => {
        running = undefined;
        if (dirty) schedule();
      });
  }
  function schedule(): void {
    if (running) {
      dirty = true;
      return;
    }
    if (timer) return;
    const wait = last + every - d.now();
    if (wait <= 0) return run();
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, wait);
    timer.unref?.();
  }
  const unsubscribe = d.onStateCommit(() => {
    if (d.mode === 'auto') schedule();
  });
  const stop = (): void => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    timer = undefined;
  };

  return {
    choice(account, seen) {
      const shared = d.learned.shared();
      const fitted = d.learned.personal(account);
      const personal = fitted && recent.serve(account, fitted, seen);
      if (!shared && !personal) return { shared, personal, served: 'baseline' };
      const own = perAccount.get(account);
      return { shared, personal, served: servedModel(d.mode, accountModels(account, shared, personal, sharedJudgementFor(own?.tallies, balanced), own?.summary)) };
    },
    effectsFade(account) {
      const card = d.learned.personal(account);
      return card ? recent.fade(account, card) : 1;
    },
    refresh,
    stop,
  };
}
