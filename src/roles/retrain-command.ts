/**
 * `mailsift retrain`: fits the shared learned model on every labelled check now, and each
 * account's personal model on its own, and publishes them as the next versions, even when
 * fewer new outcomes arrived than the trainer waits for (each still needs the minimum per
 * training-policy.ts). In Kafka mode it runs beside the deployment (the
 * API instances pick the version up within a second); in embedded mode it needs the data dir
 * to itself, so stop the server first (the running server's trainer retrains on its own every
 * MAILSIFT_TRAIN_INTERVAL_S).
 */
import { MIN_EXAMPLES_PER_CLASS, MIN_TRAINING_EXAMPLES, PERSONAL_MIN_EXAMPLES, PERSONAL_MIN_PER_CLASS } from '../model/training-policy.ts';
import type { ModelPublished } from '../domain/events.ts';
import { errorCodes } from '../platform/level-open.ts';
import { instanceId, openBus, type OpenedBus } from './bus.ts';
import type { Context } from './context.ts';
import { startTrainer } from './trainer.ts';

export async function retrainCommand(ctx: Context, out: (line: string) => void): Promise<number> {
  let opened: OpenedBus;
  try {
    opened = await openBus(ctx);
  } catch (err) {
    if (ctx.config.mode === 'embedded' && isLocked(err)) {
      out(`mailsift retrain: the data dir ${ctx.dataDir} is in use by a running server. Stop it first, or let its trainer retrain on its own (every MAILSIFT_TRAIN_INTERVAL_S).`);
      return 1;
    }
    throw err;
  }
  try {
    const trainer = await startTrainer({
      bus: opened.bus,
      codecs: opened.codecs,
      groupId: `mailsift-retrain-${instanceId(ctx)}`,
      logger: ctx.logger.child({ role: 'trainer' }),
      now: ctx.now,
      intervalMs: 0,
      blockBelow: ctx.config.verdictReview,
      allowAtLeast: ctx.config.verdictAllow,
      maxAccountShare: ctx.config.maxAccountShare,
    });
    try {
      if (!(await trainer.caughtUp(10 * 60_000))) {
        out('mailsift retrain: could not read every labelled check in 10 minutes');
        return 1;
      }
      const r = await trainer.trainNow(true);
      if (!r.published) {
        out(`mailsift retrain: no model fitted: ${r.why}`);
        out(RETRAIN_RULE);
        return 1;
      }
      for (const m of r.models) {
        out(
          `published ${m.account ? `personal model of ${m.account}` : 'learned model'} v${m.version}: ${m.examples} examples (${m.humans} real, ${m.fakes} fake), prior strength ${m.l2}, ` +
            (m.domain_effects?.length ? `${m.domain_effects.length} domain effects, ` : '') +
            `holdout log loss ${m.holdout_log_loss.toFixed(4)} vs baseline ${m.baseline_holdout_log_loss.toFixed(4)}${guardNote(m)}`,
        );
      }
      out(`${r.models.length} model${r.models.length === 1 ? '' : 's'} in ${r.ms} ms`);
      return 0;
    } finally {
      await trainer.stop();
    }
  } finally {
    await opened.bus.close();
  }
}

/** The whole rule (training-policy.ts), so a refusal says what would be enough, not only what is missing. */
export const RETRAIN_RULE =
  `A shared learned model needs ${MIN_TRAINING_EXAMPLES} outcomes in all, at least ${MIN_EXAMPLES_PER_CLASS} of each kind (real person: confirmed/real; not: fake/abuse/bounced). ` +
  `An account's personal model needs ${PERSONAL_MIN_EXAMPLES} of that account's own outcomes, at least ${PERSONAL_MIN_PER_CLASS} of each kind. ` +
  'Report outcomes with POST /v1/feedback; GET /v1/model says how many are still missing.';
/** What the verdict guard and the account guard did to a version, for the line that reports it. */
function guardNote(m: ModelPublished): string {
  const pct = (x: number | null | undefined): string => `${(100 * (x ?? 0)).toFixed(1)}%`;
  const caught = m.held_out_fakes_caught === null || m.held_out_fakes_caught === undefined ? '' : `, fakes caught ${pct(m.held_out_fakes_caught)} (baseline ${pct(m.baseline_held_out_fakes_caught)})`;
  const blocked = `held-out real people blocked ${pct(m.held_out_humans_blocked)} (baseline ${pct(m.baseline_held_out_humans_blocked)})${caught}`;
  const why = m.adjusted?.length ? m.adjusted.join(' and ').replaceAll('_', '-') : 'over-blocking';
  const notes = [
    m.held_back === 'few_humans'
      ? `HELD BACK, never served: too few held-out real people (${Math.round(m.held_out_humans_effective ?? 0)}) to bound the share it would block within 3% at 95% confidence`
      : m.held_back
        ? `HELD BACK for ${why}, never served: ${blocked} only at a loss to the baseline`
        : m.calibration_shift || (m.calibration_scale ?? 1) !== 1 ? `calibrated (logit x${(m.calibration_scale ?? 1).toFixed(3)} ${(m.calibration_shift ?? 0) < 0 ? '-' : '+'} ${Math.abs(m.calibration_shift ?? 0).toFixed(3)}): ${blocked}` : '',
    m.withheld_accounts?.length ? `not served to ${m.withheld_accounts.length} account${m.withheld_accounts.length === 1 ? '' : 's'} it does worse for than the baseline` : '',
  ].filter(Boolean);
  return notes.length ? `; ${notes.join('; ')}` : '';
}

function isLocked(err: unknown): boolean {
  return errorCodes(err).includes('LEVEL_LOCKED');
}
