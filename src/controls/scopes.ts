/**
 * What an API key may do (CONTRACT.md, Customer controls): every operation under /v1 needs one
 * scope, and a key holds one or more. Pure.
 */
export const SCOPES = ['check', 'feedback', 'read', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** `mailsift keys create` without --scopes. */
export const DEFAULT_KEY_SCOPES: readonly Scope[] = ['check', 'feedback', 'read'];

export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

/** `check,feedback` -> scopes in their canonical order, each once; an unknown or empty list is an error naming the rule. */
export function parseScopes(raw: string): { ok: true; scopes: Scope[] } | { ok: false; error: string } {
  const given = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (given.length === 0) return { ok: false, error: `scopes: must name at least one of ${SCOPES.join(', ')}` };
  const unknown = given.find((s) => !isScope(s));
  if (unknown !== undefined) return { ok: false, error: `scopes: "${unknown.slice(0, 32)}" is not a scope (one of ${SCOPES.join(', ')})` };
  return { ok: true, scopes: SCOPES.filter((s) => given.includes(s)) };
}
