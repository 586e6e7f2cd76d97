/**
 * What the sign-up hook reads of Supabase's "Before User Created" payload (pure):
 * `{metadata: {ip_address, ...}, user: {email, ...}}` (Supabase's docs: both objects; `user` has
 * the shape of auth.users). A body of another shape is refused with the field and rule named,
 * not read as "no email": a signed body that is not a sign-up must not look like an allowed one.
 * `user.email` is empty (or null) for a phone sign-up: nothing to check.
 */

export interface SupabaseSignup {
  /** Absent for a sign-up without an email address (phone). */
  readonly email: string | undefined;
  readonly ip: string | undefined;
}

export type ParsedSignup = { readonly ok: true; readonly signup: SupabaseSignup } | { readonly ok: false; readonly error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string, or nothing (absent, null or blank); `false` for any other type. */
function optionalText(v: unknown): string | undefined | false {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') return false;
  return v.trim() === '' ? undefined : v;
}

export function parseSupabaseSignup(payload: unknown): ParsedSignup {
  if (!isObject(payload)) return { ok: false, error: 'body: must be a JSON object ({metadata, user}, as Supabase sends it)' };
  const { user, metadata } = payload;
  if (!isObject(user)) return { ok: false, error: 'user: must be an object (the user about to be created)' };
  if (metadata !== undefined && metadata !== null && !isObject(metadata)) return { ok: false, error: 'metadata: must be an object' };
  const email = optionalText(user.email);
  if (email === false) return { ok: false, error: 'user.email: must be a string' };
  const ip = optionalText(isObject(metadata) ? metadata.ip_address : undefined);
  if (ip === false) return { ok: false, error: 'metadata.ip_address: must be a string' };
  return { ok: true, signup: { email, ip } };
}
