/**
 * The API role: builds the check path (lookup tables, DNS resolver, IP feeds, history over the
 * local state, services) and the Fastify app, and listens. The state it reads is the streams'
 * own database in embedded mode, or a changelog replica in Kafka mode (passed in as `state`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import { buildApp } from '../api/app.ts';
import { prebuiltValidatorFactory, type PrebuiltValidatorFactory } from '../api/validators-prebuilt.ts';
import { readPrebuiltValidators } from './validators-file.ts';
import { createKeyResolver } from '../api/auth.ts';
import { randomBytes } from 'node:crypto';
import type { BusProducer } from '../bus/ports.ts';
import type { Codecs } from '../bus/codecs.ts';
import { DNS_OFF, createResolverSource } from './dns-source.ts';
import { createFeedSource } from './feed-source.ts';
import { loadDashboardAssets } from './dashboard-assets.ts';
import { listenOn } from './listen.ts';
import { buildAddressPipeline } from './address-pipeline.ts';
import { packageRoot } from '../platform/package-root.ts';
import { randomIds } from '../platform/random-ids.ts';
import { loadOrCreateDevKeys, hashApiKey } from '../platform/secrets.ts';
import { createEventWriter } from '../service/event-writer.ts';
import { createCheckService } from '../service/check-service.ts';
import { createFairShare } from '../service/fair-share.ts';
import { createFeedbackService } from '../service/feedback-service.ts';
import { createModelService, type LearnedModelSource } from '../service/model-service.ts';
import { createModelServing } from '../service/model-serving.ts';
import { createDomainAgeLookups } from '../rdap/domain-age-lookups.ts';
import { createUsageService } from '../service/usage-service.ts';
import { createControlLog } from '../service/control-log.ts';
import { createKeysService } from '../service/keys-service.ts';
import { createRulesService } from '../service/rules-service.ts';
import { createSettingsService } from '../service/settings-service.ts';
import { openSealed, sealSecret } from '../domain/sealed-secret.ts';
import type { VerdictThresholds } from '../domain/check.ts';
import { ReplayGuard } from '../signup-hooks/replay-guard.ts';
import { SIGNUP_HOOK_DEADLINE_MS, type SignupHookDeps } from '../api/routes/signup-hooks.ts';
import { createTestChecks } from '../service/test-checks.ts';
import type { InboxHashOf } from '../service/feedback-service.ts';
import { effectiveSettings, rateLimitsOf, thresholdsOf, type SettingsDefaults } from '../controls/settings.ts';
import { fixedAnswer } from '../controls/test-addresses.ts';
import type { ControlsFollower } from './controls-follower.ts';
import { startOperatorEndpoint } from './operator-endpoint.ts';
import { retrainReport, type RetrainResult } from './retrain.ts';
import type { Health, ModelPublications, ReadinessReport } from '../service/ports.ts';
import { createStatsService } from '../service/stats-service.ts';
import { createStatsQueries } from '../streams/stats-queries.ts';
import { createHistoryReader } from '../streams/history.ts';
import { OwnEvents } from '../streams/own-events.ts';
import { createEventLog } from '../streams/event-log.ts';
import { commitCachedReader } from '../streams/commit-cached-reader.ts';
import { REQUEST_PATH_HAND_OVER } from '../streams/handed-stores.ts';
import { createQueries } from '../streams/queries.ts';
import { coalescingReader } from '../streams/coalescing-reader.ts';
import type { Context } from './context.ts';
import type { MaterializedState } from './materialized-state.ts';

export interface ApiRoleDeps {
  producer: BusProducer;
  codecs: Codecs;
  /** The state this API reads (the worker's, this thread's runtime's, or a changelog replica). */
  state: MaterializedState;
  /** The newest learned model published (the model follower). */
  learned: LearnedModelSource & ModelPublications;
  /** Keys, rules and settings as they stand (the controls follower, caught up). */
  controls: ControlsFollower;
  /** Embedded mode: `mailsift retrain` through the operator endpoint, by the trainer beside this API (absent: none runs here). */
  retrain?: () => Promise<RetrainResult>;
}

