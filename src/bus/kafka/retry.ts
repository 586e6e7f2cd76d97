/**
 * Retry policy for admin calls (kafkajs retries its producer and consumer itself, not every
 * admin request): retriable errors (e.g. "not the leader" right after a topic was created or a
 * broker restarted) are retried with backoff until the deadline; others fail at once.
 */
export async function withRetry<T>(op: () => Promise<T>, deadlineMs = 10_000, firstDelayMs = 50): Promise<T> {
  const until = Date.now() + deadlineMs;
  let delay = firstDelayMs;
  for (;;) {
    try {
      return await op();
    } catch (err) {
      const retriable = (err as { retriable?: boolean }).retriable === true || /leader|not available|coordinator|ECONNREFUSED|timeout/i.test(String((err as Error).message));
      if (!retriable || Date.now() + delay > until) throw err;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(1_000, delay * 2);
    }
  }
}
