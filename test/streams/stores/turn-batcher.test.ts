import { describe, expect, it } from 'vitest';
import { turnBatcher } from '../../../src/streams/stores/turn-batcher.ts';

/** A batcher over a "database" that records each call's requests and answers each with its double. */
function recording(limit?: { size(r: number): number; max: number }) {
  const calls: number[][] = [];
  const ask = turnBatcher(async (group: readonly number[]) => {
    calls.push([...group]);
    return group.map((n) => 2 * n);
  }, limit);
  return { calls, ask };
}

describe('turnBatcher', () => {
  it('sends every request of one turn in one call, whatever its size without a limit, and answers each its own', async () => {
    const { calls, ask } = recording();
    const many = Array.from({ length: 500 }, (_, i) => i);
    expect(await Promise.all(many.map(ask))).toEqual(many.map((n) => 2 * n));
    expect(calls).toEqual([many]);
  });

  it('requests made while a call is in flight, or in a later turn, go in later calls', async () => {
    const { calls, ask } = recording();
    const first = ask(1);
    await new Promise((r) => setImmediate(r));
    const second = ask(2);
    expect(await Promise.all([first, second])).toEqual([2, 4]);
    await ask(3);
    expect(calls).toEqual([[1], [2], [3]]);
  });

  it('with a limit, splits a turn into calls of at most `max` units, never splitting a request', async () => {
    const { calls, ask } = recording({ size: (n) => n, max: 4 });
    await Promise.all([3, 1, 1, 5].map(ask));
    expect(calls).toEqual([[3, 1], [1], [5]]);
  });

  it('a failed call rejects each of its requests; the next call is made as usual', async () => {
    let fail = true;
    const ask = turnBatcher(async (group: readonly number[]) => {
      if (fail) throw new Error('disk on fire');
      return [...group];
    });
    const results = await Promise.allSettled([ask(1), ask(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await ask(3)).toBe(3);
  });
});
