/**
 * Each account's last DRIFT_WINDOW checks, by domain and by local-part shape, and how much of
 * them overlaps the traffic its personal model's per-domain effects were fitted on
 * (src/model/effect-drift.ts): what scales those effects on the account's next check. Two
 * measures, multiplied: the domains see traffic that moved to other domains; the shapes see
 * traffic that stayed at the same big providers with another mix of people and bots there
 * (a provider whose share holds while its mix changes shows nothing in the domains). Kept in
 * this process's memory only, for accounts whose personal model has effects with shares: after
 * a start (or where traffic is spread over several API instances, each over its own part of it)
 * the effects serve in full until a window has filled. Domains and shapes (a closed set) only,
 * never a local part; nothing is written anywhere.
 */
import { DRIFT_WINDOW, driftReference, effectFade, overlapTerm, type DriftReference } from '../model/effect-drift.ts';
import type { Scorecard } from '../model/score.ts';

/** One ring of the account's recent values (domains or shapes), with its overlap with one set of fitted shares kept up to date. */
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
      for (const [v, c] of this.counts) this.overlap += this.term(v, c);
    }
    return this.overlap;
  }

  add(value: string): void {
    if (this.full) {
      const out = this.ring[this.next]!;
      this.ring[this.next] = value;
      this.next = (this.next + 1) % this.size;
      this.count(out, -1);
    } else {
      this.ring.push(value);
    }
    this.count(value, 1);
  }

  private term(value: string, count: number): number {
    const s = this.shares?.get(value);
    return s === undefined ? 0 : overlapTerm(s, count, this.size);
  }

  private count(value: string, by: number): void {
    const was = this.counts.get(value) ?? 0;
    const now = was + by;
    this.overlap += this.term(value, now) - this.term(value, was);
    if (now === 0) this.counts.delete(value);
    else this.counts.set(value, now);
  }
}

/** What a check adds to its account's recent traffic. */
export interface SeenCheck {
  readonly domain: string;
  /** The local part's shape (src/signals/local-shape.ts). */
  readonly shape: string;
}

export interface RecentTraffic {
  /**
   * The account's personal model as it serves this check: its effects scaled by how far the
   * account's recent traffic moved from theirs (the card itself when in full). Then counts
   * `seen` (absent: a test check, counted nowhere) in the account's recent traffic.
   */
  serve(account: string, card: Scorecard, seen: SeenCheck | undefined): Scorecard;
  /** The factor the account's next check would serve the card's effects with (1: in full), counting nothing. */
  fade(account: string, card: Scorecard): number;
}

export function createRecentTraffic(size = DRIFT_WINDOW): RecentTraffic {
  const windows = new Map<string, { domains: Window; shapes: Window }>();
  const references = new WeakMap<ReadonlyMap<string, number>, DriftReference>();
  const fadeOver = (w: Window, shares: ReadonlyMap<string, number> | undefined): number => {
    if (!shares || shares.size === 0) return 1;
    let ref = references.get(shares);
    if (!ref) references.set(shares, (ref = driftReference(shares.values(), size)));
    return effectFade(w.overlapWith(shares), ref);
  };
  /** The account's windows (made on its first check under a card with shares) and the card's fade over them. */
  const measure = (account: string, card: Scorecard, make: boolean): { w?: { domains: Window; shapes: Window }; fade: number } => {
    const shares = card.domainShares;
    if (!shares || shares.size === 0 || !card.domainIntercepts?.size) return { fade: 1 };
    let w = windows.get(account);
    if (!w && make) windows.set(account, (w = { domains: new Window(size), shapes: new Window(size) }));
    // Both windows count the same checks: they fill together.
    if (!w?.domains.full) return { ...(w ? { w } : {}), fade: 1 };
    return { w, fade: fadeOver(w.domains, shares) * fadeOver(w.shapes, card.shapeShares) };
  };
  return {
    serve(account, card, seen) {
      const { w, fade } = measure(account, card, true);
      if (w && seen !== undefined) {
        w.domains.add(seen.domain);
        w.shapes.add(seen.shape);
      }
      return fade === 1 ? card : { ...card, domainEffectScale: fade };
    },
    fade: (account, card) => measure(account, card, false).fade,
  };
}
