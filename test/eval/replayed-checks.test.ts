/** Checks judged with the history the service would give them (made-up addresses and IPs). */
import { describe, expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { replayChecks } from '../../src/eval/replayed-checks.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';

const tables = buildJudgeTables();
const T = 30 * 24 * 3_600_000;

describe('replayChecks', () => {
  it('an IP counts as the service counts it: IPv4 per address, IPv6 per /64, an ignored one not at all', () => {
    const sent = (ip: (i: number) => string) => Array.from({ length: 6 }, (_, i) => ({ account: 'a', email: `norabellweather${String(i + 1).padStart(4, '0')}@hotmail.com`, ip: ip(i), time: T + i * 1000 }));
    const counts = (ip: (i: number) => string) => replayChecks(sent(ip), tables, BASELINE_SCORECARD, 0).map((c) => c.history.signupsFromIp);
    expect(counts(() => '203.0.114.9')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(counts((i) => `203.0.114.${i + 1}`)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(counts((i) => `2a00:1450:4001:81c::${i + 1}`)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(counts((i) => `2a00:1450:4001:8${i}c::1`)).toEqual([1, 1, 1, 1, 1, 1]);
    const reserved = replayChecks(sent(() => '192.0.2.7'), tables, BASELINE_SCORECARD, 0);
    expect(reserved.map((c) => c.history.signupsFromIp)).toEqual(Array(6).fill(undefined));
  });

  it('history lowers the score of the 6th sign-up from one IP, and never touches the check alone', () => {
    const sent = Array.from({ length: 6 }, (_, i) => ({ account: 'a', email: `norabellweather${String(i + 1).padStart(4, '0')}@hotmail.com`, ip: '203.0.114.9', time: T + i * 1000 }));
    const judged = replayChecks(sent, tables, BASELINE_SCORECARD, 0);
    expect(judged[5]!.score.humanScore).toBeLessThan(judged[5]!.alone.humanScore);
    expect(judged[5]!.score.reasons).toContain('ip_burst');
    expect(judged[0]!.score.humanScore).toBe(judged[0]!.alone.humanScore);
  });

  it('leaves out what does not parse (the service answers it 400 and counts nothing)', () => {
    const judged = replayChecks([{ account: 'a', email: 'not an address', time: T }, { account: 'a', email: 'ivo.marsh@gmail.com', time: T }], tables, BASELINE_SCORECARD, 0);
    expect(judged.map((c) => c.sent.email)).toEqual(['ivo.marsh@gmail.com']);
  });
});
