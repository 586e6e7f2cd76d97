/**
 * POST /v1/feedback, as README (Report an outcome) says:
 *   check_id: must have the chk_ form (else 400); must verify for this account within 14 days
 *             and not be labelled yet (else 404).
 *   email:    must parse (else 400); the account's latest check of that inbox (same canonical,
 *             any spelling) within 14 days is labelled (none -> 404).
 * 202 is answered only once the feedback event is durable. Two reports for one check racing on
 * this instance: the second sees the first in flight and gets 404.
 *
 * Shell: locate the check (verify the id, or find the inbox's latest check) -> query (labelled?
 * its record, when a learned model may score it) -> decide (check/decide-feedback.ts) -> append
 * (FeedbackEvents, durable) -> reply.
 */
import { decideFeedback, needsCheckRecord, type ReportedCheck } from '../check/decide-feedback.ts';
import { CHECK_ID_FLAGS, hasCheckIdForm, type CheckIdSigner } from '../domain/check-id.ts';
import { notFound, validationError } from '../domain/errors.ts';
import type { Scorecard } from '../model/score.ts';
import type { LearnedModelSource } from './model-service.ts';
import type { FeedbackEvents, FeedbackQueries, FeedbackService } from './ports.ts';
import type { TestChecks } from './test-checks.ts';

export type InboxHashOf = (email: string) => Promise<{ ok: true; inboxHash: Buffer } | { ok: false; error: string }>;

export interface FeedbackDeps {
  signer: CheckIdSigner;
  queries: FeedbackQueries;
  events: FeedbackEvents;
  inboxHashOf: InboxHashOf;
  /**
   * The learned models (the shared one and the account's personal one), and how they score a
   * feature vector. A check made before a model existed carries no probability of it; its
   * outcome is then scored by that model as it is reported (prequentially: no model has learned
   * from it yet), so each model is measured on every outcome reported after it was published;
   * scored as the account's checks are (its verdict thresholds: where a provider's effect is held).
   */
  learned?: LearnedModelSource & { probability(features: readonly number[], card: Scorecard, domain: string | undefined, account: string): number };
  now: () => number;
  onResult?: (outcome: string, result: 'accepted' | 'not_found' | 'invalid') => void;
  /** Recent test-key checks (feedback by email with a test key finds them here). */
  testChecks?: TestChecks;
  /** The inbox hash of a mailsift.test address with a fixed answer (which the address parser refuses). */
  fixedInboxHashOf?: (email: string) => Buffer | undefined;
}

/**
 * How long feedback by email waits for other instances' checks before answering 404: about
 * what a check takes to reach every instance (a few hundred ms) with room to spare.
 */
export const OTHERS_WAIT_MS = 2_000;

export function createFeedbackService(d: FeedbackDeps): FeedbackService {
  const inFlight = new Set<string>();

  /**
   * A test key's feedback: the check must be the account's (the same 400/404 as live feedback),
   * and then nothing is written or learned. By email, the latest test check of the inbox made
   * on this instance is the one (test checks are kept nowhere else).
   */
  async function testReport(account: string, req: Parameters<FeedbackService['report']>[1], now: number): Promise<{ check_id: string }> {
    if (req.check_id !== undefined) {
      if (!hasCheckIdForm(req.check_id)) throw validationError('check_id: must be a check id (chk_ followed by base64url characters, 100-140 characters in all)');
      if (!d.signer.verify(req.check_id, account, now).ok) throw notFound('check_id: no check with this id by your account in the last 14 days');
      return { check_id: req.check_id };
    }
    let inboxHash = d.fixedInboxHashOf?.(req.email!);
    if (!inboxHash) {
      const parsed = await d.inboxHashOf(req.email!);
      if (!parsed.ok) throw validationError(parsed.error);
      inboxHash = parsed.inboxHash;
    }
    const latest = d.testChecks?.latest(account, inboxHash, now);
    if (!latest) throw notFound('email: no test-key check of this inbox by your account in the last 14 days (on this instance)');
    return { check_id: d.signer.sign(account, latest.uuid, inboxHash, latest.time, CHECK_ID_FLAGS.test) };
  }

  return {
    async report(account, req, opts) {
      const counted = (result: 'accepted' | 'not_found' | 'invalid') => d.onResult?.(req.outcome, result);
      try {
        if ((req.check_id === undefined) === (req.email === undefined)) {
          throw validationError('feedback: exactly one of check_id or email is required');
        }
        const now = d.now();
        if (opts?.test) {
          const r = await testReport(account, req, now);
          counted('accepted');
          return r;
        }
        let check: ReportedCheck;
        let checkId: string;
        if (req.check_id !== undefined) {
          if (!hasCheckIdForm(req.check_id)) throw validationError('check_id: must be a check id (chk_ followed by base64url characters, 100-140 characters in all)');
          const v = d.signer.verify(req.check_id, account, now);
          if (!v.ok) throw notFound('check_id: no check with this id by your account in the last 14 days');
          // A test key's check (its sealed flag says so) was recorded nowhere: nothing to label or learn.
          if (v.claims.flags & CHECK_ID_FLAGS.test) {
            counted('accepted');
            return { check_id: req.check_id };
          }
          check = { uuid: v.claims.uuid, time: v.claims.issuedAt, inboxHash: v.claims.inboxHash, via: 'check_id' };
          checkId = req.check_id;
        } else {
          const parsed = await d.inboxHashOf(req.email!);
          if (!parsed.ok) throw validationError(parsed.error);
          const inboxHash = parsed.inboxHash;
          let latest = await d.queries.latestInboxCheck(account, inboxHash, now);
          // A check answered by another instance moments ago may not be here yet: before a
          // 404, wait until this instance holds every check of the account written so far.
          if (!latest && d.queries.othersApplied && (await d.queries.othersApplied(account, OTHERS_WAIT_MS))) {
            latest = await d.queries.latestInboxCheck(account, inboxHash, now);
          }
          if (!latest) throw notFound('email: no check of this inbox by your account in the last 14 days');
          check = { uuid: latest.uuid, time: latest.time, inboxHash, via: 'email' };
          checkId = d.signer.sign(account, latest.uuid, inboxHash, latest.time);
        }
        const flightKey = `${account}\0${check.uuid.toString('hex')}`;
        // Claimed before any await: a report racing this one on this instance sees the claim.
        const racing = inFlight.has(flightKey);
        if (!racing) inFlight.add(flightKey);
        try {
          const labelled = racing || (await d.queries.isLabelled(account, check.uuid, now));
          const models = { shared: d.learned?.shared(), personal: d.learned?.personal(account) };
          const record = !labelled && d.learned && needsCheckRecord(models) ? await d.queries.checkRecord(account, check.uuid, check.inboxHash, now) : undefined;
          const decision = decideFeedback({ account, check, outcome: req.outcome, labelled, record, models, probability: (f, card, domain) => d.learned!.probability(f, card, domain, account), now });
          if (!decision.ok) throw decision.error;
          await d.events.append(decision.event);
        } finally {
          if (!racing) inFlight.delete(flightKey);
        }
        counted('accepted');
        return { check_id: checkId };
      } catch (err) {
        const status = (err as { status?: number }).status;
        if (status === 404) counted('not_found');
        else if (status === 400) counted('invalid');
        throw err;
      }
    },
  };
}
