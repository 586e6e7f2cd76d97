/**
 * POST /v1/check/bulk's use case: a bulk request costs far less than as many single checks
 * because its per-address work is done a slice at a time (shell; the decisions are check-service's):
 *   parse every address; look up each distinct domain in DNS once, all started at once
 *   (MAILSIFT_BULK_CONCURRENCY at a time);
 *   then, in input order, each slice takes one slot of the account's fair share (fair-share.ts),
 *   its size decided when it starts: the next addresses whose DNS has answered, up to
 *   MAILSIFT_BULK_SLICE, or one while single checks are coming in (FairShare.sliceLimit), and
 *   once every lookup of the request has answered, the rest of the request too when no more
 *   than half a slice would be left (`tailOf`); in the slot it analyses its addresses in one loop, reads
 *   their history in one turn (one trip to the state: coalescing-reader.ts), judges them in one
 *   loop and appends their events as ONE durable write (CheckEvents.appendMany).
 * Every answer still waits for its event to be durable, and the windowed counts still treat the
 * request as if its addresses were checked one after another in input order: each address
 * counts the earlier ones of its request (EarlierInBulk), the slices' analyses run in input
 * order (slices enter the fair share in order, and a slot runs its task's synchronous start at
 * once), and other requests count the slice's addresses from before their read until their
 * events are written (CheckEvents.begin), as they count single checks in flight.
 * A slot is held through the slice's durable append: the slots bound how much bulk work is in
 * flight, so one account's bulk loop cannot fill the log's queue and the state's reads ahead of
 * other accounts' single checks (`npm run bench:neighbour`).
 */
import type { CheckDecision, PreparedCheck } from '../check/decide-check.ts';
import type { BulkErrorEntry, CheckResultBody } from '../domain/check-result.ts';
import type { DnsFacts, HistoryFacts, ParsedAddress } from '../domain/check.ts';
import { fixedAnswer, testKeyError, type FixedAnswer } from '../controls/test-addresses.ts';
import type { CheckDeps } from './check-service.ts';
import type { EarlierInBulk, HistoryKeys, Sighting } from './ports.ts';

/** The single check's steps a bulk slice reuses (check-service.ts). */
export interface CheckSteps {
  analyse(address: ParsedAddress, dns: DnsFacts | undefined, ip: string | undefined): PreparedCheck;
  decide(account: string, p: PreparedCheck, windowed: HistoryFacts, explain: boolean, bulk: boolean, test: boolean, now: number): CheckDecision & { uuid: Buffer };
  recorded(account: string, p: PreparedCheck, decision: CheckDecision & { uuid: Buffer }, now: number): void;
  /** Throws the simulated outage's 503 for `unavailable@mailsift.test`. */
  fixedResult(account: string, fixed: FixedAnswer): CheckResultBody;
  sightingOf(account: string, p: PreparedCheck, time: number): Sighting;
  historyKeys(account: string, p: PreparedCheck, now: number, request: object, earlier: EarlierInBulk | undefined): HistoryKeys;
}

type Entry = CheckResultBody | BulkErrorEntry;
/** A valid address of the request with its DNS facts, at input position `i`. */
interface SliceItem {
  i: number;
  address: ParsedAddress;
  dns: DnsFacts | undefined;
}

