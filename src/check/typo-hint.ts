/**
 * The syntax policy refuses a domain under no real public suffix, with one exception: a domain
 * that looks like a typo of one whose suffix is real (`hotmail.con` for `hotmail.com`). A form
 * that refused such an address could only say "invalid", while the spec's `did_you_mean` exists
 * to say "did you mean hotmail.com?", and a mistyped top-level name is the commonest typo there
 * is. So when the domain is a near miss of a known mail domain it is accepted and judged like
 * any typo domain (`typo_domain`, `did_you_mean`, and `no_mail_server`: no such top-level name
 * exists). When only the top-level name can be repaired (`smallfirm.cmo` -> `smallfirm.com`, a
 * domain no list knows) it stays a 400 whose message names the repaired domain; with nothing to
 * suggest, a plain 400. Only the domain is ever named in an error (privacy). Pure.
 */
import { parseAddress, type ParseResult } from '../signals/syntax.ts';
import { NO_PUBLIC_SUFFIX } from '../signals/syntax-domain.ts';
import { suggestDomain, type TypoIndex } from '../signals/typo.ts';

/** suggestDomain wants lowercase ASCII; an internationalised domain gets no exception. */
const ASCII_DOMAIN = /^[a-z0-9.-]+$/;
const MAX_TOTAL = 254;

export function parseWithTypoHint(input: string, typo: TypoIndex): ParseResult {
  const parsed = parseAddress(input);
  if (parsed.ok || parsed.error !== NO_PUBLIC_SUFFIX) return parsed;
  const trimmed = input.trim();
  const at = trimmed.lastIndexOf('@');
  const domain = trimmed.slice(at + 1).toLowerCase();
  if (!ASCII_DOMAIN.test(domain)) return parsed;
  // The near-miss search alone (suffixIsPublic skips the top-level repair): what the judgement's
  // own typo signal finds, so an accepted address always carries did_you_mean.
  const suggestion = suggestDomain(domain, typo, { suffixIsPublic: true });
  if (suggestion === undefined) {
    const repaired = suggestDomain(domain, typo);
    return repaired === undefined ? parsed : { ok: false, error: `${parsed.error} (did you mean ${repaired}?)` };
  }
  // The same local part at the suggested domain passes every other rule: the refusal was the
  // suffix alone (checkDomain tests it last), so the typed domain is well formed.
  const atSuggested = parseAddress(`${trimmed.slice(0, at)}@${suggestion}`);
  if (!atSuggested.ok) return parsed;
  const { local, email } = atSuggested.address;
  const typed = `${email.slice(0, email.length - suggestion.length)}${domain}`;
  if (typed.length > MAX_TOTAL) return parsed;
  return { ok: true, address: { email: typed, local, domain } };
}
