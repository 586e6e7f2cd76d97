import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../../src/domain/time.ts';
import { LevelStore } from '../../../src/streams/stores/level-store.ts';
import { segmentOf, timedStore, type StoreSpec } from '../../../src/streams/stores/store-spec.ts';
import { ReadSet, type PendingWrite } from '../../../src/streams/stores/tx.ts';
import type { StateStore } from '../../../src/streams/stores/state-store.ts';
import { storeContract } from './store-contract.suite.ts';

storeContract('LevelDB engine (LevelStore)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mailsift-state-'));
  const open: StateStore[] = [];
  return {
    async create() {
      const db = new LevelStore(dir);
      open.push(db);
      return db;
    },
    async reopen() {
      const db = new LevelStore(dir);
      open.push(db);
      return db;
    },
    async dispose() {
      for (const db of open) await db.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('LevelDB engine specifics', () => {
  it('drops the keys of stores it no longer keeps (an existing data dir after a store left the topology), and only theirs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-state-'));
    const kept = timedStore(201, 'kept-10m', 10 * MINUTE);
    const gone = timedStore(202, 'gone-10m', 10 * MINUTE);
    const T = 1_800_000_000_000;
    const put = (store: StoreSpec, key: string): PendingWrite => ({ store, key: Buffer.from(key), value: Buffer.from('v'), segmentStart: segmentOf(store, T) });
    try {
      const before = new LevelStore(dir);
      await before.open([kept, gone]);
      await before.commit([put(kept, 'a'), put(gone, 'a'), put(gone, 'b')], []);
      await before.close();
      const after = new LevelStore(dir);
      await after.open([kept]);
      await expect(after.dropUnkept([kept])).rejects.toThrow(/is open/);
      expect(await after.dropUnkept([gone])).toBe(true);
      expect(await after.dropUnkept([gone])).toBe(false);
      expect((await after.scan(kept, T)).map((e) => e.key.toString())).toEqual(['a']);
      await after.close();
      const again = new LevelStore(dir);
      await again.open([kept, gone]);
      expect(await again.scan(gone, T)).toEqual([]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps at most 16 MB of read blocks in LevelDB's block cache (resident memory: docs/architecture.md, issue 19's fifteenth round)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-state-'));
    const store = timedStore(203, 'blocks-10m', 10 * MINUTE);
    const T = 1_800_000_000_000;
    try {
      const s = new LevelStore(dir);
      await s.open([store]);
      // 32 MB of values that compress (as state values do: a table holds them compressed, the cache decompressed).
      const keys = Array.from({ length: 4000 }, (_, i) => Buffer.from(`key-${i}`));
      for (let i = 0; i < keys.length; i += 500) {
        await s.commit(keys.slice(i, i + 500).map((key) => ({ store, key, value: Buffer.concat([randomBytes(16), Buffer.alloc(8176, 7)]), segmentStart: segmentOf(store, T) })), []);
      }
      await s.db.compactRange(Buffer.alloc(0), Buffer.alloc(8, 0xff));
      for (let i = 0; i < keys.length; i += 256) {
        const reads = new ReadSet();
        for (const key of keys.slice(i, i + 256)) reads.add(store, key);
        expect([...(await s.fetch(reads, T)).values()].every((v) => v?.length === 8192)).toBe(true);
      }
      // Block cache + memtables: the memtables are empty after the compaction.
      const held = Number(s.db.getProperty('leveldb.approximate-memory-usage'));
      expect(held).toBeLessThan(17 * 1024 * 1024);
      expect(held).toBeGreaterThan(8 * 1024 * 1024); // the cache does fill: the reads were cached
      await s.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
