/**
 * Embedded mode: the short windows (hot-windows.ts) held in this thread's memory, fed by the
 * checks topic of the embedded log and rebuilt from it at start (hot-window-feed.ts). The API
 * thread is where they are read; the stream worker no longer keeps them.
 */
import type { Codecs } from '../bus/codecs.ts';
import type { EmbeddedLog } from '../bus/embedded-log.ts';
import type { Bus } from '../bus/ports.ts';
import { TOPICS } from '../bus/topics.ts';
import { startHotWindowFeed, type HotWindowFeed } from '../streams/hot-window-feed.ts';
import { catchUp } from './catch-up.ts';
import type { Context } from './context.ts';

export async function startHotWindows(ctx: Context, bus: Bus, log: EmbeddedLog, codecs: Pick<Codecs, 'checks'>): Promise<{ feed: HotWindowFeed; caughtUp: () => boolean }> {
  const topic = TOPICS.checks.name;
  const feed = await startHotWindowFeed({
    bus,
    codec: codecs.checks,
    offsetForTime: (p, ts) => log.offsetForTime(topic, p, ts),
    newestTime: (p) => log.newestTime(topic, p),
    now: ctx.now,
    onError: (err) => ctx.logger.error({ err }, 'hot windows stopped on an error'),
  });
  try {
    const remaining = async (): Promise<number> => (await bus.endOffsets(topic)).reduce((s, end, p) => s + Math.max(0, end - (feed.applied()[p] ?? 0)), 0);
    const caughtUp = await catchUp({ part: 'hot windows', logger: ctx.logger, caughtUp: (ms) => feed.caughtUp(ms), remaining, failed: () => feed.failed() });
    ctx.metrics.gauge('mailsift_hot_window_entities', 'Domains and account IPs held in the in-memory sign-up windows', ['window'], (set) => {
      set({ window: 'domain-signups-10m' }, feed.windows.domainSignups.size);
      set({ window: 'ip-signups-1h' }, feed.windows.ipSignups.size);
    });
    return { feed, caughtUp };
  } catch (err) {
    await feed.stop();
    throw err;
  }
}
