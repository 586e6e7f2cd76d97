/**
 * The bounded wait, at start, until the state a process reads has caught up with the log (after
 * a restart with a backlog, or a rebuild of a deleted state/): how it goes is printed when it
 * takes more than a few seconds, and past the bound the process serves anyway, reporting not
 * ready until it has caught up.
 */
import type { Logger } from 'pino';
import { StartupError } from '../platform/startup-error.ts';

export interface CatchUpOptions {
  /** Names the part in log lines: `streams`, `replica`. */
  readonly part: string;
  readonly logger: Pick<Logger, 'info' | 'warn'>;
  caughtUp(timeoutMs: number): Promise<boolean>;
  /** Records still to apply, for the progress lines. */
  remaining(): number | Promise<number>;
  /**
   * The error the runtime stopped on, if it did: it will never catch up, so the start is refused
   * with its reason (for a damaged log: which file, and what to do) rather than serving counters
   * that were never rebuilt. (A replica's failure may pass: /readyz reports it instead.)
   */
  failed?(): Error | undefined;
  /** How long start-up waits before serving anyway. Default 60 s. */
  readonly waitMs?: number;
  /** First progress line after this long (default 3 s), then one every `everyMs` (default 5 s). */
  readonly firstReportMs?: number;
  readonly everyMs?: number;
}

/** Waits (bounded) and returns "has caught up once since start", which keeps tracking in the background. */
export async function catchUp(o: CatchUpOptions): Promise<() => boolean> {
  const started = Date.now();
  let reported = false;
  let last: { at: number; left: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  const report = async (): Promise<void> => {
    const left = await o.remaining();
    const at = Date.now();
    const perSecond = last && at > last.at ? Math.max(0, ((last.left - left) * 1000) / (at - last.at)) : undefined;
    last = { at, left };
    reported = true;
    const eta = perSecond ? `, about ${Math.ceil(left / perSecond)} s left` : '';
    o.logger.info(
      { part: o.part, remaining: left, ...(perSecond === undefined ? {} : { per_second: Math.round(perSecond) }) },
      `${o.part}: catching up with the log: ${left.toLocaleString('en-US')} records to apply${perSecond === undefined ? '' : ` (${Math.round(perSecond).toLocaleString('en-US')}/s${eta})`}`,
    );
  };
  const first = setTimeout(() => {
    void report().catch(() => undefined);
    timer = setInterval(() => void report().catch(() => undefined), o.everyMs ?? 5_000);
  }, o.firstReportMs ?? 3_000);
  const done = (ok: boolean): boolean => {
    clearTimeout(first);
    clearInterval(timer);
    if (ok && reported) o.logger.info({ part: o.part, ms: Date.now() - started }, `${o.part}: caught up with the log in ${Math.round((Date.now() - started) / 1000)} s`);
    return ok;
  };
  let ok = await o.caughtUp(o.waitMs ?? 60_000);
  const failure = ok ? undefined : o.failed?.();
  if (failure) {
    done(false);
    throw new StartupError(`${o.part === 'streams' ? 'the stream processors' : o.part} stopped before catching up with the log, so the state cannot be brought up to date: ${failure.message}`, { cause: failure });
  }
  if (ok) done(true);
  else {
    o.logger.warn({ part: o.part }, `${o.part}: still catching up with the log; serving meanwhile, /readyz reports not ready until done`);
    void o.caughtUp(24 * 3_600_000).then((v) => (ok = done(v)));
  }
  return () => ok;
}
