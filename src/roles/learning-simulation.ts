/**
 * The customer simulation behind `npm run eval -- --learning FILE`: a fresh embedded service
 * (temp data dir; DNS, feeds and RDAP off; a simulated clock) composed of the real roles, and
 * one customer of it. The customer checks the first rows one after another through the HTTP
 * routes and reports each outcome; after every 50 outcomes the trainer role has a round (what
 * MAILSIFT_TRAIN_INTERVAL_S gives a busy customer), fitting what its policy says is due, and
 * the API re-decides which model serves. Then the customer checks the remaining rows without
 * reporting outcomes. Every check's event carries the served model's probability and verdict
 * and the baseline's probability on the same check, so the two are compared on the same
 * traffic, including whatever the windowed counters made of it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BusProducer } from '../bus/ports.ts';
import { TOPICS } from '../bus/topics.ts';
import { loadConfig } from '../config/load.ts';
import { verdictFor, type Verdict } from '../domain/check.ts';
import type { CheckScored, ModelPublished } from '../domain/events.ts';
import type { ComparedCheck, Judged } from '../eval/learning-comparison.ts';
import type { LabelledRow } from '../eval/labelled.ts';
import { humanScoreOf } from '../model/score.ts';
import { createLogger } from '../platform/logger.ts';
import type { ModelStatsView } from '../service/ports.ts';
import { startApi } from './api.ts';
import { inThreadState } from './materialized-state.ts';
import { openBus } from './bus.ts';
import { createContext, type Context } from './context.ts';
import { startControlsFollower } from './controls-follower.ts';
import { startModelFollower } from './model-follower.ts';
import { startStreams } from './streams.ts';
import { startTrainer } from './trainer.ts';

/** A fixed start, so window buckets fall the same way in every run. */
const START = Date.UTC(2026, 0, 5, 9);
/** A sign-up every 30 s: a busy form, but no bot wave at any one domain. */
const CHECK_EVERY_MS = 30_000;
/** Outcomes of a round of checks arrive one a second after the round. */
const OUTCOME_EVERY_MS = 1_000;
/** Outcomes between trainer rounds (the training policy refits after 50 new ones). */
const ROUND_OUTCOMES = 50;
const ACCOUNT = 'customer';
/** Attempts of a request answered 503 (overloaded, or its event not durable in time). */
const RETRIES = 100;

export interface LearningSimulationInput {
  /** Checked in this order with their outcomes reported. */
  readonly learn: readonly LabelledRow[];
  /** Then checked in this order without outcomes: the comparison is on these. */
  readonly unseen: readonly LabelledRow[];
  readonly mode?: 'off' | 'on' | 'auto';
  /** A line of progress now and then (to stderr in the CLI). */
  readonly onProgress?: (line: string) => void;
}

export interface LearningSimulation {
  /** Rows refused as invalid addresses (400), per part. */
  readonly invalid: { readonly learn: number; readonly unseen: number };
  /** Every model version the trainer published, in order. */
  readonly published: readonly ModelPublished[];
  /** Which model answered the unseen checks (`baseline`, `learned-v<N>`), and how often. */
  readonly servedModels: Readonly<Record<string, number>>;
  readonly checks: readonly ComparedCheck[];
  /** GET /v1/model for the customer at the end. */
  readonly model: ModelStatsView;
}

