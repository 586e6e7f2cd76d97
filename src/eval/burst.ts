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
import { allLocales, Faker, type LocaleDefinition } from '@faker-js/faker';
import { analyze, judge, type JudgeTables } from '../check/judge.ts';
import type { DnsFacts, HistoryFacts, Verdict } from '../domain/check.ts';
import type { Scorecard } from '../model/score.ts';
import { parseAddress } from '../signals/syntax.ts';
import { domainPattern, shapeCategory } from '../streams/aggregations/domain-shapes-180d.ts';
import { expectedPerWindow, QUIET_PRIOR_WINDOWS, SIGNUPS_WINDOW_MS, VOLUME_WINDOW_MS } from '../streams/aggregations/domain-signups-10m.ts';
import { BUSINESS, COMPANY_TLDS } from './people-kinds.ts';
import { foldForAddress } from './synthetic.ts';

/** A deployment that has observed more than the volume window (the expected level is settled). */
const OBSERVED_FROM = 0;
const NOW = VOLUME_WINDOW_MS + 2 * SIGNUPS_WINDOW_MS;

/** When a burst's checks come and what the domain saw before it. */
export interface BurstTiming {
  /** From the first check to the last, evenly spaced (0: all at once, within one window). */
  readonly spanMs: number;
  /** The domain's usual new inboxes per 10 minutes before the burst (0: a domain never seen). */
  readonly background: number;
  /** The burst is one bulk request (a customer's list, checked together): its earlier addresses are the request's own. */
  readonly oneRequest?: boolean;
}
const AT_ONCE: BurstTiming = { spanMs: 0, background: 0 };

/**
 * The history facts of the burst's i-th check (0-based): `inWindow` of the burst's inboxes in
 * the window (all i + 1 when the burst comes at once) beside the domain's usual `background`, and
 * the week's volume; a pattern only for a `work` address (the service learns patterns at
 * domains DNS showed to take mail), from the burst's earlier shapes.
 */
export function burstFacts(earlierShapes: readonly string[], shape: string, work: boolean, free: boolean, inWindow = earlierShapes.length + 1, background = 0, oneRequest = false): HistoryFacts {
  const n = earlierShapes.length + 1;
  const volume = n + background * (VOLUME_WINDOW_MS / SIGNUPS_WINDOW_MS);
  const facts: { -readonly [K in keyof HistoryFacts]: HistoryFacts[K] } = {
    recentSignups: inWindow + background,
    recentSignupsExpected: expectedPerWindow(volume, OBSERVED_FROM, NOW, free ? 1 : QUIET_PRIOR_WINDOWS),
  };
  // The request's other inboxes in the window (a burst's inboxes are distinct).
  if (oneRequest && inWindow > 1) facts.requestInboxesAtDomain = inWindow - 1;
  if (work) {
    const counts = new Map<number, number>();
    for (const s of earlierShapes) counts.set(shapeCategory(s), (counts.get(shapeCategory(s)) ?? 0) + 1);
    facts.domainPattern = domainPattern(counts, shape);
  }
  return facts;
}

/**
 * Scores `emails` (all at one domain) as one burst, in order. `dns`: what DNS said of the
 * domain (true: it takes mail, on servers of its own; undefined: DNS off, as in the hidden
 * measurement).
 */
