/**
 * What the service's IP history adds (issue 16): sign-ups behind one IP, or a few, each check
 * judged with the history the service would give it (replayed-checks.ts: signups_from_ip per
 * account and IP source, the domains' 10-minute sign-ups, the inboxes' spellings), against the
 * same checks alone.
 *
 * Farms (different inboxes, so nothing links them by the address), k sign-ups within 10 minutes:
 * - `name-serial`: one generated name with a running 4-digit serial at big free mail;
 * - `free-name-digits`, `free-name-noise`: synthetic-bots.ts's free-mail farms (a generated name
 *   with 4-5 random digits, or 2-4 random letters), which single checks rarely catch.
 * - `rotating-N`: the free-name-digits farm behind one IP, its addresses rotating over N free
 *   providers (each its own registrable domain): the trade of ip_burst's gateway rule (0 while
 *   the IP's 10 minutes hold IP_GATEWAY_DOMAINS domains), stated where a farm can exploit it.
 * People, the contrast (k sign-ups spread over an hour from one IP, as a NAT shows them):
 * - `campus`: synthetic-humans' people of every region at their providers;
 * - `office`: people of one company at its own domain (first.last and the like), DNS off;
 * - `students`: students of one university at its domain (of the school list), every one of a
 *   campus with the mailbox shape the university assigns (a letter and a cohort's number, initials
 *   and digits, a login of a name and two digits, a word and a cohort's number): one shape behind
 *   one NAT, as a class signing up for a course's tool shows it, and real people;
 * - `list-replay`: the campus's people (every region at their providers), all within 10 minutes
 *   behind one IP: addresses already held replayed with one fixed `ip` (a judge's or an import's
 *   machine), what `npm run eval -- --service --single --ip` does to the development files.
 *
 * The deployment is settled (a week observed, no one else at these domains: the most the domain
 * waves can add), as the other burst sections. IPs are made-up public literals: the service
 * ignores the documentation ranges (reserved), so they could not count.
 *
 * Pure: seeds, tables and model in, shares out.
 */
import { allLocales, Faker } from '@faker-js/faker';
import { analyze, judge, type JudgeTables } from '../check/judge.ts';
import { HOUR } from '../domain/time.ts';
import type { Scorecard } from '../model/score.ts';
import { SIGNUPS_WINDOW_MS, VOLUME_WINDOW_MS } from '../streams/aggregations/domain-signups-10m.ts';
import { parseAddress } from '../signals/syntax.ts';
import { replayNumberedSiblings } from './history-replay.ts';
import { replayChecks, type SentCheck } from './replayed-checks.ts';
import { BUSINESS, peopleKinds, universityDomains } from './people-kinds.ts';
import { syntheticBots } from './synthetic-bots.ts';
import { foldForAddress, syntheticHumans } from './synthetic.ts';

export const IP_FARM_KINDS = ['name-serial', 'free-name-digits', 'free-name-noise'] as const;
export const IP_PEOPLE_KINDS = ['campus', 'office', 'students'] as const;
/** Numbered batches of one stem, each check from its own IP (numberedBurstSlices). */
export const NUMBERED_VENUES = ['gmail.com', 'unlisted'] as const;
export type NumberedVenue = (typeof NUMBERED_VENUES)[number];
export type IpBurstKind = (typeof IP_FARM_KINDS)[number] | (typeof IP_PEOPLE_KINDS)[number] | 'list-replay' | `numbered@${NumberedVenue}` | `rotating-${number}`;

/** How many registrable domains the rotating farms spread over (one line each). */
export const IP_ROTATIONS = [4, 8, 12, 16] as const;
/** Free providers, each its own registrable domain, in the order a rotating farm takes them. */
const ROTATED = ['gmail.com', 'outlook.com', 'yahoo.com', 'hotmail.com', 'aol.com', 'icloud.com', 'proton.me', 'gmx.com', 'mail.com', 'yandex.com', 'zoho.com', 'gmx.de', 'web.de', 'mail.ru', 'libero.it', 'yahoo.co.uk'] as const;

/** The batches with their addresses rotating over the first `n` of ROTATED (the local parts kept). */
export function rotatedBatches(batches: readonly (readonly string[])[], n: number): string[][] {
  return batches.map((b) => b.map((email, i) => `${email.slice(0, email.lastIndexOf('@'))}@${ROTATED[i % n]!}`));
}

/**
 * Farms: no IP (what the domain's wave and the address alone do: the difference is the IP's),
 * one IP, or a few taking turns. People: one NAT.
 */
export const IP_LAYOUTS = { 'no IP': 0, 'one IP': 1, '3 IPs': 3 } as const;
/** Or every check from an IP of its own (a farm rotating proxies: what no IP window links). */
export type IpLayout = keyof typeof IP_LAYOUTS | 'own IPs';