export function bulkChecks(d: CheckDeps, steps: CheckSteps): (account: string, emails: readonly string[], test: boolean) => Promise<Entry[]> {
  /** Each distinct domain's DNS facts, every lookup started now, `d.bulkConcurrency` at a time. */
  function lookUp(domains: readonly string[], until: number): Map<string, Promise<DnsFacts>> {
    const out = new Map<string, Promise<DnsFacts>>();
    const dns = d.dns;
    if (!dns) return out;
    const waiting: (() => void)[] = [];
    let running = 0;
    const done = (): void => {
      running--;
      waiting.shift()?.();
    };
    for (const domain of domains) {
      if (out.has(domain)) continue;
      out.set(
        domain,
        new Promise<DnsFacts>((resolve, reject) => {
          const start = (): void => {
            running++;
            dns.domainFacts(domain, until - d.now()).then(resolve, reject).finally(done);
          };
          if (running < d.bulkConcurrency) start();
          else waiting.push(start);
        }),
      );
    }
    return out;
  }

  /**
   * One slice in its slot: analyse, register in flight, read every history in one turn, judge,
   * one durable append, then the answers. `failed`: a slice that failed before this one started
   * (the request answers 503): this one records nothing.
   */
  async function judgeSlice(account: string, slice: readonly SliceItem[], test: boolean, order: InputOrder, request: object, out: Entry[], failed: () => boolean): Promise<void> {
    if (failed()) return;
    const now = d.now();
    const prepared = slice.map((s) => steps.analyse(s.address, s.dns, undefined));
    const sightings = prepared.map((p) => steps.sightingOf(account, p, now));
    const earlier = prepared.map((p, k) => order.add(p, sightings[k]!));
    const landed = test ? [] : prepared.map((p, k) => d.events.begin(account, p.address.domain, p.ipHash, sightings[k]!, request));
    try {
      const histories = await Promise.all(prepared.map((p, k) => d.history.history(steps.historyKeys(account, p, now, request, earlier[k]))));
      const decisions = prepared.map((p, k) => steps.decide(account, p, histories[k]!, false, true, test, now));
      const events = test ? [] : decisions.map((x) => x.event!);
      if (events.length > 0) await d.events.appendMany(events);
      decisions.forEach((x, k) => {
        steps.recorded(account, prepared[k]!, x, now);
        out[slice[k]!.i] = x.result;
      });
    } finally {
      for (const l of landed) l();
    }
  }

  return async (account, emails, test) => {
    const out = new Array<Entry>(emails.length);
    // A test key's fixed answers first: one unavailable@ makes the whole request 503, as an outage would.
    const fixed = test ? emails.map((e) => fixedAnswer(e)) : [];
    const outage = fixed.find((f) => f?.kind === 'unavailable');
    if (outage) steps.fixedResult(account, outage);
    const addresses = new Array<ParsedAddress | undefined>(emails.length);
    for (let i = 0; i < emails.length; i++) {
      const f = fixed[i];
      if (f) {
        out[i] = steps.fixedResult(account, f);
        continue;
      }
      const parsed = d.pipeline.parse(emails[i]!);
      if (parsed.ok) addresses[i] = parsed.address;
      else {
        d.onInvalid?.('bulk');
        out[i] = { input: emails[i]!, error: test ? testKeyError(emails[i]!, parsed.error) : parsed.error };
      }
    }
    const facts = lookUp(
      addresses.flatMap((a) => (a ? [a.domain] : [])),
      d.now() + d.bulkDnsBudgetMs,
    );
    const order = new InputOrder();
    const request = {};
    let failure = false;
    // Addresses whose DNS has answered, in input order; `taken` of them are in a slice already.
    const ready: SliceItem[] = [];
    let taken = 0;
    let queued = 0;
    // Every address's DNS has answered (the last slices need not wait for a full one).
    let allReady = false;
    const slices: Promise<void>[] = [];
    // Enough tasks waiting for the ready addresses not taken yet in slices of the most a task
    // may take; each takes its slice when it STARTS (as many as the fair share allows then),
    // in input order (tasks start in submission order), and tops the tasks up. Until every
    // address's DNS has answered, a task is queued only for a full slice: the answer waits for
    // the last address anyway, and slices cut by DNS answers arriving one at a time each cost
    // a slot's turn, a state read and a durable append for a few addresses. For the same
    // reason the last slice takes a short rest along (a request of 10 at slices of 8 is one
    // slice, not 8 + 2): each slice is a hand-off to the state's reader thread and one to the
    // log's writer, where on busy cores the API thread is preempted (docs/architecture.md,
    // issue 19's sixteenth round: bulk).
    const topUp = (): void => {
      for (;;) {
        const uncovered = ready.length - taken - queued * d.bulkSlice;
        // Once every lookup has answered, a rest of at most half a slice goes with the last task queued.
        if (failure || uncovered <= 0 || (!allReady && uncovered < d.bulkSlice) || (allReady && queued > 0 && uncovered <= tailOf(d.bulkSlice))) return;
        queued++;
        const done = d.fairShare.run(account, () => {
          queued--;
          const limit = d.fairShare.sliceLimit(d.bulkSlice);
          const left = ready.length - taken;
          const n = failure ? 0 : allReady && left <= limit + tailOf(limit) ? left : Math.min(limit, left);
          const slice = ready.slice(taken, taken + n);
          taken += n;
          topUp();
          return slice.length === 0 ? Promise.resolve() : judgeSlice(account, slice, test, order, request, out, () => failure);
        });
        done.catch(() => (failure = true));
        slices.push(done);
      }
    };
    for (let i = 0; i < emails.length && !failure; i++) {
      const address = addresses[i];
      if (!address) continue;
      ready.push({ i, address, dns: d.dns ? await facts.get(address.domain)! : undefined });
      topUp();
    }
    allReady = true;
    topUp();
    // Tasks starting add tasks: wait until every one submitted so far is settled (the first failure rejects).
    for (let seen = 0; seen < slices.length; ) {
      const upTo = slices.length;
      await Promise.all(slices.slice(seen));
      seen = upTo;
    }
    return out;
  };
}

/** How many addresses past a slice's limit its request's last slice may take: half a slice (none at one address). */
function tailOf(limit: number): number {
  return Math.floor(limit / 2);
}

/**
 * The addresses of one request at each domain and of each inbox, in input order (as they are
 * analysed): each address gets the prefixes of the lists before it, which the whole request
 * shares, so a bulk of n addresses at one domain copies nothing per address.
 */
class InputOrder {
  private readonly byDomain = new Map<string, Sighting[]>();
  private readonly byInbox = new Map<string, Sighting[]>();
  /** The distinct inboxes of the request at each domain so far. */
  private readonly inboxesByDomain = new Map<string, Set<string>>();

  add(p: PreparedCheck, me: Sighting): EarlierInBulk {
    const atDomain = listOf(this.byDomain, p.address.domain);
    const inbox = p.inboxHash.toString('latin1');
    const ofInbox = listOf(this.byInbox, inbox);
    let inboxes = this.inboxesByDomain.get(p.address.domain);
    if (!inboxes) this.inboxesByDomain.set(p.address.domain, (inboxes = new Set()));
    // An earlier spelling of this same inbox is not another inbox.
    const otherInboxesAtDomain = inboxes.size - (ofInbox.length > 0 ? 1 : 0);
    inboxes.add(inbox);
    const earlier: EarlierInBulk = { atDomain, atDomainCount: atDomain.length, otherInboxesAtDomain, ofInbox, ofInboxCount: ofInbox.length };
    atDomain.push(me);
    ofInbox.push(me);
    return earlier;
  }
}

function listOf(m: Map<string, Sighting[]>, key: string): Sighting[] {
  let list = m.get(key);
  if (!list) m.set(key, (list = []));
  return list;
}
