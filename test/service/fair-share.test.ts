import { describe, expect, it } from 'vitest';
import { createFairShare } from '../../src/service/fair-share.ts';

/** A task that finishes when told to, recording its start. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((r) => (open = r));
  return { task: async () => (log.push(name), await done, name), open };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('fair share of the bulk slots', () => {
  it('runs at most `slots` tasks at once, and the accounts waiting take turns', async () => {
    const log: string[] = [];
    const share = createFairShare(2);
    const a = Array.from({ length: 6 }, (_, i) => gate(log, `a${i}`));
    const b = Array.from({ length: 2 }, (_, i) => gate(log, `b${i}`));
    const results = [...a.map((g) => share.run('a', g.task)), ...b.map((g) => share.run('b', g.task))];
    // Free slots are taken at once (a's first two), their tasks started one per turn.
    expect(share.load()).toEqual({ running: 2, waiting: 6 });
    await tick();
    expect(log).toEqual(['a0']);
    await tick();
    expect(log).toEqual(['a0', 'a1']);
    for (const g of [...a, ...b]) {
      g.open();
      await tick();
      await tick();
    }
    // b, with nothing running, takes the first slot freed; from then on each account holds one
    // of the two (b0 runs until its gate opens, after a's), so b1 waits for b's slot.
    expect(log).toEqual(['a0', 'a1', 'b0', 'a2', 'a3', 'a4', 'a5', 'b1']);
    expect(await Promise.all(results)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'b0', 'b1']);
    expect(share.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('a failing task rejects its caller and frees its slot', async () => {
    const share = createFairShare(1);
    const failed = share.run('a', async () => {
      throw new Error('boom');
    });
    const thrown = share.run('a', () => {
      throw new Error('sync boom');
    });
    const next = share.run('a', async () => 7);
    await expect(failed).rejects.toThrow('boom');
    await expect(thrown).rejects.toThrow('sync boom');
    expect(await next).toBe(7);
  });

  it('starts one task per turn of the event loop, so work that arrived meanwhile runs between two', async () => {
    const order: string[] = [];
    const share = createFairShare(4);
    const runs = [1, 2, 3].map((n) => share.run('a', async () => void order.push(`task ${n}`)));
    // Queued after the first task's turn was, before the others' are.
    setImmediate(() => order.push('other work'));
    await Promise.all(runs);
    expect(order).toEqual(['task 1', 'other work', 'task 2', 'task 3']);
  });

  it('while a single check is in progress, a task waits up to two turns to start, then starts anyway', async () => {
    const order: string[] = [];
    // Marks each turn of the event loop from now on (one per turn: each schedules the next).
    const turns = (from: number, to: number): void =>
      void setImmediate(() => {
        order.push(`turn ${from}`);
        if (from < to) turns(from + 1, to);
      });
    const share = createFairShare(4);
    const release = share.foreground();
    const deferred = share.run('a', async () => void order.push('task'));
    turns(1, 3);
    await deferred;
    await tick();
    expect(order).toEqual(['turn 1', 'turn 2', 'task', 'turn 3']);
    // Released (twice changes nothing): the next task starts on the next turn.
    release();
    release();
    order.length = 0;
    const next = share.run('a', async () => void order.push('task'));
    turns(1, 1);
    await next;
    await tick();
    expect(order).toEqual(['task', 'turn 1']);
  });

  it('while a single check is in progress, bulk work holds at most two slots; all of them again once it ends', async () => {
    const log: string[] = [];
    const share = createFairShare(4);
    const release = share.foreground();
    const gates = Array.from({ length: 4 }, (_, i) => gate(log, `a${i}`));
    const runs = gates.map((g) => share.run('a', g.task));
    expect(share.load()).toEqual({ running: 2, waiting: 2 });
    release();
    expect(share.load()).toEqual({ running: 4, waiting: 0 });
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual(['a0', 'a1', 'a2', 'a3']);
  });

  it('a bulk task takes one address while single checks are coming in (one in progress or ended < 1 s ago), the slice size otherwise', () => {
    let t = 5_000;
    const share = createFairShare(4, setImmediate, () => t);
    expect(share.sliceLimit(8)).toBe(8);
    const one = share.foreground();
    const two = share.foreground();
    expect(share.sliceLimit(8)).toBe(1);
    one();
    t += 2_000;
    expect(share.sliceLimit(8)).toBe(1);
    two();
    t += 999;
    expect(share.sliceLimit(8)).toBe(1);
    t += 1;
    expect(share.sliceLimit(8)).toBe(8);
  });

  it('a task that submits another as it starts, with none waiting: each starts once, in order', async () => {
    const order: string[] = [];
    const share = createFairShare(4);
    const inner: Promise<void>[] = [];
    const outer = share.run('a', async () => {
      order.push('outer');
      inner.push(share.run('a', async () => void order.push('inner')));
    });
    await outer;
    await Promise.all(inner);
    // Two starts scheduled for the one task submitted found none the second time: a TypeError.
    for (let i = 0; i < 3; i++) await tick();
    expect(order).toEqual(['outer', 'inner']);
    expect(share.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('starts each task on a later turn of the event loop, so waiting I/O runs in between', async () => {
    const order: string[] = [];
    const share = createFairShare(4);
    const runs = [share.run('a', async () => void order.push('task 1')), share.run('a', async () => void order.push('task 2'))];
    setImmediate(() => order.push('other work'));
    order.push('queued');
    await Promise.all(runs);
    expect(order[0]).toBe('queued');
    expect(order.indexOf('other work')).toBeLessThan(order.indexOf('task 2'));
  });

  it('refuses zero slots', () => {
    expect(() => createFairShare(0)).toThrow(/at least one slot/);
  });
});
