/**
 * The trainer role: reads every labelled check (checks.labelled.v1, from the start) into a
 * bounded training set, follows the models topic for the newest versions, and every
 * MAILSIFT_TRAIN_INTERVAL_S fits and publishes what the training policy says is due: the
 * shared model (every account's outcomes, each account's weight capped at its fair share:
 * tenant-weights.ts), then each account's personal model (its own outcomes, pulled towards the
 * shared model, or keeping its weights when the account is nearly all of its outcomes, plus the
 * account's per-domain effects: domain-effects.ts), numbered in one sequence. Each fit passes the verdict guard (calibrated so it
 * blocks no larger share of held-out real people than the baseline, or held back); a shared
 * fit also names the accounts it must not be served to (account-guard.ts), and leaves out the
 * outcomes of accounts the baseline orders the wrong way round (account-agreement.ts; held back
 * when too few outcomes are left for a model that may serve). Run exactly one
 * trainer per deployment: two would publish the same version number (the follower then keeps
 * the later record).
 *
 * The fit runs on TensorFlow.js' CPU backend in this thread and yields to the event loop every
 * few steps, so consuming (and, in embedded mode, the stream processors sharing the thread)
 * keeps going while it fits.
 */
import type { Logger } from 'pino';
import type { Codecs } from '../bus/codecs.ts';
import type { Bus, BusConsumer, BusProducer } from '../bus/ports.ts';
import { TOPICS } from '../bus/topics.ts';
import type { ModelPublished } from '../domain/events.ts';
import { DEFAULT_THRESHOLDS } from '../domain/check.ts';
import { accountsWorseOff, type AccountHeldOut } from '../model/account-guard.ts';
import { BASELINE_AS_SET, BASELINE_CALIBRATION_SCALE } from '../model/baseline.ts';
import { blockCutLogit, expandLogOdds } from '../model/calibration.ts';
import { PERSONAL_DOMAIN_PRIORS } from '../model/domain-effects.ts';
import { FEATURE_NAMES, FEATURE_VERSION } from '../model/features.ts';
import { learnedScorecard } from '../model/learned.ts';
import type { LinearModel, TrainedModel } from '../model/train.ts';
import { sharedFit, sharedVersion } from '../model/shared-fit.ts';
import { MAX_ACCOUNT_SHARE } from '../model/tenant-weights.ts';
import { PERSONAL_MAX_SHARE, PERSONAL_MIN_EXAMPLES, personalTrainingDue, trainingDue } from '../model/training-policy.ts';
import { TrainingSet, type TrainingExample } from '../model/training-set.ts';

/** The newest outcomes a model is fitted on (older ones age out: behaviour drifts). */
export const TRAINING_CAPACITY = 50_000;

export type TrainResult =
  | { published: true; models: ModelPublished[]; ms: number }
  | { published: false; why: string };

export interface Trainer {
  /**
   * Fits and publishes now what is due: the shared model, then each account's personal model
   * (`force`: even with few new outcomes). One round at a time.
   */
  trainNow(force?: boolean): Promise<TrainResult>;
  /** Resolves once every labelled check and model published before the call has been read. */
  caughtUp(timeoutMs?: number): Promise<boolean>;
  summary(): { examples: number; humans: number; fakes: number; latestVersion: number };
  failed(): Error | undefined;
  stop(): Promise<void>;
}

export interface TrainerDeps {
  bus: Bus;
  codecs: Codecs;
  producer?: BusProducer;
  groupId: string;
  logger: Logger;
  now: () => number;
  /** 0: no timer (the `retrain` command calls trainNow itself). */
  intervalMs: number;
  capacity?: number;
  /** A human_score below this is a block (MAILSIFT_VERDICT_REVIEW): the verdict guard holds the baseline's share of blocked humans there. */
  blockBelow?: number;
  /** A human_score at or above this is an allow (MAILSIFT_VERDICT_ALLOW): the catch guard holds the baseline's share of fakes caught under it. */
  allowAtLeast?: number;
  /** MAILSIFT_MAX_ACCOUNT_SHARE: one account's largest share of the shared model's training weight. */
  maxAccountShare?: number;
}

/** A shared model's accounts whose outcomes were left out of it, and whether the rest were too few for a model that may serve. */
interface LeftOut {
  readonly accounts: readonly string[];
  readonly tooFew: boolean;
  /** Held back as worse for the other customers (sharedVersion). */
  readonly worseForOthers?: boolean;
  /** The account a fit on every account's outcomes followed at the others' expense, left out of this one (sharedVersion). */
  readonly followed?: string;
  /** Its outcomes scored by this version (which never saw them): the account guard judges it on them. */
  readonly followedScored?: readonly AccountHeldOut[];
}
const NONE_LEFT_OUT: LeftOut = { accounts: [], tooFew: false };

