/**
 * Longest-prefix match over IPv4 and IPv6 CIDRs.
 *
 * One binary trie per address family, flattened into typed arrays so a lookup is a tight
 * loop over integers: no allocation, no strings, no BigInt. Depth is bounded by the longest
 * prefix stored on the path (<= 32 for IPv4, <= 128 for IPv6), and the feeds we load stop
 * at /32 (IPv4) and mostly /64 (IPv6), so a lookup is a few dozen array reads.
 * Measured in bench/ip-lookup.ts (see docs/ip-intelligence.md for the figure).
 *
 * IPv4 also gets a direct index on its first 16 bits (2 x 64 Ki entries, 512 KiB): each slot
 * holds the trie node at depth 16 and the best value met on the way there, so a lookup skips
 * the 16 top levels, which are dependent reads that mostly miss the cache on a large table.
 *
 * Addresses are big-endian 32-bit words: one word for IPv4, four for IPv6.
 * Invariants: a built table is immutable; on two equal prefixes the first value added wins
 * (callers add in a fixed priority order, so the result is deterministic).
 */

export type IpFamily = 4 | 6;

/** A prefix: `words` has 1 (IPv4) or 4 (IPv6) big-endian uint32 words, host bits zero. */
export interface Cidr {
  readonly family: IpFamily;
  readonly words: readonly number[];
  readonly length: number;
}

const NO_VALUE = -1;
const JUMP_BITS = 16;

/** For each 16-bit IPv4 head: the trie node at depth 16 (0 = none) and the best value above it. */
function buildJump(child: Int32Array, value: Int32Array): { node: Int32Array; best: Int32Array } {
  const node = new Int32Array(1 << JUMP_BITS);
  const best = new Int32Array(1 << JUMP_BITS).fill(NO_VALUE);
  const walk = (n: number, depth: number, head: number, bestSoFar: number): void => {
    const v = value[n] as number;
    if (v !== NO_VALUE) bestSoFar = v;
    if (depth === JUMP_BITS) {
      node[head] = n;
      best[head] = bestSoFar;
      return;
    }
    for (let bit = 0; bit < 2; bit++) {
      const next = child[2 * n + bit] as number;
      const h = (head << 1) | bit;
      if (next !== 0) walk(next, depth + 1, h, bestSoFar);
      else {
        const span = JUMP_BITS - depth - 1;
        best.fill(bestSoFar, h << span, (h + 1) << span);
      }
    }
  };
  walk(0, 0, 0, NO_VALUE);
  return { node, best };
}

/** Growable binary trie; node 0 is the root, and child index 0 means "no child". */
class Trie {
  child = new Int32Array(2 * 1024);
  value = new Int32Array(1024).fill(NO_VALUE);
  nodes = 1;

  private newNode(): number {
    if (this.nodes === this.value.length) {
      const child = new Int32Array(this.child.length * 2);
      child.set(this.child);
      const value = new Int32Array(this.value.length * 2).fill(NO_VALUE);
      value.set(this.value);
      this.child = child;
      this.value = value;
    }
    return this.nodes++;
  }

  /** Returns false when the exact prefix already held a value (the first one is kept). */
  insert(words: readonly number[], length: number, valueIndex: number): boolean {
    let node = 0;
    for (let i = 0; i < length; i++) {
      const bit = ((words[i >>> 5] ?? 0) >>> (31 - (i & 31))) & 1;
      const slot = 2 * node + bit;
      let next = this.child[slot] ?? 0;
      if (next === 0) {
        next = this.newNode();
        this.child[slot] = next;
      }
      node = next;
    }
    if (this.value[node] !== NO_VALUE) return false;
    this.value[node] = valueIndex;
    return true;
  }

  /** Drops the spare capacity once building is over. */
  seal(): void {
    this.child = this.child.slice(0, 2 * this.nodes);
    this.value = this.value.slice(0, this.nodes);
  }
}

export class PrefixTable<V> {
  private readonly v4child: Int32Array;
  private readonly v4value: Int32Array;
  private readonly v4jumpNode: Int32Array;
  private readonly v4jumpBest: Int32Array;
  private readonly v6child: Int32Array;
  private readonly v6value: Int32Array;

