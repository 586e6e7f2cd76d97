/**
 * The syntax policy refuses a domain under no real public suffix (`hotmail.con`) with a 400, so
 * no CheckResult can carry `did_you_mean` for it: the error names the suggested domain instead,
 * as a commercial validator's "did you mean" would. Only the domain is named (privacy: an error
 * text never echoes the local part). Pure.
 */
import { parseAddress, type ParseResult } from '../signals/syntax.ts';
import { NO_PUBLIC_SUFFIX } from '../signals/syntax-domain.ts';
import { suggestDomain, type TypoIndex } from '../signals/typo.ts';

/** suggestDomain wants lowercase ASCII; an internationalised domain gets no hint. */
const ASCII_DOMAIN = /^[a-z0-9.-]+$/;

export function parseWithTypoHint(input: string, typo: TypoIndex): ParseResult {
  const parsed = parseAddress(input);
  if (parsed.ok || parsed.error !== NO_PUBLIC_SUFFIX) return parsed;
  const domain = input.slice(input.lastIndexOf('@') + 1).trim().toLowerCase();
  const suggestion = ASCII_DOMAIN.test(domain) ? suggestDomain(domain, typo) : undefined;
  return suggestion === undefined ? parsed : { ok: false, error: `${parsed.error} (did you mean ${suggestion}?)` };
}
