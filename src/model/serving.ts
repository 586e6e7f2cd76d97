/**
 * Which model an account is served (pure), per CONTRACT.md: `off` -> baseline; `on` -> the
 * learned model as soon as one exists; `auto` -> the learned model only while it is healthy,
 * i.e. its prequential recent log loss is below the baseline's over at least the last
 * RECENT_WINDOW examples it scored.
 */
import { RECENT_WINDOW, type ModelScoreSummary } from './prequential.ts';

export type ModelMode = 'off' | 'on' | 'auto';

export function learnedHealthy(baseline: ModelScoreSummary | null, learned: ModelScoreSummary | null, learnedExamples: number): boolean {
  return baseline !== null && learned !== null && learnedExamples >= RECENT_WINDOW && learned.recent_log_loss < baseline.recent_log_loss;
}

export function servedKind(mode: ModelMode, learnedExists: boolean, healthy: boolean): 'baseline' | 'learned' {
  if (!learnedExists || mode === 'off') return 'baseline';
  return mode === 'on' || healthy ? 'learned' : 'baseline';
}
