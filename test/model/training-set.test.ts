import { describe, expect, it } from 'vitest';
import { TrainingSet, type TrainingExample } from '../../src/model/training-set.ts';

const WIDTH = 3;
const ex = (id: string, time: number, human = true, width = WIDTH, account = 'acme'): TrainingExample => ({
  id,
  account,
  time,
  human,
  features: new Float64Array(width).fill(time),
  baselineProbability: 0.5,
});

describe('TrainingSet', () => {
  it.each([0, -1, Number.NaN])('rejects capacity %s', (capacity) => {
    expect(() => new TrainingSet(capacity, WIDTH)).toThrow(/capacity must be >= 1/);
  });

  it('counts humans and fakes', () => {
    const s = new TrainingSet(10, WIDTH);
    expect(s.add(ex('a', 1, true))).toBe(true);
    expect(s.add(ex('b', 2, false))).toBe(true);
    expect(s.add(ex('c', 3, true))).toBe(true);
    expect([s.size, s.humans, s.fakes]).toEqual([3, 2, 1]);
  });

  it('drops a redelivered label by check id (the first one stays)', () => {
    const s = new TrainingSet(10, WIDTH);
    s.add(ex('a', 1, true));
    // Same check, different outcome and time: still a duplicate, and must not move the counts.
    expect(s.add(ex('a', 5, false))).toBe(false);
    expect([s.size, s.humans, s.fakes]).toEqual([1, 1, 0]);
    expect(s.examples().map((e) => e.time)).toEqual([1]);
  });

  it('refuses examples of another feature width', () => {
    const s = new TrainingSet(10, WIDTH);
    expect(s.add(ex('short', 1, true, WIDTH - 1))).toBe(false);
    expect(s.add(ex('long', 2, false, WIDTH + 1))).toBe(false);
    expect([s.size, s.humans, s.fakes]).toEqual([0, 0, 0]);
    // A refused id is not remembered: the right-width example with that id is still welcome.
    expect(s.add(ex('short', 3))).toBe(true);
  });

  it('returns examples oldest first whatever the arrival order', () => {
    const s = new TrainingSet(10, WIDTH);
    for (const t of [5, 1, 4, 2, 3]) s.add(ex(`id${t}`, t));
    expect(s.examples().map((e) => e.id)).toEqual(['id1', 'id2', 'id3', 'id4', 'id5']);
  });

  it('keeps the newest `capacity` examples, with counts of what is kept', () => {
    const s = new TrainingSet(4, WIDTH);
    // Arrival order is not time order; the humans are the oldest three.
    const arrivals: [number, boolean][] = [[6, false], [1, true], [5, true], [2, true], [3, true], [4, false]];
    for (const [t, human] of arrivals) s.add(ex(`id${t}`, t, human));
    const kept = s.examples();
    expect(kept.map((e) => e.time)).toEqual([3, 4, 5, 6]);
    expect(s.size).toBe(4);
    expect(s.humans).toBe(2);
    expect(s.fakes).toBe(2);
  });

  it('trims on its own once well over capacity (adding stays bounded)', () => {
    const s = new TrainingSet(8, WIDTH);
    // 8 + ceil(8/4) = 10 may be held; the 11th add trims back to the newest 8.
    for (let t = 1; t <= 10; t++) s.add(ex(`id${t}`, t, t % 2 === 0));
    expect(s.size).toBe(10);
    s.add(ex('id11', 11, true));
    expect(s.size).toBe(8);
    // Kept: 4..11, humans are the even times 4,6,8,10 plus 11.
    expect(s.humans).toBe(5);
    expect(s.fakes).toBe(3);
    expect(s.countAfter(3)).toBe(8);
  });

  it('countAfter counts strictly later labels', () => {
    const s = new TrainingSet(10, WIDTH);
    for (const t of [10, 20, 20, 30]) s.add(ex(`id${t}-${s.size}`, t));
    expect(s.countAfter(20)).toBe(1);
    expect(s.countAfter(19)).toBe(3);
    expect(s.countAfter(-Infinity)).toBe(4);
    expect(s.countAfter(30)).toBe(0);
  });

  it('keeps per-account counts and examples, also through trimming', () => {
    const set = new TrainingSet(4, WIDTH);
    set.add(ex('a1', 1, true, WIDTH, 'acme'));
    set.add(ex('g1', 2, false, WIDTH, 'globex'));
    set.add(ex('a2', 3, false, WIDTH, 'acme'));
    set.add(ex('a3', 4, true, WIDTH, 'acme'));
    expect(set.accounts()).toEqual(new Map([['acme', { humans: 2, fakes: 1 }], ['globex', { humans: 0, fakes: 1 }]]));
    expect(set.examples('acme').map((e) => e.id)).toEqual(['a1', 'a2', 'a3']);
    expect(set.countAfter(1, 'acme')).toBe(2);
    set.add(ex('g2', 5, true, WIDTH, 'globex')); // over capacity: a1, the oldest, goes
    expect(set.accounts()).toEqual(new Map([['acme', { humans: 1, fakes: 1 }], ['globex', { humans: 1, fakes: 1 }]]));
    expect(set.examples('acme').map((e) => e.id)).toEqual(['a2', 'a3']);
  });
});