const FREE = ['gmail.com', 'outlook.com', 'hotmail.com'] as const;
const SETTLED = 0;
const START = VOLUME_WINDOW_MS + 2 * SIGNUPS_WINDOW_MS;

/** A sequence's `n`-th IP: a made-up public literal (not a documentation range: those are ignored). Each sequence is replayed alone. */
export const madeUpIp = (n: number): string => `203.0.114.${10 + n}`;

/** `count` sequences of `size` addresses of a farm kind (each sequence one generator's batch). */
export function farmBatches(kind: (typeof IP_FARM_KINDS)[number], seed: number, count: number, size: number): string[][] {
  if (kind === 'name-serial') {
    const f = new Faker({ locale: [allLocales.en_US, allLocales.en, allLocales.base] });
    f.seed(seed);
    return Array.from({ length: count }, (_, j) => {
      const name = `${foldForAddress(f.person.firstName())}${foldForAddress(f.person.lastName())}`.replace(/[^a-z]/g, '') || 'alexsmith';
      const from = f.number.int({ min: 1, max: 8000 });
      return Array.from({ length: size }, (_, i) => `${name}${String(from + i).padStart(4, '0')}@${FREE[j % FREE.length]}`);
    });
  }
  const rows = syntheticBots(seed, count * size).filter((r) => r.pattern === kind).map((r) => r.email);
  return Array.from({ length: count }, (_, j) => rows.slice(j * size, (j + 1) * size));
}

/** The mailbox shapes a university assigns its students (people-kinds.ts's `campus-ids`, one per campus here). */
const STUDENT_SHAPES = ['letter+cohort', 'initials+digits', 'login', 'word+cohort'] as const;

/** `count` universities' classes of `size` students, each at its university's domain in its one shape. */
function studentGroups(seed: number, count: number, size: number): string[][] {
  const f = new Faker({ locale: [allLocales.en_US, allLocales.en, allLocales.base] });
  f.seed(seed);
  const universities = universityDomains();
  return Array.from({ length: count }, (_, j) => {
    const domain = universities[(j * 7919) % universities.length]!;
    const shape = STUDENT_SHAPES[j % STUDENT_SHAPES.length]!;
    const letter = f.helpers.arrayElement(['s', 'u', 'z', 'c']);
    const word = f.helpers.arrayElement(['stud', 'student', 'stu']);
    const cohort = f.number.int({ min: 10, max: 25 });
    const seen = new Set<string>();
    while (seen.size < size) {
      const first = foldForAddress(f.person.firstName()).replace(/[^a-z]/g, '');
      const last = foldForAddress(f.person.lastName()).replace(/[^a-z]/g, '');
      if (!first || !last) continue;
      const local =
        shape === 'letter+cohort' ? `${letter}${cohort}${f.string.numeric(5)}`
        : shape === 'initials+digits' ? `${first[0]}${last[0]}${f.string.numeric(4)}`
        : shape === 'login' ? `${last.slice(0, 5)}${first[0]}${f.string.numeric(2)}`
        : `${word}${cohort}${f.string.numeric(4)}`;
      seen.add(`${local}@${domain}`);
    }
    return [...seen];
  });
}

/** `count` groups of `size` people: a campus of every region, one company's office at its domain, or a university's students in its ID shape. */
export function peopleGroups(kind: (typeof IP_PEOPLE_KINDS)[number], seed: number, count: number, size: number): string[][] {
  if (kind === 'students') return studentGroups(seed, count, size);
  if (kind === 'campus') {
    const rows = syntheticHumans(seed, Math.ceil((count * size) / 12) + 1).map((r) => r.email);
    // Every region in each group: a stride through the rows (they come region by region).
    const mixed = Array.from({ length: rows.length }, (_, i) => rows[(i * 7919) % rows.length]!);
    return Array.from({ length: count }, (_, j) => mixed.slice(j * size, (j + 1) * size));
  }
  const f = new Faker({ locale: [allLocales.en_US, allLocales.en, allLocales.base] });
  f.seed(seed);
  return Array.from({ length: count }, () => {
    const domain = `${foldForAddress(f.company.name()).replace(/[^a-z]/g, '').slice(0, 20) || 'northwind'}.com`;
    const seen = new Set<string>();
    while (seen.size < size) {
      const first = foldForAddress(f.person.firstName()).replace(/[^a-z]/g, '');
      const last = foldForAddress(f.person.lastName()).replace(/[^a-z]/g, '');
      if (!first || !last) continue;
      seen.add(`${f.helpers.weightedArrayElement([{ value: `${first}.${last}`, weight: 6 }, { value: `${first[0]}${last}`, weight: 3 }, { value: first, weight: 1 }])}@${domain}`);
    }
    return [...seen];
  });
}

