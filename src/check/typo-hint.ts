/**
 * The syntax policy refuses a domain under no real public suffix, with one exception: a domain
 * that looks like a typo of one whose suffix is real (`hotmail.con` for `hotmail.com`). A form
 * that refused such an address could only say "invalid", while the spec's `did_you_mean` exists
 * to say "did you mean hotmail.com?", and a mistyped top-level name is the commonest typo there
 * is. So when the domain is a near miss of a known mail domain it is accepted (every other
 * syntax rule still applies) and judged like any typo domain (`typo_domain`, `did_you_mean`, and
 * `no_mail_server`: no such top-level name exists). When only the top-level name can be repaired
 * (`smallfirm.cmo` -> `smallfirm.com`, a domain no list knows) it stays a 400 whose message names
 * the repaired domain; with nothing to suggest, a plain 400. Only the domain is ever named in an
 * error (privacy). Pure.
 */
import { parseAddress, type ParseResult } from '../signals/syntax.ts';
import { NO_PUBLIC_SUFFIX, type DomainPolicy } from '../signals/syntax-domain.ts';
import { suggestDomain, type TypoIndex } from '../signals/typo.ts';

/** suggestDomain wants lowercase ASCII; an internationalised domain gets no exception. */
const ASCII_DOMAIN = /^[a-z0-9.-]+$/;

/** One policy per typo index, with the memo of its domains' answers (syntax-domain.ts). */
const policies = new WeakMap<TypoIndex, DomainPolicy>();

function policyFor(typo: TypoIndex): DomainPolicy {
  let policy = policies.get(typo);
  if (policy === undefined) {
    // The near-miss search alone (suffixIsPublic skips the top-level repair) is what the
    // judgement's own typo signal finds, so an accepted address always carries did_you_mean.
    policy = { acceptUnknownSuffix: (ascii) => suggestDomain(ascii, typo, { suffixIsPublic: true }) !== undefined, memo: new Map() };
    policies.set(typo, policy);
  }
  return policy;
}

export function parseWithTypoHint(input: string, typo: TypoIndex): ParseResult {
  const parsed = parseAddress(input, policyFor(typo));
  if (parsed.ok || parsed.error !== NO_PUBLIC_SUFFIX) return parsed;
  const domain = input.slice(input.lastIndexOf('@') + 1).trim().toLowerCase();
  const repaired = ASCII_DOMAIN.test(domain) ? suggestDomain(domain, typo) : undefined;
  return repaired === undefined ? parsed : { ok: false, error: `${parsed.error} (did you mean ${repaired}?)` };
}
