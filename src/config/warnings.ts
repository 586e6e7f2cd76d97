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
const NAMES = [...Object.values(SETTINGS).map((s) => s.env), ...CLIENT_VARIABLES];
const KNOWN = NAMES.filter((n) => n.startsWith('MAILSIFT_'));
/** What a MAILSIFT_ name is compared with: every MAILSIFT_ name, and the others as if they had the prefix (MAILSIFT_PORT: PORT). */
const CANDIDATES = NAMES.map((n) => ({ as: n.startsWith('MAILSIFT_') ? n : `MAILSIFT_${n}`, name: n }));
/** Our names among other programs' (Kafka's own are KAFKA_...): without them the service runs in embedded mode. */
const SHARED_NAMESPACE = ['KAFKA_BROKERS', 'SCHEMA_REGISTRY_URL'].map((n) => ({ as: n, name: n }));
/** A misspelt name is this close to the one meant (typed letters swapped, dropped or doubled). */
const NEAR = 3;

export function unknownVariables(env: NodeJS.ProcessEnv): string[] {
  const ours = Object.keys(env)
    .filter((k) => k.startsWith('MAILSIFT_') && !KNOWN.includes(k))
    .sort()
    .map((k) => {
      const near = nearest(k, CANDIDATES, NEAR);
      const family = near ? undefined : familyOf(k);
      const hint = near ? ` (did you mean ${near}?)` : family ? ` (the ${family.prefix} settings are ${family.names.join(', ')})` : '';
      return `${k}: not a Mailsift setting, ignored${hint}; README's Configuration lists the settings`;
    });
  const others = Object.keys(env)
    .filter((k) => !k.startsWith('MAILSIFT_') && !NAMES.includes(k))
    .sort()
    .flatMap((k) => {
      const near = nearest(k, SHARED_NAMESPACE, 2);
      return near ? [`${k}: not read by Mailsift (did you mean ${near}?)`] : [];
    });
  return [...ours, ...others];
}

/**
 * The closest candidate within `max` edits, counted on what differs after the name segments
 * the two share, and at most half of that: MAILSIFT_FEEDS_URL_GCP is not "near" ..._AWS.
 */
function nearest(k: string, candidates: readonly { as: string; name: string }[], max: number): string | undefined {
  let near: string | undefined;
  let best = max + 1;
  for (const c of candidates) {
    const [a, b] = afterSharedSegments(k, c.as);
    const d = boundedOsa(a, b, max);
    if (d < best && d <= Math.floor(Math.max(a.length, b.length) / 2)) [near, best] = [c.name, d];
  }
  return near;
}

function afterSharedSegments(a: string, b: string): [string, string] {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const cut = a.lastIndexOf('_', i - 1) + 1;
  return [a.slice(cut), b.slice(cut)];
}

/** The longest name prefix (MAILSIFT_FEEDS_URL_, MAILSIFT_RATE_LIMIT_) that two settings or more start with. */
function familyOf(k: string): { prefix: string; names: string[] } | undefined {
  const prefixes = [...k.matchAll(/_/g)].map((m) => k.slice(0, m.index + 1)).concat(`${k}_`);
  for (const prefix of prefixes.reverse()) {
    if (prefix === 'MAILSIFT_') break;
    const names = KNOWN.filter((n) => n.startsWith(prefix));
    if (names.length >= 2) return { prefix, names };
  }
  return undefined;
}
