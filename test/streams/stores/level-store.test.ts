import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LevelStore } from '../../../src/streams/stores/level-store.ts';
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
