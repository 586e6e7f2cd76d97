/**
 * GET /v1/model: what this account is served, the prequential statistics of the learned model
 * that concerns it (the shared one on every account's outcomes, or its personal one on its
 * own), and advice on what to do next.
 */
import type { Scorecard } from '../model/score.ts';
import { RECENT_WINDOW, summarizeAccounts, type ModelScoreSummary } from '../model/prequential.ts';
import { accountModels, reportedModel, servedModel, type ModelMode } from '../model/serving.ts';
import { MIN_EXAMPLES_PER_CLASS, MIN_TRAINING_EXAMPLES, NEW_EXAMPLES_FOR_RETRAIN, PERSONAL_MAX_SHARE, PERSONAL_MIN_EXAMPLES, PERSONAL_MIN_PER_CLASS, PERSONAL_NEW_FOR_RETRAIN } from '../model/training-policy.ts';
import type { Queries } from '../streams/queries.ts';
import type { ModelService, ModelStatsView } from './ports.ts';

export interface LearnedModelSource {
  /** The newest shared learned model this build can score, if any. */
  shared(): Scorecard | undefined;
  /** The account's newest personal learned model this build can score, if any. */
  personal(account: string): Scorecard | undefined;
}

export function createModelService(queries: Queries, mode: ModelMode, learned: LearnedModelSource, now: () => number): ModelService {
  return {
    async stats(account) {
      const rows = await queries.modelStats(now());
      const s = summarizeAccounts(rows.map((r) => r.stats));
      const own = summarizeAccounts(rows.filter((r) => r.account === account).map((r) => r.stats));
      const sharedCard = learned.shared();
      const personalCard = learned.personal(account);
      const models = accountModels(sharedCard, personalCard, s, own);
      const served = servedModel(mode, models);
      const reported = reportedModel(served, models);
      const personal = reported === 'personal';
      // A personal model is described on its account's own outcomes (baseline beside it on
      // the same outcomes); the shared one on everyone's. No account sees another's personal figures.
      const scope = personal ? own : s;
      const scopeLearned = personal ? own.personal : s.learned;
      const standing = reported === undefined ? undefined : models[reported];
      const version = standing?.version ?? 0;
      const healthy = standing?.healthy ?? false;
      const view: ModelStatsView = {
        mode,
        serving: served === 'baseline' ? 'baseline' : 'learned',
        healthy,
        learned_version: version,
        feedback_examples: s.humans + s.fakes,
        customers: s.customers,
        baseline: scoreOf(scope.baseline),
        // Before any learned model exists, the learned model is the one it will start from:
        // the baseline (its prior), on the same outcomes. A model not measured on any outcome
        // yet reports zeros, as every figure does before the first outcome.
        learned: scoreOf(standing === undefined ? scope.baseline : scopeLearned),
        recommendation: recommend({
          mode,
          humans: s.humans,
          fakes: s.fakes,
          version,
          personal,
          healthy,
          learnedExamples: personal ? own.personalExamples : s.learnedExamples,
          // The trainer refits no personal model for an account that is most of the shared model's outcomes.
          personalRefitted: !(models.shared.version > 0 && own.humans + own.fakes >= PERSONAL_MAX_SHARE * (s.humans + s.fakes)),
          ownHumans: own.humans,
          ownFakes: own.fakes,
          // Mode on serves the newer model without comparing; auto only one that did better.
          ...(served === 'shared' && models.personal.version > 0 && (mode === 'on' || models.personal.healthy) ? { overPersonal: models.personal.version } : {}),
        }),
      };
      return view;
    },
  };
}

/** What the caller's own outcomes still lack for a personal model (the trainer's thresholds). */
function personalAdvice(humans: number, fakes: number): string {
  const need = [
    Math.max(0, PERSONAL_MIN_EXAMPLES - humans - fakes) ? `${PERSONAL_MIN_EXAMPLES - humans - fakes} more outcomes` : '',
    Math.max(0, PERSONAL_MIN_PER_CLASS - humans) ? `${PERSONAL_MIN_PER_CLASS - humans} more real-person outcomes` : '',
    Math.max(0, PERSONAL_MIN_PER_CLASS - fakes) ? `${PERSONAL_MIN_PER_CLASS - fakes} more fake outcomes` : '',
  ].filter(Boolean);
  const rule = `A personal model, fitted on your own outcomes, comes sooner: after ${PERSONAL_MIN_EXAMPLES} of them with ${PERSONAL_MIN_PER_CLASS} of each kind.`;
  return need.length
    ? `${rule} You have ${humans + fakes} (${humans} real, ${fakes} fake): it needs ${need.join(' and ')}.`
    : `${rule} You have ${humans + fakes} (${humans} real, ${fakes} fake): enough, so the trainer fits one on its next run.`;
}

