/**
 * Keeps the IP feeds current (shell): loads the last good copies at start, downloads every
 * configured feed on demand and on a timer, validates, swaps atomically on disk and in memory.
 *
 * Failure policy: nothing here ever breaks a check. A feed that fails to download or validate
 * keeps its previous good copy and records `lastError`; a feed never loaded is simply absent
 * from the tables (so `ip.tor` is absent, not false). Azure has no stable URL: without a
 * configured one it is "not configured" (no download, no error).
 * Privacy: logs carry feed names, counts, sizes and URL origin+path; never feed entries and
 * never anything from requests (this module never sees a request IP).
 */
import type { IpTables } from '../signals/ip/ip-facts.ts';
import { downloadFeed, displayUrl } from './download.ts';
import { FEED_CATALOG, FEED_NAMES, resolveFeedUrl, type FeedName, type FeedSpec } from './feed-catalog.ts';
import { FeedStore, sha256 } from './feed-store.ts';
import { ipTablesFromFeeds } from './ip-tables-from-feeds.ts';
import { failedRoundMessage } from './round-summary.ts';
import type { ParsedFeed } from './parsers/parsed-feed.ts';
import { validateFeedBody } from './validate.ts';

export type { FeedName } from './feed-catalog.ts';

export interface FeedUpdaterOptions {
  dataDir: string;
  /** Overrides (MAILSIFT_FEEDS_URL_AWS, _AZURE, _GOOGLE_CLOUD, _DIGITAL_OCEAN, _TOR); '' or 'off' turns a feed off. */
  urls: Partial<Record<FeedName, string>>;
  /** Default 6 h; 0 = no periodic refresh. */
  refreshIntervalMs?: number;
  /** Per download, headers and body. Default 30 s. */
  timeoutMs?: number;
  /** Overrides every feed's own cap (feed-catalog.ts). */
  maxBytes?: number;
  /** A new copy with fewer entries than this share of the last good one is rejected. Default 0.5. */
  minRatio?: number;
  /** One line per round (and per unusable stored copy); per-feed details at debug. */
  logger?: { info(o: object, msg?: string): void; warn(o: object, msg?: string): void; debug?(o: object, msg?: string): void };
  now?: () => number;
  /** The fetch downloads use (the service's honours HTTP(S)_PROXY); default the built-in one. */
  fetch?: typeof globalThis.fetch;
}

export interface FeedStatus {
  name: FeedName;
  /** Origin + path of the configured URL; absent when not configured. */
  url?: string;
  /** False when the feed has no URL (Azure by default, or turned off): not an error. */
  configured: boolean;
  /** A good copy is in the tables. */
  loaded: boolean;
  entries: number;
  /** Seconds since the loaded copy was downloaded; null when none is loaded. */
  ageSeconds: number | null;
  lastAttemptAt?: number;
  lastError?: string;
}

export interface FeedUpdater {
  /** Loads last good copies from disk (fast, never throws), then refreshes in the background. */
  start(): Promise<void>;
  /** Resolves when the download round that start() began has ended (at once when none began). */
  settled(): Promise<void>;
  /** Downloads, validates and swaps every configured feed now. Never throws. */
  updateAll(): Promise<FeedStatus[]>;
  /** Current tables (cheap; rebuilt only on swap). */
  tables(): IpTables;
  /** RDAP servers per TLD from the loaded bootstrap, if any. */
  rdapServers(): ReadonlyMap<string, string> | undefined;
  status(): FeedStatus[];
  /** Stops the timer and aborts downloads in flight. */
  stop(): void;
}

interface FeedState {
  parsed?: ParsedFeed;
  entries: number;
  fetchedAt?: number;
  lastAttemptAt?: number;
  lastError?: string;
  inflight?: Promise<void>;
}

const DEFAULTS = { refreshIntervalMs: 6 * 60 * 60 * 1000, timeoutMs: 30_000, minRatio: 0.5 };
const SILENT = { info() {}, warn() {} };
const errorText = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? String(err);

