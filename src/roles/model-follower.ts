/**
 * Follows the models topic from its start and keeps the newest learned models this build can
 * score and may serve: the shared one and each account's personal one (model-serving decides
 * which serves an account). A version the trainer held back for over-blocking is never taken
 * up (the one before it keeps serving); it is remembered so /v1/model can say so. Every API
 * instance runs one (its own consumer group, so each sees every version); the topic is tiny
 * (one record per version) and replaying it at start is instant.
 */
import type { Codecs } from '../bus/codecs.ts';
import { SELDOM_WAIT_MS, type Bus, type BusConsumer } from '../bus/ports.ts';
import { TOPICS } from '../bus/topics.ts';
import type { ModelPublished } from '../domain/events.ts';
import { learnedScorecard } from '../model/learned.ts';
import type { Scorecard } from '../model/score.ts';
import type { Logger } from 'pino';
import type { LearnedModelSource } from '../service/model-service.ts';
import type { ModelPublications } from '../service/ports.ts';
import { followerCaughtUp } from './caught-up.ts';

export interface ModelFollower extends LearnedModelSource, ModelPublications {
  /** The newest published model record, scorable or not (the trainer numbers versions after it). */
  latestPublished(): ModelPublished | undefined;
  /** Resolves once every model published before the call has been read. */
  caughtUp(timeoutMs?: number): Promise<boolean>;
  failed(): Error | undefined;
  stop(): Promise<void>;
}

export async function startModelFollower(o: { bus: Bus; codecs: Codecs; groupId: string; logger: Logger; onModel?: (m: ModelPublished) => void }): Promise<ModelFollower> {
  const topic = TOPICS.models.name;
  let shared: Scorecard | undefined;
  const personal = new Map<string, Scorecard>();
  /** The newest version of each scope ('' = the shared model), held back or not. */
  const newest = new Map<string, ModelPublished>();
  let published: ModelPublished | undefined;
  // Every version read, by version (a replaced consumer session reads the topic again from 0).
  const history = new Map<number, { version: number; at: number; account: string | null }>();
  let next = 0;
  let failure: Error | undefined;
  // Written seldom: a long poll, not a fetch every batching wait (docs/architecture.md, Benchmarks).
  const consumer: BusConsumer = o.bus.consumer(o.groupId, { seldomWaitMs: SELDOM_WAIT_MS });
  await consumer.start([topic], {
    position: async () => 0,
    onBatch: async (_tp, records) => {
      for (const r of records) {
        let m: ModelPublished;
        try {
          m = await o.codecs.models.decode(r.value);
        } catch (err) {
          // A record this build cannot read is skipped, never fatal: the baseline keeps serving.
          o.logger.warn({ err, offset: r.offset }, 'skipped an unreadable model record');
          continue;
        }
        if (!published || m.version >= published.version) published = m;
        // A held-back version never served: /v1/stats marks only the versions that did.
        if (!m.held_back) history.set(m.version, { version: m.version, at: m.trained_at, account: m.account ?? null });
        const scope = m.account ?? '';
        if (!newest.has(scope) || m.version >= newest.get(scope)!.version) newest.set(scope, m);
        const card = learnedScorecard(m);
        if (!card) {
          o.logger.warn({ version: m.version, feature_version: m.feature_version }, 'published model cannot be scored by this build; keeping the previous one');
        } else if (m.held_back) {
          o.logger.info({ version: m.version, personal: card.account !== undefined, held_back: m.held_back }, 'learned model held back by the trainer; the previous one keeps serving');
        } else if (card.account) {
          const cur = personal.get(card.account);
          if (!cur || card.version >= cur.version) personal.set(card.account, card);
          o.logger.info({ version: card.version, examples: m.examples, personal: true }, 'learned model loaded');
        } else if (!shared || card.version >= shared.version) {
          shared = card;
          o.logger.info({ version: card.version, examples: m.examples }, 'learned model loaded');
        }
        o.onModel?.(m);
      }
      next = records.at(-1)!.offset + 1;
    },
    onError: (err) => {
      failure = err;
      o.logger.error({ err }, 'model follower stopped');
    },
  });

  return {
    shared: () => shared,
    personal: (account) => personal.get(account),
    heldBack: (account) => {
      const m = newest.get(account ?? '');
      return m?.held_back ? m : undefined;
    },
    latestPublished: () => published,
    published: (account) =>
      [...history.values()]
        .filter((h) => h.account === null || h.account === account)
        .sort((a, b) => a.version - b.version)
        .map((h) => ({ version: h.version, at: h.at, personal: h.account !== null })),
    async caughtUp(timeoutMs = 30_000) {
      const [end = 0] = await o.bus.endOffsets(topic);
      return followerCaughtUp(end, () => next, () => failure, timeoutMs);
    },
    failed: () => failure,
    stop: () => consumer.stop(),
  };
}
