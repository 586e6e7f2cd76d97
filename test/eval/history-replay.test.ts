/** The history replay: the facts the service's windowed counts give a sequence of checks (made-up addresses, made-up keys). */
import { describe, expect, it } from 'vitest';
import { replayHistory, type ReplayCheck } from '../../src/eval/history-replay.ts';
import { domainCategory } from '../../src/streams/aggregations/ip-signups-1h.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T = 30 * DAY;
const check = (over: Partial<ReplayCheck> & { email: string }): ReplayCheck => ({
  account: 'a', domain: over.email.slice(over.email.indexOf('@') + 1), inbox: over.email, time: T, free: false, ...over,
});

describe('replayHistory', () => {
  it('alias variants: distinct spellings of one inbox per account (a repeat counts once; another account counts its own)', () => {
    const inbox = 'mirabel@mail.example';
    const facts = replayHistory([
      check({ email: 'mirabel+1@mail.example', inbox }),
      check({ email: 'mirabel+2@mail.example', inbox, time: T + MINUTE }),
      check({ email: 'mirabel+1@mail.example', inbox, time: T + 2 * MINUTE }),
      check({ email: 'mirabel+3@mail.example', inbox, time: T + 3 * MINUTE, account: 'b' }),
      check({ email: 'mirabel+3@mail.example', inbox, time: T + 4 * MINUTE }),
    ], 0);
    expect(facts.map((f) => f.aliasVariants)).toEqual([1, 2, 2, 1, 3]);
  });

  it('recent sign-ups: distinct inboxes at the domain across accounts, within 10 minutes', () => {
    const facts = replayHistory([
      check({ email: 'ann@shop.example' }),
      check({ email: 'bob@shop.example', account: 'b', time: T + MINUTE }),
      check({ email: 'ann@shop.example', time: T + 2 * MINUTE }),
      check({ email: 'cy@other.example', time: T + 3 * MINUTE }),
      // 14 minutes after the first, 12 after ann's repeat: both have left the window (and its last bucket).
      check({ email: 'dee@shop.example', time: T + 14 * MINUTE }),
    ], 0);
    expect(facts.map((f) => f.recentSignups)).toEqual([1, 2, 2, 1, 1]);
  });

  it('a bulk request\'s own inboxes at the domain: counted in recent sign-ups, and named apart (another spelling of one is not another; other requests and single checks are not its own)', () => {
    const facts = replayHistory([
      check({ email: 'ann@shop.example', request: 'r1' }),
      check({ email: 'bob@shop.example', request: 'r1' }),
      check({ email: 'ann+x@shop.example', inbox: 'ann@shop.example', request: 'r1' }),
      check({ email: 'cy@other.example', request: 'r1' }),
      check({ email: 'dee@shop.example', request: 'r1' }),
      check({ email: 'eve@shop.example', request: 'r2' }),
      check({ email: 'fay@shop.example' }),
    ], 0);
    expect(facts.map((f) => [f.recentSignups, f.requestInboxesAtDomain])).toEqual([
      [1, undefined], [2, 1], [2, 1], [1, undefined], [3, 2], [4, undefined], [5, undefined],
    ]);
  });

  it('signups from an IP: distinct inboxes per account and IP within the hour; none without an IP', () => {
    const facts = replayHistory([
      check({ email: 'ann@shop.example', ip: 'src-1' }),
      check({ email: 'bob@shop.example', ip: 'src-1', time: T + MINUTE }),
      check({ email: 'bob@shop.example', ip: 'src-1', time: T + 2 * MINUTE }),
      check({ email: 'cy@shop.example', ip: 'src-1', account: 'b', time: T + 3 * MINUTE }),
      check({ email: 'dee@shop.example', ip: 'src-2', time: T + 4 * MINUTE }),
      check({ email: 'eve@shop.example', time: T + 5 * MINUTE }),
      check({ email: 'fay@shop.example', ip: 'src-1', time: T + 50 * MINUTE }),
      // Past the hour (and its last bucket) from the first two.
      check({ email: 'gus@shop.example', ip: 'src-1', time: T + 70 * MINUTE }),
    ], 0);
    expect(facts.map((f) => f.signupsFromIp)).toEqual([1, 2, 2, 1, 1, undefined, 3, 2]);
    // The IP's rate, of the same sets: the last 10 minutes (and their oldest bucket) only.
    expect(facts.map((f) => f.recentSignupsFromIp)).toEqual([1, 2, 2, 1, 1, undefined, 1, 1]);
  });

  it('people behind one NAT, 20 over 50 minutes: the hour counts all of them, the 10-minute rate never more than 6', () => {
    const facts = replayHistory(Array.from({ length: 20 }, (_, i) => check({ email: `person${i}@campus.example`, ip: 'nat-1', time: T + i * 150_000 })), 0);
    expect(facts.map((f) => f.signupsFromIp)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(Math.max(...facts.map((f) => f.recentSignupsFromIp!))).toBe(6);
    // A farm of 20 within 10 minutes: both count all of them.
    const farm = replayHistory(Array.from({ length: 20 }, (_, i) => check({ email: `farm${i}@campus.example`, ip: 'nat-2', time: T + i * 25_000 })), 0);
    expect(farm.map((f) => [f.signupsFromIp, f.recentSignupsFromIp])).toEqual(Array.from({ length: 20 }, (_, i) => [i + 1, i + 1]));
    // ...at one domain: its 10 minutes hold one.
    expect(new Set(farm.map((f) => f.recentDomainsFromIp))).toEqual(new Set([1]));
  });

  it("an IP's domains in its 10 minutes: a gateway's people at many, a farm's at few, each inbox once; they leave with the 10 minutes", () => {
    const providers = ['alpha.example', 'beta.example', 'gamma.example', 'delta.example', 'eps.example', 'zeta.example', 'eta.example', 'theta.example', 'iota.example', 'kappa.example'];
    const gateway = replayHistory(Array.from({ length: 10 }, (_, i) => check({ email: `person${i}@${providers[i]}`, ip: 'gw-1', time: T + i * 20_000 })), 0);
    expect(gateway.map((f) => f.recentDomainsFromIp)).toEqual(Array.from({ length: 10 }, (_, i) => new Set(providers.slice(0, i + 1).map(domainCategory)).size));
    expect(gateway.at(-1)!.recentDomainsFromIp).toBeGreaterThanOrEqual(9);
    // A farm of 12 writing to 3 domains, one inbox checked twice: 3 domains, 11 inboxes.
    const farm = replayHistory(Array.from({ length: 12 }, (_, i) => check({ email: i === 11 ? 'f0@alpha.example' : `f${i}@${providers[i % 3]}`, ip: 'farm-1', time: T + i * 20_000 })), 0);
    expect(farm.at(-1)).toMatchObject({ recentSignupsFromIp: 11, recentDomainsFromIp: 3 });
    // 20 minutes later the 10 minutes hold only the new check's domain.
    const later = replayHistory([...Array.from({ length: 10 }, (_, i) => check({ email: `person${i}@${providers[i]}`, ip: 'gw-1', time: T + i * 20_000 })), check({ email: 'late@alpha.example', ip: 'gw-1', time: T + 25 * MINUTE })], 0);
    expect(later.at(-1)).toMatchObject({ signupsFromIp: 11, recentSignupsFromIp: 1, recentDomainsFromIp: 1 });
  });

  it("numbered siblings: an account's distinct inboxes of one numbered stem in the hour and its last 10 minutes, as the service's window counts them", () => {
    const at = (email: string, minutes: number, account = 'a'): ReplayCheck => check({ email, account, time: T + minutes * MINUTE, free: true });
    const facts = replayHistory([
      at('quillberg1@gmail.com', -40),
      at('quillberg2@gmail.com', -4),
      at('quillberg2@gmail.com', -3),
      at('quillberg3@gmail.com', -2),
      at('quillberg4@gmail.com', -2, 'b'),
      at('quillberg@gmail.com', -1),
      at('quillberg5@gmail.com', 0),
      at('quillberg0006@gmail.com', 24),
      at('quillberg7@gmail.com', 25),
      at('quill7berg@gmail.com', 25),
    ], 0);
    const counts = facts.map((f) => [f.numberedSiblings, f.recentNumberedSiblings]);
    // The same checks as the history suite's (test/streams/history.suite.ts): 4 and 3 at T.
    expect(counts.slice(0, 7)).toEqual([[1, 1], [2, 1], [2, 1], [3, 2], [1, 1], [undefined, undefined], [4, 3]]);
    // 24 minutes on, quillberg1 (40 minutes before T) is still in its hour; at 25 it has left it.
    expect(counts.slice(7)).toEqual([[5, 1], [5, 2], [1, 1]]);
  });

  it('the normal level: a fresh deployment floors it (no wave at free mail, a quiet prior elsewhere); a settled one spreads the checks over the week', () => {
    const burst = (free: boolean) => Array.from({ length: 25 }, (_, i) => check({ email: `p${i}@wave.example`, time: T + i * 1000, free }));
    const freshFree = replayHistory(burst(true), T).at(-1)!;
    expect(freshFree.recentSignups).toBe(25);
    expect(freshFree.recentSignupsExpected).toBe(25);
    expect(replayHistory(burst(false), T).at(-1)!.recentSignupsExpected).toBeCloseTo(25 / 144);
    expect(replayHistory(burst(true), 0).at(-1)!.recentSignupsExpected).toBeCloseTo(25 / (7 * 144));
  });
});
