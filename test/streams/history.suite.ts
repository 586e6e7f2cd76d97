import { afterEach, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../src/domain/time.ts';
import { createHistoryReader } from '../../src/streams/history.ts';
import { OwnEvents } from '../../src/streams/own-events.ts';
import type { HistoryKeys } from '../../src/service/ports.ts';
import { INBOX_RECORDS } from '../../src/streams/aggregations/inbox-records-90d.ts';
import { domainCategory } from '../../src/streams/aggregations/ip-signups-1h.ts';
import { createQueries } from '../../src/streams/queries.ts';
import { forgetStore } from '../helpers/forget-store.ts';
import { asBeforeDomainRecords } from '../helpers/domain-stores-v1.ts';
import { DOMAIN_RECORDS } from '../../src/streams/aggregations/domain-records-180d.ts';
import { convertedMark } from '../../src/streams/runtime.ts';
import { TOPICS } from '../../src/bus/topics.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import { aCheck, aFeedback, hash, openPipeline, removeDir, type BusFactory, type Pipeline } from '../helpers/pipeline.ts';

/** The windowed-state aggregations, end to end through the runtime, on any bus. */
export function historySuite(name: string, busFactory: BusFactory): void {
  const open: Pipeline[] = [];
  afterEach(async () => {
    for (const p of open.splice(0)) {
      await p.close().catch(() => undefined);
      removeDir(p.dir);
    }
  });
  const T = Date.UTC(2026, 10, 21, 12);
  // The pipeline's clock runs from the suite's time, where its checks are (on Kafka the hot
  // windows' feed starts its replay from the clock).
  const started = Date.now();
  const clock = (): number => T + 5 * MINUTE + (Date.now() - started);
  async function pipeline(dir?: string): Promise<Pipeline> {
    const p = await openPipeline(dir, undefined, clock, busFactory);
    open.push(p);
    return p;
  }
  const keys = (over: Partial<HistoryKeys> = {}): HistoryKeys => ({
    account: 'acme',
    domain: 'wave.example',
    inboxHash: hash('fresh-inbox'),
    spellingHash: hash('fresh-spelling'),
    ipHash: null,
    localShape: 'first.last',
    accountType: 'work',
    time: T + 5 * MINUTE,
    ...over,
  });

  describe(`history through the pipeline on ${name} (Given checks, When a new check, Then counters)`, () => {
    it("recent_signups: each customer's distinct inboxes at a domain in 10 minutes, across customers, plus the check itself", async () => {
      const p = await pipeline();
      // 21 inboxes, each checked by one account (in0-in20); then in0-in2 again by the same
      // accounts (counted once), and in4 by acme, which globex had checked (acme's own: counted).
      const accounts = ['acme', 'globex', 'initech'];
      for (let i = 0; i < 25; i++) {
        const n = i < 21 ? i : i === 24 ? 4 : i - 21;
        await p.sendCheck(aCheck({ account: i === 24 ? 'acme' : accounts[n % 3]!, domain: 'wave.example', inbox_hash: hash(`in${n}`), time: T + i * 1000 }));
      }
      expect(await p.runtime.caughtUp()).toBe(true);
      const h = createHistoryReader(p.state, new OwnEvents(), p.reading);
      expect((await h.history(keys())).recentSignups).toBe(23); // 22 pairs and fresh-inbox
      // Another account's inbox counts as new for acme, as any unseen one: nothing tells them apart.
      expect((await h.history(keys({ inboxHash: hash('in1') }))).recentSignups).toBe(23);
      expect((await h.history(keys({ account: 'globex', inboxHash: hash('in1') }))).recentSignups).toBe(22);
      expect((await h.history(keys({ time: T + 11 * MINUTE }))).recentSignups).toBe(1);
      // Less than an hour observed: a company domain is assumed quiet for the first day.
      expect((await h.history(keys()))).toMatchObject({ recentSignupsExpected: 25 / 144 }); // 23 counted, 25 checks
    });

    it("a domain's usual 10 minutes: its week's volume over the time the state has observed", async () => {
      const p = await pipeline();
      await p.sendCheck(aCheck({ domain: 'old.example', inbox_hash: hash('early'), time: T - 2 * DAY }));
      for (let i = 0; i < 30; i++) await p.sendCheck(aCheck({ domain: 'wave.example', inbox_hash: hash(`w${i}`), time: T + i * 1000 }));
      expect(await p.runtime.caughtUp()).toBe(true);
      for (let i = 0; i < 30; i++) await p.sendCheck(aCheck({ domain: 'gmail.com', account_type: 'free', inbox_hash: hash(`g${i}`), time: T + i * 1000 }));
      expect(await p.runtime.caughtUp()).toBe(true);
      const cold = createHistoryReader(p.state, new OwnEvents(), p.reading);
      // Nothing read yet shows the state is older than this hour: a free provider's volume is all
      // usual (no wave), a company domain is judged against a quiet day.
      // (31: the week holds at least the last 10 minutes, this check included.)
      expect((await cold.history(keys({ domain: 'gmail.com', accountType: 'free' }))).recentSignupsExpected).toBe(31);
      expect((await cold.history(keys())).recentSignupsExpected).toBe(31 / 144);
      const h = createHistoryReader(p.state, new OwnEvents(), p.reading);
      await h.history(keys({ domain: 'old.example' })); // shows data from two days ago
      const windows = (T + 5 * MINUTE - (T - 2 * DAY + HOUR)) / (10 * MINUTE);
      expect((await h.history(keys())).recentSignupsExpected).toBeCloseTo(31 / windows, 9);
      // Past a week of observation the usual rate is the week's volume / 1,008 windows.
      expect((await h.history(keys({ time: T + 6 * DAY }))).recentSignupsExpected).toBeCloseTo(30 / 1008, 9);
    });

    it('signups_from_ip: distinct inboxes from one IP at the caller account only', async () => {
      const p = await pipeline();
      const ip = hash('ip-1');
      for (const [account, inbox] of [['acme', 'a'], ['acme', 'b'], ['acme', 'b'], ['acme', 'c'], ['globex', 'd']] as const) {
        await p.sendCheck(aCheck({ account, ip_hash: ip, inbox_hash: hash(inbox), time: T }));
      }
      expect(await p.runtime.caughtUp()).toBe(true);
      const h = createHistoryReader(p.state, new OwnEvents(), p.reading);
      expect((await h.history(keys({ ipHash: ip }))).signupsFromIp).toBe(4);
      // 'a' again, at its domain (an inbox hash is of the whole address: one inbox, one domain)
      expect((await h.history(keys({ ipHash: ip, inboxHash: hash('a'), domain: 'example.com' }))).signupsFromIp).toBe(3);
      expect((await h.history(keys({ account: 'globex', ipHash: ip }))).signupsFromIp).toBe(2);
      // at least an hour: an IP's signups count until their 5-minute bucket is wholly an hour old
      expect((await h.history(keys({ ipHash: ip, time: T + 60 * MINUTE }))).signupsFromIp).toBe(4);
      expect((await h.history(keys({ ipHash: ip, time: T + 65 * MINUTE }))).signupsFromIp).toBe(1);
    });

    it("ip_burst's rate: the same IP's last 10 minutes of its hour; 20 people over 50 minutes stay few, signups_from_ip counts the hour", async () => {
      const p = await pipeline();
      const ip = hash('nat-1');
      // One every 2.5 minutes from T - 50 minutes (a campus NAT's people), then the check at T.
      for (let i = 0; i < 20; i++) await p.sendCheck(aCheck({ ip_hash: ip, inbox_hash: hash(`person${i}`), time: T - 50 * MINUTE + i * 150_000 }));
      expect(await p.runtime.caughtUp()).toBe(true);
      const h = createHistoryReader(p.state, new OwnEvents(), p.reading);
      const at = await h.history(keys({ ipHash: ip, time: T }));
      // The hour: all 20 and this check; 10 minutes (from the bucket of T - 10 min): those at T - 10, -7.5, -5, -2.5, and this one.
      expect([at.signupsFromIp, at.recentSignupsFromIp]).toEqual([21, 5]);
      // 16 minutes on, every one of them has left the 10 minutes (and their oldest bucket): this check alone.
      expect((await h.history(keys({ ipHash: ip, time: T + 16 * MINUTE }))).recentSignupsFromIp).toBe(1);
    });

    it("ip_burst's spread: the registrable domains of the IP's last 10 minutes, from the state, own events and this check (subdomains are their domain's)", async () => {
      const p = await pipeline();
      const ip = hash('gw-1');
      const domains = ['alpha.example', 'beta.example', 'mail.beta.example', 'gamma.example', 'delta.example'];
      // Five people in the last 5 minutes at four registrable domains, one an hour ago at a fifth.
      for (let i = 0; i < 5; i++) await p.sendCheck(aCheck({ ip_hash: ip, domain: domains[i]!, inbox_hash: hash(`person${i}`), time: T - 5 * MINUTE + i * 1000 }));
      await p.sendCheck(aCheck({ ip_hash: ip, domain: 'epsilon.example', inbox_hash: hash('early'), time: T - 40 * MINUTE }));
      expect(await p.runtime.caughtUp()).toBe(true);
      const own = new OwnEvents();
      // A pending own event at a sixth domain (not in the windows yet).
      own.addCheck({ event: aCheck({ ip_hash: ip, domain: 'zeta.example', inbox_hash: hash('pending'), time: T - MINUTE }), partition: 0, offset: Number.MAX_SAFE_INTEGER });
      const h = createHistoryReader(p.state, own, p.reading);
      const at = await h.history(keys({ ipHash: ip, domain: 'eta.example', time: T }));
      const expected = new Set(['alpha.example', 'beta.example', 'gamma.example', 'delta.example', 'zeta.example', 'eta.example'].map(domainCategory)).size;
      expect([at.signupsFromIp, at.recentSignupsFromIp, at.recentDomainsFromIp]).toEqual([8, 7, expected]);
      // The same IP at another account counts its own: this check alone.
      expect((await h.history(keys({ account: 'globex', ipHash: ip, domain: 'eta.example', time: T }))).recentDomainsFromIp).toBe(1);
    });

    it("numbered siblings: the caller's distinct inboxes of one numbered stem in the hour and its last 10 minutes, from the log, own events, the request and checks in flight; exact after a restart and a rebuild", async () => {
      const p = await pipeline();
      const stem = hash('stem-qb');
      // Four of the stem at acme (one twice), 40 minutes ago and in the last 5; one at globex; one at acme without a stem.
      const sent = [['acme', 'qb1', T - 40 * MINUTE], ['acme', 'qb2', T - 4 * MINUTE], ['acme', 'qb2', T - 3 * MINUTE], ['acme', 'qb3', T - 2 * MINUTE], ['globex', 'qb4', T - 2 * MINUTE]] as const;
      for (const [account, inbox, time] of sent) await p.sendCheck(aCheck({ account, domain: 'gmail.com', account_type: 'free', inbox_hash: hash(inbox), stem_hash: stem, time }));
      await p.sendCheck(aCheck({ domain: 'gmail.com', account_type: 'free', inbox_hash: hash('qb'), time: T - MINUTE }));
      expect(await p.runtime.caughtUp()).toBe(true);
      const at = (over: Partial<HistoryKeys> = {}): HistoryKeys => keys({ domain: 'gmail.com', accountType: 'free', inboxHash: hash('qb5'), stemHash: stem, time: T, ...over });
      const count = async (h: ReturnType<typeof createHistoryReader>, over: Partial<HistoryKeys> = {}): Promise<[number | undefined, number | undefined]> => {
        const f = await h.history(at(over));
        return [f.numberedSiblings, f.recentNumberedSiblings];
      };
      const own = new OwnEvents();
      const h = createHistoryReader(p.state, own, p.reading);
      expect(await count(h)).toEqual([4, 3]); // qb1-qb3 and this check; qb1 is older than 10 minutes
      expect(await count(h, { inboxHash: hash('qb2') })).toEqual([3, 2]);
      expect(await count(h, { account: 'globex' })).toEqual([2, 2]); // its own qb4 only
      expect(await h.history(at({ stemHash: null }))).not.toHaveProperty('numberedSiblings'); // no stem, no count
      // A pending own event (at the stem's domain), an earlier address of the same request, one in flight in another request.
      own.addCheck({ event: aCheck({ domain: 'gmail.com', account_type: 'free', inbox_hash: hash('qb6'), stem_hash: stem, time: T - 1000 }), partition: 0, offset: Number.MAX_SAFE_INTEGER });
      const sighting = (inbox: string, account = 'acme') => ({ account, domain: 'gmail.com', inbox_hash: hash(inbox), spelling_hash: hash(inbox), stem_hash: stem, account_type: 'free', local_shape: 'name+digits', time: T });
      const landed = [own.beginCheck('acme', 'gmail.com', null, sighting('qb7'), {}), own.beginCheck('globex', 'gmail.com', null, sighting('qb8', 'globex'), {})];
      const earlier = { atDomain: [sighting('qb9')], atDomainCount: 1, otherInboxesAtDomain: 1, ofInbox: [], ofInboxCount: 0 };
      expect(await count(h, { earlier, request: {} })).toEqual([7, 6]); // + qb6, qb7, qb9 (not globex's qb8)
      for (const l of landed) l();
      // At least an hour: qb1 (40 minutes before T) counts until its 5-minute bucket is wholly an hour old.
      expect(await count(h, { time: T + 24 * MINUTE })).toEqual([5, 1]);
      expect(await count(h, { time: T + 25 * MINUTE })).toEqual([4, 1]);
      await p.close();
      open.splice(open.indexOf(p), 1);
      const restarted = await pipeline(p.dir);
      expect(await restarted.runtime.caughtUp()).toBe(true);
      expect(await count(createHistoryReader(restarted.state, new OwnEvents(), restarted.reading))).toEqual([4, 3]);
      await restarted.close();
      open.splice(open.indexOf(restarted), 1);
      removeDir(`${p.dir}/state`);
      const rebuilt = await pipeline(p.dir);
      expect(await rebuilt.runtime.caughtUp()).toBe(true);
      expect(await count(createHistoryReader(rebuilt.state, new OwnEvents(), rebuilt.reading))).toEqual([4, 3]);
    });

    it('alias_variants: distinct spellings of one inbox by the caller in 90 days', async () => {
      const p = await pipeline();
      const inbox = hash('john');
      for (const s of ['john', 'j.ohn', 'john+x', 'john']) await p.sendCheck(aCheck({ inbox_hash: inbox, spelling_hash: hash(s), time: T }));
      await p.sendCheck(aCheck({ account: 'globex', inbox_hash: inbox, spelling_hash: hash('jo.hn'), time: T }));
      expect(await p.runtime.caughtUp()).toBe(true);
      const h = createHistoryReader(p.state, new OwnEvents(), p.reading);
      expect((await h.history(keys({ inboxHash: inbox, spellingHash: hash('jo.hn') }))).aliasVariants).toBe(4);
      expect((await h.history(keys({ inboxHash: inbox, spellingHash: hash('john') }))).aliasVariants).toBe(3);
      expect((await h.history(keys({ inboxHash: inbox, spellingHash: hash('john'), time: T + 91 * 24 * 60 * MINUTE }))).aliasVariants).toBe(1);
    });

    it('domain_fake_rate: outcomes other customers reported at the domain, what those holding half the weight agree on', async () => {
      const p = await pipeline();
      const outcomes: [string, string][] = [['globex', 'fake'], ['globex', 'fake'], ['globex', 'real'], ['initech', 'abuse'], ['acme', 'real']];
      for (const [account, outcome] of outcomes) {
        const c = aCheck({ account, domain: 'spam.example', time: T });
        await p.sendCheck(c);
        await p.sendFeedback(aFeedback(c, { outcome, time: T + 1000 }));
      }
      expect(await p.runtime.caughtUp()).toBe(true);
      const h = createHistoryReader(p.state, new OwnEvents(), p.reading);
      const acme = await h.history(keys({ domain: 'spam.example' }));
      // Two other customers: each weighs half at most, and they disagree: the lower share.
      expect(acme.domainFakeRate).toBeCloseTo(2 / 3, 9);
      expect(acme.domainFakeReporters).toBe(2);
      expect(acme.domainFakeEstablished).toBe(0); // 3 and 1 outcomes in all: new accounts
      const globex = await h.history(keys({ account: 'globex', domain: 'spam.example' }));
      expect(globex.domainFakeRate).toBe(0);
      expect(globex.domainFakeReporters).toBe(2);
    });

    it("issue 21: one customer's flood of fakes is one vote and does not move a domain's rate the others agree on; gmail.com carries none", async () => {
      const p = await pipeline();
      let n = 0;
      const report = async (account: string, domain: string, outcome: string) => {
        const c = aCheck({ account, domain, inbox_hash: hash(`in${n++}`), time: T });
        await p.sendCheck(c);
        await p.sendFeedback(aFeedback(c, { outcome, time: T + 1000 }));
      };
      // Four customers each saw 1 fake in 4 at shop.example; a fifth reports 120 fakes there (established by them).
      for (const account of ['globex', 'initech', 'umbrella', 'hooli']) for (const outcome of ['fake', 'real', 'real', 'real']) await report(account, 'shop.example', outcome);
      for (let i = 0; i < 120; i++) await report('flood', 'shop.example', 'fake');
      // Two customers at gmail.com.
      for (const account of ['globex', 'flood']) for (let i = 0; i < 3; i++) await report(account, 'gmail.com', 'fake');
      // Two at outlet.example: one saw 1 fake in 4, the other reports 10 fakes.
      for (const outcome of ['fake', 'real', 'real', 'real']) await report('globex', 'outlet.example', outcome);
      for (let i = 0; i < 10; i++) await report('flood', 'outlet.example', 'fake');
      expect(await p.runtime.caughtUp()).toBe(true);
      const h = createHistoryReader(p.state, new OwnEvents(), p.reading);
      const acme = await h.history(keys({ domain: 'shop.example' }));
      expect(acme.domainFakeReporters).toBe(5);
      expect(acme.domainFakeRate).toBeCloseTo(0.25, 9); // pooled outcomes would say 124/136, the capped mean 0.4375
      expect(acme.domainFakeEstablished).toBe(1); // the flood's labelled events carried its count up to 119 (120 with the last)
      const gmail = await h.history(keys({ domain: 'gmail.com', accountType: 'free' }));
      expect(gmail.domainFakeRate).toBeUndefined();
      expect(gmail.domainFakeReporters).toBeUndefined();
      // Two customers weigh half each: the lower share. A configured cap of 1: each its vote (outcomes up to 10), so 10 against 4.
      expect((await h.history(keys({ domain: 'outlet.example' }))).domainFakeRate).toBeCloseTo(0.25, 9);
      const uncapped = createHistoryReader(p.state, new OwnEvents(), { ...p.reading, maxAccountShare: 1 });
      expect((await uncapped.history(keys({ domain: 'outlet.example' }))).domainFakeRate).toBe(1);
      // 120 fakes are one vote; the four customers there are new (4 outcomes in all when they reported
      // there): 4/50 of a vote of 4 outcomes each (trust22), 1.28 of the flood's 10 without the cap.
      // It does not score: one established reporter.
      const uncappedShop = await uncapped.history(keys({ domain: 'shop.example' }));
      expect(uncappedShop.domainFakeRate).toBe(1);
      expect(uncappedShop.domainFakeEstablished).toBe(1);
      // Rebuilt from the log, the same rate.
      await p.close();
      open.splice(open.indexOf(p), 1);
      removeDir(`${p.dir}/state`);
      const rebuilt = await pipeline(p.dir);
      expect(await rebuilt.runtime.caughtUp()).toBe(true);
      expect((await createHistoryReader(rebuilt.state, new OwnEvents(), rebuilt.reading).history(keys({ domain: 'shop.example' }))).domainFakeRate).toBeCloseTo(0.25, 9);
    });

    it('domain_pattern: learning, then match or mismatch against the domain other inboxes', async () => {
      const p = await pipeline();
      for (let i = 0; i < 4; i++) await p.sendCheck(aCheck({ domain: 'corp.example', inbox_hash: hash(`emp${i}`), local_shape: 'first.last', time: T }));
      expect(await p.runtime.caughtUp()).toBe(true);
      const h = createHistoryReader(p.state, new OwnEvents(), p.reading);
      expect((await h.history(keys({ domain: 'corp.example' }))).domainPattern).toBe('learning');
      for (let i = 4; i < 8; i++) await p.sendCheck(aCheck({ domain: 'corp.example', inbox_hash: hash(`emp${i}`), local_shape: i === 7 ? 'flast' : 'first.last+digits', time: T }));
      expect(await p.runtime.caughtUp()).toBe(true);
      expect((await h.history(keys({ domain: 'corp.example' }))).domainPattern).toBe('match');
      expect((await h.history(keys({ domain: 'corp.example', localShape: 'words' }))).domainPattern).toBe('mismatch');
      expect((await h.history(keys({ domain: 'corp.example', accountType: 'free' }))).domainPattern).toBeUndefined();
    });

    it("domain_pattern: an earlier check of the same inbox is not one of the domain's other inboxes", async () => {
      const p = await pipeline();
      for (let i = 0; i < 4; i++) await p.sendCheck(aCheck({ domain: 'corp.example', inbox_hash: hash(`emp${i}`), local_shape: 'first.last', time: T }));
      expect(await p.runtime.caughtUp()).toBe(true);
      const own = new OwnEvents();
      const h = createHistoryReader(p.state, own, p.reading);
      // emp0 again: 3 others (stored), still learning; a new inbox sees 4 and is learning too
      expect((await h.history(keys({ domain: 'corp.example', inboxHash: hash('emp0') }))).domainPattern).toBe('learning');
      // a fifth inbox, pending as an own event and in flight in another request: emp4 itself never counts
      const c = aCheck({ domain: 'corp.example', inbox_hash: hash('emp4'), local_shape: 'first.last', time: T });
      own.addCheck({ event: c, partition: 0, offset: Number.MAX_SAFE_INTEGER });
      const landed = own.beginCheck('acme', 'corp.example', null, { account: 'acme', domain: 'corp.example', inbox_hash: hash('emp4'), spelling_hash: hash('emp4'), account_type: 'work', local_shape: 'first.last', time: T }, {});
      expect((await h.history(keys({ domain: 'corp.example', inboxHash: hash('emp4') }))).domainPattern).toBe('learning');
      expect((await h.history(keys({ domain: 'corp.example', inboxHash: hash('newcomer') }))).domainPattern).toBe('match'); // emp0-emp4
      landed();
    });

    it('checks in flight in other requests count (parallel checks see each other); those of the same request do not', async () => {
      const p = await pipeline();
      const own = new OwnEvents();
      const h = createHistoryReader(p.state, own, p.reading);
      const ip = hash('ip-1');
      const sighting = (inbox: string, spelling: string, account = 'acme') => ({ account, domain: 'wave.example', inbox_hash: hash(inbox), spelling_hash: hash(spelling), account_type: 'work', local_shape: 'first.last', time: T + 5 * MINUTE });
      const bulk = {};
      const landed = [
        own.beginCheck('acme', 'wave.example', ip, sighting('john', 'j.ohn'), {}),
        own.beginCheck('acme', 'wave.example', ip, sighting('john', 'jo.hn'), {}),
        own.beginCheck('acme', 'wave.example', ip, sighting('mary', 'mary'), bulk),
        own.beginCheck('globex', 'wave.example', ip, sighting('john', 'joh.n', 'globex'), {}), // another account
      ];
      const mine = await h.history(keys({ inboxHash: hash('john'), spellingHash: hash('john'), ipHash: ip }));
      expect(mine.aliasVariants).toBe(3); // john, j.ohn, jo.hn (not globex's spelling)
      expect(mine.signupsFromIp).toBe(2); // john, mary (not globex's)
      expect(mine.recentSignups).toBe(3); // john, mary and globex's john: across accounts, each account's distinct inboxes
      const inBulk = await h.history(keys({ inboxHash: hash('john'), spellingHash: hash('john'), ipHash: ip, request: bulk }));
      expect(inBulk.signupsFromIp).toBe(1); // mary is of the same request: bulk order decides
      // At a free-mail domain, whose usual traffic dwarfs what is in flight, only the inbox and IP count them
      const free = { ...sighting('ann', 'ann'), domain: 'freemail.example', account_type: 'free' };
      landed.push(own.beginCheck('acme', 'freemail.example', ip, free, {}));
      const atFree = await h.history(keys({ domain: 'freemail.example', accountType: 'free', ipHash: ip }));
      expect([atFree.recentSignups, atFree.signupsFromIp]).toEqual([1, 4]); // fresh-inbox, john, mary, ann from the IP
      for (const l of landed) l();
      const after = await h.history(keys({ inboxHash: hash('john'), spellingHash: hash('john'), ipHash: ip }));
      expect([after.aliasVariants, after.signupsFromIp, after.recentSignups]).toEqual([1, 1, 1]);
    });

    it('read-your-writes: own events the stores do not hold yet are counted', async () => {
      const p = await pipeline();
      await p.runtime.stop();
      const own = new OwnEvents();
      const h = createHistoryReader(p.state, own, p.reading);
      for (let i = 0; i < 3; i++) {
        const c = aCheck({ domain: 'wave.example', inbox_hash: hash(`x${i}`), spelling_hash: hash(`s${i}`), time: T + 5 * MINUTE - 100 });
        own.addCheck({ event: c, ...(await p.sendCheck(c)) });
      }
      expect((await h.history(keys())).recentSignups).toBe(4);
    });

    it('alias_variants and the latest check come back in a state that lacks their store: an upgrade builds it from the log', async () => {
      const p = await pipeline();
      const inbox = hash('john');
      const checks = ['john', 'j.ohn', 'john+x'].map((s, i) => aCheck({ inbox_hash: inbox, spelling_hash: hash(s), time: T + i }));
      for (const c of checks) await p.sendCheck(c);
      expect(await p.runtime.caughtUp()).toBe(true);
      await p.close();
      open.splice(open.indexOf(p), 1);
      await forgetStore(`${p.dir}/state`, INBOX_RECORDS);
      const again = await pipeline(p.dir);
      expect(await again.runtime.caughtUp()).toBe(true);
      expect((await createHistoryReader(again.state, new OwnEvents(), again.reading).history(keys({ inboxHash: inbox, spellingHash: hash('jo.hn') }))).aliasVariants).toBe(4);
      expect((await createQueries(again.state, new OwnEvents()).latestInboxCheck('acme', inbox, T + 10))?.uuid.equals(checks[2]!.check_uuid)).toBe(true);
    });

    it("a domain's volume and shapes come back identical from a state that kept them as two stores: an upgrade converts them into one record per domain", async () => {
      const p = await pipeline();
      const shapes = ['first.last', 'first.last', 'flast', 'first.last+digits', 'first'];
      const checks: CheckScored[] = [
        // A company domain over a week and a half: shapes over two months, volume in several hours.
        ...Array.from({ length: 30 }, (_, i) => aCheck({ domain: 'wave.example', inbox_hash: hash(`w${i % 17}`), local_shape: shapes[i % shapes.length]!, time: T - (i % 10) * DAY - (i % 4) * HOUR })),
        // A busy shape: past 128 inboxes in one month its set is sketched.
        ...Array.from({ length: 140 }, (_, i) => aCheck({ domain: 'busy.example', inbox_hash: hash(`b${i}`), local_shape: 'f.last', time: T - 2 * HOUR + i })),
        ...Array.from({ length: 6 }, (_, i) => aCheck({ domain: 'freemail.example', account_type: 'free', inbox_hash: hash(`f${i}`), time: T - i * MINUTE })),
        aCheck({ domain: 'old.example', inbox_hash: hash('early'), time: T - 60 * DAY }),
      ].sort((a, b) => a.time - b.time);
      for (const c of checks) await p.sendCheck(c);
      expect(await p.runtime.caughtUp()).toBe(true);
      const facts = async (q: Pipeline) => {
        const h = createHistoryReader(q.state, new OwnEvents(), q.reading);
        const out = [];
        for (const domain of ['wave.example', 'busy.example', 'old.example'])
          for (const localShape of ['first.last', 'flast', 'f.last']) out.push(await h.history(keys({ domain, localShape, time: T + 5 * MINUTE })));
        out.push(await h.history(keys({ domain: 'freemail.example', accountType: 'free' })));
        return out;
      };
      const want = await facts(p);
      expect(want.map((f) => f.domainPattern)).toContain('match');
      expect(want.map((f) => f.domainPattern)).toContain('mismatch');
      await p.close();
      open.splice(open.indexOf(p), 1);
      // The state as the version before the domain record left it: the two stores, no record, no marks.
      await asBeforeDomainRecords(`${p.dir}/state`, checks);
      const upgraded = await pipeline(p.dir);
      expect(await upgraded.runtime.caughtUp()).toBe(true);
      expect(await upgraded.state.offsets(convertedMark(DOMAIN_RECORDS), TOPICS.checks.partitions)).toEqual(Array(TOPICS.checks.partitions).fill(1));
      expect(await facts(upgraded)).toEqual(want);
      // Checks after the upgrade count on the converted records.
      await upgraded.sendCheck(aCheck({ domain: 'wave.example', inbox_hash: hash('later'), local_shape: 'flast', time: T + MINUTE }));
      expect(await upgraded.runtime.caughtUp()).toBe(true);
      const after = await createHistoryReader(upgraded.state, new OwnEvents(), upgraded.reading).history(keys({ localShape: 'flast' }));
      expect(after.recentSignupsExpected).toBeGreaterThan(want[1]!.recentSignupsExpected!);
    });

    it('counters survive a restart and come back after the state directory is deleted', async () => {
      const p = await pipeline();
      for (let i = 0; i < 21; i++) await p.sendCheck(aCheck({ domain: 'wave.example', inbox_hash: hash(`r${i}`), time: T + i * 1000 }));
      expect(await p.runtime.caughtUp()).toBe(true);
      await p.close();
      open.splice(open.indexOf(p), 1);
      const restarted = await pipeline(p.dir);
      expect((await createHistoryReader(restarted.state, new OwnEvents(), restarted.reading).history(keys())).recentSignups).toBe(22);
      await restarted.close();
      open.splice(open.indexOf(restarted), 1);
      removeDir(`${p.dir}/state`);
      const rebuilt = await pipeline(p.dir);
      expect(await rebuilt.runtime.caughtUp()).toBe(true);
      expect((await createHistoryReader(rebuilt.state, new OwnEvents(), rebuilt.reading).history(keys())).recentSignups).toBe(22);
    });
  });
}
