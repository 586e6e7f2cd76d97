/**
 * Standard Webhooks secrets as Supabase shows them (`v1,whsec_<base64>`; also accepted without
 * `v1,`): the form an account's sign-up hook secret must have (pure). The key is the base64 part,
 * decoded.
 */

const FORM = /^(?:v1,)?whsec_([A-Za-z0-9+/]+={0,2})$/;
/** Standard Webhooks keys are 24 to 64 bytes. */
const MIN_BYTES = 24;
const MAX_BYTES = 64;

export const SECRET_RULE = 'must be a Standard Webhooks secret "v1,whsec_<base64>" (as Supabase shows it) of 24 to 64 bytes';

export function webhookKey(secret: string): Buffer | undefined {
  const m = FORM.exec(secret.trim());
  if (!m) return undefined;
  const key = Buffer.from(m[1]!, 'base64');
  // Buffer.from ignores what is not base64: insist the text round-trips.
  if (key.toString('base64').replace(/=+$/, '') !== m[1]!.replace(/=+$/, '')) return undefined;
  return key.length >= MIN_BYTES && key.length <= MAX_BYTES ? key : undefined;
}

/** The `whsec_` form the standardwebhooks library takes. */
export const libraryForm = (key: Buffer): string => `whsec_${key.toString('base64')}`;
