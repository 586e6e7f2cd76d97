/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) and tells where a thread's busy time went within a
 * time window: inclusive shares of named parts (a sample counts for a part when any frame of its
 * stack matches it, so parts may overlap), and the top functions by self and inclusive time.
 * The window is in the profile's clock (CLOCK_MONOTONIC µs, as `process.hrtime` reads it).
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A frame as parts match it: `<function> <path>` (path after node_modules/ or dist/ where present). */
export function frameName(cf: CallFrame): string {
  const path = cf.url.replace(/^file:\/\//, '');
  // A package's own dist/ stays (nm:tldts/dist/cjs/index.js): cut, its frames lost the package's name.
  const url = /node_modules\//.test(path) ? path.replace(/.*node_modules\//, 'nm:') : path.replace(/.*\/dist\//, '');
  return `${cf.functionName || '(anonymous)'} ${url}`;
}

export interface Part {
  readonly name: string;
  /** Tested against every frame of a sample's stack (frameName). */
  readonly match: RegExp;
}

export interface ProfileShares {
  /** Busy µs in the window (idle and program samples left out). */
  readonly busyUs: number;
  /** Samples in the window, busy or not. */
  readonly windowUs: number;
  readonly parts: ReadonlyMap<string, number>;
  readonly topSelf: readonly [string, number][];
  readonly topInclusive: readonly [string, number][];
}

const IDLE = new Set(['(idle)', '(program)']);

export function profileShares(file: string, parts: readonly Part[], window?: { fromUs: number; toUs: number }, top = 40): ProfileShares {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const perNode = new Map<number, number>();
  let t = p.startTime;
  let windowUs = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    if (window && (t < window.fromUs || t > window.toUs)) continue;
    windowUs += dt;
    perNode.set(p.samples[i]!, (perNode.get(p.samples[i]!) ?? 0) + dt);
  }
  let busyUs = 0;
  const partUs = new Map(parts.map((x) => [x.name, 0]));
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  for (const [id, us] of perNode) {
    const leaf = byId.get(id)!;
    if (IDLE.has(leaf.callFrame.functionName)) continue;
    busyUs += us;
    const leafName = frameName(leaf.callFrame);
    self.set(leafName, (self.get(leafName) ?? 0) + us);
    const stack: string[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.push(frameName(byId.get(cur)!.callFrame));
    for (const name of new Set(stack)) incl.set(name, (incl.get(name) ?? 0) + us);
    for (const part of parts) if (stack.some((f) => part.match.test(f))) partUs.set(part.name, partUs.get(part.name)! + us);
  }
  const sorted = (m: Map<string, number>): [string, number][] => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { busyUs, windowUs, parts: partUs, topSelf: sorted(self), topInclusive: sorted(incl) };
}

export function formatShares(title: string, s: ProfileShares, checks?: number): string {
  const pct = (us: number): string => `${((100 * us) / Math.max(1, s.busyUs)).toFixed(1)}%`;
  const perCheck = (us: number): string => (checks ? ` (${(us / checks).toFixed(1)} µs/check)` : '');
  const lines = [`## ${title}: busy ${(s.busyUs / 1000).toFixed(0)} ms of ${(s.windowUs / 1000).toFixed(0)} ms${perCheck(s.busyUs)}`, '| part (inclusive) | share of busy | |', '|---|---:|---:|'];
  for (const [name, us] of s.parts) lines.push(`| ${name} | ${pct(us)} | ${checks ? (us / checks).toFixed(1) + ' µs/check' : ''} |`);
  lines.push('', 'top self:', ...s.topSelf.map(([n, us]) => `  ${pct(us).padStart(6)} ${n}`));
  lines.push('', 'top inclusive:', ...s.topInclusive.map(([n, us]) => `  ${pct(us).padStart(6)} ${n}`));
  return lines.join('\n');
}
