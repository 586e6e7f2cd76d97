import { describe, expect, it } from 'vitest';
import { commitCachedReader } from '../../src/streams/commit-cached-reader.ts';
import type { StateReader } from '../../src/streams/stores/state-reader.ts';
import type { StoreSpec } from '../../src/streams/stores/store-spec.ts';
import type { ReadSet } from '../../src/streams/stores/tx.ts';
import { readsOf, valueOf } from '../helpers/read-sets.ts';

const KV: StoreSpec = { id: 43, name: 'kv-test' };

/** A state whose reads wait until the test answers them, each with the value it is given. */
function heldState(): StateReader & { calls: { keys: string[]; answer(values: Record<string, string>): void }[] } {
  const calls: { keys: string[]; answer(values: Record<string, string>): void }[] = [];
  return {
    calls,
    fetch: (reads) =>
      new Promise((resolve) => {
        const keys = [...reads.entries.values()].map((e) => e.key.toString());
        calls.push({ keys, answer: (values) => resolve(new Map([...reads.entries].map(([mk, e]) => [mk, Buffer.from(values[e.key.toString()]!)]))) });
      }),
    scan: async () => [],
  };
}

const reads = (...keys: string[]): ReadSet => readsOf(KV, ...keys);
const value = (m: Map<string, Buffer | undefined>, key: string): string | undefined => valueOf(m, KV, key);
const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('commitCachedReader', () => {
  it('reads a key once per commit: later reads are answered from memory until the next commit', async () => {
    const state = heldState();
    let commit = (): void => undefined;
    const reader = commitCachedReader(state, (l) => ((commit = l), () => undefined));
    const first = reader.fetch(reads('domain'), 1);
    state.calls[0]!.answer({ domain: 'v1' });
    expect(value(await first, 'domain')).toBe('v1');
    expect(value(await reader.fetch(reads('domain'), 2), 'domain')).toBe('v1');
    expect(state.calls).toHaveLength(1);
    commit();
    const after = reader.fetch(reads('domain'), 3);
    await settle();
    expect(state.calls).toHaveLength(2);
    state.calls[1]!.answer({ domain: 'v2' });
    expect(value(await after, 'domain')).toBe('v2');
  });

  it('asks the state for the keys it does not hold only, and answers with every key', async () => {
    const state = heldState();
    const reader = commitCachedReader(state, () => () => undefined);
    const first = reader.fetch(reads('domain'), 1);
    state.calls[0]!.answer({ domain: 'd1' });
    await first;
    const both = reader.fetch(reads('domain', 'inbox'), 2);
    await settle();
    expect(state.calls[1]!.keys).toEqual(['inbox']);
    state.calls[1]!.answer({ inbox: 'i1' });
    const got = await both;
    expect([value(got, 'domain'), value(got, 'inbox')]).toEqual(['d1', 'i1']);
  });

  it('a read answered from memory keeps its values: a key read twice at once keeps the first answer in its generation', async () => {
    const state = heldState();
    const reader = commitCachedReader(state, () => () => undefined);
    const a = reader.fetch(reads('domain'), 1);
    const b = reader.fetch(reads('domain'), 1);
    await settle();
    expect(state.calls).toHaveLength(2);
    state.calls[0]!.answer({ domain: 'first' });
    await a;
    const cached = await reader.fetch(reads('domain'), 2);
    state.calls[1]!.answer({ domain: 'second' });
    expect(value(await b, 'domain')).toBe('second');
    expect(value(cached, 'domain')).toBe('first');
    expect(value(await reader.fetch(reads('domain'), 3), 'domain')).toBe('first');
  });

  it('does not keep what it read while a commit landed (the read may be older than the new generation)', async () => {
    const state = heldState();
    let commit = (): void => undefined;
    const reader = commitCachedReader(state, (l) => ((commit = l), () => undefined));
    const during = reader.fetch(reads('domain'), 1);
    await settle();
    commit();
    state.calls[0]!.answer({ domain: 'old' });
    expect(value(await during, 'domain')).toBe('old');
    const next = reader.fetch(reads('domain'), 2);
    await settle();
    expect(state.calls).toHaveLength(2);
    state.calls[1]!.answer({ domain: 'new' });
    expect(value(await next, 'domain')).toBe('new');
  });
});
