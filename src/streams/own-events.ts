/**
 * Read-your-writes (docs/architecture.md: Consistency): the events this API instance wrote that the
 * state it reads may not include yet. Queries re-apply them on top of the stored state with
 * the same aggregation code, so a client checking sequentially sees each earlier check.
 *
 * An event is needed until the state it reads includes it: for source-topic aggregations that
 * is exactly "offset >= committed offset of its partition" (read in the same snapshot as the
 * state); for aggregations behind a repartition topic the API cannot know, so events are also
 * kept for a short horizon and those aggregations are idempotent (re-applying is harmless).
 * Memory is bounded by write rate x (materialisation lag + horizon), and by a hard cap.
 */
import type { CheckScored, FeedbackReceived } from '../domain/events.ts';
import type { Sighting } from '../service/ports.ts';

export interface Positioned<E> {
  readonly event: E;
  readonly partition: number;
  readonly offset: number;
}

export type OwnCheck = Positioned<CheckScored>;
export type OwnFeedback = Positioned<FeedbackReceived>;

const MAX_EVENTS = 200_000;

class Index<E> {
  private readonly byKey = new Map<string, Positioned<E>[]>();
  private readonly all: { key: string; item: Positioned<E>; time: number }[] = [];
  add(key: string, item: Positioned<E>, time: number): void {
    const list = this.byKey.get(key);
    if (list) list.push(item);
    else this.byKey.set(key, [item]);
    this.all.push({ key, item, time });
    if (this.all.length > MAX_EVENTS) this.dropOldest(this.all.length - MAX_EVENTS);
  }
  get(key: string): readonly Positioned<E>[] {
    return this.byKey.get(key) ?? [];
  }
  /** Drops items the state includes and that are older than the horizon, oldest first. */
  prune(included: (p: Positioned<E>) => boolean, keepAfter: number): void {
    let n = 0;
    while (n < this.all.length && this.all[n]!.time < keepAfter && included(this.all[n]!.item)) n++;
    if (n) this.dropOldest(n);
  }
  get size(): number {
    return this.all.length;
  }
  /**
   * Items leave oldest first, and a key's list holds its items in the order they came, so what
   * leaves of each key is a prefix of its list: one splice per key, not one per item (a busy
   * key, a free-mail domain or a bench's one account, holds thousands of items under Kafka
   * mode's horizon, and a splice at the front moves all of them).
   */
  private dropOldest(n: number): void {
    const leaving = new Map<string, number>();
    for (const { key } of this.all.splice(0, n)) leaving.set(key, (leaving.get(key) ?? 0) + 1);
    for (const [key, count] of leaving) {
      const list = this.byKey.get(key);
      if (!list) continue;
      if (count >= list.length) this.byKey.delete(key);
      else list.splice(0, count);
    }
  }
}

interface InFlightCheck {
  readonly sighting: Sighting;
  /** The request it belongs to: a bulk's addresses count each other in input order instead. */
  readonly request: object;
}

const NO_SIGHTINGS: readonly Sighting[] = [];

/** Checks in flight at one key (a domain, an account's inbox or IP). */
class InFlightIndex {
  private readonly byKey = new Map<string, Set<InFlightCheck>>();
  add(key: string, c: InFlightCheck): () => void {
    let set = this.byKey.get(key);
    if (!set) this.byKey.set(key, (set = new Set()));
    set.add(c);
    return () => {
      set.delete(c);
      if (set.size === 0 && this.byKey.get(key) === set) this.byKey.delete(key);
    };
  }
  /** Those of other requests: usually none (a check's own registration is among them), then no list is made. */
  others(key: string, request: object | undefined): readonly Sighting[] {
    const set = this.byKey.get(key);
    if (!set) return NO_SIGHTINGS;
    let out: Sighting[] | undefined;
    for (const c of set) if (c.request !== request) (out ??= []).push(c.sighting);
    return out ?? NO_SIGHTINGS;
  }
}

export interface InFlightSightings {
  readonly atDomain: readonly Sighting[];
  readonly ofInbox: readonly Sighting[];
  readonly fromIp: readonly Sighting[];
  /** Of the account's numbered stem (none when the check's inbox has no stem). */
  readonly ofStem: readonly Sighting[];
}

export class OwnEvents {
  readonly checksByAccount = new Index<CheckScored>();
  readonly checksByInbox = new Index<CheckScored>();
  readonly checksByIp = new Index<CheckScored>();
  readonly checksByDomain = new Index<CheckScored>();
  readonly feedbackByCheck = new Index<FeedbackReceived>();

  constructor(readonly horizonMs = 5_000) {}

  addCheck(c: OwnCheck): void {
    const e = c.event;
    this.checksByAccount.add(e.account, c, e.time);
    this.checksByInbox.add(inboxIndexKey(e.account, e.inbox_hash), c, e.time);
    if (e.ip_hash) this.checksByIp.add(inboxIndexKey(e.account, e.ip_hash), c, e.time);
    this.checksByDomain.add(e.domain, c, e.time);
  }

