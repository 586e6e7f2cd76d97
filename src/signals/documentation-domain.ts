/**
 * The second-level names RFC 2606 (section 3) reserves for documentation: `example.com`,
 * `example.net` and `example.org`. IANA runs them and publishes a null MX (RFC 7505) for each,
 * so no mail reaches an address there or under them. It is a standing fact, not a lookup: it
 * holds with DNS unreachable, which is when a sign-up form's `jane@example.com` most needs it.
 * (The reserved top-level names, `.example`, `.test` and the others, are refused as syntax
 * errors: syntax-domain.ts.) Pure.
 */
const DOCUMENTATION_DOMAINS: readonly string[] = ['example.com', 'example.net', 'example.org'];

/** Whether `domain` (lower-case ASCII, no trailing dot) is, or is under, a documentation name. */
export function isDocumentationDomain(domain: string): boolean {
  return DOCUMENTATION_DOMAINS.some((d) => domain === d || (domain.endsWith(d) && domain.charCodeAt(domain.length - d.length - 1) === 46));
}
