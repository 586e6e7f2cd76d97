/**
 * What each check is scored with, decided without waiting on the state: the newest learned
 * model comes from the model follower, and whether it is healthy is recomputed from the
 * prequential tallies after state commits (at most every `refreshMs`), the same rule
 * /v1/model reports.
 */
import { summarizeAccounts } from '../model/prequential.ts';
import type { Scorecard } from '../model/score.ts';
import { learnedHealthy, servedKind, type ModelMode } from '../model/serving.ts';
import type { Queries } from '../streams/queries.ts';
import type { LearnedModelSource } from './model-service.ts';

export interface ModelChoice {
  /** The learned model scored alongside the baseline (for prequential stats), when one exists. */
  readonly learned: Scorecard | undefined;
  /** Whether the learned one is served. */
  readonly serveLearned: boolean;
}

export interface ModelServing {
  choice(): ModelChoice;
  /** Recomputes health now (also called on state commits). */
  refresh(): Promise<void>;
  stop(): void;
}

export interface ModelServingDeps {
  mode: ModelMode;
  learned: LearnedModelSource;
  queries: Pick<Queries, 'modelStats'>;
  onStateCommit(listener: () => void): () => void;
  now: () => number;
  refreshMs?: number;
  onError?: (err: unknown) => void;
}

export function createModelServing(d: ModelServingDeps): ModelServing {
  let healthy = false;
  let last = -Infinity;
  let running: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    last = d.now();
    const rows = await d.queries.modelStats(d.now());
    const s = summarizeAccounts(rows.map((r) => r.stats));
    healthy = learnedHealthy(s.baseline, s.learned, s.learnedExamples);
  }

  const stop = d.onStateCommit(() => {
    if (d.mode !== 'auto' || running || d.now() - last < (d.refreshMs ?? 500)) return;
    running = refresh()
      .catch((err) => d.onError?.(err))
      .finally(() => (running = undefined));
  });

  return {
    choice() {
      const learned = d.learned.current();
      return { learned, serveLearned: servedKind(d.mode, learned !== undefined, healthy) === 'learned' };
    },
    refresh,
    stop,
  };
}