export interface IpBurstSlice {
  readonly kind: IpBurstKind;
  readonly layout: IpLayout;
  readonly size: number;
  /** Minutes the sequence is spread over. */
  readonly minutes: number;
  readonly sequences: number;
  /** Share of sequences whose check at each position (0-based) got review or block, with history. */
  readonly caughtAt: readonly number[];
  /** The same, block only. */
  readonly blockedAt: readonly number[];
  /** Review or block, each check alone (no history, no IP). */
  readonly aloneAt: readonly number[];
  /** Over every check of the slice, with history. */
  readonly caught: number;
  readonly blocked: number;
  readonly caughtAlone: number;
}

/**
 * Scores each sequence as one account's checks, spread evenly over `spreadMs`, from `ips` IPs
 * taking turns, with a settled deployment's history.
 */
export function ipBurstSlice(kind: IpBurstKind, layout: IpLayout, sequences: readonly (readonly string[])[], spreadMs: number, tables: JudgeTables, model: Scorecard): IpBurstSlice {
  const size = Math.min(...sequences.map((s) => s.length));
  const caughtAt = new Array<number>(size).fill(0);
  const blockedAt = new Array<number>(size).fill(0);
  const aloneAt = new Array<number>(size).fill(0);
  let counted = 0;
  for (const emails of sequences) {
    const ips = layout === 'own IPs' ? size : IP_LAYOUTS[layout];
    const sent: SentCheck[] = emails.slice(0, size).map((email, i) => ({ account: 'one', email, ...(ips ? { ip: madeUpIp(i % ips) } : {}), time: START + Math.floor((i * (spreadMs - 1)) / size) }));
    const judged = replayChecks(sent, tables, model, SETTLED);
    if (judged.length < size) continue;
    counted++;
    judged.forEach((c, i) => {
      if (c.score.verdict !== 'allow') caughtAt[i]!++;
      if (c.score.verdict === 'block') blockedAt[i]!++;
      if (c.alone.verdict !== 'allow') aloneAt[i]!++;
    });
  }
  const share = (xs: number[]): number[] => xs.map((x) => (counted ? x / counted : NaN));
  const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / size;
  const c = share(caughtAt);
  const b = share(blockedAt);
  const a = share(aloneAt);
  return { kind, layout, size, minutes: Math.round(spreadMs / 60_000), sequences: counted, caughtAt: c, blockedAt: b, aloneAt: a, caught: mean(c), blocked: mean(b), caughtAlone: mean(a) };
}

/** The section: farms of `farmSize` within 10 minutes with no IP, behind one IP and three, and rotating domains behind one IP; people of each size over an hour behind one NAT; the largest campus replayed within 10 minutes behind one IP. */
export function ipBurstSlices(seed: number, count: number, farmSize: number, peopleSizes: readonly number[], tables: JudgeTables, model: Scorecard): IpBurstSlice[] {
  const out: IpBurstSlice[] = [];
  for (const kind of IP_FARM_KINDS) {
    const batches = farmBatches(kind, seed, count, farmSize);
    for (const layout of Object.keys(IP_LAYOUTS) as (keyof typeof IP_LAYOUTS)[]) out.push(ipBurstSlice(kind, layout, batches, SIGNUPS_WINDOW_MS, tables, model));
  }
  // The farm that rotates its domains, behind one IP: what the gateway rule leaves it.
  const rotating = farmBatches('free-name-digits', seed, count, farmSize);
  for (const n of IP_ROTATIONS) out.push(ipBurstSlice(`rotating-${n}`, 'one IP', rotatedBatches(rotating, n), SIGNUPS_WINDOW_MS, tables, model));
  for (const kind of IP_PEOPLE_KINDS) {
    for (const size of peopleSizes) out.push(ipBurstSlice(kind, 'one IP', peopleGroups(kind, seed, count, size), HOUR, tables, model));
  }
  // The people of the largest campus again, as a replay sends them: within 10 minutes, one IP.
  const largest = Math.max(...peopleSizes);
  out.push(ipBurstSlice('list-replay', 'one IP', peopleGroups('campus', seed, count, largest), SIGNUPS_WINDOW_MS, tables, model));
  return out;
}

/**
 * `count` numbered batches of `size` (one stem each): a made-up name with a running serial,
 * glued and zero-padded (`annaberg0001`, `annaberg0002`) or after a dotted name (`mark.hollis17`,
 * `mark.hollis18`), in turn; at gmail.com, or at an unlisted domain of the farm's own (a made-up
 * company-like name no list holds, one per batch).
 */