export interface ApiRole {
  readonly app: FastifyInstance;
  /** Which request schemas this start compiled, not finding them prebuilt (the build's generator reads them). */
  readonly validators: PrebuiltValidatorFactory;
  readonly address: string;
  /** The development key generated at this start (shown once by the caller), if one was. */
  readonly devKey?: { key: string; account: string; file: string };
  /** Resolves when the start-up work that logs (the first feed downloads) has ended. */
  settled(): Promise<void>;
  /** Recomputes now which model serves each account (it is also recomputed after state commits). */
  refreshModels(): Promise<void>;
  close(): Promise<void>;
}

/** Kafka mode: how long own events count as possibly not yet in the domain counters (convergence ~1 s). */
const DOMAIN_HORIZON_MS = 2_000;

export async function startApi(ctx: Context, d: ApiRoleDeps): Promise<ApiRole> {
  const { config, logger, metrics } = ctx;
  const table = d.controls.table;
  const apiKeys = apiKeyHashes(ctx);
  const keys = createKeyResolver(apiKeys.hashes, table);
  const pipeline = buildAddressPipeline(
    { allow: config.verdictAllow, review: config.verdictReview },
    { notDisposable: config.notDisposable ?? [], disposable: config.disposable ?? [] },
  );
  const dns = config.dns ? await createResolverSource(ctx) : DNS_OFF;
  const feeds = await createFeedSource(ctx);
  // Embedded mode: every aggregation is fed by the check topic, so own events are pending
  // exactly until their offset is committed. Kafka mode: domain counters sit behind a
  // repartition topic, so own events are also kept for a short horizon.
  const embedded = config.mode === 'embedded';
  const own = new OwnEvents(embedded ? 0 : DOMAIN_HORIZON_MS);
  const state = d.state;
  const queries = createQueries(state.reader, own);
  // Check history reads many keys of busy domains; it may read them once per state commit,
  // and what it must read, it reads together with the other checks of this event-loop turn.
  // The writes each commit hands over keep its entries of the stores checks read across commits.
  const cachedState = commitCachedReader(coalescingReader(state.reader), (l) => state.onCommit(l), REQUEST_PATH_HAND_OVER);
  const writer = createEventWriter(d.producer, {
    timeoutMs: config.eventTimeoutMs,
    // An event already being written usually lands within moments; a 503 for it would be a check recorded but not answered.
    confirmGraceMs: Math.min(1000, config.eventTimeoutMs),
    onWritten: (topic, count) => metrics.eventsWritten.incBy(count, topic),
    onGaveUp: (topic, recorded, count) => metrics.eventsGivenUp.inc({ topic, recorded }, count),
  });
  const events = createEventLog(writer, d.codecs, own, state.hot);

  const models = createModelServing({
    mode: config.modelMode,
    learned: d.learned,
    queries,
    onStateCommit: (l) => state.onCommit(l),
    now: ctx.now,
    maxAccountShare: config.maxAccountShare,
    onError: (err) => logger.warn({ err }, 'model health refresh failed'),
  });
  await models.refresh();

  const domainAge = config.domainAge
    ? createDomainAgeLookups({
        servers: () => feeds.rdapServers(),
        now: ctx.now,
        fetch: ctx.fetch,
        onLookup: (result) => metrics.domainAgeLookups.inc({ result }),
        onPause: (origin, why, ms) => logger.warn({ registry: origin, why, paused_s: Math.round(ms / 1000) }, 'RDAP registry not answering; domain-age lookups to it paused'),
      })
    : undefined;

  // An address's inbox hash as a check computes it (DNS decides some providers' folding).
  const inboxHashOf: InboxHashOf = async (email) => {
    const parsed = pipeline.parse(email);
    if (!parsed.ok) return parsed;
    const facts = dns.source ? await dns.source.domainFacts(parsed.address.domain) : undefined;
    return { ok: true, inboxHash: ctx.hasher.hash('inbox', pipeline.analyze(parsed.address, facts).canonical) };
  };
  const defaults: SettingsDefaults = {
    verdictAllow: config.verdictAllow,
    verdictReview: config.verdictReview,
    rateLimits: {
      requests: { rate: config.rateLimitRps, burst: config.rateLimitBurst },
      addresses: { rate: config.rateLimitAddresses, burst: config.rateLimitAddressBurst },
    },
  };
  const defaultThresholds = thresholdsOf(effectiveSettings(undefined, defaults));
  /** The account's verdict thresholds: what its verdicts are cut with, and where a provider's effect is held. */
  const thresholdsFor = (account: string): VerdictThresholds => {
    const stored = table.settings(account);
    return stored ? thresholdsOf(effectiveSettings(stored, defaults)) : defaultThresholds;
  };
  const controlLog = createControlLog({ writer, codec: d.codecs.controls, table });
  const rules = createRulesService({ table, log: controlLog, inboxHashOf, now: ctx.now, random: randomBytes });
  const settings = createSettingsService({ table, log: controlLog, defaults, now: ctx.now, seal: (key) => sealSecret(ctx.sealKey, key, randomBytes(12)) });
  const signupHooks: SignupHookDeps = {
    secretFor: (account) => {
      const sealed = table.settings(account)?.signup_hook_secret;
      return typeof sealed === 'string' ? openSealed(ctx.sealKey, sealed) : undefined;
    },
    rejectReview: (account) => table.settings(account)?.signup_hook_reject_review === true,
    check: (account, email, ip) => checks.check(account, { email, ...(ip === undefined ? {} : { ip }), explain: false }),
    deadlineMs: SIGNUP_HOOK_DEADLINE_MS,
    replay: new ReplayGuard(),
    now: ctx.now,
    onAnswer: (outcome) => metrics.signupHooks.inc({ provider: 'supabase', outcome }),
  };
  const testChecks = createTestChecks();

  const checks = createCheckService({
    pipeline,
    models,
    dns: dns.source,
    ip: { facts: (ip) => feeds.facts(ip) },
    ...(domainAge ? { domainAge } : {}),
    history: createHistoryReader(cachedState, own, { domainFromChecks: embedded, domainHorizonMs: DOMAIN_HORIZON_MS, committed: () => state.applied().checks, maxAccountShare: config.maxAccountShare, hot: state.hot, ...(state.filters ? { filters: state.filters } : {}) }),
    hasher: ctx.hasher,
    signer: ctx.signer,
    events: events.checks,
    now: ctx.now,
    uuid: randomIds(),
    bulkConcurrency: config.bulkConcurrency,
    fairShare: createFairShare(config.bulkSlots),
    bulkSlice: config.bulkSlice,
    bulkDnsBudgetMs: config.bulkDnsBudgetMs,
    controls: {
      thresholds: thresholdsFor,
      rules: (account) => table.rules(account),
    },
    testChecks,
    onChecked: (verdict, model) => metrics.checks.inc(verdict, model),
    onInvalid: (kind) => metrics.checkErrors.inc({ kind }),
    onRuleHit: (action, type) => metrics.ruleHits.inc({ action, type }),
    onTestCheck: (verdict) => metrics.testChecks.inc({ verdict }),
  });

  const feedback = createFeedbackService({
    signer: ctx.signer,
    queries: state.othersApplied ? { ...queries, othersApplied: (account, ms) => state.othersApplied!(account, ms) } : queries,
    events: events.feedback,
    now: ctx.now,
    inboxHashOf,
    testChecks,
    fixedInboxHashOf: (email) => {
      const f = fixedAnswer(email);
      return f?.kind === 'verdict' ? ctx.hasher.hash('inbox', f.email) : undefined;
    },
    learned: { shared: () => d.learned.shared(), personal: (account) => d.learned.personal(account), probability: (features, card, domain, account) => pipeline.score(features, card, domain, thresholdsFor(account)).probability },
    onResult: (outcome, result) => metrics.feedback.inc({ outcome, result }),
  });

  const stopPruning = state.onCommit(() => {
    const a = state.applied();
    // An own check is needed until both the stores and the hot windows include it.
    const hot = state.hot.applied();
    own.prune(a.checks.map((n, p) => Math.min(n, hot[p] ?? 0)), a.feedback, ctx.now());
  });

  const health: Health = {
    async readiness() {
      const checks: ReadinessReport['checks'] = { ...(await state.readiness()), ...feeds.readiness(), ...dns.readiness() };
      return { ready: Object.values(checks).every((c) => c.ok || c.required === false), checks };
    },
  };

  const prebuiltValidators = readPrebuiltValidators();
  const validators = prebuiltValidatorFactory(prebuiltValidators, AjvCompiler());
  const app = await buildApp({
    logger,
    validators: validators.build,
    keys,
    rateLimits: (account) => rateLimitsOf(table.settings(account), defaults),
    now: ctx.now,
    checks,
    feedback,
    model: createModelService(queries, config.modelMode, d.learned, ctx.now, config.maxAccountShare, (account) => models.effectsFade(account)),
    usage: createUsageService(queries, ctx.now),
    rules,
    settings,
    stats: createStatsService(createStatsQueries(state.reader, own, state.hot.windows), d.learned, ctx.now),
    dashboard: loadDashboardAssets(),
    signupHooks,
    health,
    metrics,
    version: packageVersion(),
    logRequests: config.logLevel === 'debug' || config.logLevel === 'trace',
    resumed: (listener) => {
      process.on('SIGCONT', listener);
      return () => process.off('SIGCONT', listener);
    },
    ...(state.broken ? { stateFailed: () => state.broken!() } : {}),
  });
  metrics.gauge('mailsift_own_events_pending', 'Own events kept for read-your-writes', [], (set) => set({}, own.size));
  // Embedded mode: `mailsift keys` reaches this process (which owns the data dir) here.
  const retrain = d.retrain;
  const operator = embedded
    ? await startOperatorEndpoint(
        ctx,
        createKeysService({ table, log: controlLog, now: ctx.now, random: randomBytes }),
        async () => (retrain ? retrainReport(await retrain()) : { ok: false, lines: ['mailsift retrain: the running server runs no trainer'] }),
        validators.build,
      )
    : undefined;
  let address: string;
  try {
    address = await listenOn(app, config.host, config.port);
  } catch (err) {
    await operator?.close();
    throw err;
  }
  // A build whose file lacks a schema (src/ changed since, without a build) costs time, not answers.
  if (prebuiltValidators !== undefined && validators.misses().length > 0) {
    logger.warn({ schemas: validators.misses().length }, 'request validators compiled at start: dist/src/data/validators.cjs is stale (npm run build)');
  }
  logger.info({ address, mode: config.mode }, 'mailsift API listening');

  return {
    app,
    validators,
    address,
    ...(apiKeys.created ? { devKey: apiKeys.created } : {}),
    settled: () => feeds.settled(),
    refreshModels: () => models.refresh(),
    async close() {
      // The app first: requests still being drained read the state and the models.
      await app.close();
      await operator?.close();
      stopPruning();
      models.stop();
      cachedState.stop();
      domainAge?.stop();
      feeds.stop();
      dns.close();
    },
  };
}

/**
 * Keys of configuration (every scope): MAILSIFT_API_KEYS, else embedded mode's dev key (Kafka
 * mode has none). `created`: a dev key generated now (first start with an empty data dir), for
 * the caller to show once.
 */
function apiKeyHashes(ctx: Context): { hashes: { account: string; sha256: string }[]; created?: { key: string; account: string; file: string } } {
  if (ctx.config.apiKeys) return { hashes: ctx.config.apiKeys.map((k) => ({ account: k.account, sha256: hashApiKey(k.key) })) };
  if (ctx.config.mode === 'kafka') return { hashes: [] };
  const dev = loadOrCreateDevKeys(ctx.dataDir);
  if (!dev.created) return { hashes: dev.hashes };
  return { hashes: dev.hashes, created: { key: dev.created, account: dev.hashes[0]!.account, file: join(ctx.dataDir, 'api-keys.json') } };
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
