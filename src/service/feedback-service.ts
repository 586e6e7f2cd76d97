/**
 * POST /v1/feedback, as README (Report an outcome) says:
 *   check_id: must have the chk_ form (else 400); must verify for this account within 14 days
 *             and not be labelled yet (else 404).
 *   email:    must parse (else 400); the account's latest check of that inbox (same canonical,
 *             any spelling) within 14 days is labelled (none -> 404).
 * 202 is answered only once the feedback event is durable. Two reports for one check racing on
 * this instance: the second sees the first in flight and gets 404.
 */
import { partitionFor } from '../bus/partitioner.ts';
import { TOPICS } from '../bus/topics.ts';
import type { Codecs } from '../bus/codecs.ts';
import { CHECK_ID_FLAGS, hasCheckIdForm, type CheckIdSigner } from '../domain/check-id.ts';
import { notFound, validationError } from '../domain/errors.ts';
import type { FeedbackReceived } from '../domain/events.ts';
import type { Scorecard } from '../model/score.ts';
import type { OwnEvents } from '../streams/own-events.ts';
import type { Queries } from '../streams/queries.ts';
import type { EventWriter } from './event-writer.ts';
import type { LearnedModelSource } from './model-service.ts';
import type { FeedbackService } from './ports.ts';
import type { TestChecks } from './test-checks.ts';

export type InboxHashOf = (email: string) => Promise<{ ok: true; inboxHash: Buffer } | { ok: false; error: string }>;

export interface FeedbackDeps {
  signer: CheckIdSigner;
  queries: Queries;
  own: OwnEvents;
  codecs: Codecs;
  writer: EventWriter;
  inboxHashOf: InboxHashOf;
  /**
   * The learned models (the shared one and the account's personal one), and how they score a
   * feature vector. A check made before a model existed carries no probability of it; its
   * outcome is then scored by that model as it is reported (prequentially: no model has learned
   * from it yet), so each model is measured on every outcome reported after it was published.
   */
  learned?: LearnedModelSource & { probability(features: readonly number[], card: Scorecard): number };
  now: () => number;
  onResult?: (outcome: string, result: 'accepted' | 'not_found' | 'invalid') => void;
  /** Several instances: waits (bounded) until the state includes every check of the partition written so far. */
  othersApplied?: (partition: number, timeoutMs: number) => Promise<boolean>;
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

  /** The probabilities of the models that did not exist when the check was made. */
  async function learnedAtReport(account: string, uuid: Buffer, inboxHash: Buffer, now: number): Promise<{ shared: number | null; personal: number | null }> {
    const none = { shared: null, personal: null };
    const shared = d.learned?.shared();
    const personal = d.learned?.personal(account);
    if (!shared && !personal) return none;
    const rec = await d.queries.checkRecord(account, uuid, inboxHash, now);
    // Not held yet (another instance's check not replicated): the label join finds none, as before.
    if (!rec) return none;
    const at = (card: Scorecard | undefined, given: number | null | undefined): number | null =>
      card && (given === null || given === undefined) && rec.feature_version === card.featureVersion ? d.learned!.probability(rec.features, card) : null;
    return { shared: at(shared, rec.learned_probability), personal: at(personal, rec.personal_probability) };
  }

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
        let uuid: Buffer;
        let checkTime: number;
        let inboxHash: Buffer;
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
          ({ uuid, issuedAt: checkTime, inboxHash } = v.claims);
          checkId = req.check_id;
        } else {
          const parsed = await d.inboxHashOf(req.email!);
          if (!parsed.ok) throw validationError(parsed.error);
          inboxHash = parsed.inboxHash;
          let latest = await d.queries.latestInboxCheck(account, inboxHash, now);
          // A check answered by another instance moments ago may not be here yet: before a
          // 404, wait until this instance holds every check of the account written so far.
          if (!latest && d.othersApplied && (await d.othersApplied(partitionFor(Buffer.from(account), TOPICS.checks.partitions), OTHERS_WAIT_MS))) {
            latest = await d.queries.latestInboxCheck(account, inboxHash, now);
          }
          if (!latest) throw notFound('email: no check of this inbox by your account in the last 14 days');
          uuid = latest.uuid;
          checkTime = latest.time;
          checkId = d.signer.sign(account, uuid, inboxHash, checkTime);
        }
        const flightKey = `${account}\0${uuid.toString('hex')}`;
        const labelled = notFound(`${req.check_id !== undefined ? 'check_id' : 'email'}: this check already has an outcome`);
        // Claimed before any await: a report racing this one on this instance sees the claim.
        if (inFlight.has(flightKey)) throw labelled;
        inFlight.add(flightKey);
        try {
          if (await d.queries.isLabelled(account, uuid, now)) throw labelled;
          const atReport = await learnedAtReport(account, uuid, inboxHash, now);
          const event: FeedbackReceived = {
            check_uuid: uuid,
            account,
            time: now,
            check_time: checkTime,
            inbox_hash: inboxHash,
            outcome: req.outcome,
            via: req.check_id !== undefined ? 'check_id' : 'email',
            learned_probability: atReport.shared,
            personal_probability: atReport.personal,
          };
          const key = Buffer.from(account);
          const partition = partitionFor(key, TOPICS.feedback.partitions);
          const pos = await d.writer.write(TOPICS.feedback.name, key, d.codecs.feedback.encode(event), now, partition);
          d.own.addFeedback({ event, ...pos });
        } finally {
          inFlight.delete(flightKey);
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
