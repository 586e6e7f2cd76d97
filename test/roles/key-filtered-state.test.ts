import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { keyFilteredState } from '../../src/roles/key-filtered-state.ts';
import { DOMAIN_OUTCOMES } from '../../src/streams/aggregations/domain-outcomes.ts';
import { INBOX_RECORDS } from '../../src/streams/aggregations/inbox-records-90d.ts';
import type { SharedKeyFilters } from '../../src/streams/stores/key-filter.ts';
import { MemoryStore } from '../../src/streams/stores/memory-store.ts';
import { storesOf, TOPOLOGY } from '../../src/streams/topology.ts';

describe('keyFilteredState (Given a state engine the roles serve checks from)', () => {
  it('When opened and settled, Then the inbox records and domain outcomes are behind filters (an absent key is ruled out), other stores are not, and each filter is handed on', async () => {
    const handed: SharedKeyFilters[] = [];
    const state = keyFilteredState(new MemoryStore(), pino({ level: 'silent' }), (f) => handed.push(f));
    await state.open(storesOf(TOPOLOGY));
    await state.settled();
    const absent = Buffer.from('acme\0never-seen-inbox-key');
    expect(state.mayHold(INBOX_RECORDS, absent)).toBe(false);
    expect(state.mayHold(DOMAIN_OUTCOMES, Buffer.from('example.com'))).toBe(false);
    const other = storesOf(TOPOLOGY).find((s) => s.id !== INBOX_RECORDS.id && s.id !== DOMAIN_OUTCOMES.id)!;
    expect(state.mayHold(other, absent)).toBe(true);
    expect(handed.length).toBeGreaterThan(0);
    expect(handed.at(-1)!.map(([id]) => id).sort()).toEqual([INBOX_RECORDS.id, DOMAIN_OUTCOMES.id].sort());
    await state.close();
  });
});