export async function simulateLearning(input: LearningSimulationInput): Promise<LearningSimulation> {
  const dir = mkdtempSync(join(tmpdir(), 'mailsift-learning-'));
  const key = randomBytes(24).toString('hex');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MAILSIFT_DATA_DIR: dir,
    MAILSIFT_API_KEYS: `${key}=${ACCOUNT}`,
    MAILSIFT_DNS: 'off',
    MAILSIFT_FEEDS: 'off',
    MAILSIFT_DOMAIN_AGE: 'off',
    MAILSIFT_STREAMS_THREAD: 'off',
    MAILSIFT_MODEL_MODE: input.mode ?? 'auto',
    MAILSIFT_RATE_LIMIT_RPS: '1000000',
    MAILSIFT_RATE_LIMIT_BURST: '1000000',
    MAILSIFT_LOG_LEVEL: 'silent',
  });
  let clock = START;
  const ctx: Context = { ...createContext(config, createLogger('silent')), now: () => clock };
  const closers: (() => Promise<void>)[] = [];
  try {
    const opened = await openBus(ctx);
    closers.unshift(() => opened.bus.close());
    const streams = await startStreams(ctx, opened);
    closers.unshift(() => streams.close());
    const trainer = await startTrainer({
      bus: opened.bus,
      codecs: opened.codecs,
      groupId: 'mailsift-trainer',
      logger: ctx.logger,
      now: ctx.now,
      intervalMs: 0,
      blockBelow: config.verdictReview,
      allowAtLeast: config.verdictAllow,
      maxAccountShare: config.maxAccountShare,
    });
    closers.unshift(() => trainer.stop());
    const follower = await startModelFollower({ bus: opened.bus, codecs: opened.codecs, groupId: 'mailsift-api-models', logger: ctx.logger });
    closers.unshift(() => follower.stop());
    const controls = await startControlsFollower({ bus: opened.bus, codecs: opened.codecs, groupId: 'mailsift-api-controls', logger: ctx.logger });
    closers.unshift(() => controls.stop());
    if (!(await controls.caughtUp(30_000))) throw new Error('could not read the customer controls');
    const checkEvents: Buffer[] = [];
    const api = await startApi(ctx, {
      learned: follower,
      controls,
      producer: tapChecks(opened.bus.producer(), checkEvents),
      codecs: opened.codecs,
      state: await inThreadState(ctx, opened, streams),
    });
    closers.unshift(() => api.close());

    /** One request, retried as a client should while the service answers 503 (the trainer's fit shares this thread). */
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      for (let attempt = 1; ; attempt++) {
        const r = await api.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
        if (r.statusCode !== 503 || attempt === RETRIES) return { status: r.statusCode, body: r.json() as Record<string, unknown> };
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    /** The check's event (index into checkEvents), or undefined for an address the API refused. */
    const check = async (row: LabelledRow): Promise<{ checkId: string; event: number } | undefined> => {
      clock += CHECK_EVERY_MS;
      const r = await call('POST', '/v1/check', { email: row.email });
      if (r.status === 400) return undefined;
      if (r.status !== 200) throw new Error(`learning simulation: a check was answered ${r.status}: ${String(r.body.error)}`);
      return { checkId: String(r.body.check_id), event: checkEvents.length - 1 };
    };
    const published: ModelPublished[] = [];
    const trainerRound = async (): Promise<void> => {
      if (!(await streams.runtime.caughtUp(120_000))) throw new Error('learning simulation: the stream processors did not catch up');
      clock += 60_000;
      const r = await trainer.trainNow();
      if (r.published) {
        published.push(...r.models);
        if (!(await follower.caughtUp())) throw new Error('learning simulation: the API did not load the published model');
      }
      await api.refreshModels();
    };

    const invalid = { learn: 0, unseen: 0 };
    for (let i = 0; i < input.learn.length; i += ROUND_OUTCOMES) {
      const round: { checkId: string; human: boolean }[] = [];
      for (const row of input.learn.slice(i, i + ROUND_OUTCOMES)) {
        const c = await check(row);
        if (c) round.push({ checkId: c.checkId, human: row.label === 'human' });
        else invalid.learn++;
      }
      for (const o of round) {
        clock += OUTCOME_EVERY_MS;
        const r = await call('POST', '/v1/feedback', { check_id: o.checkId, outcome: o.human ? 'real' : 'fake' });
        if (r.status !== 202) throw new Error(`learning simulation: feedback was answered ${r.status}: ${String(r.body.error)}`);
      }
      await trainerRound();
      input.onProgress?.(`${Math.min(i + ROUND_OUTCOMES, input.learn.length)} of ${input.learn.length} rows checked with outcomes, ${published.length} model versions published`);
    }

    const unseen: { label: LabelledRow['label']; event: number }[] = [];
    for (const row of input.unseen) {
      const c = await check(row);
      if (c) unseen.push({ label: row.label, event: c.event });
      else invalid.unseen++;
    }
    const thresholds = { allowAtLeast: config.verdictAllow, reviewAtLeast: config.verdictReview };
    const servedModels: Record<string, number> = {};
    const checks: ComparedCheck[] = [];
    for (const u of unseen) {
      const e: CheckScored = await opened.codecs.checks.decode(checkEvents[u.event]!);
      servedModels[e.served_model] = (servedModels[e.served_model] ?? 0) + 1;
      const judged = (probability: number): Judged => ({ probability, verdict: verdictFor(humanScoreOf(probability), thresholds) });
      checks.push({
        label: u.label,
        gmail: e.domain === 'gmail.com',
        served: { probability: e.served_probability, verdict: e.verdict as Verdict },
        baseline: judged(e.baseline_probability),
        ...(e.learned_probability !== null ? { shared: judged(e.learned_probability) } : {}),
        ...(e.personal_probability !== null && e.personal_probability !== undefined ? { personal: judged(e.personal_probability) } : {}),
      });
    }
    const model = (await call('GET', '/v1/model')).body as unknown as ModelStatsView;
    return { invalid, published, servedModels, checks, model };
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The producer the API writes with, keeping the value of every check event it made durable (in order: checks run one at a time). */
function tapChecks(producer: BusProducer, into: Buffer[]): BusProducer {
  return {
    async send(topic, records, opts) {
      const positions = await producer.send(topic, records, opts);
      if (topic === TOPICS.checks.name) for (const r of records) into.push(r.value);
      return positions;
    },
  };
}
