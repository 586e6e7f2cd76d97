/**
 * Canonical inbox: the spelling a provider actually delivers to, so one person's many
 * spellings (J.Doe+shop@googlemail.com, jdoe@gmail.com) share one key. Pure.
 * Rules per provider are data (src/data/provider-folding.ts); policy in docs/signals-policy.md.
 */
import type { FoldingRule } from '../data/provider-folding.ts';

export interface CanonicalInbox {
  /** local@domain after folding; the input's (lowercase, NFC, ASCII-domain) form when no rule applies. */
  readonly canonical: string;
  /** A subaddress ("+tag", or Yahoo's "-keyword") was removed. */
  readonly plusTagged: boolean;
  /** Dots were removed from the local part (Gmail only). */
  readonly dotsFolded: boolean;
}

/**
 * Applies one provider's folding rule to a parsed local part and ASCII domain.
 * A separator in first position ("+x@gmail.com") is not a tag: folding it would leave no mailbox.
 */
export function canonicalInbox(local: string, domain: string, rule: FoldingRule | undefined): CanonicalInbox {
  if (rule === undefined) return { canonical: `${local}@${domain}`, plusTagged: false, dotsFolded: false };
  let box = local;
  let plusTagged = false;
  if (rule.tagSeparator !== undefined) {
    const at = box.indexOf(rule.tagSeparator);
    if (at > 0) {
      box = box.slice(0, at);
      plusTagged = true;
    }
  }
  let dotsFolded = false;
  if (rule.ignoreDots === true && box.includes('.')) {
    const undotted = box.replaceAll('.', '');
    if (undotted !== '') {
      box = undotted;
      dotsFolded = true;
    }
  }
  return { canonical: `${box}@${rule.canonicalDomain ?? domain}`, plusTagged, dotsFolded };
}
