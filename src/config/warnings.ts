/**
 * What is said once at start, on stderr, about a configuration that is taken but probably not
 * meant: settings that are valid but weak (a test set-up, or the contract's own example
 * `key1=account1`), so no one runs them in production unaware (never the key or the secret
 * itself, only the account and the length); and MAILSIFT_ variables that name no setting, whose
 * typo would otherwise leave the default in force without a word.
 */
import { boundedOsa } from '../signals/edit-distance.ts';
import { SETTINGS, type Config } from './schema.ts';

/** An API key of fewer characters is easy to guess (`mailsift keys create` makes 52). */
export const STRONG_API_KEY = 16;
/** Fewer characters of key material make check_id signatures and keyed hashes guessable offline. */
export const STRONG_SECRET = 32;

export function configWarnings(c: Pick<Config, 'apiKeys' | 'secret'>): string[] {
  const out: string[] = [];
  for (const k of c.apiKeys ?? []) {
    if (k.key.length < STRONG_API_KEY) {
      out.push(`MAILSIFT_API_KEYS: the key of account "${k.account}" has ${k.key.length} characters: easy to guess; fine for a test, use ${STRONG_API_KEY} or more otherwise (mailsift keys create makes long ones)`);
    }
  }
  if (c.secret !== undefined && c.secret.length < STRONG_SECRET) {
    out.push(`MAILSIFT_SECRET: ${c.secret.length} characters of key material: check_id signatures and the keyed hashes of addresses are only as hard to guess as it; fine for a test, use ${STRONG_SECRET} or more otherwise`);
  }
  return out;
}

/** The client commands' variables (config/client.ts: check-file), beside the service's settings. */
const CLIENT_VARIABLES = ['MAILSIFT_URL', 'MAILSIFT_API_KEY'];
const KNOWN = [...Object.values(SETTINGS).map((s) => s.env), ...CLIENT_VARIABLES].filter((n) => n.startsWith('MAILSIFT_'));
/** A misspelt name is this close to the one meant (typed letters swapped, dropped or doubled). */
const NEAR = 3;

export function unknownVariables(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((k) => k.startsWith('MAILSIFT_') && !KNOWN.includes(k))
    .sort()
    .map((k) => {
      let near: string | undefined;
      let best = NEAR + 1;
      for (const n of KNOWN) {
        const d = boundedOsa(k, n, NEAR);
        if (d < best) [near, best] = [n, d];
      }
      return `${k}: not a Mailsift setting, ignored${near ? ` (did you mean ${near}?)` : ''}; README's Configuration lists the settings`;
    });
}