export function scoreBurst(emails: readonly string[], tables: JudgeTables, model: Scorecard, dnsFacts?: true | DnsFacts, timing: BurstTiming = AT_ONCE): Verdict[] {
  const dns: DnsFacts | undefined = dnsFacts === true ? { deliverable: true } : dnsFacts;
  const shapes: string[] = [];
  const verdicts: Verdict[] = [];
  const at = (i: number): number => (emails.length > 1 ? (i * timing.spanMs) / (emails.length - 1) : 0);
  let first = 0;
  for (const [i, email] of emails.entries()) {
    const parsed = parseAddress(email);
    if (!parsed.ok) continue;
    while (at(i) - at(first) >= SIGNUPS_WINDOW_MS) first++;
    const a = analyze(parsed.address, tables, dns);
    const history = burstFacts(shapes, a.local.shape, a.address.accountType === 'work', a.address.free, i - first + 1, timing.background, timing.oneRequest);
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

/** Company sign-up patterns: a company writes every address of its staff one way. */
const STAFF_PATTERNS = ['first.last', 'flast', 'first', 'first_last'] as const;
const STAFF_LOCALES = ['en_US', 'en_GB', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'sv'] as const;

/**
 * `bursts` companies, each signing up `size` of its staff: made-up names in the company's one
 * pattern at a made-up company domain (people-kinds.ts's shape: a family name and a business word).
 */
export function companyStaffBursts(seed: number, bursts: number, size: number): string[][] {
  const out: string[][] = [];
  for (let b = 0; b < bursts; b++) {
    const f = new Faker({ locale: [(allLocales as Record<string, LocaleDefinition>)[STAFF_LOCALES[b % STAFF_LOCALES.length]!]!, allLocales.en, allLocales.base] });
    f.seed(seed * 1_000 + b);
    const domain = `${foldForAddress(f.person.lastName()) || 'berg'}${f.helpers.arrayElement(BUSINESS)}.${f.helpers.arrayElement(COMPANY_TLDS)}`;
    const pattern = STAFF_PATTERNS[b % STAFF_PATTERNS.length]!;
    const seen = new Set<string>();
    while (seen.size < size) {
      const first = foldForAddress(f.person.firstName());
      const last = foldForAddress(f.person.lastName());
      if (first.length < 2 || last.length < 2) continue;
      seen.add(pattern === 'first.last' ? `${first}.${last}` : pattern === 'flast' ? `${first[0]}${last}` : pattern === 'first' ? first : `${first}_${last}`);
    }
    out.push([...seen].map((local) => `${local}@${domain}`));
  }
  return out;
}

export interface PeopleBurstSlice {
  readonly kind: 'company staff' | 'big free mail';
  readonly size: number;
  /**
   * How the burst arrives: within one 10-minute window as single checks, evenly over an hour, or
   * as one bulk request (a customer cleaning its list with check-file, up to 1,000 a request).
   */
  readonly when: 'at once' | 'over an hour' | 'one request';
  /** DNS off; on (the domain takes mail on servers of its own); on, hosted at Google. */
  readonly dns: 'off' | 'on' | 'google';
  readonly checks: number;
  readonly review: number;
  readonly block: number;
}

const HOUR_MS = 6 * SIGNUPS_WINDOW_MS;
/** A small deployment's usual new inboxes per 10 minutes at a big free-mail domain. */
const FREE_MAIL_BACKGROUND = 5;

/**
 * The cost to people of what history does to a burst: companies onboarding 20 and 50 staff at
 * once or over an hour, and 200 at once (DNS off, on, hosted at Google), and 50 / 200 people at gmail.com at once
 * beside its usual level in a small deployment (`gmailLocals`: people's local parts there, e.g.
 * a customer cleaning its list).
 */
export function peopleBurstSlices(seed: number, bursts: number, gmailLocals: readonly string[], tables: JudgeTables, model: Scorecard): PeopleBurstSlice[] {
  const out: PeopleBurstSlice[] = [];
  const tally = (kind: PeopleBurstSlice['kind'], size: number, when: PeopleBurstSlice['when'], dns: PeopleBurstSlice['dns'], runs: readonly string[][], background: number): void => {
    const facts: DnsFacts | undefined = dns === 'off' ? undefined : dns === 'on' ? { deliverable: true } : { deliverable: true, mailProvider: 'google' };
    const verdicts = runs.flatMap((emails) => scoreBurst(emails, tables, model, facts, { spanMs: when === 'over an hour' ? HOUR_MS : 0, background, oneRequest: when === 'one request' }));
    const share = (v: Verdict): number => verdicts.filter((x) => x === v).length / Math.max(1, verdicts.length);
    out.push({ kind, size, when, dns, checks: verdicts.length, review: share('review'), block: share('block') });
  };
  for (const size of [20, 50, 200]) {
    const runs = companyStaffBursts(seed, bursts, size);
    // 200 at once: a customer checking a company's staff list one address at a time, or in one
    // bulk request (check-file), whose own addresses count in recent_signups but make no wave.
    const timings = size > 50 ? (['at once', 'one request'] as const) : (['at once', 'over an hour'] as const);
    for (const when of timings) for (const dns of ['off', 'on', 'google'] as const) tally('company staff', size, when, dns, runs, 0);
  }
  for (const size of [50, 200]) {
    const runs = Array.from({ length: bursts }, (_, b) => Array.from({ length: size }, (_, i) => `${gmailLocals[(b * size + i) % gmailLocals.length]}@gmail.com`));
    tally('big free mail', size, 'at once', 'off', runs, FREE_MAIL_BACKGROUND);
  }
  return out;
}
