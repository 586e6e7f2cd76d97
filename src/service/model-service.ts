/**
 * GET /v1/model: prequential statistics merged over every account's tallies, what this
 * account is served, and advice on what to do next.
 */
import { RECENT_WINDOW, summarize, type ModelScoreSummary } from '../model/prequential.ts';
import type { Queries } from '../streams/queries.ts';
import type { ModelService, ModelStatsView } from './ports.ts';

/** Labelled examples (with both outcomes present) a learned model needs before it can be trained. */
export const MIN_TRAINING_EXAMPLES = 200;
export const MIN_EXAMPLES_PER_CLASS = 20;

export interface LearnedModelInfo {
  /** 0 until a learned model exists. */
  version(): number;
}

export function createModelService(queries: Queries, mode: 'off' | 'on' | 'auto', learned: LearnedModelInfo, now: () => number): ModelService {
  return {
    async stats(account) {
      const rows = await queries.modelStats(now());
      const withExamples = rows.filter((r) => r.stats.humans + r.stats.fakes > 0);
      const humans = withExamples.reduce((s, r) => s + r.stats.humans, 0);
      const fakes = withExamples.reduce((s, r) => s + r.stats.fakes, 0);
      const baseline = summarize(withExamples.map((r) => r.stats.baseline));
      const learnedScore = summarize(withExamples.map((r) => r.stats.learned).filter((t) => t.n > 0));
      const learnedN = withExamples.reduce((s, r) => s + r.stats.learned.n, 0);
      const version = learned.version();
      const healthy =
        version > 0 && baseline !== null && learnedScore !== null && learnedN >= RECENT_WINDOW && learnedScore.recent_log_loss < baseline.recent_log_loss;
      const serving = version > 0 && (mode === 'on' || (mode === 'auto' && healthy)) ? 'learned' : 'baseline';
      const view: ModelStatsView = {
        mode,
        serving,
        healthy,
        learned_version: version,
        feedback_examples: humans + fakes,
        customers: withExamples.length,
        ...(baseline ? { baseline: round(baseline) } : {}),
        ...(learnedScore ? { learned: round(learnedScore) } : {}),
        recommendation: recommend({ mode, humans, fakes, version, healthy, own: withExamples.find((r) => r.account === account) }),
      };
      return view;
    },
  };
}

function round(s: ModelScoreSummary): ModelScoreSummary {
  const r = (x: number): number => Math.round(x * 10_000) / 10_000;
  return { accuracy: r(s.accuracy), log_loss: r(s.log_loss), recent_log_loss: r(s.recent_log_loss) };
}

function recommend(o: { mode: string; humans: number; fakes: number; version: number; healthy: boolean; own: unknown }): string {
  const total = o.humans + o.fakes;
  if (o.mode === 'off') return 'MAILSIFT_MODEL_MODE is off: every account is served the baseline. Outcomes you report are still recorded and measured.';
  if (total === 0) {
    return `No outcomes reported yet. Send POST /v1/feedback with the check_id (or email) and outcome of checks whose fate you learn (verified email or payment = confirmed/real; bounce, abuse or fake = bounced/abuse/fake). A learned model needs ${MIN_TRAINING_EXAMPLES} labelled examples with at least ${MIN_EXAMPLES_PER_CLASS} of each kind.`;
  }
  if (o.version === 0) {
    const needTotal = Math.max(0, MIN_TRAINING_EXAMPLES - total);
    const needHumans = Math.max(0, MIN_EXAMPLES_PER_CLASS - o.humans);
    const needFakes = Math.max(0, MIN_EXAMPLES_PER_CLASS - o.fakes);
    const parts = [needTotal ? `${needTotal} more outcomes` : '', needHumans ? `${needHumans} more real-person outcomes` : '', needFakes ? `${needFakes} more fake outcomes` : ''].filter(Boolean);
    if (parts.length) return `${total} outcomes so far (${o.humans} real, ${o.fakes} fake). A learned model needs ${parts.join(' and ')}. Report fakes as well as real people: both are needed.`;
    return `${total} outcomes so far (${o.humans} real, ${o.fakes} fake): enough to train a learned model; run \`mailsift retrain\` (or the trainer role) to build one. Until then the baseline is served.`;
  }
  if (!o.healthy) return `Learned model v${o.version} is not yet beating the baseline on the last ${RECENT_WINDOW} outcomes, so ${o.mode === 'on' ? 'it is served anyway (mode on)' : 'the baseline is served (mode auto)'}. Keep reporting outcomes.`;
  return `Learned model v${o.version} beats the baseline on recent outcomes and is served${o.mode === 'auto' ? ' (mode auto)' : ''}. Keep reporting outcomes so it keeps improving.`;
}
