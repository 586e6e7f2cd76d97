/**
 * Overload protection: while the event loop is saturated, every request is answered at once
 * with 503 and `Retry-After: 1` rather than queued behind the work that saturates it.
 *
 * "Saturated" is @fastify/under-pressure's event-loop-delay rule, which this replaces: the mean
 * delay of the loop over the last sample (1 s), less the timer's resolution, above the limit.
 * What differs is when it measures: the serving process, and only that.
 *  - From ready, not from when the app was built. under-pressure samples from its registration,
 *    so the start's own synchronous work after that (the rest of the app, compiling its schemas,
 *    the operator endpoint) read as event-loop delay: a start on a loaded machine refused its
 *    first requests with 503 for up to a second, for work it had already finished.
 *  - Anew when the process is continued after a stop (SIGCONT): the stopped seconds read as one
 *    huge delay of the loop, though nothing had queued behind it, and every request was refused
 *    until the next sample.
 * under-pressure's histogram cannot be restarted from outside, hence this file; its other checks
 * (heap, RSS, utilisation, health) were never used here.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface OverloadGuardOptions {
  /** Mean event-loop delay over a sample that means "overloaded" (ms). */
  maxEventLoopDelayMs: number;
  /** Subscribes to the process being continued after a stop (SIGCONT); returns the unsubscribe. */
  resumed?(listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own handling of an overloaded service: told of the request, which then goes on (a 503 otherwise). */
    onOverload?: (request: FastifyRequest) => void;
  }
}

/** The histogram's timer period; a loop that is not delayed at all reads as this much. */
const RESOLUTION_MS = 10;
/** One sample: the delay it measured holds until the next one. */
const SAMPLE_MS = 1_000;

export function installOverloadGuard(app: FastifyInstance, o: OverloadGuardOptions): void {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let delayMs = 0;
  let sampler: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const sample = (): void => {
    // No timer tick in a whole sample is a loop blocked throughout it: overloaded.
    delayMs = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS) : Number.POSITIVE_INFINITY;
    histogram.reset();
  };
  // Forgets everything measured so far: disabling drops the histogram timer's last tick, whose
  // distance to the next one would otherwise be recorded as a delay.
  const measureAnew = (): void => {
    histogram.disable();
    histogram.reset();
    histogram.enable();
    delayMs = 0;
    sampler?.refresh();
  };

  app.addHook('onReady', (done) => {
    sampler = setInterval(sample, SAMPLE_MS);
    sampler.unref();
    measureAnew();
    unsubscribe = o.resumed?.(measureAnew);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sampler);
    histogram.disable();
    unsubscribe?.();
    done();
  });
  // Callback style, no promise per request on the hot path; a hook that replies ends the chain.
  app.addHook('onRequest', (request, reply, done) => {
    if (delayMs <= o.maxEventLoopDelayMs) {
      done();
      return;
    }
    // A route whose caller must not get a 503 handles the overload itself (signup-hooks.ts).
    const own = request.routeOptions.config.onOverload;
    if (own) {
      own(request);
      done();
      return;
    }
    void reply.code(503).header('retry-after', '1').send({ error: 'service: overloaded, retry later' });
  });
}
