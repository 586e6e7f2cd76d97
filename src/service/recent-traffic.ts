/**
 * Each account's recent checks, by domain and by local-part shape, and how much of them
 * overlaps the traffic its personal model's per-domain effects were fitted on
 * (src/model/effect-drift.ts): what scales those effects on the account's next check. Two
 * windows of them: the checks since the model started serving (at most DRIFT_WINDOW, judged from
 * a tenth of that on), so that a change of kind right after the fit shows from its first checks
 * rather than after a window's length; and the last DRIFT_WINDOW checks whichever model served
 * them. The effects serve at the lower of the two windows' factors. The level the model keeps
 * without its effects (effects-off.ts) follows the second alone: it moves every check, where the
 * effects move only their domains' checks, and applied from the 20th check of another kind
 * rather than as the fitted traffic leaves the window it reordered the pooled checks of traffic
 * the effects never reached (docs/scorecard.md §6, rounds 11 and 12). Two measures in each
 * window, multiplied: the domains see traffic that moved to other domains; the shapes see
 * traffic that stayed at the same big providers with another mix of people and bots there
 * (a provider whose share holds while its mix changes shows nothing in the domains). Kept in
 * this process's memory only, for accounts whose personal model has effects with shares: after
 * a start (or where traffic is spread over several API instances, each over its own part of it)
 * the effects serve in full until a tenth of a window has come in. Domains and shapes (a closed
 * set) only, never a local part; nothing is written anywhere.
 */
import { DRIFT_WINDOW, driftReference, effectFade, judgedFill, overlapTerm, type DriftReference } from '../model/effect-drift.ts';
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

  get length(): number {
    return this.ring.length;
  }

  /** The overlap of the checks so far with `shares`, each value's count over their number (kept up to date once full). */
  overlapOf(shares: ReadonlyMap<string, number>): number {
    if (this.full) return this.overlapWith(shares);
    let overlap = 0;
    for (const [v, c] of this.counts) {
      const s = shares.get(v);
      if (s !== undefined) overlap += overlapTerm(s, c, this.ring.length);
    }
    return overlap;
  }

  /** The overlap of a full window with `shares` (recomputed when they are another model's). */
  private overlapWith(shares: ReadonlyMap<string, number>): number {
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

/** An account's checks by domain and by shape: both rings count the same checks, so they fill together. */
interface Traffic {
  readonly domains: Window;
  readonly shapes: Window;
}

interface AccountWindows {
  /** Its last checks whatever model served them: what the level without the effects follows. */
  readonly recent: Traffic;
  /** Its checks since the model (its domain shares) started serving: what the effects follow. */
  sinceFit: Traffic & { readonly shares: ReadonlyMap<string, number> };
}

/** How an account's next check serves a card: its effects' factor and the level's (the share of effects_off_shift is 1 − it). */
interface Fades {
  readonly effects: number;
  readonly level: number;
}

const IN_FULL: Fades = { effects: 1, level: 1 };

export function createRecentTraffic(size = DRIFT_WINDOW): RecentTraffic {
  const windows = new Map<string, AccountWindows>();
  // Per fitted shares, the reference of each fill judged (at most four: effect-drift.ts judgedFill).
  const references = new WeakMap<ReadonlyMap<string, number>, Map<number, DriftReference>>();
  const fadeOver = (w: Window, shares: ReadonlyMap<string, number> | undefined, fill: number): number => {
    if (!shares || shares.size === 0) return 1;
    let byFill = references.get(shares);
    if (!byFill) references.set(shares, (byFill = new Map()));
    let ref = byFill.get(fill);
    if (!ref) byFill.set(fill, (ref = driftReference(shares.values(), fill)));
    return effectFade(w.overlapOf(shares), ref);
  };
  const fadeAt = (t: Traffic, card: Scorecard, fill: number): number => fadeOver(t.domains, card.domainShares, fill) * fadeOver(t.shapes, card.shapeShares, fill);
  const traffic = (): Traffic => ({ domains: new Window(size), shapes: new Window(size) });
  /** The account's windows (made on its first check under a card with shares; the since-fit one anew with each card) and the card's fades over them. */
  const measure = (account: string, card: Scorecard, make: boolean): { w?: AccountWindows; fades: Fades } => {
    const shares = card.domainShares;
    if (!shares || shares.size === 0 || !card.domainIntercepts?.size) return { fades: IN_FULL };
    let w = windows.get(account);
    if (!w) {
      if (!make) return { fades: IN_FULL };
      windows.set(account, (w = { recent: traffic(), sinceFit: { shares, ...traffic() } }));
    }
    // The level: the last `size` checks, judged once full (the fitted traffic leaves them one check at a time).
    const level = w.recent.domains.full ? fadeAt(w.recent, card, size) : 1;
    const fresh = w.sinceFit.shares !== shares;
    if (fresh && make) w.sinceFit = { shares, ...traffic() };
    // The effects: the checks since the fit, judged from a tenth of the window on, and never in fuller than the level.
    const fill = fresh ? undefined : judgedFill(w.sinceFit.domains.length, size);
    const effects = Math.min(level, fill === undefined ? 1 : fadeAt(w.sinceFit, card, fill));
    return { w, fades: { effects, level } };
  };
  return {
    serve(account, card, seen) {
      const { w, fades } = measure(account, card, true);
      if (w && seen !== undefined) {
        for (const t of [w.recent, w.sinceFit]) {
          t.domains.add(seen.domain);
          t.shapes.add(seen.shape);
        }
      }
      if (fades.effects === 1) return card;
      // score.ts gives a check (1 − effects) of the shift: scaled so that it gets (1 − level) of it.
      const shift = ((card.domainEffectsOffShift ?? 0) * (1 - fades.level)) / (1 - fades.effects);
      return { ...card, domainEffectScale: fades.effects, domainEffectsOffShift: shift };
    },
    fade: (account, card) => measure(account, card, false).fades.effects,
  };
}