export function createFeedUpdater(opts: FeedUpdaterOptions): FeedUpdater {
  const now = opts.now ?? Date.now;
  const log: NonNullable<FeedUpdaterOptions['logger']> = opts.logger ?? SILENT;
  const refreshIntervalMs = opts.refreshIntervalMs ?? DEFAULTS.refreshIntervalMs;
  const store = new FeedStore(opts.dataDir);
  const abort = new AbortController();
  const state = Object.fromEntries(FEED_NAMES.map((n) => [n, { entries: 0 } as FeedState])) as Record<
    FeedName,
    FeedState
  >;
  let current: IpTables = ipTablesFromFeeds({});
  let loading: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let firstRound: Promise<unknown> = Promise.resolve();
  const debug = (o: object, msg: string): void => log.debug?.(o, msg);

  const rebuild = (): void => {
    const feeds: Partial<Record<FeedName, ParsedFeed>> = {};
    for (const name of FEED_NAMES) if (state[name].parsed) feeds[name] = state[name].parsed;
    current = ipTablesFromFeeds(feeds);
  };

  async function loadOne(spec: FeedSpec): Promise<void> {
    const s = state[spec.name];
    try {
      const stored = await store.read(spec.fileName);
      if (stored === undefined) return;
      const checked = validateFeedBody(spec, stored.body, { maxBytes: Infinity, minEntries: 1 });
      if (!checked.ok) {
        s.lastError = `stored copy unusable: ${checked.error}`;
        log.warn({ feed: spec.name, error: s.lastError }, 'feed: stored copy ignored');
        return;
      }
      Object.assign(s, { parsed: checked.feed, entries: checked.entries, fetchedAt: stored.fetchedAt });
      debug({ feed: spec.name, entries: checked.entries }, 'feed: loaded last good copy');
    } catch (err) {
      s.lastError = `stored copy unreadable: ${errorText(err)}`;
      log.warn({ feed: spec.name, error: s.lastError }, 'feed: stored copy unreadable');
    }
  }

  /** Loads every stored copy once; later callers share the same load. */
  function loadFromDisk(): Promise<void> {
    loading ??= (async () => {
      await store.prepare().catch((err: unknown) => log.warn({ error: errorText(err) }, 'feed: data dir not ready'));
      await Promise.all(FEED_NAMES.map((n) => loadOne(FEED_CATALOG[n])));
      rebuild();
      const loaded = FEED_NAMES.filter((n) => state[n].parsed !== undefined);
      if (loaded.length) log.info({ feeds: Object.fromEntries(loaded.map((n) => [n, state[n].entries])) }, `feeds: loaded the stored copies of ${loaded.join(', ')}`);
    })();
    return loading;
  }

  async function refreshOne(spec: FeedSpec, url: string): Promise<void> {
    const s = state[spec.name];
    const started = now();
    s.lastAttemptAt = started;
    const maxBytes = opts.maxBytes ?? spec.maxBytes;
    const fail = (error: string): void => {
      s.lastError = error;
      debug({ feed: spec.name, url: displayUrl(url), error, kept: s.parsed !== undefined }, 'feed: update failed');
    };
    const got = await downloadFeed(url, { timeoutMs: opts.timeoutMs ?? DEFAULTS.timeoutMs, maxBytes, signal: abort.signal, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
    if (!got.ok) return fail(got.error);
    if (abort.signal.aborted) return fail('aborted (updater stopped)');
    const checked = validateFeedBody(spec, got.body, {
      maxBytes,
      minEntries: spec.minEntries,
      previousEntries: s.parsed === undefined ? undefined : s.entries,
      minRatio: opts.minRatio ?? DEFAULTS.minRatio,
    });
    if (!checked.ok) return fail(checked.error);
    const fetchedAt = now();
    Object.assign(s, { parsed: checked.feed, entries: checked.entries, fetchedAt, lastError: undefined });
    // Checks use the new data from now on, as the status says, before the disk copy is saved.
    rebuild();
    const meta = { fetchedAt, entries: checked.entries, bytes: got.body.byteLength, sha256: sha256(got.body), source: displayUrl(url) };
    // A failed save still leaves fresh data in memory; the error says the disk copy is older.
    await store.write(spec.fileName, got.body, meta).catch((err: unknown) => {
      s.lastError = `downloaded but not saved: ${errorText(err)}`;
    });
    debug({ feed: spec.name, url: displayUrl(url), entries: checked.entries, bytes: got.body.byteLength, ms: now() - started }, 'feed: updated');
  }

  /** One download per feed at a time; a second caller waits for the one in flight. */
  function updateOne(name: FeedName): Promise<void> {
    const url = resolveFeedUrl(name, opts.urls);
    const s = state[name];
    if (url === undefined || abort.signal.aborted) return Promise.resolve();
    s.inflight ??= refreshOne(FEED_CATALOG[name], url)
      .catch((err: unknown) => {
        s.lastError = `unexpected: ${errorText(err)}`;
      })
      .finally(() => {
        s.inflight = undefined;
      });
    return s.inflight;
  }

  async function update(names: readonly FeedName[]): Promise<FeedStatus[]> {
    await loadFromDisk();
    await Promise.all(names.map(updateOne));
    if (!abort.signal.aborted) logRound(names.filter((n) => resolveFeedUrl(n, opts.urls) !== undefined));
    return status();
  }

  /** One line for the round: what was updated, or what failed, what that leaves out and what to do. */
  function logRound(attempted: readonly FeedName[]): void {
    if (attempted.length === 0) return;
    const failed = attempted.filter((n) => state[n].lastError !== undefined);
    if (failed.length === 0) {
      log.info({ feeds: Object.fromEntries(attempted.map((n) => [n, state[n].entries])) }, `feeds: updated ${attempted.map((n) => `${n} (${state[n].entries} entries)`).join(', ')}`);
      return;
    }
    const list = failed.map((name) => ({ name, error: state[name].lastError!, kept: state[name].parsed !== undefined }));
    log.warn(
      { failed: Object.fromEntries(list.map((f) => [f.name, f.error])) },
      failedRoundMessage(list, refreshIntervalMs / 3_600_000, store.dir),
    );
  }

  function isStale(name: FeedName): boolean {
    const fetchedAt = state[name].fetchedAt;
    const maxAge = refreshIntervalMs > 0 ? refreshIntervalMs : DEFAULTS.refreshIntervalMs;
    return state[name].parsed === undefined || fetchedAt === undefined || now() - fetchedAt >= maxAge;
  }

  function status(): FeedStatus[] {
    const t = now();
    return FEED_NAMES.map((name) => {
      const s = state[name];
      const url = resolveFeedUrl(name, opts.urls);
      const loaded = s.parsed !== undefined;
      return {
        name,
        ...(url === undefined ? {} : { url: displayUrl(url) }),
        configured: url !== undefined,
        loaded,
        entries: loaded ? s.entries : 0,
        ageSeconds: loaded && s.fetchedAt !== undefined ? Math.max(0, Math.floor((t - s.fetchedAt) / 1000)) : null,
        ...(s.lastAttemptAt === undefined ? {} : { lastAttemptAt: s.lastAttemptAt }),
        ...(s.lastError === undefined ? {} : { lastError: s.lastError }),
      };
    });
  }

  return {
    async start() {
      await loadFromDisk();
      if (started || abort.signal.aborted) return;
      started = true;
      firstRound = update(FEED_NAMES.filter(isStale));
      if (refreshIntervalMs > 0) {
        timer = setInterval(() => void update(FEED_NAMES), refreshIntervalMs);
        timer.unref();
      }
    },
    settled: () => firstRound.then(() => undefined),
    updateAll: () => update(FEED_NAMES),
    tables: () => current,
    rdapServers: () => {
      const feed = state.rdap.parsed;
      return feed?.kind === 'rdap-servers' ? feed.servers : undefined;
    },
    status,
    stop() {
      if (timer !== undefined) clearInterval(timer);
      abort.abort();
    },
  };
}
