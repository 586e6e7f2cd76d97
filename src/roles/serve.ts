/**
 * `mailsift serve`: starts the roles MAILSIFT_ROLES names. Embedded mode runs them all in one
 * process over the embedded log; the API waits (bounded) until the stores have applied the log
 * before it listens, so a restart answers with the counters it had.
 */
import type { Context } from './context.ts';
import { startApi, type ApiRole } from './api.ts';
import { openBus } from './bus.ts';
import { startStreams } from './streams.ts';

const STARTUP_CATCH_UP_MS = 60_000;

export interface Running {
  readonly api?: ApiRole;
  close(): Promise<void>;
}

export async function serve(ctx: Context): Promise<Running> {
  const { logger } = ctx;
  const opened = await openBus(ctx);
  const streams = await startStreams(ctx, opened);
  let caughtUp = await streams.runtime.caughtUp(STARTUP_CATCH_UP_MS);
  if (!caughtUp) {
    logger.warn('state is still catching up with the log; /readyz reports not ready until it has');
    void streams.runtime.caughtUp(24 * 3_600_000).then((ok) => (caughtUp = ok));
  }
  const api = await startApi(ctx, {
    producer: opened.bus.producer(),
    codecs: opened.codecs,
    state: streams.state,
    applied: () => ({ checks: streams.runtime.applied('checks'), feedback: streams.runtime.applied('feedback') }),
    onStateCommit: (l) => streams.runtime.onCommit(l),
    readiness: async () => {
      const failed = streams.runtime.failed();
      return {
        streams: failed ? { ok: false, detail: failed.message } : caughtUp ? { ok: true } : { ok: false, detail: 'catching up with the log' },
        log: (await opened.bus.healthy()) ? { ok: true } : { ok: false, detail: 'event log unavailable' },
      };
    },
  });
  return {
    api,
    async close() {
      await api.close();
      await streams.close();
      await opened.bus.close();
    },
  };
}
