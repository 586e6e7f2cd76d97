import { describe, expect, it } from 'vitest';
import { levelAt, secondsToFull, spend, takeToken, type Bucket } from '../../src/domain/token-bucket.ts';

describe('token bucket', () => {
  it('allows a burst, then refills at the rate', () => {
    let b: Bucket | undefined;
    let allowed = 0;
    for (let i = 0; i < 250; i++) {
      const t = takeToken(b, 0, 100, 200);
      b = t.bucket;
      if (t.allowed) allowed++;
    }
    expect(allowed).toBe(200);
    const denied = takeToken(b, 0, 100, 200);
    expect(denied.allowed).toBe(false);
    if (!denied.allowed) expect(denied.retryAfterMs).toBe(10);
    // 50 ms later: 5 tokens back
    let later = 0;
    for (let i = 0; i < 10; i++) {
      const t = takeToken(b, 50, 100, 200);
      b = t.bucket;
      if (t.allowed) later++;
    }
    expect(later).toBe(5);
  });

  it('never exceeds the burst after a long idle time', () => {
    const t = takeToken({ tokens: 0, updatedAt: 0 }, 3_600_000, 100, 200);
    expect(t.allowed && t.bucket.tokens).toBe(199);
  });
});

describe('token bucket with a cost', () => {
  it('takes the cost at once, refuses what it cannot cover (taking nothing) and says when it can', () => {
    const first = takeToken(undefined, 0, 500, 2000, 1000);
    expect(first.allowed && first.bucket.tokens).toBe(1000);
    const second = takeToken(first.bucket, 0, 500, 2000, 1000);
    expect(second.allowed && second.bucket.tokens).toBe(0);
    const third = takeToken(second.bucket, 400, 500, 2000, 1000);
    expect(third.allowed).toBe(false);
    if (!third.allowed) {
      expect(third.bucket.tokens).toBe(200);
      expect(third.retryAfterMs).toBe(1600);
    }
    const single = takeToken(third.bucket, 400, 500, 2000);
    expect(single.allowed && single.bucket.tokens).toBe(199);
    expect(secondsToFull(levelAt(single.bucket, 400, 500, 2000), 500, 2000)).toBe(4);
    expect(secondsToFull(levelAt(single.bucket, 10_000, 500, 2000), 500, 2000)).toBe(0);
  });
});

describe('token bucket spent after the fact', () => {
  it('takes the cost whatever is left, going below zero; the next request waits until it has refilled past it', () => {
    const t = takeToken(undefined, 0, 100, 200, 190);
    const debt = spend(t.allowed ? t.bucket : undefined, 0, 100, 200, 70);
    expect(debt.tokens).toBe(-60);
    const next = takeToken(debt, 100, 100, 200);
    expect(next.allowed).toBe(false);
    if (!next.allowed) expect(next.retryAfterMs).toBe(510);
    expect(takeToken(debt, 610, 100, 200).allowed).toBe(true);
    expect(secondsToFull(levelAt(debt, 0, 100, 200), 100, 200)).toBe(3);
  });
});
