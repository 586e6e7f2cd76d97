import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitCachedReader } from '../../src/streams/commit-cached-reader.ts';
import { packWrites, type CommitListener, type HandedWrites } from '../../src/streams/handed-writes.ts';
import type { StateReader } from '../../src/streams/stores/state-reader.ts';
import { timedStore, type StoreSpec } from '../../src/streams/stores/store-spec.ts';
import { mapKey, ReadSet } from '../../src/streams/stores/tx.ts';
import { readsOf, valueOf } from '../helpers/read-sets.ts';

const KV: StoreSpec = { id: 43, name: 'kv-test' };
const DAY = 86_400_000;

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

  describe('with the writes each commit hands over', () => {
    const ADOPTED: StoreSpec = timedStore(44, 'adopted-test', 10 * DAY);
    const UPDATED: StoreSpec = { id: 45, name: 'updated-test' };
    const OTHER: StoreSpec = { id: 46, name: 'other-test' };
    const handOver = { handed: new Set([ADOPTED, UPDATED]), adopted: new Set([ADOPTED]) };
    const hand = (writes: [StoreSpec, string, string | null][], segs: (s: StoreSpec) => number[] = () => [0]): HandedWrites =>
      packWrites(
        writes.map(([store, key, value]) => ({ store, key: Buffer.from(key), value: value === null ? null : Buffer.from(value), segmentStart: 0 })),
        handOver.handed,
        segs,
      )!;
    /** A state that answers at once from `values` (by store id and key), counting the keys it is asked for. */
    function answeringState(values: Map<string, string>): StateReader & { asked: string[] } {
      const asked: string[] = [];
      return {
        asked,
        fetch: async (reads) => {
          const out = new Map<string, Buffer | undefined>();
          for (const [mk] of reads.entries) {
            asked.push(mk);
            const v = values.get(mk);
            out.set(mk, v === undefined ? undefined : Buffer.from(v));
          }
          return out;
        },
        scan: async () => [],
      };
    }
    const mk = (store: StoreSpec, key: string): string => mapKey(store, Buffer.from(key));
    const read = async (reader: StateReader, store: StoreSpec, key: string, now = 1): Promise<string | undefined> => valueOf(await reader.fetch(readsOf(store, key), now), store, key);

    it('When a commit hands over a value, Then the next read is answered from memory with it, across later commits', async () => {
      const state = answeringState(new Map());
      let commit: CommitListener = () => undefined;
      const reader = commitCachedReader(state, (l) => ((commit = l), () => undefined), handOver);
      commit(hand([[ADOPTED, 'company.example', 'r1']]));
      expect(await read(reader, ADOPTED, 'company.example')).toBe('r1');
      commit(hand([[ADOPTED, 'other.example', 'x']]));
      commit(hand([]));
      expect(await read(reader, ADOPTED, 'company.example')).toBe('r1');
      commit(hand([[ADOPTED, 'company.example', 'r2']]));
      expect(await read(reader, ADOPTED, 'company.example')).toBe('r2');
      commit(hand([[ADOPTED, 'company.example', null]]));
      expect(await read(reader, ADOPTED, 'company.example')).toBeUndefined();
      expect(state.asked).toEqual([]);
    });

    it('When a commit is announced without a hand-over, Then every entry is read again', async () => {
      const state = answeringState(new Map([[mk(ADOPTED, 'd'), 'stored']]));
      let commit: CommitListener = () => undefined;
      const reader = commitCachedReader(state, (l) => ((commit = l), () => undefined), handOver);
      commit(hand([[ADOPTED, 'd', 'handed']]));
      commit();
      expect(await read(reader, ADOPTED, 'd')).toBe('stored');
      expect(state.asked).toEqual([mk(ADOPTED, 'd')]);
    });

    it('a value handed for a store not adopted replaces a cached one only; a key handed to forget is read again', async () => {
      const values = new Map([
        [mk(UPDATED, 'seen'), 'v0'],
        [mk(ADOPTED, 'late'), 'newer segment'],
      ]);
      const state = answeringState(values);
      let commit: CommitListener = () => undefined;
      const reader = commitCachedReader(state, (l) => ((commit = l), () => undefined), handOver);
      expect(await read(reader, UPDATED, 'seen')).toBe('v0');
      expect(await read(reader, ADOPTED, 'late')).toBe('newer segment');
      commit(hand([[UPDATED, 'seen', 'v1'], [UPDATED, 'unseen', 'u1']]));
      // Written to segment 0 while the store's newest is 10: the reader must ask the state.
      commit(hand([[ADOPTED, 'late', 'older segment']], () => [0, 10]));
      expect(await read(reader, UPDATED, 'seen')).toBe('v1');
      expect(await read(reader, UPDATED, 'unseen')).toBeUndefined();
      expect(await read(reader, ADOPTED, 'late')).toBe('newer segment');
      expect(state.asked).toEqual([mk(UPDATED, 'seen'), mk(ADOPTED, 'late'), mk(UPDATED, 'unseen'), mk(ADOPTED, 'late')]);
    });

    it('reads of a store not handed over are kept until the next commit only', async () => {
      const values = new Map([[mk(OTHER, 'o'), 'o1']]);
      const state = answeringState(values);
      let commit: CommitListener = () => undefined;
      const reader = commitCachedReader(state, (l) => ((commit = l), () => undefined), handOver);
      expect(await read(reader, OTHER, 'o')).toBe('o1');
      values.set(mk(OTHER, 'o'), 'o2');
      expect(await read(reader, OTHER, 'o')).toBe('o1');
      commit(hand([]));
      expect(await read(reader, OTHER, 'o')).toBe('o2');
    });

    it('starts over once when a read reaches the time a segment it may have read from stops being live', async () => {
      const values = new Map([[mk(ADOPTED, 'd'), 'v']]);
      const state = answeringState(values);
      let commit: CommitListener = () => undefined;
      const reader = commitCachedReader(state, (l) => ((commit = l), () => undefined), handOver);
      commit({ ...hand([]), liveUntil: 100 });
      expect(await read(reader, ADOPTED, 'd', 50)).toBe('v');
      values.delete(mk(ADOPTED, 'd'));
      expect(await read(reader, ADOPTED, 'd', 99)).toBe('v');
      expect(await read(reader, ADOPTED, 'd', 100)).toBeUndefined();
      values.set(mk(ADOPTED, 'd'), 'v2');
      expect(await read(reader, ADOPTED, 'd', 101)).toBeUndefined();
      expect(state.asked).toHaveLength(2);
    });

    it('Property: every value read is the state as of the last commit announced when the read began, or newer', async () => {
      const KEYS = ['a', 'b'];
      const STORES = [ADOPTED, UPDATED, OTHER];
      const op = fc.oneof(
        fc.record({ t: fc.constant('commit' as const), writes: fc.array(fc.tuple(fc.nat(2), fc.nat(1), fc.option(fc.nat(9), { nil: null })), { maxLength: 4 }), handed: fc.boolean() }),
        fc.record({ t: fc.constant('announce' as const) }),
        fc.record({ t: fc.constant('read' as const), keys: fc.uniqueArray(fc.tuple(fc.nat(2), fc.nat(1)), { minLength: 1, maxLength: 4, selector: ([s, k]) => s * 2 + k }), held: fc.boolean() }),
        fc.record({ t: fc.constant('answer' as const) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 8, maxLength: 60, size: 'medium' }), async (ops) => {
          // versions[v]: the state after its v-th commit; announcements trail the state.
          const versions: Map<string, string>[] = [new Map()];
          const queue: (HandedWrites | undefined)[] = [];
          let announced = 0;
          const held: (() => void)[] = [];
          const state: StateReader = {
            fetch: (reads) => {
              const at = versions.at(-1)!;
              const out = new Map<string, Buffer | undefined>();
              for (const [k] of reads.entries) out.set(k, at.has(k) ? Buffer.from(at.get(k)!) : undefined);
              return holdNext ? new Promise((r) => held.push(() => r(out))) : Promise.resolve(out);
            },
            scan: async () => [],
          };
          let holdNext = false;
          let listener: CommitListener = () => undefined;
          const reader = commitCachedReader(state, (l) => ((listener = l), () => undefined), handOver);
          const pending: Promise<void>[] = [];
          const checkRead = async (rs: ReadSet, from: number): Promise<void> => {
            const got = await reader.fetch(rs, 1);
            for (const k of rs.entries.keys()) {
              const v = got.get(k)?.toString();
              const possible = versions.slice(from).map((m) => m.get(k));
              expect(possible, `key ${k} read as ${v}`).toContain(v);
            }
          };
          for (const o of ops) {
            if (o.t === 'commit') {
              const next = new Map(versions.at(-1)!);
              const writes: [StoreSpec, string, string | null][] = [];
              for (const [s, k, v] of o.writes) {
                const key = mapKey(STORES[s]!, Buffer.from(KEYS[k]!));
                if (v === null) next.delete(key);
                else next.set(key, String(v));
                writes.push([STORES[s]!, KEYS[k]!, v === null ? null : String(v)]);
              }
              versions.push(next);
              queue.push(o.handed ? hand(writes) : undefined);
            } else if (o.t === 'announce') {
              if (queue.length) {
                announced++;
                listener(queue.shift());
              }
            } else if (o.t === 'read') {
              const rs = new ReadSet();
              for (const [s, k] of o.keys) rs.add(STORES[s]!, Buffer.from(KEYS[k]!));
              holdNext = o.held;
              pending.push(checkRead(rs, announced));
              holdNext = false;
            } else held.shift()?.();
            // Each read's caller looks at its answer as soon as it has it, as the history does.
            await settle();
          }
          for (const h of held.splice(0)) h();
          await Promise.all(pending);
        }),
        { numRuns: 400 },
      );
    });
  });
});
