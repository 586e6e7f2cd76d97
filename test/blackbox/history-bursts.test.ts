/**
 * The history-dependent judgement through the real built server (issue 16): bursts sent one
 * check at a time over HTTP, each answer compared with what the eval predicts for it
 * (src/eval/replayed-checks.ts: the aggregations' own functions replaying every check this
 * server was sent, as a deployment just started sees them). The windowed facts must be the
 * same (alias_variants per account, recent_signups across accounts, signups_from_ip per
 * account), and so must the score and verdict at every position.
 *
 * IPs: the documentation ranges are `reserved` (CONTRACT: ignored, no other IP field), so they
 * cannot make an IP burst; the others are made-up public literals (no feed is loaded: none is
 * a cloud or Tor address). Addresses are made up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJudgeTables, type JudgeTables } from '../../src/check/judge.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { dottedSpellings } from '../../src/eval/inbox-bursts.ts';
import { replayChecks, type ReplayedCheck, type SentCheck } from '../../src/eval/replayed-checks.ts';
import { call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';

const ACCOUNTS = { acme: KEYS.acme, globex: KEYS.globex } as const;
type Account = keyof typeof ACCOUNTS;

let s: RunningServer;
let tables: JudgeTables;
/** Every check this server was sent, in order (the replay needs the whole world: gmail.com's count is shared). */
const sent: SentCheck[] = [];
/** The deployment's start as the replay sees it: the first check. */
let startedAt = 0;

beforeAll(async () => {
  [s, tables] = await Promise.all([startServer({ MAILSIFT_DOMAIN_AGE: 'off' }), Promise.resolve(buildJudgeTables())]);
}, 120_000);

afterAll(async () => {
  await s?.stop();
  s?.cleanup();
});

/** Sends `emails` one at a time (each answered before the next), from `account`, with `ips[i]` when given. */
async function burst(account: Account, emails: readonly string[], ips?: (i: number) => string): Promise<any[]> {
  const bodies = [];
  for (const [i, email] of emails.entries()) {
    const ip = ips?.(i);
    const before = Date.now();
    if (startedAt === 0) startedAt = before;
    const r = await call(s.url, 'POST', '/v1/check', { key: ACCOUNTS[account], body: { email, explain: true, ...(ip ? { ip } : {}) } });
    expect(r.status, r.text).toBe(200);
    sent.push({ account, email, ...(ip ? { ip } : {}), time: Math.round((before + Date.now()) / 2) });
    bodies.push(r.body);
  }
  return bodies;
}

/** Sends `emails` in one bulk request from `account` (`request`: its name in the replay); its entries, in input order. */
async function bulk(account: Account, emails: readonly string[], request: string): Promise<any[]> {
  const before = Date.now();
  if (startedAt === 0) startedAt = before;
  const r = await call(s.url, 'POST', '/v1/check/bulk', { key: ACCOUNTS[account], body: { emails } });
  expect(r.status, r.text).toBe(200);
  const time = Math.round((before + Date.now()) / 2);
  for (const email of emails) sent.push({ account, email, time, request });
  return r.body.results as any[];
}

/** The eval's prediction for the last `n` checks sent (replaying all of them). */
function predicted(n: number): ReplayedCheck[] {
  return replayChecks(sent, tables, BASELINE_SCORECARD, startedAt).slice(-n);
}

/** The service's answer and the eval's prediction agree on every windowed fact, the score and the verdict. */
function expectAgree(bodies: readonly any[]): ReplayedCheck[] {
  const want = predicted(bodies.length);
  expect(want).toHaveLength(bodies.length);
  bodies.forEach((b, i) => {
    const w = want[i]!;
    const h = w.history;
    const at = `check ${i + 1} of ${bodies.length}`;
    expect({
      at,
      alias_variants: b.alias_variants,
      recent_signups: b.recent_signups,
      signups_from_ip: b.ip?.signups_from_ip,
      human_score: b.human_score,
      verdict: b.verdict,
    }).toEqual({
      at,
      alias_variants: (h.aliasVariants ?? 0) >= 2 ? h.aliasVariants : undefined,
      recent_signups: (h.recentSignups ?? 0) >= 20 ? h.recentSignups : undefined,
      signups_from_ip: h.signupsFromIp,
      human_score: w.score.humanScore,
      verdict: w.score.verdict,
    });
  });
  return want;
}

