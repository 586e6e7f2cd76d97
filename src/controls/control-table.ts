/**
 * The customer controls as they now stand, materialised in memory from the controls topic:
 * API keys by hash, each account's rules (indexed for the check path) and settings. Every API
 * instance holds one, fed by its follower (the topic replayed from the start, then followed)
 * and by its own writes, applied as soon as they are durable (read-your-writes). A record is
 * applied only if it is newer in the log than what its key holds, so a write applied early and
 * then delivered again, or an older record delivered late, changes nothing. Pure.
 *
 * Record keys: `key/<id>`, `rule/<account>/<slot>`, `settings/<account>`; null value = deleted.
 */
import type { AccountControl } from '../domain/events.ts';
import { isScope, type Scope } from './scopes.ts';
import type { ApiKeyRecord } from './api-keys.ts';
import { AccountRules } from './rule-index.ts';
import { isRuleAction, isRuleType, ruleSlot, type Rule } from './rules.ts';
import type { StoredSettings } from './settings.ts';

export const controlKey = {
  apiKey: (id: string): string => `key/${id}`,
  rule: (account: string, slot: string): string => `rule/${account}/${slot}`,
  settings: (account: string): string => `settings/${account}`,
};

type Entry = { kind: 'key'; key: ApiKeyRecord } | { kind: 'rule'; rule: Rule } | { kind: 'settings'; account: string; settings: StoredSettings };

export class ControlTable {
  private readonly entries = new Map<string, Entry>();
  /** Log offset of the newest record applied per record key (deletions included). */
  private readonly applied = new Map<string, number>();
  private readonly keysByHash = new Map<string, ApiKeyRecord>();
  private readonly rulesByAccount = new Map<string, AccountRules>();
  private readonly settingsByAccount = new Map<string, StoredSettings>();

  /**
   * Applies one record of the topic at `offset`. Returns false for a record this build cannot
   * use (an unknown kind, action or type written by a newer version): it is skipped.
   */
  apply(recordKey: string, value: AccountControl | null, offset: number): boolean {
    const last = this.applied.get(recordKey);
    if (last !== undefined && offset <= last) return true;
    const entry = value === null ? null : toEntry(value);
    if (entry === undefined) return false;
    this.applied.set(recordKey, offset);
    const old = this.entries.get(recordKey);
    if (old) this.unindex(old);
    if (entry === null) {
      this.entries.delete(recordKey);
    } else {
      this.entries.set(recordKey, entry);
      this.index(entry);
    }
    return true;
  }

  keyByHash(sha256hex: string): ApiKeyRecord | undefined {
    return this.keysByHash.get(sha256hex);
  }

  key(id: string): ApiKeyRecord | undefined {
    const e = this.entries.get(controlKey.apiKey(id));
    return e?.kind === 'key' ? e.key : undefined;
  }

  keys(): ApiKeyRecord[] {
    return [...this.keysByHash.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  }

  rules(account: string): AccountRules | undefined {
    return this.rulesByAccount.get(account);
  }

  settings(account: string): StoredSettings | undefined {
    return this.settingsByAccount.get(account);
  }

  private index(e: Entry): void {
    if (e.kind === 'key') this.keysByHash.set(e.key.sha256, e.key);
    else if (e.kind === 'settings') this.settingsByAccount.set(e.account, e.settings);
    else {
      let rules = this.rulesByAccount.get(e.rule.account);
      if (!rules) this.rulesByAccount.set(e.rule.account, (rules = new AccountRules()));
      rules.put(e.rule);
    }
  }

  private unindex(e: Entry): void {
    if (e.kind === 'key') {
      if (this.keysByHash.get(e.key.sha256) === e.key) this.keysByHash.delete(e.key.sha256);
    } else if (e.kind === 'settings') {
      this.settingsByAccount.delete(e.account);
    } else {
      const rules = this.rulesByAccount.get(e.rule.account);
      if (!rules) return;
      const slot = ruleSlot(e.rule.type, e.rule.value, e.rule.inboxHash);
      if (rules.inSlot(slot) === e.rule) rules.removeSlot(slot);
      if (rules.size === 0) this.rulesByAccount.delete(e.rule.account);
    }
  }
}

/** The entry a record holds; undefined when this build cannot use it. */
function toEntry(v: AccountControl): Entry | undefined {
  if (v.api_key) {
    const k = v.api_key;
    const scopes = k.scopes.filter(isScope) as Scope[];
    return { kind: 'key', key: { id: k.id, account: v.account, name: k.name, scopes, test: k.test, createdAt: k.created_at, sha256: Buffer.from(k.sha256).toString('hex') } };
  }
  if (v.rule) {
    const r = v.rule;
    if (!isRuleAction(r.action) || !isRuleType(r.type)) return undefined;
    if (r.type === 'email' ? r.inbox_hash === null : r.value === null) return undefined;
    return {
      kind: 'rule',
      rule: { id: r.id, account: v.account, action: r.action, type: r.type, value: r.type === 'email' ? null : r.value, inboxHash: r.type === 'email' ? Buffer.from(r.inbox_hash!) : null, note: r.note, createdAt: r.created_at },
    };
  }
  if (v.settings) return { kind: 'settings', account: v.account, settings: { ...v.settings } };
  return undefined;
}
