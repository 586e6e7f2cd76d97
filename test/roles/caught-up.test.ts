import { describe, expect, it } from 'vitest';
import { followerCaughtUp } from '../../src/roles/caught-up.ts';

describe('followerCaughtUp', () => {
  it('is true at once when the follower is at or past the end', async () => {
    expect(await followerCaughtUp(5, () => 5, () => undefined, 0)).toBe(true);
    expect(await followerCaughtUp(0, () => 0, () => undefined, 0)).toBe(true);
  });

  it('waits for the follower to reach the end', async () => {
    let pos = 0;
    const timer = setInterval(() => pos++, 5);
    try {
      expect(await followerCaughtUp(4, () => pos, () => undefined, 5_000)).toBe(true);
      expect(pos).toBeGreaterThanOrEqual(4);
    } finally {
      clearInterval(timer);
    }
  });

  it('is false once the follower failed, or when the time is up', async () => {
    expect(await followerCaughtUp(3, () => 1, () => new Error('stopped'), 5_000)).toBe(false);
    expect(await followerCaughtUp(3, () => 1, () => undefined, 30)).toBe(false);
  });
});
