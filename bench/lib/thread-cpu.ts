/**
 * CPU seconds per thread of a process, from /proc (Linux only; empty elsewhere). Throughput on a
 * shared machine is noisy; CPU time per check is not, so the benches print both.
 */
import { readdirSync, readFileSync } from 'node:fs';

export type ThreadCpu = Map<string, number>;

export function threadCpu(pid: number | 'self' = 'self'): ThreadCpu {
  const out: ThreadCpu = new Map();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      out.set(tid, (Number(fields[11]) + Number(fields[12])) / 100); // utime + stime, in clock ticks
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/**
 * µs of CPU per unit of work between two samples: the main thread, the busiest other thread
 * (the stream runtime's worker, when there is one) and all the rest (GC helpers, libuv pool).
 */
export function cpuPerUnit(before: ThreadCpu, after: ThreadCpu, mainTid: string, units: number): string {
  if (after.size === 0 || units <= 0) return 'CPU per check: not measured (no /proc)';
  const deltas = [...after].map(([tid, t]) => [tid, t - (before.get(tid) ?? 0)] as const);
  const main = deltas.find(([tid]) => tid === mainTid)?.[1] ?? 0;
  const others = deltas.filter(([tid]) => tid !== mainTid).sort((a, b) => b[1] - a[1]);
  const busiest = others[0]?.[1] ?? 0;
  const rest = others.slice(1).reduce((s, [, d]) => s + d, 0);
  const us = (s: number): string => `${Math.round((s * 1e6) / units)}`;
  return `CPU per check: ${us(main + busiest + rest)} µs (main thread ${us(main)}, busiest other thread ${us(busiest)}, the rest ${us(rest)})`;
}

/**
 * How busy the threads were over `seconds` of wall time between two samples: the main thread
 * (and the share of it its GC pauses took, `gcMs`), the busiest other thread, all the rest.
 * A thread near 100% is the one that sets the rate.
 */
export function busyShares(before: ThreadCpu, after: ThreadCpu, mainTid: string, seconds: number, gcMs: number): string {
  if (after.size === 0 || seconds <= 0) return 'thread shares: not measured (no /proc)';
  const deltas = [...after].map(([tid, t]) => [tid, t - (before.get(tid) ?? 0)] as const);
  const main = deltas.find(([tid]) => tid === mainTid)?.[1] ?? 0;
  const others = deltas.filter(([tid]) => tid !== mainTid).sort((a, b) => b[1] - a[1]);
  const pct = (s: number): string => `${Math.round((100 * s) / seconds)}%`;
  return `main thread busy ${pct(main)} of the time (GC pauses ${pct(gcMs / 1000)}), busiest other thread ${pct(others[0]?.[1] ?? 0)}, the rest ${pct(others.slice(1).reduce((s, [, d]) => s + d, 0))} (of one core)`;
}

/**
 * CPU seconds of a whole process, including threads that have ended (a sum over the live
 * threads drops when one exits: a JVM's went negative between two samples); 0 when /proc is
 * not there.
 */
export function processCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
  } catch {
    return 0;
  }
}

/**
 * One thread's context switches so far (/proc; zeros elsewhere): `voluntary` (it slept: idle
 * in epoll, a lock) and `preempted` (the scheduler took the core away, on two busy cores
 * mostly right after the thread woke another one: a libuv pool thread for a read or a write,
 * the stream worker with a message). A V8 CPU profile counts the preempted time to whatever
 * native call the thread was in (docs/architecture.md, issue 19's sixteenth round: bulk).
 */
export function threadSwitches(pid: number, tid: number | string = pid): { voluntary: number; preempted: number } {
  try {
    const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { voluntary: field('voluntary_ctxt_switches'), preempted: field('nonvoluntary_ctxt_switches') };
  } catch {
    return { voluntary: 0, preempted: 0 };
  }
}
