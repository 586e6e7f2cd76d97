/**
 * GET /v1/model: prequential statistics merged over every account's tallies, what this
 * account is served, and advice on what to do next.
 */
import type { Scorecard } from '../model/score.ts';
import { RECENT_WINDOW, summarizeAccounts, type ModelScoreSummary } from '../model/prequential.ts';
import { learnedHealthy, servedKind, type ModelMode } from '../model/serving.ts';
import { MIN_EXAMPLES_PER_CLASS, MIN_TRAINING_EXAMPLES, NEW_EXAMPLES_FOR_RETRAIN } from '../model/training-policy.ts';
import type { Queries } from '../streams/queries.ts';
import type { ModelService, ModelStatsView } from './ports.ts';

export interface LearnedModelSource {
  /** The newest learned model this build can score, if any. */
  current(): Scorecard | undefined;
}

export function createModelService(queries: Queries, mode: ModelMode, learned: LearnedModelSource, now: () => number): ModelService {
  return {
    async stats() {
      const rows = await queries.modelStats(now());
      const s = summarizeAccounts(rows.map((r) => r.stats));
      const version = learned.current()?.version ?? 0;
      const healthy = version > 0 && learnedHealthy(s.baseline, s.learned, s.learnedExamples);
      const view: ModelStatsView = {
        mode,
        serving: servedKind(mode, version > 0, healthy),
        healthy,
        learned_version: version,
        feedback_examples: s.humans + s.fakes,
        customers: s.customers,
        ...(s.baseline ? { baseline: round(s.baseline) } : {}),
        ...(s.learned ? { learned: round(s.learned) } : {}),
        recommendation: recommend({ mode, humans: s.humans, fakes: s.fakes, version, healthy, learnedExamples: s.learnedExamples }),
      };
      return view;
    },
  };
}

function round(s: ModelScoreSummary): ModelScoreSummary {
  const r = (x: number): number => Math.round(x * 10_000) / 10_000;
  return { accuracy: r(s.accuracy), log_loss: r(s.log_loss), recent_log_loss: r(s.recent_log_loss) };
}

function recommend(o: { mode: ModelMode; humans: number; fakes: number; version: number; healthy: boolean; learnedExamples: number }): string {
  const total = o.humans + o.fakes;
  if (o.mode === 'off') return 'MAILSIFT_MODEL_MODE is off: every account is served the baseline. Outcomes you report are still recorded, measured and trained on.';
  if (total === 0) {
    return `No outcomes reported yet. Send POST /v1/feedback with the check_id (or email) and outcome of checks whose fate you learn (verified email or payment = confirmed/real; bounce, abuse or fake = bounced/abuse/fake). A learned model needs ${MIN_TRAINING_EXAMPLES} labelled examples with at least ${MIN_EXAMPLES_PER_CLASS} of each kind.`;
  }
  if (o.version === 0) {
    const needTotal = Math.max(0, MIN_TRAINING_EXAMPLES - total);
    const needHumans = Math.max(0, MIN_EXAMPLES_PER_CLASS - o.humans);
    const needFakes = Math.max(0, MIN_EXAMPLES_PER_CLASS - o.fakes);
    const parts = [needTotal ? `${needTotal} more outcomes` : '', needHumans ? `${needHumans} more real-person outcomes` : '', needFakes ? `${needFakes} more fake outcomes` : ''].filter(Boolean);
    if (parts.length) return `${total} outcomes so far (${o.humans} real, ${o.fakes} fake). A learned model needs ${parts.join(' and ')}. Report fakes as well as real people: both are needed.`;
    return `${total} outcomes so far (${o.humans} real, ${o.fakes} fake): enough for a learned model. The trainer fits one on its next run (every MAILSIFT_TRAIN_INTERVAL_S; \`mailsift retrain\` fits one now). Until then the baseline is served.`;
  }
  if (!o.healthy) {
    const scored = o.learnedExamples < RECENT_WINDOW ? ` It has been measured on ${o.learnedExamples} of the ${RECENT_WINDOW} outcomes needed to judge it.` : ' It is not beating the baseline on recent outcomes.';
    return `Learned model v${o.version} exists.${scored} ${o.mode === 'on' ? 'It is served anyway (mode on).' : 'The baseline is served until it does (mode auto).'} Keep reporting outcomes; each ${NEW_EXAMPLES_FOR_RETRAIN} new ones trigger the next version.`;
  }
  return `Learned model v${o.version} beats the baseline on the last ${RECENT_WINDOW} outcomes and is served${o.mode === 'auto' ? ' (mode auto)' : ''}. Keep reporting outcomes so it keeps improving.`;
}
