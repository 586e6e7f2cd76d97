/**
 * domain-outcomes: outcomes reported at a domain, per reporting account, so a caller can be
 * shown the fake share that OTHER customers saw (never its own reports back). Fed by
 * checks.labelled.v1, which is at-least-once: labelled-seen-30d drops duplicates by check.
 * Bounded: at most MAX_REPORTERS accounts per domain are kept: the established reporters first
 * (50+ outcomes in all), then the busiest. Busiest alone, 64 new accounts each reporting one
 * outcome more at the domain than its honest reporters had evicted them all (their tallies and
 * their dissent, and the two established reporters the score waits for); new accounts are what
 * one actor makes many of, so they can no longer evict an established reporter: that takes 64
 * established accounts (3,200 outcomes in all).
 *
 * The rate is a rate across customers, not across outcomes: each customer's own fake share,
 * and of those shares the weighted median (the lower one on a tie), not the mean. Each customer
 * weighs one vote at most (its outcomes there up to FULL_VOTE_OUTCOMES, times its standing: its
 * outcomes in all over 50, up to 1; none above its capped share of the weight: tenant-weights.ts,
 * the cap an equal share of the full votes present). A share is what one customer says; the
 * median is what customers holding half the weight agree on at least. Accounts calling a domain's
 * people fake (one customer's flood, or several accounts one actor runs) move the rate not at all
 * while the customers who saw people there hold half the votes: outcomes buy no more than a vote,
 * and a new account's vote grows with its outcomes in all, so the actor needs about 50 outcomes
 * per honest reporter's vote however it splits them (10 per vote until round 22), where the
 * mean moved by each account's whole share and three flooding accounts held 75% of the weight
 * under the cap whoever else reported. Customers who all saw fakes (a farm's domain) give their
 * common rate either way. Ties fall to the lower share because the figure only ever lowers a
 * score: two customers who disagree about a domain give the one who saw fewer fakes.
 * The big free-mail domains (where most people have their mail) carry no rate at all: what other
 * customers saw at gmail.com says nothing about one address there, so their outcomes are not
 * even tallied.
 */
import { POPULAR_MAIL_DOMAINS } from '../../data/popular-mail-domains.ts';
import type { CheckLabelled } from '../../domain/events.ts';
import { DAY } from '../../domain/time.ts';
import { accountWeights, MAX_ACCOUNT_SHARE } from '../../model/tenant-weights.ts';
import type { Aggregation } from '../aggregation.ts';
import { accountHashKey, domainKey } from '../stores/key-layout.ts';
import { timedStore, type StoreSpec } from '../stores/store-spec.ts';

export const DOMAIN_OUTCOMES: StoreSpec = timedStore(19, 'domain-outcomes-365d', 365 * DAY);
export const LABELLED_SEEN: StoreSpec = timedStore(20, 'labelled-seen-30d', 30 * DAY);
export const MAX_REPORTERS = 64;

const NO_RATE: ReadonlySet<string> = new Set(POPULAR_MAIL_DOMAINS);

/** A domain that carries a fake rate: not one of the big free-mail domains. */
export const hasFakeRate = (domain: string): boolean => !NO_RATE.has(domain);

export interface ReporterTally {
  readonly account: string;
  readonly fakes: number;
  readonly total: number;
  /**
   * The account's outcomes in all, at any domain, as its latest report here knew them (this one
   * included): the most any of its labelled events here carried. Absent in values written before
   * labelled events carried it, until the account reports here again.
   */
  readonly outcomes?: number;
}

/**
 * Outcomes an account has reported in all (at any domain) to count as an established reporter:
 * a domain's rate scores only once two of those who reported it are (features.ts). The account
 * guard's and the shared fit's pool's size (account-agreement.ts): below it an account is new,
 * and new accounts are what one actor makes many of.
 */
export const ESTABLISHED_REPORTER_OUTCOMES = 50;

/** Whether a tally's account is an established reporter (a tally older than the count is taken as one, as before the rule). */
export const establishedReporter = (t: ReporterTally): boolean => t.outcomes === undefined || t.outcomes >= ESTABLISHED_REPORTER_OUTCOMES;

export function decodeOutcomes(raw: Buffer | undefined): ReporterTally[] {
  return raw ? (JSON.parse(raw.toString('utf8')) as ReporterTally[]) : [];
}

export function encodeOutcomes(t: readonly ReporterTally[]): Buffer {
  return Buffer.from(JSON.stringify(t));
}

/**
 * Outcomes at a domain that give a customer its full vote in the domain's rate. A customer's
 * share is its own view of the domain, and more of its outcomes refine that one view without
 * making it more customers' (its share from 10 outcomes is within 0.16 of its true one, one
 * standard error at most); an account with fewer counts for that fraction of a vote.
 */
export const FULL_VOTE_OUTCOMES = 10;

/**
 * How much of its vote an account's standing gives it: its outcomes in all over the count that
 * makes an established reporter, up to 1 (a tally older than the count, as established). Below
 * that count a vote grows with the outcomes behind it: each outcome an account reported buys a
 * fiftieth of a vote at most, however many accounts one actor splits its outcomes into, so a full
 * vote costs 50 outcomes, not the 10 at the domain it cost when each new account had one.
 * Split accounts calling a domain's people fake (or a farm's own accounts calling its fakes
 * people) pay about five times what they did; an honest new customer counts for its outcomes'
 * share of a vote until it is established, and the rate scores only once two established
 * reporters are among those who reported (features.ts) anyway.
 */
