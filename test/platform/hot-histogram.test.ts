import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HotHistogram } from '../../src/platform/hot-histogram.ts';

const BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The same observations through prom-client's Histogram and through a HotHistogram: two registries. */
function pair() {
  const direct = new Registry();
  const viaHot = new Registry();
  const config = { name: 'x_seconds', help: 'h', labelNames: ['method', 'route', 'status'] as const, buckets: BUCKETS };
  const plain = new Histogram({ ...config, registers: [direct] });
  const hot = new HotHistogram({ ...config, registers: [viaHot] });
  return { plain, hot, direct, viaHot };
}

describe('HotHistogram', () => {
  it('property: the exposition (text and JSON) is what prom-client\'s Histogram gives for the same observations, scrape after scrape', async () => {
    // Values on the bounds, between them and past the last: each lands in the bucket prom-client puts it in.
    const value = fc.oneof(fc.constantFrom(...BUCKETS, 0, 7.5), fc.double({ min: 0, max: 10, noNaN: true }));
    const call = fc.tuple(fc.constantFrom('GET', 'POST'), fc.constantFrom('/v1/check', '/v1/stats', 'unmatched'), fc.constantFrom('200', '400', '503'), value);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(call, { maxLength: 30 }), { minLength: 1, maxLength: 4 }), async (scrapes) => {
        const p = pair();
        for (const calls of scrapes) {
          for (const [m, r, s, v] of calls) {
            p.plain.observe({ method: m, route: r, status: s }, v);
            p.hot.observe(v, m, r, s);
          }
          expect(await p.viaHot.metrics()).toBe(await p.direct.metrics());
          expect(await p.viaHot.getMetricsAsJSON()).toEqual(await p.direct.getMetricsAsJSON());
        }
      }),
      { numRuns: 100 },
    );
  });

  it('counts a value in the first bucket whose bound it does not pass (the bound itself included), past the last in +Inf only', async () => {
    const r = new Registry();
    const h = new HotHistogram({ name: 'y_seconds', help: 'h', labelNames: ['topic'] as const, buckets: [1, 2], registers: [r] });
    h.observe(1, 'a');
    h.observe(1.5, 'a');
    h.observe(3, 'a');
    const text = await r.metrics();
    expect(text).toContain('y_seconds_bucket{le="1",topic="a"} 1');
    expect(text).toContain('y_seconds_bucket{le="2",topic="a"} 2');
    expect(text).toContain('y_seconds_bucket{le="+Inf",topic="a"} 3');
    expect(text).toContain('y_seconds_sum{topic="a"} 5.5');
    expect(text).toContain('y_seconds_count{topic="a"} 3');
    r.resetMetrics();
    expect(await r.metrics()).not.toContain('topic="a"');
    expect(() => h.observe(Number.NaN, 'a')).toThrow(TypeError);
    expect(() => new HotHistogram({ name: 'z', help: 'h', labelNames: ['a'], buckets: [2, 1], registers: [] })).toThrow(/ascend/);
  });
});
