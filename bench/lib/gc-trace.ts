/**
 * Reads `node --trace-gc-nvp` lines (one per collection, each prefixed `[pid:isolate]`) and sums
 * per isolate what the collections report: bytes allocated since the previous collection,
 * bytes promoted to the old generation, pause time, and how many were not scavenges. Summed
 * over a load window and divided by the checks answered in it, that is the bytes allocated per
 * check of each thread (the API thread's isolate and the stream worker's): the number that sets
 * how often the young generation is collected, by the V8 helper threads as much as by the
 * thread itself.
 */

export interface IsolateGc {
  readonly isolate: string;
  allocated: number;
  promoted: number;
  pauseMs: number;
  collections: number;
  /** Mark-compacts and other non-scavenge collections. */
  majors: number;
}

const LINE = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: pause=([\d.]+) .*?\bgc=(\w+) .*?\ballocated=(\d+) promoted=(\d+)/;

/** Per isolate, in the order first seen (the main thread's isolate starts first). */
export function sumGcTrace(text: string): IsolateGc[] {
  const by = new Map<string, IsolateGc>();
  for (const line of text.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const isolate = m[1]!;
    let s = by.get(isolate);
    if (!s) by.set(isolate, (s = { isolate, allocated: 0, promoted: 0, pauseMs: 0, collections: 0, majors: 0 }));
    s.allocated += Number(m[4]);
    s.promoted += Number(m[5]);
    s.pauseMs += Number(m[2]);
    s.collections++;
    if (m[3] !== 's') s.majors++;
  }
  return [...by.values()];
}
