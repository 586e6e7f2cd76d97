import { describe, expect, it } from 'vitest';
import { RecordsWithdrawnError } from '../../src/bus/ports.ts';
import { withdrawer, type Withdrawable } from '../../src/bus/withdrawal.ts';

const pending = (): Withdrawable & { errors: Error[] } => {
  const errors: Error[] = [];
  return { errors, reject: (e) => errors.push(e) };
};

describe('withdrawer', () => {
  it('withdraws every record of a send that is still queued, once, and says so again when asked', () => {
    const mine = [pending(), pending()];
    const counted: number[] = [];
    const withdraw = withdrawer('t', mine, (n) => counted.push(n));
    expect(withdraw()).toBe(true);
    expect(withdraw()).toBe(true);
    expect(counted).toEqual([2]);
    expect(mine.every((p) => p.withdrawn && p.errors.length === 1 && p.errors[0] instanceof RecordsWithdrawnError)).toBe(true);
  });

  it('leaves a send alone once any of its records is taken into a batch', () => {
    const mine = [pending(), { ...pending(), taken: true }];
    const counted: number[] = [];
    expect(withdrawer('t', mine, (n) => counted.push(n))()).toBe(false);
    expect(counted).toEqual([]);
    expect(mine.some((p) => p.withdrawn || p.errors.length)).toBe(false);
  });
});
