/**
 * The examples the trainer fits on: labelled checks of the current feature version, one per
 * check (replays and redeliveries are dropped by check id), the newest `capacity` of them.
 * No I/O.
 */
import type { LabelledExample } from './train.ts';

export interface TrainingExample extends LabelledExample {
  /** Hex of the check's uuid: the identity that makes a redelivered label a duplicate. */
  readonly id: string;
}

export class TrainingSet {
  private readonly byId = new Map<string, TrainingExample>();
  private humanCount = 0;

  /** Keeps the newest `capacity` examples; trims in batches so adding stays O(1) amortised. */
  constructor(
    readonly capacity: number,
    readonly featureCount: number,
  ) {
    if (!(capacity >= 1)) throw new Error('TrainingSet: capacity must be >= 1');
  }

  get size(): number {
    return this.byId.size;
  }

  get humans(): number {
    return this.humanCount;
  }

  get fakes(): number {
    return this.byId.size - this.humanCount;
  }

  /** False when the example is a duplicate, of another feature width or not finite. */
  add(e: TrainingExample): boolean {
    if (e.features.length !== this.featureCount || this.byId.has(e.id)) return false;
    // A non-finite feature would make every fitted weight NaN.
    for (let j = 0; j < e.features.length; j++) if (!Number.isFinite(e.features[j])) return false;
    this.byId.set(e.id, e);
    if (e.human) this.humanCount++;
    if (this.byId.size > this.capacity + Math.ceil(this.capacity / 4)) this.trim();
    return true;
  }

  /** Examples labelled strictly after `time`. */
  countAfter(time: number): number {
    let n = 0;
    for (const e of this.byId.values()) if (e.time > time) n++;
    return n;
  }

  /** The newest `capacity` examples, oldest first. */
  examples(): TrainingExample[] {
    this.trim();
    return [...this.byId.values()].sort((a, b) => a.time - b.time);
  }

  private trim(): void {
    if (this.byId.size <= this.capacity) return;
    const drop = [...this.byId.values()].sort((a, b) => a.time - b.time).slice(0, this.byId.size - this.capacity);
    for (const e of drop) {
      this.byId.delete(e.id);
      if (e.human) this.humanCount--;
    }
  }
}
