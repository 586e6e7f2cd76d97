/**
 * domain-outcomes: outcomes reported at a domain, per reporting account, so a caller can be
 * shown the fake share that OTHER customers saw (never its own reports back). Fed by
 * checks.labelled.v1, which is at-least-once: labelled-seen-30d drops duplicates by check.
 * Bounded: at most MAX_REPORTERS accounts per domain are kept (the busiest).
 *
 * The rate is a rate across customers, not across outcomes: each customer's own fake share,
 * weighed by its outcomes but with no customer above its capped share of the weight
 * (tenant-weights.ts). One customer reporting a flood moves it by at most its share, two
 * colluding by at most theirs. The big free-mail domains (where most people have their mail)
 * carry no rate at all: what other customers saw at gmail.com says nothing about one address
 * there, so their outcomes are not even tallied.
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
}

export function decodeOutcomes(raw: Buffer | undefined): ReporterTally[] {
  return raw ? (JSON.parse(raw.toString('utf8')) as ReporterTally[]) : [];
}

export function encodeOutcomes(t: readonly ReporterTally[]): Buffer {
  return Buffer.from(JSON.stringify(t));
}

/**
 * The fake share at the domain across the other customers that reported there (each weighed
 * by its outcomes, none above the capped share of the weight), and how many they are.
 */
export function fakeRateFor(tallies: readonly ReporterTally[], caller: string, cap = MAX_ACCOUNT_SHARE): { rate: number; reporters: number } | undefined {
  const others = tallies.filter((t) => t.account !== caller && t.total > 0);
  if (others.length === 0) return undefined;
  const weight = accountWeights(new Map(others.map((t) => [t.account, t.total])), cap);
  let fakes = 0;
  let total = 0;
  for (const t of others) {
    fakes += weight.get(t.account)! * t.fakes;
    total += weight.get(t.account)! * t.total;
  }
  return { rate: fakes / total, reporters: others.length };
}

/** Busiest first; equal totals in account order. */
const byBusiest = (a: ReporterTally, b: ReporterTally): number => b.total - a.total || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0);

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
    if (i >= 0) tallies[i] = { account: e.account, fakes: tallies[i]!.fakes + fake, total: tallies[i]!.total + 1 };
    else tallies.push({ account: e.account, fakes: fake, total: 1 });
    // Ties by account, so the value does not depend on the order in which partitions' labels
    // arrive (live, handed over, replayed or rebuilt: the same bytes, the same accounts kept).
    tallies.sort(byBusiest);
    tx.put(DOMAIN_OUTCOMES, key, encodeOutcomes(tallies.slice(0, MAX_REPORTERS)), e.label_time);
  },
};