export const reporterStanding = (t: ReporterTally): number =>
  t.outcomes === undefined ? 1 : Math.min(1, t.outcomes / ESTABLISHED_REPORTER_OUTCOMES);

/**
 * What the other customers who reported at the domain say of it: `share`, the share of fake
 * outcomes they reported (SPEC's `domain_fake_rate`: each customer's own share weighed by its
 * outcomes, none above the capped share of the weight, so one customer's flood moves it by its
 * share at most); `rate`, the share they agree on, which is what scores (the weighted median of
 * each one's own fake share, the lower share when the weight splits evenly, each weighing its
 * vote: its outcomes there, up to FULL_VOTE_OUTCOMES, with none above the capped share); how many
 * they are, and how many of them are established reporters. The vote is scaled by the account's
 * standing (reporterStanding) and the cap is voteCap's. The shown share stays the figure the
 * spec names; only the score takes the median, which accounts calling a domain's people fake
 * cannot move while the customers who saw people there hold half the votes.
 */
export function fakeRateFor(tallies: readonly ReporterTally[], caller: string, cap = MAX_ACCOUNT_SHARE): { rate: number; share: number; reporters: number; established: number } | undefined {
  const others = tallies.filter((t) => t.account !== caller && t.total > 0);
  if (others.length === 0) return undefined;
  const byOutcomes = accountWeights(new Map(others.map((t) => [t.account, t.total])), cap);
  let fakes = 0;
  let total = 0;
  for (const t of others) {
    fakes += byOutcomes.get(t.account)! * t.fakes;
    total += byOutcomes.get(t.account)! * t.total;
  }
  const votes = new Map(others.map((t) => [t.account, Math.min(t.total, FULL_VOTE_OUTCOMES) * reporterStanding(t)]));
  const multiplier = accountWeights(votes, voteCap(votes, cap));
  // An account without a vote (no outcomes counted) is left out of the weights: it weighs nothing.
  const shares = others.map((t) => ({ share: t.fakes / t.total, weight: (multiplier.get(t.account) ?? 0) * votes.get(t.account)! })).sort((a, b) => a.share - b.share);
  const half = shares.reduce((n, x) => n + x.weight, 0) / 2;
  let below = 0;
  let i = 0;
  // The relative slack keeps an even split even where the capped weights differ in their last bits.
  while (i < shares.length - 1 && (below += shares[i]!.weight) < half * (1 - 1e-9)) i++;
  return { rate: shares[i]!.share, share: fakes / total, reporters: others.length, established: others.filter(establishedReporter).length };
}

/**
 * The most of the votes one customer may hold: an equal share of the full votes present, never
 * above half, down to `cap`. An equal share of the accounts present let accounts of one outcome
 * each make the cap: two established reporters beside two such accounts were brought down to a
 * quarter each, the two accounts' weight, an even split that gave the lower share; so two accounts
 * of one outcome calling a farm's fakes people set its rate to 0. Never above half: two customers
 * who disagree still give the lower share whatever either reported, since the rate only lowers
 * scores.
 */
function voteCap(votes: ReadonlyMap<string, number>, cap: number): number {
  const full = [...votes.values()].reduce((n, v) => n + v, 0) / FULL_VOTE_OUTCOMES;
  return Math.max(cap, 1 / Math.max(2, full));
}

/** Established reporters first, then the busiest; equal totals in account order. */
const byKept = (a: ReporterTally, b: ReporterTally): number =>
  Number(establishedReporter(b)) - Number(establishedReporter(a)) || b.total - a.total || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0);

export const domainOutcomes: Aggregation<CheckLabelled> = {
  name: 'domain-outcomes-365d',
  stores: [DOMAIN_OUTCOMES, LABELLED_SEEN],
  reads(e, rs) {
    if (!hasFakeRate(e.domain)) return;
    rs.add(DOMAIN_OUTCOMES, domainKey(e.domain));
    rs.add(LABELLED_SEEN, accountHashKey(e.account, e.check_uuid));
  },
  apply(e, tx) {
    if (!hasFakeRate(e.domain)) return;
    const seenKey = accountHashKey(e.account, e.check_uuid);
    if (tx.get(LABELLED_SEEN, seenKey)) return;
    tx.put(LABELLED_SEEN, seenKey, Buffer.from([1]), e.label_time);
    const key = domainKey(e.domain);
    const tallies = decodeOutcomes(tx.get(DOMAIN_OUTCOMES, key));
    const i = tallies.findIndex((t) => t.account === e.account);
    const fake = e.human ? 0 : 1;
    const before = i >= 0 ? tallies[i]! : undefined;
    // The largest count any of its reports here carried: order-free, as the tally must be.
    const known = e.reporter_outcomes === null || e.reporter_outcomes === undefined ? undefined : e.reporter_outcomes + 1;
    const outcomes = known === undefined ? before?.outcomes : Math.max(known, before?.outcomes ?? 0);
    const tally: ReporterTally = { account: e.account, fakes: (before?.fakes ?? 0) + fake, total: (before?.total ?? 0) + 1 };
    const next = outcomes === undefined ? tally : { ...tally, outcomes };
    if (i >= 0) tallies[i] = next;
    else tallies.push(next);
    // Ties by account, so the value does not depend on the order in which partitions' labels
    // arrive (live, handed over, replayed or rebuilt: the same bytes, the same accounts kept).
    tallies.sort(byKept);
    tx.put(DOMAIN_OUTCOMES, key, encodeOutcomes(tallies.slice(0, MAX_REPORTERS)), e.label_time);
  },
};
