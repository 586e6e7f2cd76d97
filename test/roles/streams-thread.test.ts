/**
 * The stream worker seen from the API thread (embedded mode): a caught-up answer covers every
 * record told durable before the question, and the worker hands this thread its key filters,
 * which hold every inbox the state committed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { aCheck, hash } from '../helpers/pipeline.ts';

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
