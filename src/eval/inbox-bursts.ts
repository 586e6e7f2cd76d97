/**
 * What the service's history adds to the provider tricks that reach ONE inbox (issue 16): a
 * person signing up again and again with spellings of one mailbox, all within 10 minutes:
 *
 * - `dotted`: Gmail dot placements of one name (`an.nab.erg`, `annab.erg`: one inbox);
 * - `plus-numbered`: numbered `+` tags of one name (`annaberg+1`, `annaberg+2`: one inbox);
 * - `name-serial`: a name and a serial (`annaberg0001`, `annaberg0002`), which are DIFFERENT
 *   inboxes (each its own canonical inbox, with one spelling), linked only by their numbered
 *   stem (`annaberg#`: the account's stem window, numbered_burst, feature version 18). Before
 *   it, only the domain's sign-up count saw them, and at a big free-mail provider that count is
 *   the provider's own traffic. (One IP sending them all would be `ip_burst`; no IPs here.)
 *
 * Each check is scored with the history facts the service would give it, computed with the
 * aggregations' own functions (history-replay.ts): `aliasVariants` from the inbox's spellings
 * and the domain's 10-minute sign-ups against its normal level, as burst.ts gives them: a
 * deployment that sees no one else at the provider, the most a wave can do there (a real
 * provider's own traffic only lowers it).
 *
 * Pure: names, tables and model in, verdicts out.
 */
import { allLocales, Faker } from '@faker-js/faker';
import { analyze, judge, type JudgeTables } from '../check/judge.ts';
import type { HistoryFacts, Verdict } from '../domain/check.ts';
import type { Scorecard } from '../model/score.ts';
import { parseAddress } from '../signals/syntax.ts';
import { SIGNUPS_WINDOW_MS, VOLUME_WINDOW_MS } from '../streams/aggregations/domain-signups-10m.ts';
import { replayHistory } from './history-replay.ts';
import { foldForAddress } from './synthetic.ts';

export const INBOX_BURST_KINDS = ['dotted', 'plus-numbered', 'name-serial'] as const;
export type InboxBurstKind = (typeof INBOX_BURST_KINDS)[number];

/** A deployment that has observed more than the volume window (the expected level is settled). */
const OBSERVED_FROM = 0;
const START = VOLUME_WINDOW_MS + 2 * SIGNUPS_WINDOW_MS;

/**
 * `k` distinct Gmail spellings of `mailbox` (letters and digits, no dots): the plain one, then
 * one dot at each place, then two, then three, the way a dot-trick list is written (few dots
 * first: a single check cannot tell them from a person's own dots). Fewer than `k` when the
 * mailbox has fewer placements.
 */
export function dottedSpellings(mailbox: string, k: number): string[] {
  const out = [mailbox];
  const gaps = mailbox.length - 1;
  const place = (at: readonly number[]): string => [...mailbox].map((c, i) => (at.includes(i) ? `.${c}` : c)).join('');
  for (let dots = 1; dots <= Math.min(3, gaps) && out.length < k; dots++) {
    for (const at of combinations(gaps, dots)) {
      if (out.length >= k) break;
      out.push(place(at.map((g) => g + 1)));
    }
  }
  return out;
}

/** The `r`-element subsets of 0..n-1, in lexicographic order. */
function* combinations(n: number, r: number, from = 0): Generator<number[]> {
  if (r === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= n - r; i++) for (const rest of combinations(n, r - 1, i + 1)) yield [i, ...rest];
}

/** The `k` addresses of one sequence of `kind` for the name `mailbox` at `domain`. */
export function inboxBurst(kind: InboxBurstKind, mailbox: string, domain: string, k: number, serialFrom = 1): string[] {
  switch (kind) {
    case 'dotted': return dottedSpellings(mailbox, k).map((s) => `${s}@${domain}`);
    case 'plus-numbered': return Array.from({ length: k }, (_, i) => `${mailbox}+${i + 1}@${domain}`);
    case 'name-serial': return Array.from({ length: k }, (_, i) => `${mailbox}${String(serialFrom + i).padStart(4, '0')}@${domain}`);
  }
}

/** One check of a sequence: its canonical inbox and the address as written. */
export interface Spelling {
  readonly inbox: string;
  readonly email: string;
}

