/**
 * The bulk use case (service/bulk-checks.ts) through the check service, with the real
 * judgement and in-memory ports: a bulk request is judged a slice at a time, each slice one
 * fair-share task with one durable append; answers wait for it; the windowed counts see the
 * request in input order across slices; each distinct domain is looked up once.
 */
import { describe, expect, it } from 'vitest';
import type { DnsFacts } from '../../src/domain/check.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import { createCheckIdSigner } from '../../src/domain/check-id.ts';
import { createKeyedHasher } from '../../src/domain/keyed-hash.ts';
import { buildAddressPipeline } from '../../src/roles/address-pipeline.ts';
import { createCheckService, type CheckDeps } from '../../src/service/check-service.ts';
import { createFairShare } from '../../src/service/fair-share.ts';
import type { CheckEvents, HistoryKeys } from '../../src/service/ports.ts';
import type { SeenCheck } from '../../src/service/recent-traffic.ts';

const pipeline = buildAddressPipeline({ allow: 70, review: 40 });

interface Held {
  events: readonly CheckScored[];
  release(): void;
  fail(err: Error): void;
}

/** In-memory ports that record what the service asks of them; appends wait until released when `hold`. */
function harness(o: { slice: number; slots?: number; hold?: boolean; dnsConcurrency?: number }) {
  const reads: HistoryKeys[] = [];
  const appends: (readonly CheckScored[])[] = [];
  const held: Held[] = [];
  const lookups: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  let dnsRunning = 0;
  let dnsMost = 0;
  const dnsWaiting: (() => void)[] = [];
  const events: CheckEvents = {
    begin: () => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      return () => void inFlight--;
    },
    append: () => Promise.reject(new Error('a bulk appends its slices together')),
    appendMany: (evs) => {
      appends.push(evs);
      if (!o.hold) return Promise.resolve();
      return new Promise<void>((resolve, reject) => held.push({ events: evs, release: resolve, fail: reject }));
    },
  };
  let uuid = 0;
  /** The domain each model choice was given (counted in the account's recent traffic; undefined: a test check). */
  const chosen: (SeenCheck | undefined)[] = [];
  let clock = 0;
  const fairShare = createFairShare(o.slots ?? 8, setImmediate, () => clock);
  const deps: CheckDeps = {
    pipeline,
    dns: {
      domainFacts: (domain) => {
        lookups.push(domain);
        dnsRunning++;
        dnsMost = Math.max(dnsMost, dnsRunning);
        // Answered a turn later, so lookups overlap as real ones do.
        return new Promise<DnsFacts>((resolve) =>
          dnsWaiting.push(() => {
            dnsRunning--;
            resolve({ deliverable: true, mailProvider: 'other' });
          }),
        );
      },
    },
    ip: { facts: () => ({ facts: { kind: 'ignored' } as never }) },
    history: {
      history: async (k) => {
        reads.push(k);
        return {};
      },
    },
    models: {
      choice: (_account, seen) => {
        chosen.push(seen);
        return { shared: undefined, personal: undefined, served: 'baseline' };
      },
    },
    hasher: createKeyedHasher(Buffer.alloc(32, 3)),
    signer: createCheckIdSigner([{ id: 1, secret: Buffer.alloc(32, 4) }]),
    events,
    now: () => 1_800_000_000_000,
    uuid: () => Buffer.alloc(16, uuid++ % 256),
    bulkConcurrency: o.dnsConcurrency ?? 64,
    fairShare,
    bulkSlice: o.slice,
    bulkDnsBudgetMs: 3_000,
  };
  // Answers the lookups waiting so far, turn after turn, until none are left (`onePerTurn`: one
  // lookup a turn, in the order they were asked, as answers arriving one at a time).
  const answerDns = async (onePerTurn = false): Promise<void> => {
    for (let turns = 0; turns < 1000; turns++) {
      await new Promise((r) => setImmediate(r));
      dnsWaiting.splice(0, onePerTurn ? 1 : dnsWaiting.length).forEach((f) => f());
    }
  };
  return { service: createCheckService(deps), chosen, fairShare, advance: (ms: number) => void (clock += ms), reads, appends, held, lookups, answerDns, inFlight: () => inFlight, mostInFlight: () => mostInFlight, dnsMost: () => dnsMost };
}

const until = async (cond: () => boolean): Promise<void> => {
  for (let i = 0; i < 10_000 && !cond(); i++) await new Promise((r) => setImmediate(r));
  expect(cond()).toBe(true);
};

