/**
 * Warm-up to a steady state, by one rule for every mode a bench compares: load in windows of
 * `windowSeconds`, measure the CPU per answered check of all the mode's processes in each, and
 * stop once the median of the last `span` windows is within `tolerance` of the median of the
 * `span` windows before them (so at least 2 × span windows), or at `capSeconds`.
 *
 * Why: a fixed few seconds of warm-up ended long before Kafka mode settled (its CPU per check
 * kept falling for 15-60 s: JIT on four processes, and while they are slow the producer's
 * one-at-a-time commits stay small and the per-second fetch loops are spread over few checks),
 * so the bench compared a warm embedded process with a Kafka mode still warming up. What the
 * warm-up cost is reported beside the steady figures, as the start-up cost of the mode.
 */
import autocannon from 'autocannon';
import { median } from './cli.ts';

export interface SteadyRule {
  windowSeconds: number;
  /** Windows per median: the last `span` against the `span` before them. */
  span: number;
  /** Relative difference of the two medians at which the mode counts as steady. */
  tolerance: number;
  /** Warm-up ends here even if not steady (reported as such). */
  capSeconds: number;
}

export const STEADY_RULE: SteadyRule = { windowSeconds: 5, span: 3, tolerance: 0.1, capSeconds: 120 };

export function describeRule(r: SteadyRule): string {
  return `${r.windowSeconds} s windows until the median CPU per check of the last ${r.span} is within ${Math.round(r.tolerance * 100)}% of the ${r.span} before (at most ${r.capSeconds} s)`;
}

/** Whether these windows' CPU per check (oldest first) meet the rule. */
export function isSteady(cpuPerCheck: readonly number[], r: Pick<SteadyRule, 'span' | 'tolerance'>): boolean {
  const n = cpuPerCheck.length;
  if (n < 2 * r.span) return false;
  const last = median(cpuPerCheck.slice(n - r.span));
  const before = median(cpuPerCheck.slice(n - 2 * r.span, n - r.span));
  return Math.abs(last - before) <= r.tolerance * before;
}

export interface Window {
  checks: number;
  /** CPU seconds of all the mode's processes in the window. */
  cpuSeconds: number;
  /** The same by process, in the order `cpuSeconds()` gives them. */
  byProcess?: number[];
}

export interface WarmUp {
  steady: boolean;
  seconds: number;
  windows: Window[];
  /** Median CPU per check (µs) of the last `span` windows: the level the mode settled at. */
  steadyUs: number;
  /** CPU seconds the warm-up took beyond what its checks cost at the steady level. */
  extraCpuSeconds: number;
  /** Checks answered (2xx) during the warm-up (autocannon's count, which also takes the last partial window). */
  answered: number;
}

export const usPerCheck = (w: Window): number => (w.cpuSeconds * 1e6) / Math.max(1, w.checks);

/** What a warm-up's windows say (pure): the steady level, and what the warm-up paid above it. */
export function summarise(windows: readonly Window[], r: SteadyRule): Omit<WarmUp, 'steady' | 'seconds'> {
  const steadyUs = median(windows.slice(-r.span).map(usPerCheck));
  const cpu = windows.reduce((s, w) => s + w.cpuSeconds, 0);
  const answered = windows.reduce((s, w) => s + w.checks, 0);
  return { windows: [...windows], steadyUs, answered, extraCpuSeconds: Math.max(0, cpu - (steadyUs * answered) / 1e6) };
}

/**
 * Loads POST /v1/check at `url` (one autocannon run, stopped at the steady state or the cap),
 * `cpuSeconds()` giving the CPU seconds so far of every process of the mode.
 */
export function warmUntilSteady(
  url: string,
  bodies: readonly string[],
  o: { connections: number; headers: Record<string, string>; cpuSeconds: () => number[]; rule?: SteadyRule },
): Promise<WarmUp> {
  const r = o.rule ?? STEADY_RULE;
  let i = 0;
  let ok = 0;
  const windows: Window[] = [];
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    let steady = false;
    let lastOk = 0;
    let lastCpu = o.cpuSeconds();
    const instance = autocannon(
      {
        url: `${url}/v1/check`,
        connections: o.connections,
        duration: r.capSeconds,
        requests: [{ method: 'POST', headers: { 'content-type': 'application/json', ...o.headers }, setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length]! }) }],
      },
      (err, result) => {
        clearInterval(timer);
        if (err) reject(err);
        else resolve({ steady, seconds: (performance.now() - t0) / 1000, ...summarise(windows, r), answered: result['2xx'] });
      },
    );
    instance.on('response', (_client: unknown, status: number) => {
      if (status >= 200 && status < 300) ok++;
    });
    const timer = setInterval(() => {
      const cpu = o.cpuSeconds();
      const byProcess = cpu.map((c, k) => c - lastCpu[k]!);
      windows.push({ checks: ok - lastOk, cpuSeconds: byProcess.reduce((a, b) => a + b, 0), byProcess });
      lastOk = ok;
      lastCpu = cpu;
      if (isSteady(windows.map(usPerCheck), r)) {
        steady = true;
        clearInterval(timer);
        instance.stop();
      }
    }, r.windowSeconds * 1000);
  });
}

/** The warm-up in lines: CPU per check by window, in all and by process (`names` in `cpuSeconds()`'s order). */
export function formatWarmUp(mode: string, w: WarmUp, names: readonly string[]): string {
  const trail = (f: (x: Window) => number): string => w.windows.map((x) => Math.round((f(x) * 1e6) / Math.max(1, x.checks))).join(' ');
  return [
    `${mode}: ${w.steady ? 'steady' : 'NOT steady'} after ${w.seconds.toFixed(0)} s (${w.answered} checks); steady ${Math.round(w.steadyUs)} µs per check; the warm-up took ${w.extraCpuSeconds.toFixed(1)} CPU-s above that`,
    `  checks/s by window: ${w.windows.map((x) => Math.round(x.checks / STEADY_RULE.windowSeconds)).join(' ')}`,
    `  µs per check by window: ${trail((x) => x.cpuSeconds)}`,
    ...(names.length > 1 ? names.map((n, k) => `    ${n}: ${trail((x) => x.byProcess?.[k] ?? 0)}`) : []),
  ].join('\n');
}
