/**
 * domain-outcomes: outcomes reported at a domain, per reporting account, so a caller can be
 * shown the fake share that OTHER customers saw (never its own reports back). Fed by
 * checks.labelled.v1, which is at-least-once: labelled-seen-30d drops duplicates by check.
 * Bounded: at most MAX_REPORTERS accounts per domain are kept (the busiest).
 */
import type { CheckLabelled } from '../../domain/events.ts';
import { DAY } from '../../domain/time.ts';
import type { Aggregation } from '../aggregation.ts';
import { compositeKey, timedStore, type StoreSpec } from '../stores/store-spec.ts';

export const DOMAIN_OUTCOMES: StoreSpec = timedStore(19, 'domain-outcomes-365d', 365 * DAY);
export const LABELLED_SEEN: StoreSpec = timedStore(20, 'labelled-seen-30d', 30 * DAY);
export const MAX_REPORTERS = 64;

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

/** Fake share at the domain among other customers' outcomes, and how many of them reported. */
export function fakeRateFor(tallies: readonly ReporterTally[], caller: string): { rate: number; reporters: number } | undefined {
  const others = tallies.filter((t) => t.account !== caller && t.total > 0);
  const total = others.reduce((s, t) => s + t.total, 0);
  if (total === 0) return undefined;
  return { rate: others.reduce((s, t) => s + t.fakes, 0) / total, reporters: others.length };
}

export const domainOutcomes: Aggregation<CheckLabelled> = {
  name: 'domain-outcomes-365d',
  stores: [DOMAIN_OUTCOMES, LABELLED_SEEN],
  reads(e, rs) {
    rs.add(DOMAIN_OUTCOMES, Buffer.from(e.domain));
    rs.add(LABELLED_SEEN, compositeKey(e.account, e.check_uuid));
  },
  apply(e, tx) {
    const seenKey = compositeKey(e.account, e.check_uuid);
    if (tx.get(LABELLED_SEEN, seenKey)) return;
    tx.put(LABELLED_SEEN, seenKey, Buffer.from([1]), e.label_time);
    const key = Buffer.from(e.domain);
    const tallies = decodeOutcomes(tx.get(DOMAIN_OUTCOMES, key));
    const i = tallies.findIndex((t) => t.account === e.account);
    const fake = e.human ? 0 : 1;
    if (i >= 0) tallies[i] = { account: e.account, fakes: tallies[i]!.fakes + fake, total: tallies[i]!.total + 1 };
    else tallies.push({ account: e.account, fakes: fake, total: 1 });
    tallies.sort((a, b) => b.total - a.total);
    tx.put(DOMAIN_OUTCOMES, key, encodeOutcomes(tallies.slice(0, MAX_REPORTERS)), e.label_time);
  },
};
