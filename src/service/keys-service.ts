/**
 * `mailsift keys create | list | revoke`, over the controls topic: the operator endpoint of an
 * embedded-mode server, the CLI itself in Kafka mode (or on a stopped embedded data dir) call
 * this same service. Only the key's SHA-256 is written; the key text is returned once.
 */
import { createHash } from 'node:crypto';
import { controlKey, type ControlTable } from '../controls/control-table.ts';
import { KEY_ID_RANDOM_BYTES, KEY_RANDOM_BYTES, keyId, keyText, validateNewKey, type ApiKeyRecord, type NewKeyInput } from '../controls/api-keys.ts';
import { validationError } from '../domain/errors.ts';
import type { ControlLog } from './control-log.ts';

/** A key as listings show it (never the key itself). */
export interface KeyView {
  id: string;
  account: string;
  name: string;
  scopes: string[];
  test: boolean;
  created_at: string;
}

export interface KeysService {
  /** Throws ServiceError(400) naming the option and the rule. */
  create(input: NewKeyInput): Promise<{ key: string; view: KeyView }>;
  list(account?: string): KeyView[];
  /** The revoked key, or undefined when no key has this id. */
  revoke(id: string): Promise<KeyView | undefined>;
}

export function keyView(k: ApiKeyRecord): KeyView {
  return { id: k.id, account: k.account, name: k.name, scopes: [...k.scopes], test: k.test, created_at: new Date(k.createdAt).toISOString() };
}

export function createKeysService(d: { table: ControlTable; log: ControlLog; now: () => number; random: (bytes: number) => Buffer }): KeysService {
  return {
    async create(input) {
      const v = validateNewKey(input);
      if (!v.ok) throw validationError(v.error);
      const key = keyText(d.random(KEY_RANDOM_BYTES), v.value.test);
      const id = keyId(d.random(KEY_ID_RANDOM_BYTES));
      const now = d.now();
      const sha256 = createHash('sha256').update(key, 'utf8').digest();
      await d.log.put(controlKey.apiKey(id), { account: v.value.account, time: now, api_key: { id, sha256, name: v.value.name, scopes: v.value.scopes, test: v.value.test, created_at: now }, rule: null, settings: null }, now);
      return { key, view: keyView(d.table.key(id)!) };
    },
    list: (account) => d.table.keys().filter((k) => account === undefined || k.account === account).map(keyView),
    async revoke(id) {
      const k = d.table.key(id);
      if (!k) return undefined;
      await d.log.put(controlKey.apiKey(id), null, d.now());
      return keyView(k);
    },
  };
}