const evidenceOf = (b: any, signal: string): number | undefined => b.evidence.find((e: any) => e.signal === signal)?.impact;
const serials = (mailbox: string, domain: string, k: number): string[] => Array.from({ length: k }, (_, i) => `${mailbox}${String(41 + i).padStart(4, '0')}@${domain}`);

describe('spellings of ONE inbox (alias_variants, per account)', () => {
  it('20 dotted Gmail spellings: alias_variants counts 1..20 and the answers match the eval at every position', async () => {
    const emails = dottedSpellings('corvinhallowell', 20).map((m) => `${m}@gmail.com`);
    const bodies = await burst('acme', emails);
    expectAgree(bodies);
    expect(bodies.map((b) => b.alias_variants ?? 1)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(evidenceOf(bodies[19], 'alias_burst')).toBeLessThan(0);
    expect(bodies[19].reasons).toContain('alias_burst');
  });

  it('20 numbered + tags at outlook.com, then 5 of them from another account: that account counts its own from 1', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `odalysfenwick+${i + 1}@outlook.com`);
    const acme = await burst('acme', emails);
    expectAgree(acme);
    expect(acme[19].alias_variants).toBe(20);
    const globex = await burst('globex', emails.slice(0, 5));
    expectAgree(globex);
    expect(globex.map((b) => b.alias_variants ?? 1)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('name + serial batches: DIFFERENT inboxes (signups_from_ip, per account)', () => {
  it('20 from ONE IP: signups_from_ip counts 1..20, ip_burst grows, and the answers match the eval', async () => {
    const bodies = await burst('acme', serials('tamsinbrookfield', 'hotmail.com', 20), () => '203.0.114.77');
    expectAgree(bodies);
    expect(bodies.map((b) => b.ip.signups_from_ip)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(evidenceOf(bodies[0], 'ip_burst')).toBeUndefined();
    expect(evidenceOf(bodies[19], 'ip_burst')!).toBeLessThan(evidenceOf(bodies[4], 'ip_burst')!);
    // None of them is linked by the address: alias_variants stays absent.
    expect(bodies.every((b) => b.alias_variants === undefined)).toBe(true);
  });

  it('20 from 20 IPs: each IP has seen one inbox, no ip_burst', async () => {
    const bodies = await burst('acme', serials('leocadiawhitcombe', 'hotmail.com', 20), (i) => `203.0.114.${100 + i}`);
    expectAgree(bodies);
    expect(bodies.every((b) => b.ip.signups_from_ip === 1 && evidenceOf(b, 'ip_burst') === undefined)).toBe(true);
  });

  it('the same IP from another account starts from 1: the count is per account', async () => {
    const bodies = await burst('globex', serials('tamsinbrookfield', 'hotmail.com', 3), () => '203.0.114.77');
    expectAgree(bodies);
    expect(bodies.map((b) => b.ip.signups_from_ip)).toEqual([1, 2, 3]);
  });

  it('20 from one IPv6 /64, each from a new address of it: counted as one source, as one IPv4 address is', async () => {
    const bodies = await burst('acme', serials('wendelinmarsh', 'hotmail.com', 20), (i) => `2a00:1450:4001:81c::${(i + 1).toString(16)}`);
    expectAgree(bodies);
    expect(bodies.map((b) => b.ip.signups_from_ip)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(bodies[19].reasons).toContain('ip_burst');
    // The next /64 is another source.
    const [other] = await burst('acme', serials('wendelinmarsh', 'hotmail.com', 1), () => '2a00:1450:4001:81d::1');
    expect(other.ip.signups_from_ip).toBe(1);
  });

  it('a documentation-range IP is reserved: ignored, so it can never count as a burst', async () => {
    const bodies = await burst('acme', serials('tamsinbrookfield', 'hotmail.com', 2), () => '192.0.2.15');
    expectAgree(bodies);
    expect(bodies.map((b) => b.ip)).toEqual([{ ignored: 'reserved' }, { ignored: 'reserved' }]);
  });
});

describe('names at ONE never-seen domain (recent_signups across accounts, signup_wave)', () => {
  const domain = 'brambleridge-outfitters.com';
  const names = ['ines.calloway', 'marek.dunmore', 'priya.holbeck', 'tobias.renwick', 'selma.achterberg', 'jonah.pryce', 'freya.lindqvist', 'omar.haddington', 'greta.vossberg', 'caleb.marchetti'];
  const people = (k: number, from = 0): string[] => Array.from({ length: k }, (_, i) => `${names[(from + i) % names.length]}${Math.floor((from + i) / names.length) || ''}@${domain}`);

  it('30 from one account, then 5 from another: recent_signups counts both, signup_wave from the 20th, and the answers match the eval', async () => {
    const acme = await burst('acme', people(30));
    const want = expectAgree(acme);
    expect(acme[19].recent_signups).toBe(20);
    expect(acme[29].recent_signups).toBe(30);
    expect(want[29]!.history.recentSignups).toBe(30);
    expect(evidenceOf(acme[18], 'signup_wave')).toBeUndefined();
    expect(evidenceOf(acme[19], 'signup_wave')).toBeLessThan(0);
    const globex = await burst('globex', people(5, 30));
    expectAgree(globex);
    expect(globex.map((b) => b.recent_signups)).toEqual([31, 32, 33, 34, 35]);
  });
});

describe('a bulk request (its addresses count as if checked one after another in input order)', () => {
  it('20 numbered + tags of one inbox and 25 names at a never-seen domain in one request, with an invalid entry: each answer is the replay\'s', async () => {
    const emails = [
      ...Array.from({ length: 20 }, (_, i) => `ysoldeharrow+${i + 1}@hotmail.com`),
      'broken@',
      ...Array.from({ length: 25 }, (_, i) => `${['wren', 'alder', 'sable', 'linnea', 'rowan'][i % 5]}.${['okafor', 'brandt', 'mireles', 'tanaka', 'quill'][Math.floor(i / 5)]}@fernhollow-supply.com`),
    ];
    const results = await bulk('acme', emails, 'first bulk');
    expect(results[20]).toMatchObject({ input: 'broken@' });
    const answers = results.filter((x) => x.error === undefined);
    expectAgree(answers);
    expect(answers[19].alias_variants).toBe(20);
    expect(answers[44].recent_signups).toBe(25);
  });

  it('a customer cleaning a company\'s list of 60 staff in one request: recent_signups counts them all, but its own siblings make no signup_wave; another account\'s check right after sees the wave', async () => {
    const domain = 'quillmere-instruments.com';
    const firsts = ['agnes', 'bruno', 'clio', 'dmitri', 'elsa', 'farid', 'gwen', 'hugo', 'ilse', 'jules'];
    const lasts = ['arkwright', 'bellamy', 'castellan', 'drummond', 'eberhardt', 'fairweather'];
    const emails = lasts.flatMap((l) => firsts.map((f) => `${f}.${l}@${domain}`));
    const answers = await bulk('acme', emails, 'staff list');
    const want = expectAgree(answers);
    expect(answers.map((b) => b.recent_signups)).toEqual(emails.map((_, i) => (i + 1 >= 20 ? i + 1 : undefined)));
    expect(want[59]!.history.requestInboxesAtDomain).toBe(59);
    expect(answers.filter((b) => b.reasons.includes('signup_wave'))).toEqual([]);
    // Every address is judged as it would be alone at a never-seen domain.
    expect(new Set(answers.map((b) => b.verdict))).toEqual(new Set(['allow']));
    const [next] = await burst('globex', [`kaja.lindgren@${domain}`]);
    expectAgree([next]);
    expect(next.recent_signups).toBe(61);
    expect(evidenceOf(next, 'signup_wave')).toBeLessThan(0);
  });
});
