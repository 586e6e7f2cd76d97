import { describe, expect, it } from 'vitest';
import { createTestChecks } from '../../src/service/test-checks.ts';

const inbox = (n: number) => Buffer.alloc(16, n);
const uuid = (n: number) => Buffer.alloc(16, 100 + n);

describe('recent test-key checks', () => {
  it('finds the latest test check of an inbox by the same account only, within the feedback window', () => {
    const t = createTestChecks();
    t.add('acme', inbox(1), uuid(1), 1_000);
    t.add('acme', inbox(1), uuid(2), 2_000);
    expect(t.latest('acme', inbox(1), 3_000)).toEqual({ uuid: uuid(2), time: 2_000 });
    expect(t.latest('globex', inbox(1), 3_000)).toBeUndefined();
    expect(t.latest('acme', inbox(1), 2_000 + 15 * 86_400_000)).toBeUndefined();
  });

  it("is bounded per account: one account's many test checks never push out another's", () => {
    const t = createTestChecks(3);
    t.add('victim', inbox(1), uuid(1), 1_000);
    for (let i = 0; i < 10; i++) t.add('attacker', inbox(10 + i), uuid(10 + i), 1_000 + i);
    expect(t.latest('victim', inbox(1), 2_000)).toEqual({ uuid: uuid(1), time: 1_000 });
    expect(t.latest('attacker', inbox(19), 2_000)).toBeDefined();
    expect(t.latest('attacker', inbox(10), 2_000)).toBeUndefined(); // pushed out by its own account's bound
  });
});