describe('bulk checks', () => {
  it("counts each checked address's domain and local-part shape in the account's recent traffic (the model choice), a test key's none", async () => {
    const h = harness({ slice: 2 });
    const emails = ['mira.holm@example-a.org', 'jonas.berg84@example-b.org', 'ida.lund@example-a.org'];
    const answer = h.service.bulk('acme', emails);
    void h.answerDns();
    await answer;
    expect(h.chosen).toEqual([
      { domain: 'example-a.org', shape: 'first.last' },
      { domain: 'example-b.org', shape: 'first.last+digits' },
      { domain: 'example-a.org', shape: 'first.last' },
    ]);
    const test = h.service.bulk('acme', ['nils.ek@example-c.org'], { test: true });
    void h.answerDns();
    await test;
    expect(h.chosen.slice(3)).toEqual([undefined]);
  });

  it('one durable append per slice, in input order, and no answer before its slice is durable', async () => {
    const h = harness({ slice: 4, hold: true });
    const emails = Array.from({ length: 10 }, (_, i) => `person${i}.lindqvist@example-${i % 3}.org`);
    let answered = false;
    const answer = h.service.bulk('acme', emails).then((r) => ((answered = true), r));
    void h.answerDns();
    await until(() => h.held.length === 2);
    // The last slice takes the short rest along (2 <= half a slice): 4 + 6, not 4 + 4 + 2.
    expect(h.appends.map((a) => a.length)).toEqual([4, 6]);
    expect(h.appends.flat().map((e) => e.bulk)).toEqual(Array(10).fill(true));
    // Every address is in flight (counted by other requests) until its slice is durable.
    expect(h.inFlight()).toBe(10);
    h.held[1]!.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    expect(h.inFlight()).toBe(4);
    h.held[0]!.release();
    const results = await answer;
    expect(h.inFlight()).toBe(0);
    expect(results.map((r) => ('email' in r ? r.email : r.input))).toEqual(emails);
    // The answers carry the ids of the events recorded for them, in input order.
    const recorded = h.appends.flat();
    results.forEach((r, i) => expect('check_id' in r && r.check_id.length > 0 && recorded[i]!.domain === emails[i]!.split('@')[1]).toBe(true));
  });

  it('while DNS answers arrive one at a time, judges full slices, and the rest once every lookup has answered', async () => {
    const h = harness({ slice: 4 });
    const emails = Array.from({ length: 10 }, (_, i) => `k${i}.nyberg@trickle-${i}.example.org`);
    const answer = h.service.bulk('acme', emails);
    void h.answerDns(true);
    const results = await answer;
    // Not a slice per answer: one read and one durable append per 4 addresses.
    expect(h.appends.map((a) => a.length)).toEqual([4, 4, 2]);
    expect(h.appends.flat().map((e) => e.domain)).toEqual(emails.map((e) => e.split('@')[1]));
    expect(results.map((r) => ('email' in r ? r.email : r.input))).toEqual(emails);
  });

  it('once every lookup has answered, the last slice takes a rest of at most half a slice along: one read and one append for a request of 10 at slices of 8', async () => {
    const sizes = async (n: number, slice: number): Promise<number[]> => {
      const h = harness({ slice });
      const emails = Array.from({ length: n }, (_, i) => `t${i}.virtanen@tail-${i % 4}.example.org`);
      const answer = h.service.bulk('acme', emails);
      void h.answerDns();
      const results = await answer;
      expect(results.map((r) => ('email' in r ? r.email : r.input))).toEqual(emails);
      expect(h.appends.flat().map((e) => e.domain)).toEqual(emails.map((e) => e.split('@')[1]));
      expect(h.reads.map((k) => k.earlier?.atDomainCount ?? 0)).toEqual(emails.map((_, i) => Math.floor(i / 4)));
      return h.appends.map((a) => a.length);
    };
    expect(await sizes(10, 8)).toEqual([10]);
    expect(await sizes(12, 8)).toEqual([12]);
    // More than half a slice left: a slice of its own.
    expect(await sizes(13, 8)).toEqual([8, 5]);
    expect(await sizes(20, 8)).toEqual([8, 12]);
    expect(await sizes(3, 1)).toEqual([1, 1, 1]);
  });

  it('decides a slice when it starts: one address while single checks are coming in, up to the slice size otherwise', async () => {
    // Two slots: the slices in flight are the two held ones until they are released.
    const h = harness({ slice: 4, slots: 2, hold: true });
    const single = h.fairShare.foreground();
    const emails = Array.from({ length: 10 }, (_, i) => `p${i}.aalto@wave-example.org`);
    const answer = h.service.bulk('acme', emails);
    void h.answerDns();
    // With a single check in progress, each slice is one address.
    await until(() => h.held.length === 2);
    await new Promise((r) => setTimeout(r, 20));
    expect(h.appends.map((a) => a.length)).toEqual([1, 1]);
    // The single check answered: slices stay at one address for a second after it.
    single();
    h.held.forEach((x) => x.release());
    await until(() => h.held.length === 4);
    h.advance(1_000);
    h.held.forEach((x) => x.release());
    await until(() => h.held.length === 5);
    h.held.forEach((x) => x.release());
    const results = await answer;
    expect(h.appends.map((a) => a.length)).toEqual([1, 1, 1, 1, 6]);
    // Every address has its one event (billed once), in input order, and each counted the
    // earlier ones of its request, as single checks in sequence would have been.
    expect(h.appends.flat().map((e) => e.domain)).toEqual(Array(10).fill('wave-example.org'));
    expect(h.reads.map((k) => k.earlier?.atDomainCount ?? 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results.map((r) => ('email' in r ? r.email : r.input))).toEqual(emails);
  });

  it('counts the request in input order across slices: each address sees the earlier ones at its domain and of its inbox', async () => {
    const h = harness({ slice: 3 });
    // Spellings of one inbox (dots and tags) and new inboxes at one domain, interleaved.
    const emails = ['ana.silva+a@gmail.com', 'p0.rossi@wave-example.com', 'anasilva@gmail.com', 'p1.rossi@wave-example.com', 'p2.rossi@wave-example.com', 'a.n.a.silva+b@gmail.com', 'p3.rossi@wave-example.com', 'p4.rossi@wave-example.com'];
    const answer = h.service.bulk('acme', emails);
    void h.answerDns();
    await answer;
    // The last column: the request's other inboxes at the domain (a spelling of the same inbox is not another).
    expect(h.reads.map((k) => [k.domain, k.earlier?.atDomainCount ?? 0, k.earlier?.ofInboxCount ?? 0, k.earlier?.otherInboxesAtDomain ?? 0])).toEqual([
      ['gmail.com', 0, 0, 0],
      ['wave-example.com', 0, 0, 0],
      ['gmail.com', 1, 1, 0],
      ['wave-example.com', 1, 0, 1],
      ['wave-example.com', 2, 0, 2],
      ['gmail.com', 2, 2, 0],
      ['wave-example.com', 3, 0, 3],
      ['wave-example.com', 4, 0, 4],
    ]);
    // One request: every read names the same one, so its own addresses in flight are not counted twice.
    expect(new Set(h.reads.map((k) => k.request)).size).toBe(1);
  });

  it('looks up each distinct domain once, all started before the first slice is judged, at most the bulk concurrency at a time', async () => {
    const h = harness({ slice: 2, dnsConcurrency: 3 });
    const emails = Array.from({ length: 40 }, (_, i) => `m${i}.berg@d${i % 8}.example.org`);
    const answer = h.service.bulk('acme', emails);
    void h.answerDns();
    await answer;
    expect(h.lookups.toSorted()).toEqual(Array.from({ length: 8 }, (_, i) => `d${i}.example.org`).toSorted());
    expect(h.dnsMost()).toBe(3);
  });

  it('invalid addresses are error entries in place and cost no slot; a test key records nothing', async () => {
    const h = harness({ slice: 2 });
    const answer = h.service.bulk('acme', ['broken@', 'ana.silva@gmail.com', 'x@@y', 'tom.berg@yahoo.com'], { test: true });
    void h.answerDns();
    const r = await answer;
    expect(r[0]).toEqual({ input: 'broken@', error: expect.stringMatching(/^email: /) });
    expect(r[2]).toMatchObject({ input: 'x@@y' });
    expect(r[1]).toMatchObject({ email: 'ana.silva@gmail.com', test: true });
    expect(h.appends).toEqual([]);
    expect(h.mostInFlight()).toBe(0);
  });

  it('a slice that cannot be made durable fails the request (503); slices not started by then record nothing', async () => {
    const h = harness({ slice: 2, slots: 1, hold: true });
    const answer = h.service.bulk('acme', ['a1.kovac@example.org', 'a2.kovac@example.org', 'a3.kovac@example.org', 'a4.kovac@example.org']);
    void h.answerDns();
    await until(() => h.held.length === 1);
    h.held[0]!.fail(Object.assign(new Error('event log: could not record the event in time, retry later'), { status: 503 }));
    await expect(answer).rejects.toMatchObject({ status: 503 });
    await new Promise((r) => setTimeout(r, 20));
    expect(h.appends).toHaveLength(1);
    expect(h.inFlight()).toBe(0);
  });
});
