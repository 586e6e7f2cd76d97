/**
 * Each account's last DRIFT_WINDOW checked domains, and how much of them overlaps the traffic its
 * personal model's per-domain effects were fitted on (src/model/effect-drift.ts): what scales
 * those effects on the account's next check. Kept in this process's memory only, for accounts
 * whose personal model has effects with shares: after a start (or where traffic is spread over
 * several API instances, each over its own part of it) the effects serve in full until a window
 * has filled. Domains only, never a local part; nothing is written anywhere.
 */
import { DRIFT_WINDOW, driftReference, effectFade, overlapTerm, type DriftReference } from '../model/effect-drift.ts';
import type { Scorecard } from '../model/score.ts';

class Window {
  private readonly ring: string[] = [];
  private next = 0;
  private readonly counts = new Map<string, number>();
  private shares: ReadonlyMap<string, number> | undefined;
  private overlap = 0;

  constructor(private readonly size: number) {}

  get full(): boolean {
    return this.ring.length === this.size;
  }

  /** The overlap with `shares` (recomputed when they are another model's). */
  overlapWith(shares: ReadonlyMap<string, number>): number {
    if (shares !== this.shares) {
      this.shares = shares;
      this.overlap = 0;
      for (const [d, c] of this.counts) this.overlap += this.term(d, c);
    }
    return this.overlap;
  }

  add(domain: string): void {
    if (this.full) {
      const out = this.ring[this.next]!;
      this.ring[this.next] = domain;
      this.next = (this.next + 1) % this.size;
      this.count(out, -1);
    } else {
      this.ring.push(domain);
    }
    this.count(domain, 1);
  }

  private term(domain: string, count: number): number {
    const s = this.shares?.get(domain);
    return s === undefined ? 0 : overlapTerm(s, count, this.size);
  }

  private count(domain: string, by: number): void {
    const was = this.counts.get(domain) ?? 0;
    const now = was + by;
    this.overlap += this.term(domain, now) - this.term(domain, was);
    if (now === 0) this.counts.delete(domain);
    else this.counts.set(domain, now);
  }
}

export interface RecentDomains {
  /**
   * The account's personal model as it serves this check: its effects scaled by how far the
   * account's recent traffic moved from theirs (the card itself when in full). Then counts
   * `domain` (absent: a test check, counted nowhere) in the account's recent traffic.
   */
  serve(account: string, card: Scorecard, domain: string | undefined): Scorecard;
  /** The factor the account's next check would serve the card's effects with (1: in full), counting nothing. */
  fade(account: string, card: Scorecard): number;
}

export function createRecentDomains(size = DRIFT_WINDOW): RecentDomains {
  const windows = new Map<string, Window>();
  const references = new WeakMap<ReadonlyMap<string, number>, DriftReference>();
  /** The account's window (made on its first check under a card with shares) and the card's fade over it. */
  const measure = (account: string, card: Scorecard, make: boolean): { w?: Window; fade: number } => {
    const shares = card.domainShares;
    if (!shares || shares.size === 0 || !card.domainIntercepts?.size) return { fade: 1 };
    let w = windows.get(account);
    if (!w && make) windows.set(account, (w = new Window(size)));
    if (!w?.full) return { ...(w ? { w } : {}), fade: 1 };
    let ref = references.get(shares);
    if (!ref) references.set(shares, (ref = driftReference(shares.values(), size)));
    return { w, fade: effectFade(w.overlapWith(shares), ref) };
  };
  return {
    serve(account, card, domain) {
      const { w, fade } = measure(account, card, true);
      if (w && domain !== undefined) w.add(domain);
      return fade === 1 ? card : { ...card, domainEffectScale: fade };
    },
    fade: (account, card) => measure(account, card, false).fade,
  };
}
