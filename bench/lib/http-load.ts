/** Shared by the HTTP benches: start a process that prints its URL (src/platform/serve-process.ts), and drive POST /v1/check with autocannon. */
import autocannon from 'autocannon';

export { startProcess, stopProcess, type Started } from '../../src/platform/serve-process.ts';

/** `rate`: requests a second over all connections (default: as fast as they answer). */
export function loadChecks(url: string, bodies: string[], o: { seconds: number; connections: number; headers: Record<string, string>; rate?: number }): Promise<autocannon.Result> {
  let i = 0;
  return new Promise((res, rej) => {
    autocannon(
      {
        url: `${url}/v1/check`,
        connections: o.connections,
        duration: o.seconds,
        ...(o.rate ? { overallRate: o.rate } : {}),
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...o.headers },
            setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length]! }),
          },
        ],
      },
      (err, result) => (err ? rej(err) : res(result)),
    );
  });
}

export async function usageTotal(url: string, key: string): Promise<number> {
  return ((await (await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${key}` } })).json()) as { total: number }).total;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
