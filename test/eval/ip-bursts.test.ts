/** The IP-bursts simulation: farms and people behind one IP, judged with the service's history (made-up addresses and IPs). */
import { describe, expect, it } from 'vitest';
import { buildJudgeTables } from '../../src/check/judge.ts';
import { farmBatches, ipBurstSlice, ipBurstSlices, madeUpIp, numberedBatches, numberedBurstSlices, peopleGroups, rotatedBatches, stemStream } from '../../src/eval/ip-bursts.ts';
import { numberedStem } from '../../src/signals/numbered-stem.ts';
import { IP_GATEWAY_DOMAINS } from '../../src/model/features.ts';
import { universityDomains } from '../../src/eval/people-kinds.ts';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { normalizeIp } from '../../src/signals/ip/ip-facts.ts';

const tables = buildJudgeTables();
const domainOf = (e: string): string => e.slice(e.indexOf('@') + 1);
const TEN_MINUTES = 600_000;

describe('sequences', () => {
  it('a name + serial batch: one name, running serials, one free-mail domain, all distinct', () => {
    const [batch] = farmBatches('name-serial', 3, 1, 5);
    expect(batch).toHaveLength(5);
    expect(new Set(batch).size).toBe(5);
    expect(new Set(batch!.map(domainOf)).size).toBe(1);
    const serials = batch!.map((e) => Number(/(\d{4})@/.exec(e)![1]));
    expect(serials.map((s) => s - serials[0]!)).toEqual([0, 1, 2, 3, 4]);
  });

  it('free-mail farms come from the bots corpus; each batch its own addresses', () => {
    const batches = farmBatches('free-name-digits', 3, 4, 5);
    expect(batches.map((b) => b.length)).toEqual([5, 5, 5, 5]);
    expect(new Set(batches.flat()).size).toBe(20);
    for (const e of batches.flat()) expect(e).toMatch(/^[a-z]+\d{4,5}@(gmail|outlook|hotmail)\.com$/);
  });

  it('an office is one company domain; a campus mixes regions and providers', () => {
    const [office] = peopleGroups('office', 3, 1, 20);
    expect(new Set(office!.map(domainOf)).size).toBe(1);
    expect(new Set(office).size).toBe(20);
    const [campus] = peopleGroups('campus', 3, 1, 20);
    expect(new Set(campus!.map(domainOf)).size).toBeGreaterThan(5);
  });

  it('a class of students is one university domain of the school list, in one mailbox shape per university', () => {
    const classes = peopleGroups('students', 3, 4, 20);
    const schools = new Set(universityDomains());
    const shapes = [/^[suzc]\d{7}$/, /^[a-z]{2}\d{4}$/, /^[a-z]{1,6}\d{2}$/, /^(stud|student|stu)\d{6}$/];
    classes.forEach((c, j) => {
      expect(new Set(c.map(domainOf)).size).toBe(1);
      expect(schools.has(domainOf(c[0]!))).toBe(true);
      expect(new Set(c).size).toBe(20);
      for (const e of c) expect(e.slice(0, e.indexOf('@'))).toMatch(shapes[j]!);
    });
  });

  it('the IPs are public (a documentation range would be ignored, as the service ignores it)', () => {
    for (const n of [0, 1, 2]) expect(normalizeIp(madeUpIp(n)).ok).toBe(true);
  });
});

