/**
 * The `recommendation` of GET /v1/model: what the caller is served and what to do next, in
 * words. Figures of other customers stay out of it: only the counts the contract names (every
 * customer's outcomes in all, and how many customers reported) and the caller's own outcomes.
 */
import type { ModelPublished } from '../domain/events.ts';
import { SMALL_ACCOUNT_OUTCOMES } from '../model/account-agreement.ts';
import { DRIFT_WINDOW } from '../model/effect-drift.ts';
import { HEALTH_WINDOW, RECENT_WINDOW } from '../model/prequential.ts';
import type { GuardReason } from '../model/score.ts';
import type { ModelMode } from '../model/serving.ts';
import { MIN_EXAMPLES_PER_CLASS, MIN_TRAINING_EXAMPLES, NEW_EXAMPLES_FOR_RETRAIN, PERSONAL_MIN_EXAMPLES, PERSONAL_MIN_PER_CLASS, PERSONAL_NEW_FOR_RETRAIN } from '../model/training-policy.ts';

export interface AdviceInput {
  mode: ModelMode;
  /** Every customer's outcomes, and how many customers reported them (the contract's counts). */
  total: number;
  customers: number;
  /** The learned model described (0: none). */
  version: number;
  personal: boolean;
  healthy: boolean;
  /** Outcomes it has been measured on, of those its health is judged on. */
  learnedExamples: number;
  /** The recent outcomes its health compares it with the baseline on (at most HEALTH_WINDOW); learnedExamples when absent. */
  judgedOn?: number;
  /** The shared model's health is judged on the caller's own outcomes, or on a tenant-balanced window of everyone's with at most this many of one customer's. */
  sharedScope: 'own' | 'balanced';
  perCustomer?: number;
  /** The shared model described is not served to the caller: worse than the baseline on its own outcomes. */
  withheld: boolean;
  /** Newer versions than those serving, of the shared model and of the caller's personal one, that the trainer held back. */
  heldBack: readonly ModelPublished[];
  /** What the guards adjusted the model described for on held-out outcomes (empty or absent: nothing beyond the inherited calibration). */
  adjusted?: readonly GuardReason[];
  /**
   * The newest shared version left out some accounts' outcomes (account-agreement.ts): the
   * caller's own (`yours`), and whether any other customer's (never which, nor how many).
   */
  leftOut?: { readonly version: number; readonly yours: boolean; readonly others: boolean; readonly followed?: 'yours' | 'other' };
  /** The caller's own outcomes (what its personal model waits on). */
  ownHumans: number;
  ownFakes: number;
  /**
   * The shared model is served although the account has this personal version: in mode on
   * because it is newer, in auto because it does better on the account's outcomes.
   */
  overPersonal?: number;
  /** The factor the described personal model's per-domain effects serve with now, below 1 when the caller's recent traffic moved (effect-drift.ts); absent: in full. */
  effectsFade?: number;
  /** The described personal model lowers the checks at some domains (a negative per-domain effect): at a free-mail provider that is held at the block cut (score.ts providerEffectHeld). */
  lowersDomains?: boolean;
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

/** What a guard found on held-out outcomes, per reason. */
const FOUND: Record<GuardReason, string> = {
  over_blocking: 'blocked a larger share of known real people than the baseline',
  few_humans: 'blocked more known real people than so few of them can vouch for (a share read from few people can be far larger on new ones)',
  over_allowing: 'let through (allowed) a larger share of known fakes than the baseline',
};

const TITLE: Record<GuardReason, string> = { over_blocking: 'over-blocking', few_humans: 'blocking more than its sample vouches for', over_allowing: 'over-allowing' };

/** The reasons a held-back record names: its `adjusted` list, else (older records) its held_back code. */
function reasonsOf(m: ModelPublished): GuardReason[] {
  const listed = (['over_blocking', 'few_humans', 'over_allowing'] as const).filter((r) => m.adjusted?.includes(r));
  return listed.length ? listed : [m.held_back === 'over_allowing' ? 'over_allowing' : 'over_blocking'];
}

/** The verdict guard's sampling bound: with none blocked, the share of n humans is bounded under 3% (95%) from about 125 of them. */
const tooFewNote = (m: ModelPublished): string => {
  // A personal model's humans are the caller's own; the shared model's count would be a figure of other customers' outcomes.
  const n = m.account ? m.held_out_humans_effective : undefined;
  const counted = n === null || n === undefined ? '' : ` (${Math.round(n)})`;
  return (
    ` ${m.account ? 'Your personal' : 'Learned'} model v${m.version} was held back: its held-out outcomes held too few known real people${counted} to show that it ` +
    `would block at most 3% of new ones (at 95% confidence: with none of them blocked, that takes about 125), so no block threshold they vouch for exists and it is never served; ` +
    `a version fitted on more outcomes is measured again.`
  );
};

/** A shared version held back because, with outcomes the baseline orders the wrong way round left out, too few remained. */
const disagreementNote = (m: ModelPublished): string =>
  ` Learned model v${m.version} was held back: it leaves out outcomes that the baseline orders the wrong way round (fakes above real people) beyond what chance explains, ` +
  `and the outcomes left are fewer than a learned model needs (${MIN_TRAINING_EXAMPLES}, at least ${MIN_EXAMPLES_PER_CLASS} of each kind), so it is never served; each version fitted on more outcomes is judged the same way.`;

/** A shared version held back because it did worse than the baseline on the other customers' outcomes than the one it followed most. */
const worseForOthersNote = (m: ModelPublished): string =>
  m.followed_account
    ? ` Learned model v${m.version} was held back: a version fitted on every customer's outcomes followed one customer's at the others' expense, and fitted again without them it still did worse than the baseline on the outcomes of the customers it was fitted on, held out when it was fitted; ` +
      'it is never served, and each version fitted on more outcomes is judged the same way.'
    : ` Learned model v${m.version} was held back: on the outcomes of the customers other than the one that reported the most, held out when it was fitted, it did worse than the baseline, ` +
      'so one customer\'s outcomes, not what customers have in common, shaped it; it is never served, and each version fitted on more outcomes is judged the same way.';

function heldBackNote(held: readonly ModelPublished[]): string {
  return held
    .map((m) => {
      if (m.held_back === 'disagreement') return disagreementNote(m);
      if (m.held_back === 'worse_for_others') return worseForOthersNote(m);
      if (m.held_back === 'few_humans') return tooFewNote(m);
      const why = reasonsOf(m);
      const title = why.map((r) => TITLE[r]).join(' and ');
      return (
        ` ${m.account ? 'Your personal' : 'Learned'} model v${m.version} was held back for ${title}: on held-out outcomes it ${why.map((r) => FOUND[r]).join(' and ')}, ` +
        `and adjusting it to the baseline's share${why.length >= 2 ? 's' : ''} would have cost it its advantage over the baseline, so it is never served.`
      );
    })
    .join('');
}

/**
 * Outcomes the newest shared version left out: the caller's own, said plainly (they still train
 * its personal model); other customers', said without whose or how many.
 */
function leftOutNote(l: AdviceInput['leftOut'], held: readonly ModelPublished[], ownHumans: number, ownFakes: number): string {
  if (!l) return '';
  // With few outcomes, the caller's may have been judged in the pool of small accounts (account-agreement.ts).
  const pooled = ownHumans + ownFakes < SMALL_ACCOUNT_OUTCOMES ? `, on their own or, as you have fewer than ${SMALL_ACCOUNT_OUTCOMES} outcomes, together with those of the other accounts with as few` : '';
  const yours = l.yours
    ? ` Your outcomes were left out of learned model v${l.version}: the baseline orders them the wrong way round (your fakes above your real people) beyond what chance explains${pooled}, so they would pull the model every customer shares against it. ` +
      'They still train your personal model. If that is not what your customers are, check that outcomes are reported the right way round (confirmed or real for real people; fake, abuse or bounced for the others).'
    : '';
  // A version held back for it says so already.
  const others = l.others && !held.some((m) => m.version === l.version && m.held_back === 'disagreement') ? ` Learned model v${l.version} leaves out other customers' outcomes that the baseline orders the wrong way round beyond what chance explains, so they do not move what you are served.` : '';
  return yours + others + followedNote(l);
}

/** The newest shared version is a refit without the outcomes of the account a fit on everyone's followed at the others' expense (shared-fit.ts sharedVersion). */
function followedNote(l: NonNullable<AdviceInput['leftOut']>): string {
  if (l.followed === 'yours') {
    return (
      ` Your outcomes were left out of learned model v${l.version}: a version fitted with them did better than the baseline on them and worse, beyond chance, on the other customers' outcomes, ` +
      'so it followed yours at their expense and was fitted again without them. They still train your personal model.'
    );
  }
  if (l.followed === 'other') return ` Learned model v${l.version} was fitted without other customers' outcomes that a version fitted with them followed at the expense of the rest (it did worse than the baseline on theirs), so they do not move what you are served.`;
  return '';
}

/** A personal model whose per-domain effects the caller's recent traffic faded (effect-drift.ts), in words. */
function fadeNote(fade: number | undefined): string {
  if (fade === undefined || !(fade < 1)) return '';
  return (
    ` Your checks since it started serving, or your last ${DRIFT_WINDOW}, look unlike the outcomes it was fitted on (other domains, or another mix of address shapes at them), so what it learned about each domain is served at ` +
    `${Math.floor(100 * fade)}% until outcomes of your newer traffic refit it.`
  );
}

/**
 * A personal model that lowers some domains' checks: what that can do at a free-mail provider, in
 * words (score.ts providerEffectHeld). Said whenever the model could hold one; which checks were
 * held is not recorded anywhere, so no count is given.
 */
function heldNote(lowers: boolean | undefined): string {
  if (!lowers) return '';
  return (
    ' Where most of your sign-ups at a domain were fake, it lowers the checks there; at a free-mail provider (a domain anyone can open an address at) that alone ' +
    'takes a check no lower than the lowest review score of your thresholds, never to block: a real person there is not turned away for the company the provider keeps, and a fake there is still not allowed unseen.'
  );
}

/** The model described was adjusted by the guards (and kept its advantage): what was done, in words. */
function adjustedNote(adjusted: readonly GuardReason[] | undefined): string {
  if (!adjusted?.length) return '';
  const done = adjusted.map((r) =>
    r === 'over_blocking'
      ? 'recalibrated (made less sure and raised) so that it blocks no larger share of known real people than the baseline'
      : r === 'few_humans'
        ? 'its block threshold tightened (recalibrated, made less sure and raised) so that it blocks only as many known real people as their number vouches for: at 95% confidence at most 3% of new ones, or the baseline\'s share if larger'
        : 'its scores above the block threshold moved closer to it (the blocks stay as they were) so that it lets through no larger share of known fakes than the baseline',
  );
  return ` As fitted, it ${adjusted.map((r) => FOUND[r]).join(' and ')} on held-out outcomes, so it was adjusted before serving: ${done.join('; and ')}.`;
}

export function recommend(o: AdviceInput): string {
  const { total } = o;
  if (o.mode === 'off') return `MAILSIFT_MODEL_MODE is off: every account is served the baseline. Outcomes you report are still recorded, measured and trained on.${total === 0 ? ' No outcomes reported yet.' : ''}`;
  if (total === 0) {
    return `No outcomes reported yet. Send POST /v1/feedback with the check_id (or email) and outcome of checks whose fate you learn (verified email or payment = confirmed/real; bounce, abuse or fake = bounced/abuse/fake). A learned model needs ${MIN_TRAINING_EXAMPLES} labelled examples with at least ${MIN_EXAMPLES_PER_CLASS} of each kind.`;
  }
  const from = `${total} outcomes so far from ${o.customers} customer${o.customers === 1 ? '' : 's'}`;
  if (o.version === 0) {
    if (o.heldBack.length) return `${from}.${heldBackNote(o.heldBack)}${leftOutNote(o.leftOut, o.heldBack, o.ownHumans, o.ownFakes)} The baseline is served. ${personalAdvice(o.ownHumans, o.ownFakes)}`;
    if (total < MIN_TRAINING_EXAMPLES) {
      return `${from}. A learned model needs ${MIN_TRAINING_EXAMPLES}, at least ${MIN_EXAMPLES_PER_CLASS} of each kind: ${MIN_TRAINING_EXAMPLES - total} more at least. ${personalAdvice(o.ownHumans, o.ownFakes)} Report fakes as well as real people: both are needed.`;
    }
    return `${from}: once at least ${MIN_EXAMPLES_PER_CLASS} of them are of each kind, the trainer fits a learned model on its next run (every MAILSIFT_TRAIN_INTERVAL_S; \`mailsift retrain\` fits one now). Until then the baseline is served.`;
  }
  const name = o.personal ? `Your personal learned model v${o.version} (fitted on your own outcomes)` : `Learned model v${o.version}`;
  const ownScope = o.personal || o.sharedScope === 'own';
  const own = ownScope ? ' of yours' : '';
  const balanced = ownScope ? '' : ` across customers (at most ${o.perCustomer} of any one customer's, or of those with fewer than ${SMALL_ACCOUNT_OUTCOMES} outcomes together, so that no customer decides it for the others)`;
  const held = heldBackNote(o.heldBack) + leftOutNote(o.leftOut, o.heldBack, o.ownHumans, o.ownFakes);
  const next = ` Keep reporting outcomes; each ${o.personal ? PERSONAL_NEW_FOR_RETRAIN : NEW_EXAMPLES_FOR_RETRAIN} new ones trigger the next version.`;
  if (o.withheld) {
    return `${name} is not served to you: on your own outcomes, held out when it was fitted, it did worse than the baseline (other customers' outcomes pulled it away from yours). The baseline is served until a version does better for you.${held}${next}`;
  }
  const instead =
    o.overPersonal === undefined
      ? ''
      : o.mode === 'on'
        ? ` It is served instead of your personal model v${o.overPersonal} because it is newer (mode on serves the newest; auto would compare them on your outcomes).`
        : ` It is served instead of your personal model v${o.overPersonal}, which it beats on your recent outcomes (those both scored, the last ${HEALTH_WINDOW} at most).`;
  if (!o.healthy) {
    const scored = o.learnedExamples < RECENT_WINDOW ? ` It has been measured on ${o.learnedExamples} of the ${RECENT_WINDOW} outcomes${own} needed to judge it${balanced}.` : ` It is not beating the baseline on recent outcomes${own}${balanced}.`;
    return `${name} exists.${scored} ${o.mode === 'on' ? 'It is served anyway (mode on).' : 'The baseline is served until it does (mode auto).'}${instead}${adjustedNote(o.adjusted)}${fadeNote(o.effectsFade)}${heldNote(o.lowersDomains)}${held}${next}`;
  }
  return `${name} beats the baseline on the last ${o.judgedOn ?? Math.min(o.learnedExamples, HEALTH_WINDOW)} outcomes${own}${balanced} and is served${o.mode === 'auto' ? ' (mode auto)' : ''}.${instead}${adjustedNote(o.adjusted)}${fadeNote(o.effectsFade)}${heldNote(o.lowersDomains)}${held} Keep reporting outcomes so it keeps improving.`;
}
