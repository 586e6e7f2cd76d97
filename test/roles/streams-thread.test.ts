/**
 * The stream worker seen from the API thread (embedded mode): a caught-up answer covers every
 * record told durable before the question, and the worker hands this thread its key filters,
 * which hold every inbox the state committed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCodecs } from '../../src/bus/codecs.ts';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../../src/bus/embedded-registry.ts';
import { partitionFor } from '../../src/bus/partitioner.ts';
import { ALL_TOPICS, TOPICS } from '../../src/bus/topics.ts';
import { startStreamsThread } from '../../src/roles/streams-thread.ts';
import { INBOX_RECORDS, inboxRecordKey } from '../../src/streams/aggregations/inbox-records-90d.ts';
import { LevelStore } from '../../src/streams/stores/level-store.ts';
import { EMBEDDED_TOPOLOGY, storesOf } from '../../src/streams/topology.ts';
import type { CheckScored } from '../../src/domain/events.ts';
import { aCheck, aFeedback, hash, uuid } from '../helpers/pipeline.ts';

describe('the stream worker thread (Given checks written by this thread)', () => {
  it('When the worker has caught up, Then it applied them all, and the filters it handed over hold every inbox committed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-thread-'));
    const bus = await openEmbeddedBus(join(dir, 'log'), ALL_TOPICS, { multithreading: true });
    const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
    const state = new LevelStore(join(dir, 'state'), { multithreading: true });
    await state.open(storesOf(EMBEDDED_TOPOLOGY));
    const thread = await startStreamsThread({ dataDir: dir, logLevel: 'warn', prettyLogs: false, trainIntervalMs: 0 }, state, (moved) => {
      for (const x of moved) bus.log.advanceDurable(x.topic, x.partition, x.end);
    });
    let notices = 0;
    bus.log.onDurable = (moved) => {
      notices++;
      thread.durable(moved);
    };
    try {
      const producer = bus.producer();
      const now = Date.now();
      const sent = [];
      for (let i = 0; i < 60; i++) {
        const e = aCheck({ account: `acct-${i % 3}`, inbox_hash: hash(`inbox-${i}`), time: now });
        const key = Buffer.from(e.account);
        sent.push(producer.send(TOPICS.checks.name, [{ key, value: codecs.checks.encode(e), timestamp: e.time, partition: partitionFor(key, TOPICS.checks.partitions) }]));
      }
      await Promise.all(sent);
      expect(notices).toBeGreaterThan(0);
      expect(await thread.caughtUp(30_000)).toBe(true);
      expect(thread.applied('checks').reduce((a, b) => a + b, 0)).toBe(60);
      for (let i = 0; i < 60; i++) expect(thread.filters.mayHold(INBOX_RECORDS, inboxRecordKey(`acct-${i % 3}`, hash(`inbox-${i}`)))).toBe(true);
      let strangers = 0;
      for (let i = 0; i < 1000; i++) if (thread.filters.mayHold(INBOX_RECORDS, inboxRecordKey('acct-0', hash(`never-${i}`)))) strangers++;
      expect(strangers).toBeLessThan(50);
    } finally {
      await thread.close();
      await bus.close();
      await state.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the stream worker handed the records with the durable notices (Given the same random checks and reports written twice)', () => {
  /** Runs a worker over a fresh dir, the API thread handing over its records or not; returns every entry of the state database once caught up. */
  async function materialise(events: readonly { check: CheckScored; report: boolean }[], handOver: boolean): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-thread-handoff-'));
    const bus = await openEmbeddedBus(join(dir, 'log'), ALL_TOPICS, { multithreading: true });
    const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
    const state = new LevelStore(join(dir, 'state'), { multithreading: true });
    await state.open(storesOf(EMBEDDED_TOPOLOGY));
    const thread = await startStreamsThread({ dataDir: dir, logLevel: 'warn', prettyLogs: false, trainIntervalMs: 0 }, state, (moved) => bus.log.receiveDurable(moved));
    if (handOver) bus.log.handOver([TOPICS.checks.name, TOPICS.feedback.name]);
    bus.log.onDurable = (moved) => thread.durable(moved);
    try {
      const producer = bus.producer();
      // In waves of concurrent sends, so batches (and notices) hold several records of several
      // partitions; the reports once every check is applied, so both workers join them alike.
      const send = async (topic: string, records: { key: Buffer; value: Buffer; timestamp: number }[]): Promise<void> => {
        for (let i = 0; i < records.length; i += 7) {
          await Promise.all(records.slice(i, i + 7).map((r) => producer.send(topic, [{ ...r, partition: partitionFor(r.key, TOPICS.checks.partitions) }])));
        }
      };
      await send(TOPICS.checks.name, events.map(({ check }) => ({ key: Buffer.from(check.account), value: codecs.checks.encode(check), timestamp: check.time })));
      expect(await thread.caughtUp(30_000)).toBe(true);
      await send(TOPICS.feedback.name, events.filter((e) => e.report).map(({ check }) => ({ key: Buffer.from(check.account), value: codecs.feedback.encode(aFeedback(check)), timestamp: check.time + 60_000 })));
      expect(await thread.caughtUp(30_000)).toBe(true);
      expect(thread.applied('checks').reduce((a, b) => a + b, 0)).toBe(events.length);
    } finally {
      await thread.close();
      await bus.close();
      await state.close();
    }
    const db = new ClassicLevel<Buffer, Buffer>(join(dir, 'state'), { keyEncoding: 'buffer', valueEncoding: 'buffer' });
    const entries = (await db.iterator().all()).map(([k, v]) => `${k.toString('hex')}=${v.toString('hex')}`);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    return entries;
  }

  it('Property: When the worker applies the handed records, Then its state is byte for byte the state of a worker that reads them back from the log', async () => {
    const now = Date.now();
    const event = fc.record({
      account: fc.integer({ min: 0, max: 3 }),
      inbox: fc.integer({ min: 0, max: 12 }),
      domain: fc.integer({ min: 0, max: 5 }),
      ip: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
      verdict: fc.constantFrom('allow' as const, 'review' as const, 'block' as const),
      minutes: fc.integer({ min: 0, max: 600 }),
      report: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 60 }), async (raw) => {
        const events = raw.map((e, i) => ({
          check: aCheck({
            check_uuid: uuid(i + 1),
            account: `acct-${e.account}`,
            inbox_hash: hash(`inbox-${e.inbox}`),
            spelling_hash: hash(`spelling-${e.inbox}`),
            domain: `d${e.domain}.example`,
            ip_hash: e.ip === null ? null : hash(`ip-${e.ip}`),
            verdict: e.verdict,
            time: now - e.minutes * 60_000,
          }),
          report: e.report,
        }));
        const handed = await materialise(events, true);
        const readBack = await materialise(events, false);
        expect(handed.length).toBeGreaterThan(0);
        expect(handed).toEqual(readBack);
      }),
      { numRuns: 4 },
    );
  }, 180_000);
});