describe('ipBurstSlice', () => {
  const batches = farmBatches('free-name-digits', 16, 20, 20);
  const noIp = ipBurstSlice('free-name-digits', 'no IP', batches, TEN_MINUTES, tables, BASELINE_SCORECARD);
  const oneIp = ipBurstSlice('free-name-digits', 'one IP', batches, TEN_MINUTES, tables, BASELINE_SCORECARD);
  const threeIps = ipBurstSlice('free-name-digits', '3 IPs', batches, TEN_MINUTES, tables, BASELINE_SCORECARD);

  it('shares per position, over every sequence', () => {
    for (const s of [noIp, oneIp, threeIps]) {
      expect([s.sequences, s.size, s.caughtAt.length, s.blockedAt.length, s.aloneAt.length]).toEqual([20, 20, 20, 20, 20]);
      for (let i = 0; i < s.size; i++) expect(s.blockedAt[i]!).toBeLessThanOrEqual(s.caughtAt[i]!);
    }
  });

  it('the first check is the same with or without an IP (nothing seen yet); one IP catches the 20th more than three, three more than none', () => {
    expect(oneIp.caughtAt[0]).toBe(noIp.caughtAt[0]);
    expect(oneIp.caughtAt[19]!).toBeGreaterThan(threeIps.caughtAt[19]!);
    expect(threeIps.caughtAt[19]!).toBeGreaterThan(noIp.caughtAt[19]!);
    expect(oneIp.aloneAt).toEqual(noIp.aloneAt);
  });

  it('a class of students behind their university\'s NAT over an hour: the IP adds nothing to school-issued mailboxes (feature version 12; 28.6% reviewed before)', () => {
    const students = ipBurstSlice('students', 'one IP', peopleGroups('students', 16, 8, 20), 6 * TEN_MINUTES, tables, BASELINE_SCORECARD);
    expect(students.sequences).toBe(8);
    expect(students.blocked).toBe(0);
    expect(students.caught).toBeCloseTo(students.caughtAlone, 6);
  });

  it('a farm behind one IP rotating its domains: under IP_GATEWAY_DOMAINS it is caught as the farm is, at as many it escapes ip_burst from then on (the gateway rule\'s trade)', () => {
    const batches = farmBatches('free-name-digits', 16, 8, 16);
    const few = ipBurstSlice('rotating-4', 'one IP', rotatedBatches(batches, 4), TEN_MINUTES, tables, BASELINE_SCORECARD);
    const many = ipBurstSlice(`rotating-${IP_GATEWAY_DOMAINS}`, 'one IP', rotatedBatches(batches, IP_GATEWAY_DOMAINS), TEN_MINUTES, tables, BASELINE_SCORECARD);
    const one = ipBurstSlice('free-name-digits', 'one IP', batches, TEN_MINUTES, tables, BASELINE_SCORECARD);
    expect(rotatedBatches(batches, 4)[0]!.slice(0, 5).map((e) => e.slice(e.indexOf('@') + 1))).toEqual(['gmail.com', 'outlook.com', 'yahoo.com', 'hotmail.com', 'gmail.com']);
    expect(few.sequences).toBe(8);
    expect(few.caughtAt[15]).toBe(one.caughtAt[15]);
    expect(few.caughtAt[15]).toBeGreaterThan(0.5);
    expect(many.caughtAt[15]).toBeLessThan(0.1);
  });

  it('the section: farms in three layouts, people behind one NAT at each size', () => {
    const all = ipBurstSlices(16, 4, 10, [12], tables, BASELINE_SCORECARD);
    expect(all.map((s) => `${s.kind} ${s.layout} ${s.size} ${s.minutes}`)).toEqual([
      'name-serial no IP 10 10', 'name-serial one IP 10 10', 'name-serial 3 IPs 10 10',
      'free-name-digits no IP 10 10', 'free-name-digits one IP 10 10', 'free-name-digits 3 IPs 10 10',
      'free-name-noise no IP 10 10', 'free-name-noise one IP 10 10', 'free-name-noise 3 IPs 10 10',
      'rotating-4 one IP 10 10', 'rotating-8 one IP 10 10', 'rotating-12 one IP 10 10', 'rotating-16 one IP 10 10',
      'campus one IP 12 60', 'office one IP 12 60', 'students one IP 12 60', 'list-replay one IP 12 10',
    ]);
  });

  it("people replayed within 10 minutes behind one IP (a judge's machine): at many domains the IP is a gateway, and ip_burst leaves them nearly as it leaves them alone", () => {
    const groups = peopleGroups('campus', 16, 8, 40);
    const replay = ipBurstSlice('list-replay', 'one IP', groups, TEN_MINUTES, tables, BASELINE_SCORECARD);
    const hour = ipBurstSlice('campus', 'one IP', groups, 6 * TEN_MINUTES, tables, BASELINE_SCORECARD);
    expect(replay.sequences).toBe(8);
    expect(replay.caughtAlone).toBeCloseTo(hour.caughtAlone, 6);
    // Before feature version 15 the 40 within 10 minutes were reviewed from the 32nd on (> 75%);
    // now only the first checks, before the IP's 10 minutes hold 8 domains, carry a small burst.
    expect(replay.caught).toBeLessThan(replay.caughtAlone + 0.05);
    expect(replay.caughtAt[39]).toBeLessThan(0.1);
  });
});

describe('numbered batches (every check from an IP of its own)', () => {
  it('each batch one numbered stem at one domain, every address its own inbox; gmail.com or an unlisted domain of the batch', () => {
    for (const venue of ['gmail.com', 'unlisted'] as const) {
      const batches = numberedBatches(venue, 3, 4, 6);
      for (const b of batches) {
        expect(new Set(b).size).toBe(6);
        expect(new Set(b.map((e) => numberedStem(e))).size).toBe(1);
        expect(numberedStem(b[0]!)).toBeDefined();
        expect(new Set(b.map(domainOf)).size).toBe(1);
      }
      if (venue === 'unlisted') expect(batches.map((b) => domainOf(b[0]!))).not.toContain('gmail.com');
    }
  });

  it('at gmail.com, 20 within 10 minutes: alone every one is allowed, with the stem window the later ones are not', () => {
    const [line] = numberedBurstSlices(16, 12, [20], tables, BASELINE_SCORECARD);
    expect(line!.kind).toBe('numbered@gmail.com');
    expect(line!.minutes).toBe(10);
    expect(line!.caughtAlone).toBe(0);
    expect(line!.caughtAt[0]).toBe(0);
    expect(line!.caughtAt[19]).toBeGreaterThan(0.9);
  });

  it("the contrast: people of every region at one account, 1,000 an hour, share a stem too rarely for it to move a verdict", () => {
    const s = stemStream('regions', 16, 1000, tables, BASELINE_SCORECARD);
    expect(s.checks).toBe(1000);
    expect(s.stemmed).toBeGreaterThan(0.2);
    expect(s.recentAtLeast[1]).toBe(0);
    expect(s.moved).toBe(0);
  });
});