/**
 * The history facts of each check of a sequence (all at free mail, one account), the i-th at
 * `START + i * spacingMs` (history-replay.ts): its inbox's distinct spellings so far, this one
 * included, and the domain's distinct inboxes in the window against its normal level.
 */
export function inboxBurstFacts(checks: readonly Spelling[], spacingMs: number): HistoryFacts[] {
  const replayed = checks.map(({ inbox, email }, i) => ({ account: 'one', domain: email.slice(email.lastIndexOf('@') + 1), inbox, email, time: START + i * spacingMs, free: true }));
  return replayHistory(replayed, OBSERVED_FROM);
}

/** Scores `emails` (all at one domain) in order, each with inboxBurstFacts' history, and each alone (what a single check sees). */
export function scoreInboxBurst(emails: readonly string[], tables: JudgeTables, model: Scorecard, spacingMs: number): { withHistory: Verdict[]; alone: Verdict[] } {
  const analysed = [];
  const checks: Spelling[] = [];
  for (const email of emails) {
    const parsed = parseAddress(email);
    if (!parsed.ok) continue;
    const a = analyze(parsed.address, tables, undefined);
    analysed.push(a);
    checks.push({ inbox: a.address.canonical, email: parsed.address.email });
  }
  const facts = inboxBurstFacts(checks, spacingMs);
  return {
    withHistory: analysed.map((a, i) => judge(a, { history: facts[i] }, model).score.verdict),
    alone: analysed.map((a) => judge(a, {}, model).score.verdict),
  };
}

export interface InboxBurstSlice {
  readonly kind: InboxBurstKind;
  readonly size: number;
  readonly sequences: number;
  /** Share of the sequences whose check at each position (0-based) got review or block. */
  readonly caughtAt: readonly number[];
  /** The same, each check scored alone (no history): what history adds is the difference. */
  readonly aloneAt: readonly number[];
  /** Over every check of the slice. */
  readonly caught: number;
}

/**
 * For each kind and size: one sequence per name in `mailboxes` (letters only, at
 * least 6), spread over the sequence's 10 minutes, at `domains` in turn (`dotted` at Gmail only).
 */
export function inboxBurstSlices(
  mailboxes: readonly string[],
  domains: readonly string[],
  sizes: readonly number[],
  tables: JudgeTables,
  model: Scorecard,
): InboxBurstSlice[] {
  const out: InboxBurstSlice[] = [];
  for (const kind of INBOX_BURST_KINDS) {
    for (const size of sizes) {
      const spacingMs = Math.floor((SIGNUPS_WINDOW_MS - 1) / size);
      const caughtAt = new Array<number>(size).fill(0);
      const aloneAt = new Array<number>(size).fill(0);
      let sequences = 0;
      for (const [j, mailbox] of mailboxes.entries()) {
        const domain = kind === 'dotted' ? 'gmail.com' : domains[j % domains.length]!;
        const emails = inboxBurst(kind, mailbox, domain, size, 1 + ((j * 37) % 900));
        if (emails.length < size) continue;
        const { withHistory, alone } = scoreInboxBurst(emails, tables, model, spacingMs);
        if (withHistory.length < size) continue;
        sequences++;
        for (let i = 0; i < size; i++) {
          if (withHistory[i] !== 'allow') caughtAt[i]!++;
          if (alone[i] !== 'allow') aloneAt[i]!++;
        }
      }
      const share = (counts: number[]): number[] => counts.map((c) => (sequences ? c / sequences : NaN));
      const shares = share(caughtAt);
      out.push({ kind, size, sequences, caughtAt: shares, aloneAt: share(aloneAt), caught: shares.reduce((s, x) => s + x, 0) / size });
    }
  }
  return out;
}

/** `count` made-up mailboxes, a given name and a family name run together (letters, 6-20). */
export function inboxBurstNames(seed: number, count: number): string[] {
  const f = new Faker({ locale: [allLocales.en_US, allLocales.en, allLocales.base] });
  f.seed(seed);
  const out: string[] = [];
  while (out.length < count) {
    const box = `${foldForAddress(f.person.firstName())}${foldForAddress(f.person.lastName())}`.replace(/[^a-z]/g, '').slice(0, 20);
    if (box.length >= 6 && !out.includes(box)) out.push(box);
  }
  return out;
}
