/**
 * A sequence of checks judged as the service would judge them (issue 16): each address analysed
 * alone (DNS off, as in the hidden measurement), then judged with the history the service would
 * give it (history-replay.ts) and, when it came with an IP, that IP's facts as the service
 * takes them (counted per source, check/ip-count-key.ts; no cloud or Tor feed loaded). What `npm run eval -- --synthetic`'s burst sections and the test
 * against the running service (test/blackbox/history-bursts.test.ts) both predict.
 *
 * Pure: checks, tables and model in, judgements out.
 */
import { analyze, judge, type JudgeTables } from '../check/judge.ts';
import type { HistoryFacts, IpFacts, Score } from '../domain/check.ts';
import type { Scorecard } from '../model/score.ts';
import { ipCountKey } from '../check/ip-count-key.ts';
import { normalizeIp } from '../signals/ip/ip-facts.ts';
import { parseAddress } from '../signals/syntax.ts';
import { replayHistory, type ReplayCheck } from './history-replay.ts';

/** A check as sent: the account whose key sent it, the address, a public IP if any, when. */
export interface SentCheck {
  readonly account: string;
  readonly email: string;
  readonly ip?: string;
  readonly time: number;
  /** The bulk request it was sent in (one id per request; its addresses in input order); absent: a single check. */
  readonly request?: string;
}

export interface ReplayedCheck {
  readonly sent: SentCheck;
  readonly history: HistoryFacts;
  /** The same judgement with history (what the service answers). */
  readonly score: Score;
  /** The address alone, no history and no IP (what a single check of the labelled files sees). */
  readonly alone: Score;
}

/**
 * Judges `sent` (in time order) with the history each check would get; addresses that fail to
 * parse are left out (the service answers them 400 and counts nothing).
 */
export function replayChecks(sent: readonly SentCheck[], tables: JudgeTables, model: Scorecard, observedFromMs: number): ReplayedCheck[] {
  const parsed = [];
  for (const s of sent) {
    const p = parseAddress(s.email);
    if (!p.ok) continue;
    const a = analyze(p.address, tables, undefined);
    parsed.push({ s, a });
  }
  // The IP as the service takes it: the source it counts as (its key), or ignored (private, reserved, invalid).
  const ips = parsed.map(({ s }): { facts: IpFacts; source?: string } | undefined => {
    if (s.ip === undefined) return undefined;
    const n = normalizeIp(s.ip);
    return n.ok ? { facts: {}, source: ipCountKey(n.canonical) } : { facts: { ignored: n.reason } };
  });
  const checks: ReplayCheck[] = parsed.map(({ s, a }, i) => ({
    account: s.account,
    domain: a.parsed.domain,
    inbox: a.address.canonical,
    email: a.parsed.email,
    ...(ips[i]?.source === undefined ? {} : { ip: ips[i].source }),
    time: s.time,
    free: a.address.accountType === 'free',
    ...(s.request === undefined ? {} : { request: s.request }),
  }));
  const facts = replayHistory(checks, observedFromMs);
  return parsed.map(({ s, a }, i) => ({
    sent: s,
    history: facts[i]!,
    score: judge(a, { history: facts[i]!, ...(ips[i] === undefined ? {} : { ip: ips[i].facts }) }, model).score,
    alone: judge(a, {}, model).score,
  }));
}
