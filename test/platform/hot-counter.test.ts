import fc from 'fast-check';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HotCounter } from '../../src/platform/hot-counter.ts';

/** The same counts through prom-client's own inc and through a HotCounter: two registries. */
function pair() {
  const direct = new Registry();
  const viaHot = new Registry();
  const plain = new Counter({ name: 'x_total', help: 'h', labelNames: ['method', 'route', 'status'] as const, registers: [direct] });
  const hot = new HotCounter(['method', 'route', 'status'] as const);
  new Counter({ name: 'x_total', help: 'h', labelNames: ['method', 'route', 'status'] as const, registers: [viaHot], collect() { hot.flushInto(this); } });
  const sorted = async (r: Registry) => (await r.metrics()).split('\n').sort().join('\n');
  return { plain, hot, direct: () => sorted(direct), viaHot: () => sorted(viaHot) };
}

describe('HotCounter', () => {
  it('property: what a scrape shows is what prom-client counting each call shows, scrape after scrape', async () => {
    const call = fc.tuple(fc.constantFrom('GET', 'POST'), fc.constantFrom('/v1/check', '/v1/stats', 'unmatched'), fc.constantFrom('200', '400', '503'), fc.integer({ min: 1, max: 3 }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(call, { maxLength: 30 }), { minLength: 1, maxLength: 4 }), async (scrapes) => {
        const p = pair();
        for (const calls of scrapes) {
          for (const [m, r, s, by] of calls) {
            p.plain.inc({ method: m, route: r, status: s }, by);
            if (by === 1) p.hot.inc(m, r, s);
            else p.hot.incBy(by, m, r, s);
          }
          expect(await p.viaHot()).toBe(await p.direct());
        }
      }),
      { numRuns: 100 },
    );
  });

  it('takes one to three labels, in the order given', async () => {
    const r = new Registry();
    const one = new HotCounter(['topic'] as const);
    new Counter({ name: 'one_total', help: 'h', labelNames: ['topic'] as const, registers: [r], collect() { one.flushInto(this); } });
    const two = new HotCounter(['verdict', 'model'] as const);
    new Counter({ name: 'two_total', help: 'h', labelNames: ['verdict', 'model'] as const, registers: [r], collect() { two.flushInto(this); } });
    one.incBy(5, 'checks');
    two.inc('allow', 'baseline');
    two.inc('allow', 'baseline');
    two.inc('block', 'personal');
    const text = await r.metrics();
    expect(text).toContain('one_total{topic="checks"} 5');
    expect(text).toContain('two_total{verdict="allow",model="baseline"} 2');
    expect(text).toContain('two_total{verdict="block",model="personal"} 1');
    expect(() => new HotCounter([])).toThrow(/one to three labels/);
    expect(() => new HotCounter(['a', 'b', 'c', 'd'])).toThrow(/one to three labels/);
  });
});