const NO_EXAMPLES: ModelScoreSummary = { accuracy: 0, log_loss: 0, recent_log_loss: 0 };

/** A model's figures, rounded; zeros when no outcome has scored it yet. */
function scoreOf(s: ModelScoreSummary | null): ModelScoreSummary {
  if (s === null) return NO_EXAMPLES;
  const r = (x: number): number => Math.round(x * 10_000) / 10_000;
  return { accuracy: r(s.accuracy), log_loss: r(s.log_loss), recent_log_loss: r(s.recent_log_loss) };
}

function recommend(o: {
  mode: ModelMode;
  humans: number;
  fakes: number;
  version: number;
  personal: boolean;
  healthy: boolean;
  learnedExamples: number;
  personalRefitted: boolean;
  /** The caller's own outcomes (what its personal model waits on). */
  ownHumans: number;
  ownFakes: number;
  /**
   * The shared model is served although the account has this personal version: in mode on
   * because it is newer, in auto because it does better on the account's outcomes.
   */
  overPersonal?: number;
}): string {
  const total = o.humans + o.fakes;
  if (o.mode === 'off') return `MAILSIFT_MODEL_MODE is off: every account is served the baseline. Outcomes you report are still recorded, measured and trained on.${total === 0 ? ' No outcomes reported yet.' : ''}`;
  if (total === 0) {
    return `No outcomes reported yet. Send POST /v1/feedback with the check_id (or email) and outcome of checks whose fate you learn (verified email or payment = confirmed/real; bounce, abuse or fake = bounced/abuse/fake). A learned model needs ${MIN_TRAINING_EXAMPLES} labelled examples with at least ${MIN_EXAMPLES_PER_CLASS} of each kind.`;
  }
  if (o.version === 0) {
    const needTotal = Math.max(0, MIN_TRAINING_EXAMPLES - total);
    const needHumans = Math.max(0, MIN_EXAMPLES_PER_CLASS - o.humans);
    const needFakes = Math.max(0, MIN_EXAMPLES_PER_CLASS - o.fakes);
    const parts = [needTotal ? `${needTotal} more outcomes` : '', needHumans ? `${needHumans} more real-person outcomes` : '', needFakes ? `${needFakes} more fake outcomes` : ''].filter(Boolean);
    if (parts.length) {
      return `${total} outcomes so far (${o.humans} real, ${o.fakes} fake). A learned model needs ${parts.join(' and ')}. ${personalAdvice(o.ownHumans, o.ownFakes)} Report fakes as well as real people: both are needed.`;
    }
    return `${total} outcomes so far (${o.humans} real, ${o.fakes} fake): enough for a learned model. The trainer fits one on its next run (every MAILSIFT_TRAIN_INTERVAL_S; \`mailsift retrain\` fits one now). Until then the baseline is served.`;
  }
  const name = o.personal ? `Your personal learned model v${o.version} (fitted on your own outcomes)` : `Learned model v${o.version}`;
  const own = o.personal ? ' of yours' : '';
  const frozen = o.personal && !o.personalRefitted;
  // A personal model of an account that is most of the shared model's outcomes is not refitted: the shared one is.
  const next = frozen
    ? ` It is no longer refitted: your outcomes are most of the shared model's, which is refitted instead (each ${NEW_EXAMPLES_FOR_RETRAIN} new outcomes) and takes over once it does better on your last ${RECENT_WINDOW}.`
    : ` Keep reporting outcomes; each ${o.personal ? PERSONAL_NEW_FOR_RETRAIN : NEW_EXAMPLES_FOR_RETRAIN} new ones trigger the next version.`;
  if (!o.healthy) {
    const scored = o.learnedExamples < RECENT_WINDOW ? ` It has been measured on ${o.learnedExamples} of the ${RECENT_WINDOW} outcomes${own} needed to judge it.` : ` It is not beating the baseline on recent outcomes${own}.`;
    return `${name} exists.${scored} ${o.mode === 'on' ? 'It is served anyway (mode on).' : 'The baseline is served until it does (mode auto).'}${next}`;
  }
  const instead =
    o.overPersonal === undefined
      ? ''
      : o.mode === 'on'
        ? ` It is served instead of your personal model v${o.overPersonal} because it is newer (mode on serves the newest; auto would compare them on your outcomes).`
        : ` It is served instead of your personal model v${o.overPersonal}, which it beats on your last ${RECENT_WINDOW} outcomes.`;
  const keep = frozen ? next : ' Keep reporting outcomes so it keeps improving.';
  return `${name} beats the baseline on the last ${RECENT_WINDOW} outcomes${own} and is served${o.mode === 'auto' ? ' (mode auto)' : ''}.${instead}${keep}`;
}
