/**
 * POST /v1/check/bulk's use case: a bulk request costs far less than as many single checks
 * because its per-address work is done a slice at a time (shell; the decisions are check-service's):
 *   parse every address; look up each distinct domain in DNS once, all started at once
 *   (MAILSIFT_BULK_CONCURRENCY at a time);
 *   then, in input order, each slice of up to MAILSIFT_BULK_SLICE addresses takes one slot of the
 *   account's fair share (fair-share.ts) and, in it: analyses its addresses in one loop, reads
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
import { fixedAnswer, type FixedAnswer } from '../controls/test-addresses.ts';
import type { CheckDeps } from './check-service.ts';
import type { EarlierInBulk, HistoryKeys, Sighting } from './ports.ts';

/** The single check's steps a bulk slice reuses (check-service.ts). */
export interface CheckSteps {
  analyse(address: ParsedAddress, dns: DnsFacts | undefined, ip: string | undefined): PreparedCheck;
  decide(account: string, p: PreparedCheck, windowed: HistoryFacts, explain: boolean, bulk: boolean, test: boolean, now: number): CheckDecision & { uuid: Buffer };
  recorded(account: string, p: PreparedCheck, decision: CheckDecision & { uuid: Buffer }, now: number): void;
  /** Throws the simulated outage's 503 for `unavailable@mailsift.test`. */
  fixedResult(account: string, fixed: FixedAnswer): CheckResultBody;
  sightingOf(p: PreparedCheck, time: number): Sighting;
  historyKeys(account: string, p: PreparedCheck, now: number, request: object, earlier: EarlierInBulk | undefined): HistoryKeys;
}

type Entry = CheckResultBody | BulkErrorEntry;

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
  async function judgeSlice(account: string, slice: readonly { i: number; address: ParsedAddress; dns: DnsFacts | undefined }[], test: boolean, order: InputOrder, request: object, out: Entry[], failed: () => boolean): Promise<void> {
    if (failed()) return;
    const now = d.now();
    const prepared = slice.map((s) => steps.analyse(s.address, s.dns, undefined));
    const sightings = prepared.map((p) => steps.sightingOf(p, now));
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
        out[i] = { input: emails[i]!, error: parsed.error };
      }
    }
    const facts = lookUp(
      addresses.flatMap((a) => (a ? [a.domain] : [])),
      d.now() + d.bulkDnsBudgetMs,
    );
    const order = new InputOrder();
    const request = {};
    let failure = false;
    const slices: Promise<void>[] = [];
    for (let from = 0; from < emails.length && !failure; from += d.bulkSlice) {
      const at: number[] = [];
      for (let i = from; i < Math.min(from + d.bulkSlice, emails.length); i++) if (addresses[i]) at.push(i);
      if (at.length === 0) continue;
      const dns = d.dns ? await Promise.all(at.map((i) => facts.get(addresses[i]!.domain)!)) : undefined;
      const slice = at.map((i, k) => ({ i, address: addresses[i]!, dns: dns?.[k] }));
      // Submitted in input order, after the earlier slices: their analyses (their sightings) come first.
      const done = d.fairShare.run(account, () => judgeSlice(account, slice, test, order, request, out, () => failure));
      done.catch(() => (failure = true));
      slices.push(done);
    }
    await Promise.all(slices);
    return out;
  };
}

/**
 * The addresses of one request at each domain and of each inbox, in input order (as they are
 * analysed): each address gets the prefixes of the lists before it, which the whole request
 * shares, so a bulk of n addresses at one domain copies nothing per address.
 */
class InputOrder {
  private readonly byDomain = new Map<string, Sighting[]>();
  private readonly byInbox = new Map<string, Sighting[]>();

  add(p: PreparedCheck, me: Sighting): EarlierInBulk {
    const atDomain = listOf(this.byDomain, p.address.domain);
    const ofInbox = listOf(this.byInbox, p.inboxHash.toString('latin1'));
    const earlier: EarlierInBulk = { atDomain, atDomainCount: atDomain.length, ofInbox, ofInboxCount: ofInbox.length };
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