  /** Built by PrefixTableBuilder; the arrays are owned by the table from then on. */
  constructor(
    arrays: { v4child: Int32Array; v4value: Int32Array; v6child: Int32Array; v6value: Int32Array },
    private readonly values: readonly V[],
    /** Distinct prefixes stored, per family. */
    readonly counts: { readonly v4: number; readonly v6: number },
  ) {
    this.v4child = arrays.v4child;
    this.v4value = arrays.v4value;
    const jump = buildJump(arrays.v4child, arrays.v4value);
    this.v4jumpNode = jump.node;
    this.v4jumpBest = jump.best;
    this.v6child = arrays.v6child;
    this.v6value = arrays.v6value;
  }

  get size(): number {
    return this.counts.v4 + this.counts.v6;
  }

  /** Value of the longest stored IPv4 prefix containing `addr` (uint32), if any. */
  lookupV4(addr: number): V | undefined {
    const child = this.v4child;
    const value = this.v4value;
    const head = addr >>> (32 - JUMP_BITS);
    let node = this.v4jumpNode[head] as number;
    let best = this.v4jumpBest[head] as number;
    for (let i = JUMP_BITS; node !== 0 && i < 32; i++) {
      node = child[2 * node + ((addr >>> (31 - i)) & 1)] as number;
      if (node === 0) break;
      const v = value[node] as number;
      if (v !== NO_VALUE) best = v;
    }
    return best === NO_VALUE ? undefined : this.values[best];
  }

  /** Value of the longest stored IPv6 prefix containing the address `w0:w1:w2:w3`, if any. */
  lookupV6(w0: number, w1: number, w2: number, w3: number): V | undefined {
    const child = this.v6child;
    const value = this.v6value;
    let node = 0;
    let best = value[0] as number;
    for (let i = 0; i < 128; i++) {
      const word = i < 64 ? (i < 32 ? w0 : w1) : i < 96 ? w2 : w3;
      node = child[2 * node + ((word >>> (31 - (i & 31))) & 1)] as number;
      if (node === 0) break;
      const v = value[node] as number;
      if (v !== NO_VALUE) best = v;
    }
    return best === NO_VALUE ? undefined : this.values[best];
  }

  /** Dispatches on the family; `words` as in Cidr (1 or 4 words). */
  lookup(family: IpFamily, words: readonly number[]): V | undefined {
    if (family === 4) return this.lookupV4(words[0] ?? 0);
    return this.lookupV6(words[0] ?? 0, words[1] ?? 0, words[2] ?? 0, words[3] ?? 0);
  }
}

export class PrefixTableBuilder<V> {
  private v4 = new Trie();
  private v6 = new Trie();
  private readonly values: V[] = [];
  private readonly valueIndex = new Map<V, number>();
  private counts = { v4: 0, v6: 0 };
  private built = false;

  /** Adds a prefix; returns false if that exact prefix was already present (first value kept). */
  add(cidr: Cidr, value: V): boolean {
    if (this.built) throw new Error('PrefixTableBuilder: add after build');
    let index = this.valueIndex.get(value);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(value);
      this.valueIndex.set(value, index);
    }
    const trie = cidr.family === 4 ? this.v4 : this.v6;
    const added = trie.insert(cidr.words, cidr.length, index);
    if (added) {
      if (cidr.family === 4) this.counts.v4++;
      else this.counts.v6++;
    }
    return added;
  }

  build(): PrefixTable<V> {
    this.built = true;
    this.v4.seal();
    this.v6.seal();
    const arrays = { v4child: this.v4.child, v4value: this.v4.value, v6child: this.v6.child, v6value: this.v6.value };
    return new PrefixTable(arrays, this.values.slice(), { ...this.counts });
  }
}

/** Convenience: a table from (cidr, value) pairs, first value winning on equal prefixes. */
export function buildPrefixTable<V>(entries: Iterable<readonly [Cidr, V]>): PrefixTable<V> {
  const builder = new PrefixTableBuilder<V>();
  for (const [cidr, value] of entries) builder.add(cidr, value);
  return builder.build();
}
