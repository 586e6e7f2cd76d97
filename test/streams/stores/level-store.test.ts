import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../../src/domain/time.ts';
import { LevelStore } from '../../../src/streams/stores/level-store.ts';
import { segmentOf, timedStore, type StoreSpec } from '../../../src/streams/stores/store-spec.ts';
import type { PendingWrite } from '../../../src/streams/stores/tx.ts';
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
});
