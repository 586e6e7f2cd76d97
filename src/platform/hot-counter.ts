/**
 * A prom-client counter bumped on every request, without prom-client's work per call: its `inc`
 * builds a string from the labels, checks their names and looks the string up. Here each
 * combination of label values has a slot, found through one map per label (nothing built or
 * allocated once a combination was seen), and the slots' counts are added to the counter when it
 * is read (its `collect`, run on every scrape), so what a scrape shows is exact.
 */
import type { Counter } from 'prom-client';

interface Slot {
  readonly labels: Record<string, string>;
  n: number;
}

type Node = Map<string, Node | Slot>;

export class HotCounter<L extends string> {
  private readonly root: Node = new Map();
  private readonly slots: Slot[] = [];

  /** `labelNames`: the counter's label names (one to three), in the order `inc` takes their values. */
  constructor(readonly labelNames: readonly L[]) {
    if (labelNames.length < 1 || labelNames.length > 3) throw new Error('hot counter: one to three labels');
  }

  /** Adds 1 for the label values given in `labelNames` order. */
  inc(a: string, b?: string, c?: string): void {
    this.incBy(1, a, b, c);
  }

  /** Adds `by` for the label values given in `labelNames` order. */
  incBy(by: number, a: string, b?: string, c?: string): void {
    const last = this.labelNames.length - 1;
    let node = this.root;
    for (let i = 0; i < last; i++) {
      const v = i === 0 ? a : b!;
      let next = node.get(v) as Node | undefined;
      if (next === undefined) node.set(v, (next = new Map()));
      node = next;
    }
    const v = last === 0 ? a : last === 1 ? b! : c!;
    let slot = node.get(v) as Slot | undefined;
    if (slot === undefined) {
      const labels: Record<string, string> = {};
      const values = [a, b, c];
      this.labelNames.forEach((name, i) => (labels[name] = values[i]!));
      node.set(v, (slot = { labels, n: 0 }));
      this.slots.push(slot);
    }
    slot.n += by;
  }

  /** Adds what was counted since the last call to `counter` (call it from the counter's `collect`). */
  flushInto(counter: Counter<L>): void {
    for (const s of this.slots) {
      if (s.n === 0) continue;
      counter.inc(s.labels as Partial<Record<L, string>>, s.n);
      s.n = 0;
    }
  }
}
