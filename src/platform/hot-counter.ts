/**
 * A prom-client counter bumped on every request, without prom-client's work per call: each
 * combination of label values has a slot (label-slots.ts), and the slots' counts are added to the
 * counter when it is read (its `collect`, run on every scrape), so what a scrape shows is exact.
 */
import type { Counter } from 'prom-client';
import { LabelSlots } from './label-slots.ts';

interface Slot {
  readonly labels: Record<string, string>;
  n: number;
}

export class HotCounter<L extends string> {
  private readonly slots: LabelSlots<L, Slot>;

  /** `labelNames`: the counter's label names (one to three), in the order `inc` takes their values. */
  constructor(readonly labelNames: readonly L[]) {
    this.slots = new LabelSlots(labelNames, (labels) => ({ labels, n: 0 }));
  }

  /** Adds 1 for the label values given in `labelNames` order. */
  inc(a: string, b?: string, c?: string): void {
    this.slots.slot(a, b, c).n += 1;
  }

  /** Adds `by` for the label values given in `labelNames` order. */
  incBy(by: number, a: string, b?: string, c?: string): void {
    this.slots.slot(a, b, c).n += by;
  }

  /** Adds what was counted since the last call to `counter` (call it from the counter's `collect`). */
  flushInto(counter: Counter<L>): void {
    for (const s of this.slots.all) {
      if (s.n === 0) continue;
      counter.inc(s.labels as Partial<Record<L, string>>, s.n);
      s.n = 0;
    }
  }
}
