import { describe, expect, it } from 'vitest';
import { catchUp } from '../../src/roles/catch-up.ts';

/** A log that applies `rate` records per second from `total`, caught up when none is left. */
function backlog(total: number, rate: number) {
  const start = Date.now();
  const left = (): number => Math.max(0, total - Math.floor(((Date.now() - start) * rate) / 1000));
  return {
    remaining: left,
    async caughtUp(timeoutMs: number): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (left() > 0) {
        if (Date.now() >= deadline) return false;
        await new Promise((r) => setTimeout(r, 10));
      }
      return true;
    },
  };
}

function recorder() {
  const lines: { level: string; msg: string; o: Record<string, unknown> }[] = [];
  return {
    lines,
    logger: {
      info: (o: object, msg?: string) => void lines.push({ level: 'info', msg: msg ?? '', o: o as Record<string, unknown> }),
      warn: (o: object, msg?: string) => void lines.push({ level: 'warn', msg: msg ?? '', o: o as Record<string, unknown> }),
    } as never,
  };
}

describe('catchUp', () => {
  it('prints nothing for a catch-up shorter than the first report', async () => {
    const r = recorder();
    const log = backlog(100, 10_000);
    const ok = await catchUp({ part: 'streams', logger: r.logger, ...log, firstReportMs: 200, everyMs: 100 });
    expect(ok()).toBe(true);
    expect(r.lines).toEqual([]);
  });

  it('reports progress (records left, rate, time left) while a long catch-up runs, and when it is done', async () => {
    const r = recorder();
    const log = backlog(6_000, 5_000); // 1.2 s
    const ok = await catchUp({ part: 'streams', logger: r.logger, ...log, firstReportMs: 100, everyMs: 150 });
    expect(ok()).toBe(true);
    const progress = r.lines.filter((l) => l.msg.includes('records to apply'));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]!.msg).toMatch(/^streams: catching up with the log: [\d,]+ records to apply$/);
    expect(progress[1]!.msg).toMatch(/^streams: catching up with the log: [\d,]+ records to apply \([\d,]+\/s, about \d+ s left\)$/);
    expect((progress[1]!.o.remaining as number) < (progress[0]!.o.remaining as number)).toBe(true);
    expect(r.lines.at(-1)!.msg).toMatch(/^streams: caught up with the log in \d+ s$/);
    // No line after it is done.
    const n = r.lines.length;
    await new Promise((res) => setTimeout(res, 400));
    expect(r.lines).toHaveLength(n);
  });

  it('past the bound: serves anyway, says so, keeps reporting, and turns ready once caught up', async () => {
    const r = recorder();
    const log = backlog(5_000, 10_000); // 500 ms
    const ok = await catchUp({ part: 'replica', logger: r.logger, ...log, waitMs: 150, firstReportMs: 50, everyMs: 100 });
    expect(ok()).toBe(false);
    expect(r.lines.some((l) => l.level === 'warn' && /^replica: still catching up with the log; serving meanwhile/.test(l.msg))).toBe(true);
    const deadline = Date.now() + 5_000;
    while (!ok() && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
    expect(ok()).toBe(true);
    expect(r.lines.at(-1)!.msg).toMatch(/^replica: caught up with the log/);
  });
});
