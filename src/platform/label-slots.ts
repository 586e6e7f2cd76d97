/**
 * One slot per combination of label values, found through one map per label: once a
 * combination was seen, finding its slot builds and allocates nothing (prom-client's `inc` and
 * `observe` build a string from the labels object, check the names and look the string up on
 * every call). The hot metrics (hot-counter.ts, hot-histogram.ts) keep their counts in the slots.
 */
type Node<S> = Map<string, Node<S> | S>;

export class LabelSlots<L extends string, S> {
  private readonly root: Node<S> = new Map();
  /** Every slot, in the order their combinations were first seen. */
  readonly all: S[] = [];

  /** `labelNames`: one to three, in the order `slot` takes their values; `make` builds a new combination's slot. */
  constructor(
    readonly labelNames: readonly L[],
    private readonly make: (labels: Record<L, string>) => S,
  ) {
    if (labelNames.length < 1 || labelNames.length > 3) throw new Error('hot metric: one to three labels');
  }

  /** The slot of the label values given in `labelNames` order. */
  slot(a: string, b?: string, c?: string): S {
    const last = this.labelNames.length - 1;
    let node = this.root;
    for (let i = 0; i < last; i++) {
      const v = i === 0 ? a : b!;
      let next = node.get(v) as Node<S> | undefined;
      if (next === undefined) node.set(v, (next = new Map()));
      node = next;
    }
    const v = last === 0 ? a : last === 1 ? b! : c!;
    let slot = node.get(v) as S | undefined;
    if (slot === undefined) {
      const labels = {} as Record<L, string>;
      const values = [a, b, c];
      this.labelNames.forEach((name, i) => (labels[name] = values[i]!));
      node.set(v, (slot = this.make(labels)));
      this.all.push(slot);
    }
    return slot;
  }

  /** Forgets every combination. */
  clear(): void {
    this.root.clear();
    this.all.length = 0;
  }
}
