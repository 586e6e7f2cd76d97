/**
 * API keys as data: what a key grants, how a new key and its id are spelled, and what
 * `mailsift keys create` accepts. Only a key's SHA-256 is ever stored; the key text exists once,
 * in the answer to its creation. Pure: the random bytes come in as arguments.
 */
import { ACCOUNT_NAME, ACCOUNT_NAME_RULE } from '../domain/account.ts';
import { DEFAULT_KEY_SCOPES, SCOPES, isScope, type Scope } from './scopes.ts';
import { personalDataIn } from './free-text.ts';

export const LIVE_KEY_PREFIX = 'msk_live_';
/** CONTRACT.md: keys created with --test start msk_test_. */
export const TEST_KEY_PREFIX = 'msk_test_';
export const KEY_ID_PREFIX = 'key_';
/** Random bytes in a key (256 bits: no guessing, and SHA-256 of it needs no salt). */
export const KEY_RANDOM_BYTES = 32;
export const KEY_ID_RANDOM_BYTES = 12;
export const MAX_KEY_NAME = 100;

/** What a presented key grants, once authenticated. */
export interface KeyGrant {
  readonly account: string;
  readonly scopes: ReadonlySet<Scope>;
  readonly test: boolean;
  /** Absent for keys from configuration (MAILSIFT_API_KEYS, the dev key). */
  readonly id?: string;
}

/** A stored key (its hash only), as listings show it. */
export interface ApiKeyRecord {
  readonly id: string;
  readonly account: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly test: boolean;
  readonly createdAt: number;
  /** Hex SHA-256 of the key text. */
  readonly sha256: string;
}

export interface NewKeyInput {
  readonly account: string;
  readonly scopes?: readonly string[];
  readonly test?: boolean;
  readonly name?: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; error: string };

/** Checks what `keys create` was given; the error names the option and the rule. */
export function validateNewKey(input: NewKeyInput): Validated<{ account: string; scopes: Scope[]; test: boolean; name: string }> {
  if (typeof input.account !== 'string' || !ACCOUNT_NAME.test(input.account)) return { ok: false, error: `account: ${ACCOUNT_NAME_RULE}` };
  const given = input.scopes ?? DEFAULT_KEY_SCOPES;
  if (!Array.isArray(given) || given.length === 0) return { ok: false, error: `scopes: must name at least one of ${SCOPES.join(', ')}` };
  const unknown = given.find((s) => typeof s !== 'string' || !isScope(s));
  if (unknown !== undefined) return { ok: false, error: `scopes: "${String(unknown).slice(0, 32)}" is not a scope (one of ${SCOPES.join(', ')})` };
  const name = input.name ?? '';
  if (typeof name !== 'string' || name.length > MAX_KEY_NAME) return { ok: false, error: `name: must be a string of at most ${MAX_KEY_NAME} characters` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return { ok: false, error: 'name: must not contain control characters' };
  const personal = personalDataIn('name', name);
  if (personal) return { ok: false, error: personal };
  return { ok: true, value: { account: input.account, scopes: SCOPES.filter((s) => given.includes(s)), test: input.test === true, name } };
}

export function keyText(random: Buffer, test: boolean): string {
  return (test ? TEST_KEY_PREFIX : LIVE_KEY_PREFIX) + random.toString('base64url');
}

export function keyId(random: Buffer): string {
  return KEY_ID_PREFIX + random.toString('base64url');
}

export const KEY_ID_FORM = /^key_[A-Za-z0-9_-]{16}$/;