export function numberedBatches(venue: NumberedVenue, seed: number, count: number, size: number): string[][] {
  const f = new Faker({ locale: [allLocales.en_US, allLocales.en, allLocales.base] });
  f.seed(seed);
  return Array.from({ length: count }, (_, j) => {
    const first = foldForAddress(f.person.firstName()).replace(/[^a-z]/g, '') || 'alex';
    const last = foldForAddress(f.person.lastName()).replace(/[^a-z]/g, '') || 'smith';
    const domain = venue === 'gmail.com' ? 'gmail.com' : `${foldForAddress(f.person.lastName()).replace(/[^a-z]/g, '') || 'north'}${f.helpers.arrayElement(BUSINESS)}.com`;
    const padded = j % 2 === 0;
    const from = padded ? f.number.int({ min: 1, max: 8000 }) : f.number.int({ min: 1, max: 90 });
    return Array.from({ length: size }, (_, i) => (padded ? `${first}${last}${String(from + i).padStart(4, '0')}` : `${first}.${last}${from + i}`) + `@${domain}`);
  });
}

/** Numbered batches of each size at each venue, every check from its own IP, within 10 minutes and within an hour. */
export function numberedBurstSlices(seed: number, count: number, sizes: readonly number[], tables: JudgeTables, model: Scorecard): IpBurstSlice[] {
  const out: IpBurstSlice[] = [];
  for (const venue of NUMBERED_VENUES) {
    for (const size of sizes) {
      const batches = numberedBatches(venue, seed, count, size);
      for (const spread of [SIGNUPS_WINDOW_MS, HOUR]) out.push(ipBurstSlice(`numbered@${venue}`, 'own IPs', batches, spread, tables, model));
    }
  }
  return out;
}

/** The contrast of the numbered batches: people who share a stem innocently in one account's stream. */
export interface StemStream {
  readonly source: 'regions' | 'people-kinds';
  /** Sign-ups in the hour (spread evenly). */
  readonly perHour: number;
  readonly checks: number;
  /** Share of the checks whose inbox has a numbered stem. */
  readonly stemmed: number;
  /** Share of the checks that saw at least 2 / 3 / 5 / 10 inboxes of their stem (this one included), in the hour and in the last 10 minutes. */
  readonly hourAtLeast: readonly number[];
  readonly recentAtLeast: readonly number[];
  /** Share whose verdict the stem counts alone move (judged with them against alone), and of those to block. */
  readonly moved: number;
  readonly movedToBlock: number;
}

export const STEM_THRESHOLDS = [2, 3, 5, 10] as const;

/**
 * People at one account over an hour (`perHour` sign-ups, no IP), the regions' synthetic people
 * (every region, strided) or the people kinds (campus and staff IDs, ISP elders, scripts, hobby
 * handles with years): how many see others of their numbered stem, and whose verdict those counts
 * alone move. Faker's name lists are far shorter than a country's names, so this over-counts what
 * real people collide on.
 */
export function stemStream(source: StemStream['source'], seed: number, perHour: number, tables: JudgeTables, model: Scorecard): StemStream {
  const rows = source === 'regions' ? syntheticHumans(seed, Math.ceil(perHour / 12) + 1).map((r) => r.email) : peopleKinds(seed, Math.ceil(perHour / 5) + 1).map((r) => r.email);
  const mixed = Array.from({ length: Math.min(perHour, rows.length) }, (_, i) => rows[(i * 7919) % rows.length]!);
  const analysed = [];
  for (const email of mixed) {
    const p = parseAddress(email);
    if (p.ok) analysed.push(analyze(p.address, tables, undefined));
  }
  // Only the stem window: the contrast is what the stem counts alone do to people.
  const facts = replayNumberedSiblings(analysed.map((a, i) => ({ account: 'one', inbox: a.address.canonical, time: START + Math.floor((i * (HOUR - 1)) / analysed.length) })));
  const n = analysed.length;
  const atLeast = (pick: (i: number) => number | undefined): number[] => STEM_THRESHOLDS.map((t) => facts.filter((_, i) => (pick(i) ?? 0) >= t).length / n);

  let moved = 0;
  let movedToBlock = 0;
  analysed.forEach((a, i) => {
    const f = facts[i];
    if (f === undefined) return;
    const alone = judge(a, {}, model).score.verdict;
    const withStem = judge(a, { history: f }, model).score.verdict;
    if (withStem !== alone) moved++;
    if (withStem === 'block' && alone !== 'block') movedToBlock++;
  });
  return {
    source,
    perHour,
    checks: n,
    stemmed: facts.filter((f) => f !== undefined).length / n,
    hourAtLeast: atLeast((i) => facts[i]?.numberedSiblings),
    recentAtLeast: atLeast((i) => facts[i]?.recentNumberedSiblings),
    moved: moved / n,
    movedToBlock: movedToBlock / n,
  };
}