  private readonly inFlightByDomain = new InFlightIndex();
  private readonly inFlightByInbox = new InFlightIndex();
  private readonly inFlightByIp = new InFlightIndex();
  private readonly inFlightByStem = new InFlightIndex();

  /**
   * Registers a check from before its history is read until its own event is added (or it
   * failed): checks running at the same time then count each other, as they would one after
   * another. Without it, 30 spellings of one inbox sent in parallel each saw alias_variants 1.
   * Returns the removal.
   */
  beginCheck(account: string, domain: string, ipHash: Buffer | null, sighting: Sighting, request: object): () => void {
    const c: InFlightCheck = { sighting, request };
    const removals = [this.inFlightByInbox.add(inboxIndexKey(account, sighting.inbox_hash), c)];
    if (ipHash) removals.push(this.inFlightByIp.add(inboxIndexKey(account, ipHash), c));
    // By its numbered stem at every domain, free mail included: a farm's numbered batch sent in
    // parallel is at gmail.com as often as anywhere (only checks of an inbox with a stem).
    if (sighting.stem_hash) removals.push(this.inFlightByStem.add(inboxIndexKey(account, sighting.stem_hash), c));
    // Not at free-mail domains: their 10 minutes hold their usual traffic (thousands at
    // gmail.com), where the checks in flight change nothing, yet every check there would pass
    // over all of them (measurably more CPU per check under load: docs/architecture.md, Benchmarks).
    if (sighting.account_type !== 'free') removals.push(this.inFlightByDomain.add(domain, c));
    return () => removals.forEach((r) => r());
  }

  /** The checks in flight at a check's keys, except those of its own request. */
  inFlight(account: string, domain: string, inboxHash: Buffer, ipHash: Buffer | null, request: object | undefined, stemHash?: Buffer | null): InFlightSightings {
    return {
      atDomain: this.inFlightByDomain.others(domain, request),
      ofInbox: this.inFlightByInbox.others(inboxIndexKey(account, inboxHash), request),
      fromIp: ipHash ? this.inFlightByIp.others(inboxIndexKey(account, ipHash), request) : NO_SIGHTINGS,
      ofStem: stemHash ? this.inFlightByStem.others(inboxIndexKey(account, stemHash), request) : NO_SIGHTINGS,
    };
  }

  addFeedback(f: OwnFeedback): void {
    this.feedbackByCheck.add(inboxIndexKey(f.event.account, f.event.check_uuid), f, f.event.time);
  }

  /** Called when the state moved on: committed offsets per partition of checks and feedback. */
  prune(checksApplied: readonly number[], feedbackApplied: readonly number[], now: number): void {
    const keepAfter = now - this.horizonMs;
    const checkIncluded = (p: Positioned<CheckScored>): boolean => p.offset < (checksApplied[p.partition] ?? 0);
    this.checksByAccount.prune(checkIncluded, keepAfter);
    this.checksByInbox.prune(checkIncluded, keepAfter);
    this.checksByIp.prune(checkIncluded, keepAfter);
    this.checksByDomain.prune(checkIncluded, keepAfter);
    this.feedbackByCheck.prune((p) => p.offset < (feedbackApplied[p.partition] ?? 0), keepAfter);
  }

  get size(): number {
    return this.checksByAccount.size + this.feedbackByCheck.size;
  }
}

/**
 * The last keys built, a ring: a check asks for the keys of its inbox, IP and stem six to ten
 * times (registered in flight, then its history's in-flight and pending lookups, in one turn), and
 * each build made a string of the hash's bytes and a new string to hash in every Map it was
 * looked up in (docs/architecture.md, issue 19, twenty-first round). A kept key is handed out only
 * when its account and bytes are the ones asked for, so a hash Buffer changed in place gets its own.
 */
const RECENT_KEYS = 4;
const recentKeys: string[] = [];
const recentAccounts: string[] = [];
let nextRecent = 0;

export function inboxIndexKey(account: string, hash: Buffer): string {
  for (let s = 0; s < recentKeys.length; s++) if (recentAccounts[s] === account && keyHolds(recentKeys[s]!, account.length + 1, hash)) return recentKeys[s]!;
  const key = `${account}\0${hash.toString('latin1')}`;
  recentKeys[nextRecent] = key;
  recentAccounts[nextRecent] = account;
  nextRecent = (nextRecent + 1) % RECENT_KEYS;
  return key;
}

/** Whether `key` is `hash`'s bytes (one character each) from `from` to its end. */
function keyHolds(key: string, from: number, hash: Buffer): boolean {
  if (key.length !== from + hash.length) return false;
  for (let i = 0; i < hash.length; i++) if (key.charCodeAt(from + i) !== hash[i]) return false;
  return true;
}
