/**
 * Government domains: names only a government body can register. Their registries check the
 * registrant (the US .gov registrar verifies every organisation; .mil, gov.uk, gouv.fr,
 * gc.ca, go.jp and the like are closed to the public), so no one mass-registers addresses
 * there. Decided from the Public Suffix List parts alone. Pure.
 */
import type { DomainParts } from './account-type.ts';

/** Suffixes reserved for governments: gov, mil, and the gov/gouv/gob/go/govt/mil second levels of country codes, gc.ca. */
const GOVERNMENT_SUFFIX = /^(?:gov|mil|(?:gov|gouv|gob|govt|go|gv|mil|gub)\.[a-z]{2}|gc\.ca)$/;
/**
 * RFC 1480 names under the US locality namespace: state.<st>.us for a state's own bodies,
 * ci./co./town./vil./twp. <locality>.<st>.us for cities, counties, towns, villages, townships.
 */
const US_STATE_SUFFIX = /^[a-z]{2}\.us$/;
const US_GOVERNMENT_NAME = /^(?:state|ci|co|city|county|cty|town|vil|twp)\./;

export function isGovernmentDomain(p: DomainParts): boolean {
  if (GOVERNMENT_SUFFIX.test(p.publicSuffix)) return true;
  if (!US_STATE_SUFFIX.test(p.publicSuffix)) return false;
  return US_GOVERNMENT_NAME.test(p.registrable) || US_GOVERNMENT_NAME.test(p.domain);
}
