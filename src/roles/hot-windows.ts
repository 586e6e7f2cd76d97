/**
 * The short windows (hot-windows.ts) held in this thread's memory, in both modes: fed by the
 * checks topic and rebuilt from it at start (hot-window-feed.ts). The API thread is where they
 * are read; the stream processors do not keep them. Embedded mode reads the log in the data
 * dir; in Kafka mode each API instance consumes every partition of the checks topic through
 * the consumer its replica reads the changelogs with (a consumer group of the instance's own).
 */
import type { Codecs } from '../bus/codecs.ts';
import type { EmbeddedLog } from '../bus/embedded-log.ts';
import type { Bus, BusConsumer, ConsumerOptions } from '../bus/ports.ts';
import { TOPICS } from '../bus/topics.ts';
import { startHotWindowFeed, type HotWindowFeed } from '../streams/hot-window-feed.ts';
import { instanceId } from './bus.ts';
import { catchUp } from './catch-up.ts';
import type { Context } from './context.ts';

/**
 * `log`: embedded mode's log, which tells its newest record's time (Kafka mode starts from the
 * clock). `shared`: the group and a part of the consumer the feed shares (Kafka mode: with the
 * replica); by default a consumer of its own.
 */
export async function startHotWindows(
  ctx: Context,
  bus: Bus,
  codecs: Pick<Codecs, 'checks'>,
  log?: EmbeddedLog,
  shared?: { groupId: string; consumer: (options: ConsumerOptions) => BusConsumer },
): Promise<{ feed: HotWindowFeed; caughtUp: () => boolean }> {
  const topic = TOPICS.checks.name;
  const feed = await startHotWindowFeed({
    bus,
    codec: codecs.checks,
    groupId: shared?.groupId ?? (bus.kind === 'kafka' ? `mailsift-hot-windows-${instanceId(ctx)}` : 'mailsift-hot-windows'),
    ...(shared ? { consumer: shared.consumer } : {}),
    ...(log ? { newestTime: (p: number) => log.newestTime(topic, p) } : {}),
    now: ctx.now,
    onError: (err) => ctx.logger.error({ err }, 'hot windows stopped on an error'),
  });
  try {
    const remaining = async (): Promise<number> => (await bus.endOffsets(topic)).reduce((s, end, p) => s + Math.max(0, end - (feed.applied()[p] ?? 0)), 0);
    // Kafka mode: a feed whose group another member shares never catches up, but may pass (/readyz names why).
    const caughtUp = await catchUp({ part: 'hot windows', logger: ctx.logger, caughtUp: (ms) => feed.caughtUp(ms), remaining, failed: () => (bus.kind === 'kafka' ? undefined : feed.failed()) });
    ctx.metrics.gauge('mailsift_hot_window_entities', 'Domains, account IPs and account stems held in the in-memory sign-up windows', ['window'], (set) => {
      set({ window: 'domain-signups-10m' }, feed.windows.domainSignups.size);
      set({ window: 'ip-signups-1h' }, feed.windows.ipSignups.size);
      set({ window: 'stem-signups-1h' }, feed.windows.stemSignups.size);
    });
    return { feed, caughtUp };
  } catch (err) {
    await feed.stop();
    throw err;
  }
}
