/**
 * `mailsift retrain`'s work, wherever the trainer runs: in the command's own process (Kafka mode,
 * or an embedded data dir no server holds), or inside the running embedded server, which owns
 * the data dir and is reached through its operator endpoint (retrain-command.ts). Both print the
 * same report.
 */
import type { ModelPublished } from '../domain/events.ts';
import { SMALL_ACCOUNT_OUTCOMES } from '../model/account-agreement.ts';
import { MIN_EXAMPLES_PER_CLASS, MIN_TRAINING_EXAMPLES, PERSONAL_MIN_EXAMPLES, PERSONAL_MIN_PER_CLASS } from '../model/training-policy.ts';
import type { Trainer, TrainResult } from './trainer.ts';

/** How long a retrain waits for its trainer to have read every labelled check. */
export const RETRAIN_CATCH_UP_MS = 10 * 60_000;

/** A fit's result, or `attempted: false`: no fit was tried (the trainer had not read every labelled check in time, or could not run). */
export type RetrainResult = TrainResult | { published: false; why: string; attempted: false };

/** What the command prints, and whether it succeeded. */
export interface RetrainReport {
  ok: boolean;
  lines: string[];
}

/** Fits and publishes now, once the trainer has read every labelled check written before the call. */
export async function retrainNow(trainer: Trainer, timeoutMs = RETRAIN_CATCH_UP_MS): Promise<RetrainResult> {
  if (!(await trainer.caughtUp(timeoutMs))) return { published: false, why: `could not read every labelled check in ${Math.round(timeoutMs / 60_000)} minutes`, attempted: false };
  return trainer.trainNow(true);
}

export function retrainReport(r: RetrainResult): RetrainReport {
  if (!r.published) return { ok: false, lines: 'attempted' in r ? [`mailsift retrain: ${r.why}`] : [`mailsift retrain: no model fitted: ${r.why}`, RETRAIN_RULE] };
  const lines = r.models.map(
    (m) =>
      `published ${m.account ? `personal model of ${m.account}` : 'learned model'} v${m.version}: ${m.examples} examples (${m.humans} real, ${m.fakes} fake), prior strength ${m.l2}, ` +
      (m.domain_effects?.length ? `${m.domain_effects.length} domain effects, ` : '') +
      `holdout log loss ${m.holdout_log_loss.toFixed(4)} vs baseline ${m.baseline_holdout_log_loss.toFixed(4)}${guardNote(m)}`,
  );
  lines.push(`${r.models.length} model${r.models.length === 1 ? '' : 's'} in ${r.ms} ms`);
  return { ok: true, lines };
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
    m.held_back === 'disagreement'
      ? `HELD BACK, never served: the outcomes it keeps are fewer than a learned model needs (${MIN_TRAINING_EXAMPLES}, at least ${MIN_EXAMPLES_PER_CLASS} of each kind)`
      : m.held_back === 'worse_for_others'
      ? m.followed_account
        ? 'HELD BACK, never served: fitted again without the account it followed, still worse than the baseline on the held-out outcomes of the accounts it was fitted on, taken together'
        : 'HELD BACK, never served: worse than the baseline on the held-out outcomes of the accounts other than the one with the most, taken together'
      : m.held_back === 'few_humans'
      ? `HELD BACK, never served: too few held-out real people (${Math.round(m.held_out_humans_effective ?? 0)}) to bound the share it would block within 3% at 95% confidence`
      : m.held_back
        ? `HELD BACK for ${why}, never served: ${blocked} only at a loss to the baseline`
        : m.calibration_shift || (m.calibration_scale ?? 1) !== 1 ? `calibrated (logit x${(m.calibration_scale ?? 1).toFixed(3)} ${(m.calibration_shift ?? 0) < 0 ? '-' : '+'} ${Math.abs(m.calibration_shift ?? 0).toFixed(3)}): ${blocked}` : '',
    m.left_out_accounts?.length ? `outcomes of ${listOf(m.left_out_accounts)} left out: the baseline orders them the wrong way round (fakes above real people) beyond chance, each on its own or pooled with every account of fewer than ${SMALL_ACCOUNT_OUTCOMES} outcomes` : '',
    m.followed_account ? `fitted again without the outcomes of account ${m.followed_account}: a version fitted with them did better than the baseline on them and worse, beyond chance, on the other accounts' held-out outcomes taken together` : '',
    m.withheld_accounts?.length ? `not served to ${m.withheld_accounts.length} account${m.withheld_accounts.length === 1 ? '' : 's'} it does worse for than the baseline` : '',
  ].filter(Boolean);
  return notes.length ? `; ${notes.join('; ')}` : '';
}

/** The operator's view names the accounts (the command runs with the service's own credentials). */
function listOf(accounts: readonly string[]): string {
  return `${accounts.length === 1 ? 'account' : 'accounts'} ${accounts.join(', ')}`;
}
