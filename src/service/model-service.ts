/**
 * GET /v1/model: what this account is served, the prequential statistics of the learned model
 * that concerns it (the shared one on the outcomes its health is judged on for this account:
 * its own, or a tenant-balanced window; or its personal one on its own), and advice on what to
 * do next (model-advice.ts).
 */
import type { ModelPublished } from '../domain/events.ts';
import type { Scorecard } from '../model/score.ts';
import { personalFigures, summarizeAccounts, type ModelScoreSummary } from '../model/prequential.ts';
import { accountModels, reportedModel, servedModel, type ModelMode } from '../model/serving.ts';
import { balancedJudgement, sharedJudgementFor } from '../model/shared-health.ts';
import { recommend } from './model-advice.ts';
import type { ModelService, ModelStatsQueries, ModelStatsView } from './ports.ts';

export interface LearnedModelSource {
  /** The newest shared learned model this build can score and may serve, if any. */
  shared(): Scorecard | undefined;
  /** The account's newest personal learned model this build can score and may serve, if any. */
  personal(account: string): Scorecard | undefined;
  /**
   * The newest version of the shared model (undefined) or of an account's personal model, when
   * the trainer held it back (it is then not served: the one before it is). Optional: sources
   * that never hold a model back need not say so.
   */
  heldBack?(account: string | undefined): ModelPublished | undefined;
}

/** `effectsFade`: the factor an account's personal per-domain effects serve with now (model-serving.ts); absent: in full. */
export function createModelService(queries: ModelStatsQueries, mode: ModelMode, learned: LearnedModelSource, now: () => number, maxAccountShare?: number, effectsFade?: (account: string) => number): ModelService {
  return {
    async stats(account) {
      const rows = await queries.modelStats(now());
      const s = summarizeAccounts(rows.map((r) => r.stats));
      const ownRow = rows.find((r) => r.account === account)?.stats;
      const own = summarizeAccounts(ownRow ? [ownRow] : []);
      const judged = sharedJudgementFor(ownRow, balancedJudgement(rows.map((r) => r.stats), maxAccountShare));
      const sharedCard = learned.shared();
      const personalCard = learned.personal(account);
      const models = accountModels(account, sharedCard, personalCard, judged, own);
      const served = servedModel(mode, models);
      const reported = reportedModel(served, models);
      const personal = reported === 'personal';
      // A personal model is described on its account's own outcomes (baseline beside it on the
      // same outcomes); the shared one on the outcomes its health is judged on for this account.
      // No account sees another's personal figures.
      const mine = personalFigures(own);
      const baseline = personal ? mine.baseline : judged.baseline;
      const scopeLearned = personal ? mine.personal : judged.learned;
      const standing = reported === undefined ? undefined : models[reported];
      const version = standing?.version ?? 0;
      const healthy = standing?.healthy ?? false;
      // Versions held back for over-blocking that are newer than the model described and than what serves in their scope.
      // The newest shared version, served or held back: whose outcomes it left out (the caller's own, or only others').
      const newestShared = learned.heldBack?.(undefined);
      const leftOut = newestShared ? new Set(newestShared.left_out_accounts ?? []) : sharedCard?.leftOut;
      const leftOutVersion = newestShared?.version ?? sharedCard?.version ?? 0;
      // A refit without the account a fit on everyone's followed (shared-fit.ts sharedVersion).
      const followed = newestShared ? (newestShared.followed_account ?? undefined) : sharedCard?.followed;
      const heldBack = [...newer(learned.heldBack?.(undefined), Math.max(version, models.shared.version)), ...newer(learned.heldBack?.(account), Math.max(version, models.personal.version))];
      const view: ModelStatsView = {
        mode,
        serving: served === 'baseline' ? 'baseline' : 'learned',
        healthy,
        learned_version: version,
        feedback_examples: s.humans + s.fakes,
        customers: s.customers,
        baseline: scoreOf(baseline),
        // Before any learned model exists, the learned model is the one it will start from:
        // the baseline (its prior), on the same outcomes. A model not measured on any outcome
        // yet reports zeros, as every figure does before the first outcome.
        learned: scoreOf(standing === undefined ? baseline : scopeLearned),
        recommendation: recommend({
          mode,
          total: s.humans + s.fakes,
          customers: s.customers,
          version,
          personal,
          healthy,
          learnedExamples: personal ? own.personalExamples : judged.examples,
          judgedOn: personal ? (own.comparisons?.personal?.n ?? 0) : judged.window,
          sharedScope: judged.scope,
          ...(judged.perAccount !== undefined ? { perCustomer: judged.perAccount } : {}),
          withheld: !personal && standing !== undefined && standing.withheld,
          heldBack,
          adjusted: (personal ? personalCard : sharedCard)?.adjustedFor ?? [],
          ...(leftOut?.size || followed ? { leftOut: { version: leftOutVersion, yours: leftOut?.has(account) ?? false, others: (leftOut?.size ?? 0) > (leftOut?.has(account) ? 1 : 0), ...(followed ? { followed: followed === account ? ('yours' as const) : ('other' as const) } : {}) } } : {}),
          ownHumans: own.humans,
          ownFakes: own.fakes,
          ...(personal && effectsFade ? { effectsFade: effectsFade(account) } : {}),
          ...(personal && [...(personalCard?.domainIntercepts?.values() ?? [])].some((e) => e < 0) ? { lowersDomains: true } : {}),
          // Mode on serves the newer model without comparing; auto only one that did better.
          ...(served === 'shared' && models.personal.version > 0 && (mode === 'on' || models.personal.healthy) ? { overPersonal: models.personal.version } : {}),
        }),
      };
      return view;
    },
  };
}

const newer = (m: ModelPublished | undefined, serving: number): ModelPublished[] => (m && m.version > serving ? [m] : []);

const NO_EXAMPLES: ModelScoreSummary = { accuracy: 0, log_loss: 0, recent_log_loss: 0 };

/** A model's figures, rounded; zeros when no outcome has scored it yet. */
function scoreOf(s: ModelScoreSummary | null): ModelScoreSummary {
  if (s === null) return NO_EXAMPLES;
  const r = (x: number): number => Math.round(x * 10_000) / 10_000;
  return { accuracy: r(s.accuracy), log_loss: r(s.log_loss), recent_log_loss: r(s.recent_log_loss) };
}
