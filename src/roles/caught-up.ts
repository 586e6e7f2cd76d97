/**
 * Whether a follower of a one-partition topic (controls, models) reached the topic's end as it
 * was when asked: polled, because a follower applies records on its own consumer's schedule.
 * False once the follower failed or the time is up.
 */
export async function followerCaughtUp(end: number, position: () => number, failed: () => unknown, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (position() < end) {
    if (failed() || Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}