type Fitter = Pick<typeof import('../model/train.ts'), 'trainModel' | 'predict'>;
/** A fitted model as the trainer publishes it. */
type Fitted = TrainedModel<TrainingExample>;

let fitter: Promise<Fitter> | undefined;

/** TensorFlow.js loads on the first fit only: most starts never fit (memory and start time). */
function loadFitter(): Promise<Fitter> {
  fitter ??= (async () => {
    const [{ trainModel, predict }, { useTensorflowCpu }] = await Promise.all([import('../model/train.ts'), import('../platform/tensorflow.ts')]);
    await useTensorflowCpu();
    return { trainModel, predict };
  })();
  return fitter;
}

export async function startTrainer(d: TrainerDeps): Promise<Trainer> {
  const set = new TrainingSet(d.capacity ?? TRAINING_CAPACITY, FEATURE_NAMES.length);
  const producer = d.producer ?? d.bus.producer();
  const sources = [TOPICS.labelled.name, TOPICS.models.name];
  const read = new Map<string, number[]>(sources.map((t) => [t, []]));
  /**
   * The newest version of any kind (the next one is numbered after it), the newest shared one
   * and each account's newest personal one (held back or not: a held-back fit waits for new
   * outcomes like any other), and the newest shared one that serves (personal models' prior).
   */
  let latest: ModelPublished | undefined;
  let latestShared: ModelPublished | undefined;
  let servingShared: ModelPublished | undefined;
  const latestPersonal = new Map<string, ModelPublished>();
  const cap = d.maxAccountShare ?? MAX_ACCOUNT_SHARE;
  const blockBelow = d.blockBelow ?? DEFAULT_THRESHOLDS.reviewAtLeast;
  const allowAtLeast = d.allowAtLeast ?? DEFAULT_THRESHOLDS.allowAtLeast;
  let failure: Error | undefined;
  let fitting: Promise<TrainResult> | undefined;
  let stopping = false;
  // Between fitting steps: let consumers run, and abandon the fit when the role stops.
  const pause = (): Promise<void> => (stopping ? Promise.reject(new Error('trainer stopping')) : new Promise((r) => setImmediate(r)));

  const consumer: BusConsumer = d.bus.consumer(d.groupId);
  await consumer.start(sources, {
    // Always from the start: the training set lives in memory and is rebuilt by replay.
    position: async () => 0,
    onBatch: async (tp, records) => {
      for (const r of records) {
        if (tp.topic === TOPICS.models.name) {
          const m = await d.codecs.models.decode(r.value).catch(() => undefined);
          if (m) remember(m);
          continue;
        }
        const e = await d.codecs.labelled.decode(r.value);
        if (e.feature_version !== FEATURE_VERSION) continue;
        set.add({
          id: e.check_uuid.toString('hex'),
          account: e.account,
          features: e.features,
          human: e.human,
          time: e.label_time,
          baselineProbability: e.baseline_probability,
          domain: e.domain,
          ...(e.local_shape ? { shape: e.local_shape } : {}),
        });
      }
      read.get(tp.topic)![tp.partition] = records.at(-1)!.offset + 1;
    },
    onError: (err) => {
      failure = err;
      d.logger.error({ err }, 'trainer stopped consuming');
    },
  });

  function remember(m: ModelPublished): void {
    if (!latest || m.version >= latest.version) latest = m;
    if (m.account) {
      const cur = latestPersonal.get(m.account);
      if (!cur || m.version >= cur.version) latestPersonal.set(m.account, m);
    } else {
      if (!latestShared || m.version >= latestShared.version) latestShared = m;
      if (!m.held_back && (!servingShared || m.version >= servingShared.version)) servingShared = m;
    }
  }

  async function caughtUp(timeoutMs = 60_000): Promise<boolean> {
    const ends = new Map<string, number[]>();
    for (const t of sources) ends.set(t, await d.bus.endOffsets(t));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ([...ends].every(([t, e]) => e.every((end, p) => (read.get(t)![p] ?? 0) >= end))) return true;
      if (failure || Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * Fits one model on `examples`, pulled towards `prior`, and publishes it as the next version.
   * A personal model (`account`) has per-domain effects too, and keeps the prior's weights when
   * `keepWeights` (its prior is a shared model fitted on the same outcomes).
   */
  async function fitOne(examples: readonly TrainingExample[], prior: LinearModel, account: string | undefined, keepWeights = false): Promise<Fitted> {
    const { trainModel } = await loadFitter();
    // Per-domain effects for a personal model only: its account's outcomes move its account's scores alone.
    const personal = account === undefined ? {} : { domainEffects: PERSONAL_DOMAIN_PRIORS, ...(keepWeights ? { l2Grid: [Infinity] } : {}) };
    return trainModel(examples, prior, { pause, blockBelow, allowAtLeast, servingScale: BASELINE_CALIBRATION_SCALE, ...personal });
  }

  /** Fits one model on `examples`, pulled towards `prior`, and publishes it as the next version (see fitOne, publishFitted). */
  async function publish(examples: readonly TrainingExample[], prior: LinearModel, account: string | undefined, keepWeights = false): Promise<ModelPublished> {
    return publishFitted(await fitOne(examples, prior, account, keepWeights), account);
  }

  /** Publishes a fitted model as the next version; a shared one with what it left out and whether it is held back for the others (sharedVersion). */
  async function publishFitted(m: Fitted, account: string | undefined, leftOut: LeftOut = NONE_LEFT_OUT): Promise<ModelPublished> {
    const others = leftOut.worseForOthers === true;
    const model: ModelPublished = {
      version: (latest?.version ?? 0) + 1,
      feature_version: FEATURE_VERSION,
      intercept: m.intercept,
      weights: [...m.weights],
      trained_at: d.now(),
      examples: m.examples,
      trained_through: m.trainedThrough,
      humans: m.humans,
      fakes: m.fakes,
      l2: m.l2,
      train_log_loss: m.trainLogLoss,
      holdout_log_loss: m.holdoutLogLoss,
      baseline_holdout_log_loss: m.baselineHoldoutLogLoss,
      account: account ?? null,
      effective_examples: m.effectiveExamples,
      calibration_shift: m.calibrationShift,
      calibration_scale: m.calibrationScale,
      held_out_humans_blocked: m.heldOutHumansBlocked,
      baseline_held_out_humans_blocked: m.baselineHeldOutHumansBlocked,
      held_back: leftOut.tooFew ? 'disagreement' : m.heldBack ? (m.tooFewHumans ? 'few_humans' : m.adjusted.includes('over_blocking') ? 'over_blocking' : 'over_allowing') : others ? 'worse_for_others' : null,
      withheld_accounts: account === undefined ? accountsWorseOff([...m.heldOut, ...(leftOut.followedScored ?? [])]) : [],
      left_out_accounts: [...leftOut.accounts],
      followed_account: leftOut.followed ?? null,
      held_out_fakes_caught: m.heldOutFakesCaught,
      baseline_held_out_fakes_caught: m.baselineHeldOutFakesCaught,
      adjusted: [...m.adjusted],
      held_out_humans_effective: m.heldOutHumansEffective,
      domain_effects: [...m.domainEffects].map(([domain, effect]) => ({ domain, effect, share: m.domainShares.get(domain) ?? 0 })),
      effects_off_shift: m.effectsOffShift,
      shape_shares: [...m.shapeShares].map(([shape, share]) => ({ shape, share })),
    };
    const key = Buffer.from(account === undefined ? 'model' : `model:${account}`);
    await producer.send(TOPICS.models.name, [{ key, value: d.codecs.models.encode(model), timestamp: model.trained_at, partition: 0 }]);
    remember(model);
    d.logger.info(
      {
        version: model.version,
        personal: account !== undefined,
        examples: model.examples,
        effective_examples: Math.round(m.effectiveExamples),
        humans: model.humans,
        fakes: model.fakes,
        l2: model.l2,
        holdout_log_loss: model.holdout_log_loss,
        baseline_holdout_log_loss: model.baseline_holdout_log_loss,
        calibration_shift: model.calibration_shift,
        calibration_scale: model.calibration_scale,
        held_out_humans_blocked: m.heldOutHumansBlocked,
        held_out_humans_blocked_as_fitted: m.heldOutHumansBlockedAsFitted,
        baseline_held_out_humans_blocked: m.baselineHeldOutHumansBlocked,
        held_out_fakes_caught: m.heldOutFakesCaught,
        held_out_fakes_caught_inherited: m.heldOutFakesCaughtInherited,
        baseline_held_out_fakes_caught: m.baselineHeldOutFakesCaught,
        serving_scale: m.servingScale,
        adjusted: m.adjusted,
        held_out_humans_effective: Math.round(m.heldOutHumansEffective),
        unexercised_features: m.unexercised,
        withheld_accounts: model.withheld_accounts!.length,
        left_out_accounts: leftOut.accounts.length,
        domain_effects: m.domainEffects.size,
        domain_precision: m.domainPrior?.precision ?? null,
      },
      model.held_back ? `learned model held back (${model.held_back}: published, never served)` : account === undefined ? 'learned model published' : 'personal learned model published',
    );
    return model;
  }

  async function fit(force: boolean): Promise<TrainResult> {
    if (!(await caughtUp(10_000))) return { published: false, why: 'still reading the labelled checks' };
    const t0 = performance.now();
    const models: ModelPublished[] = [];
    // The examples first: they trim the set to capacity, so the counts below are what is fitted.
    const examples = set.examples();
    const perAccount = set.accounts();
    // Outcomes of accounts the baseline orders the wrong way round are left out (account-agreement.ts),
    // and no account weighs more than its fair share, however many outcomes it reports (shared-fit.ts).
    const fitOn = sharedFit(examples, cap);
    const { leftOut, shares, fittable } = fitOn;
    // Due on every account's outcomes, so that leaving some out is recorded (a held-back version) rather than silent.
    const shared = trainingDue({ humans: set.humans, fakes: set.fakes, newSinceModel: set.countAfter(latestShared?.trained_through ?? -Infinity) }, force);
    // Priors as set or fitted, not as served: every model inherits the baseline's calibration
    // after its fit (train.ts), which a prior already calibrated would then carry twice.
    if (shared.due && fittable) {
      // Too few outcomes left for a model that may serve: fitted and measured all the same, held back.
      // A fit that followed one account at the others' expense is refitted without it (sharedVersion).
      const { predict } = await loadFitter();
      const v = await sharedVersion(examples, (f) => fitOne(f.examples, BASELINE_AS_SET, undefined), (m, e) => predict(m, e.features), cap);
      models.push(await publishFitted(v.model, undefined, { accounts: v.fit.leftOut, tooFew: v.fit.tooFew, worseForOthers: v.worseForOthers, followedScored: v.followedScored, ...(v.followed !== undefined ? { followed: v.followed } : {}) }));
    }
    // Personal models, pulled towards the shared model that serves, when there is one: an
    // account's own outcomes then adjust what every account's outcomes taught.
    const servingCard = servingShared ? learnedScorecard(servingShared) : undefined;
    const sharedCard = servingCard ? expandLogOdds(servingCard, BASELINE_CALIBRATION_SCALE, blockCutLogit(blockBelow)) : undefined;
    const whyNot: string[] = [];
    for (const [account, counts] of [...perAccount].sort(([a], [b]) => a.localeCompare(b))) {
      if (counts.humans + counts.fakes < PERSONAL_MIN_EXAMPLES) continue; // most accounts: no need to count their new outcomes
      const decision = personalTrainingDue(
        {
          ...counts,
          newSinceModel: set.countAfter(latestPersonal.get(account)?.trained_through ?? -Infinity, account),
        },
        force,
      );
      const alone = sharedCard !== undefined && (shares.get(account) ?? 0) >= PERSONAL_MAX_SHARE;
      if (decision.due) models.push(await publish(set.examples(account), sharedCard ?? BASELINE_AS_SET, account, alone));
      else whyNot.push(`${account}: ${decision.why}`);
    }
    const sharedWhy = !shared.due ? shared.why : fittable ? '' : `the outcomes of ${leftOut.length} account${leftOut.length === 1 ? '' : 's'} left out (the baseline orders them the wrong way round), the rest hold one kind only`;
    if (models.length === 0) return { published: false, why: [sharedWhy ? `shared model: ${sharedWhy}` : '', ...whyNot.map((w) => `personal model of ${w}`)].filter(Boolean).join('; ') };
    return { published: true, models, ms: Math.round(performance.now() - t0) };
  }

  function trainNow(force = false): Promise<TrainResult> {
    fitting ??= fit(force).finally(() => (fitting = undefined));
    return fitting;
  }

  const timer =
    d.intervalMs > 0
      ? setInterval(() => {
          if (fitting || failure) return;
          trainNow().then(
            (r) => {
              if (!r.published) d.logger.debug({ why: r.why }, 'no new model this round');
            },
            (err: unknown) => d.logger.error({ err }, 'training failed; the current model keeps serving'),
          );
        }, d.intervalMs)
      : undefined;
  timer?.unref();

  return {
    trainNow,
    caughtUp,
    summary: () => ({ examples: set.size, humans: set.humans, fakes: set.fakes, latestVersion: latest?.version ?? 0 }),
    failed: () => failure,
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await fitting?.catch(() => undefined);
      await consumer.stop();
    },
  };
}
