/**
 * The examples the trainer fits on: labelled checks of the current feature version, one per
 * check (replays and redeliveries are dropped by check id), the newest `capacity` of them.
 * No I/O.
 */
import type { LabelledExample } from './train.ts';

export interface TrainingExample extends LabelledExample {
  /** Hex of the check's uuid: the identity that makes a redelivered label a duplicate. */
  readonly id: string;
  /** The account that reported the outcome (personal models fit on one account's examples). */
  readonly account: string;
}

export class TrainingSet {
  private readonly byId = new Map<string, TrainingExample>();
  private humanCount = 0;
  private readonly perAccount = new Map<string, { humans: number; fakes: number }>();

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
    this.count(e, 1);
    if (this.byId.size > this.capacity + Math.ceil(this.capacity / 4)) this.trim();
    return true;
  }

  /** Examples labelled strictly after `time` (of one account when given). */
  countAfter(time: number, account?: string): number {
    let n = 0;
    for (const e of this.byId.values()) if (e.time > time && (account === undefined || e.account === account)) n++;
    return n;
  }

  /** The newest `capacity` examples (of one account when given), oldest first. */
  examples(account?: string): TrainingExample[] {
    this.trim();
    const all = [...this.byId.values()];
    return (account === undefined ? all : all.filter((e) => e.account === account)).sort((a, b) => a.time - b.time);
  }

  /** Outcome counts per account, of the examples kept. */
  accounts(): Map<string, { humans: number; fakes: number }> {
    this.trim();
    return new Map([...this.perAccount].map(([a, c]) => [a, { ...c }]));
  }

  private count(e: TrainingExample, by: 1 | -1): void {
    const c = this.perAccount.get(e.account) ?? { humans: 0, fakes: 0 };
    if (e.human) c.humans += by;
    else c.fakes += by;
    if (c.humans + c.fakes === 0) this.perAccount.delete(e.account);
    else this.perAccount.set(e.account, c);
  }

  private trim(): void {
    if (this.byId.size <= this.capacity) return;
    const drop = [...this.byId.values()].sort((a, b) => a.time - b.time).slice(0, this.byId.size - this.capacity);
    for (const e of drop) {
      this.byId.delete(e.id);
      if (e.human) this.humanCount--;
      this.count(e, -1);
    }
  }
}
