/**
 * What the service's history adds when a generator signs up many addresses at one domain it
 * has never seen, all within one 10-minute window: the facts each check of the burst would get
 * from the domain's state (the windowed sign-up count and its normal level, and, when DNS shows
 * the domain takes mail so the address is `work`, the domain's address pattern learned from the
 * burst's earlier addresses), computed with the aggregations' own functions. The labelled-file
 * eval scores each address alone (no history); this shows what the waves add to it.
 *
 * Pure: addresses, tables and model in, verdicts out.
 */
import { analyze, judge, type JudgeTables } from '../check/judge.ts';
import type { DnsFacts, HistoryFacts, Verdict } from '../domain/check.ts';
import type { Scorecard } from '../model/score.ts';
import { parseAddress } from '../signals/syntax.ts';
import { domainPattern, shapeCategory } from '../streams/aggregations/domain-shapes-180d.ts';
import { expectedPerWindow, QUIET_PRIOR_WINDOWS, SIGNUPS_WINDOW_MS, VOLUME_WINDOW_MS } from '../streams/aggregations/domain-signups-10m.ts';

/** A deployment that has observed more than the volume window (the expected level is settled). */
const OBSERVED_FROM = 0;
const NOW = VOLUME_WINDOW_MS + 2 * SIGNUPS_WINDOW_MS;

/**
 * The history facts of the burst's i-th check (0-based) at a domain with no earlier traffic:
 * i + 1 inboxes in the window and the week's volume; a pattern only for a `work` address (the
 * service learns patterns at domains DNS showed to take mail), from the burst's earlier shapes.
 */
export function burstFacts(earlierShapes: readonly string[], shape: string, work: boolean, free: boolean): HistoryFacts {
  const n = earlierShapes.length + 1;
  const facts: { -readonly [K in keyof HistoryFacts]: HistoryFacts[K] } = {
    recentSignups: n,
    recentSignupsExpected: expectedPerWindow(n, OBSERVED_FROM, NOW, free ? 1 : QUIET_PRIOR_WINDOWS),
  };
  if (work) {
    const counts = new Map<number, number>();
    for (const s of earlierShapes) counts.set(shapeCategory(s), (counts.get(shapeCategory(s)) ?? 0) + 1);
    facts.domainPattern = domainPattern(counts, shape);
  }
  return facts;
}

/**
 * Scores `emails` (all at one domain) as one burst, in order. `dnsDeliverable`: what DNS said of
 * the domain (true: it takes mail; undefined: DNS off, as in the hidden measurement).
 */
export function scoreBurst(emails: readonly string[], tables: JudgeTables, model: Scorecard, dnsDeliverable?: true): Verdict[] {
  const dns: DnsFacts | undefined = dnsDeliverable ? { deliverable: true } : undefined;
  const shapes: string[] = [];
  const verdicts: Verdict[] = [];
  for (const email of emails) {
    const parsed = parseAddress(email);
    if (!parsed.ok) continue;
    const a = analyze(parsed.address, tables, dns);
    const history = burstFacts(shapes, a.local.shape, a.address.accountType === 'work', a.address.free);
    verdicts.push(judge(a, { dns, history }, model).score.verdict);
    shapes.push(a.local.shape);
  }
  return verdicts;
}

export interface BurstSlice {
  readonly pattern: string;
  readonly size: number;
  readonly dns: 'off' | 'on';
  /** Checks scored over all bursts of the slice. */
  readonly checks: number;
  /** Share given review or block. */
  readonly caught: number;
}

/**
 * Bursts of `size` of each pattern's mailboxes at domains of `domains` (one domain per burst,
 * `bursts` of them), scored with DNS off and with DNS saying the domain takes mail.
 */
export function burstSlices(
  rows: readonly { readonly email: string; readonly pattern: string }[],
  domains: readonly string[],
  sizes: readonly number[],
  bursts: number,
  tables: JudgeTables,
  model: Scorecard,
): BurstSlice[] {
  const patterns = [...new Set(rows.map((r) => r.pattern))];
  const out: BurstSlice[] = [];
  for (const pattern of patterns) {
    const locals = rows.filter((r) => r.pattern === pattern).map((r) => r.email.slice(0, r.email.lastIndexOf('@')));
    for (const size of sizes) {
      for (const dns of ['off', 'on'] as const) {
        let checks = 0;
        let caught = 0;
        for (let b = 0; b < bursts && domains.length > 0; b++) {
          const domain = domains[(b * 7) % domains.length]!;
          const emails = Array.from({ length: size }, (_, i) => `${locals[(b * size + i) % locals.length]}@${domain}`);
          const verdicts = scoreBurst(emails, tables, model, dns === 'on' ? true : undefined);
          checks += verdicts.length;
          caught += verdicts.filter((v) => v !== 'allow').length;
        }
        out.push({ pattern, size, dns, checks, caught: checks ? caught / checks : NaN });
      }
    }
  }
  return out;
}
