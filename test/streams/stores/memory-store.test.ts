import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../../src/domain/time.ts';
import { MemoryStore } from '../../../src/streams/stores/memory-store.ts';
import { storeContract, T0, TIMED, write } from './store-contract.suite.ts';

storeContract('in-memory engine (MemoryStore)', () => ({
  create: async () => new MemoryStore(),
  dispose: async () => undefined,
}));

describe('MemoryStore', () => {
  it('holds one value per key (the newest segment), and expiry frees the keys of dead segments', async () => {
    const db = new MemoryStore();
    await db.open([TIMED]);
    for (let i = 0; i < 100; i++) await write(db, TIMED, `k${i}`, 'v', T0);
    for (let i = 0; i < 50; i++) await write(db, TIMED, `k${i}`, 'w', T0 + 6 * MINUTE);
    expect(db.size(TIMED)).toBe(100);
    await db.expire(T0 + 15 * MINUTE);
    expect(db.size(TIMED)).toBe(50);
  });
});
