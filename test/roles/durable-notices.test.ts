/**
 * Durable notices to the stream worker go together, one message per interval at most
 * (durable-notices.ts), in their order and with every handed buffer to transfer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DurableMove } from '../../src/bus/embedded-log.ts';
import { coalescedNotices } from '../../src/roles/durable-notices.ts';

const move = (partition: number, end: number, handed = false): DurableMove => ({
  topic: 'checks',
  partition,
  end,
  ...(handed ? { records: { from: end - 1, end, data: new ArrayBuffer(8) } } : {}),
});

describe('durable notices to the worker (Given an interval of 10 ms)', () => {
  let clock = 0;
  let sent: { moved: DurableMove[]; transfer: ArrayBuffer[] }[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000;
    sent = [];
  });
  afterEach(() => vi.useRealTimers());
  const notices = () => coalescedNotices((moved, transfer) => sent.push({ moved, transfer }), 10, () => clock);
  const advance = (ms: number): void => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };

  it('When a notice follows a quiet interval, Then it goes at once', () => {
    const n = notices();
    n.add([move(0, 1, true)]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.transfer).toHaveLength(1);
  });

  it('When notices follow within the interval, Then they go in one message at its end, in order, with every buffer', () => {
    const n = notices();
    n.add([move(0, 1)]);
    advance(2);
    n.add([move(1, 5, true), move(0, 2, true)]);
    advance(3);
    n.add([move(1, 7, true)]);
    expect(sent).toHaveLength(1);
    advance(4);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.moved.map((m) => [m.partition, m.end])).toEqual([
      [1, 5],
      [0, 2],
      [1, 7],
    ]);
    expect(sent[1]!.transfer).toEqual(sent[1]!.moved.map((m) => m.records!.data));
    advance(50);
    expect(sent).toHaveLength(2);
    n.add([move(2, 1)]);
    expect(sent).toHaveLength(3); // quiet again: at once
  });

  it('When flushed, Then what waits goes now and the timer sends nothing more', () => {
    const n = notices();
    n.add([move(0, 1)]);
    n.add([move(0, 2)]);
    expect(sent).toHaveLength(1);
    n.flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.moved.map((m) => m.end)).toEqual([2]);
    advance(20);
    expect(sent).toHaveLength(2);
    n.flush();
    expect(sent).toHaveLength(2);
  });
});
