import { describe, expect, it } from 'vitest';
import { ControlTable, controlKey } from '../../src/controls/control-table.ts';
import type { AccountControl } from '../../src/domain/events.ts';

const keyRec = (id: string, account: string, sha: number, scopes = ['check']): AccountControl => ({
  account,
  time: 1,
  api_key: { id, sha256: Buffer.alloc(32, sha), name: '', scopes, test: false, created_at: 1 },
  rule: null,
  settings: null,
});
const ruleRec = (account: string, id: string, action: string, value: string, type = 'domain'): AccountControl => ({
  account,
  time: 1,
  api_key: null,
  rule: { id, action, type, value, inbox_hash: null, note: null, created_at: 1 },
  settings: null,
});
const hex = (n: number) => Buffer.alloc(32, n).toString('hex');

describe('ControlTable', () => {
  it('finds a key by hash; a tombstone revokes it', () => {
    const t = new ControlTable();
    t.apply(controlKey.apiKey('key_a'), keyRec('key_a', 'acme', 1, ['check', 'bogus', 'admin']), 0);
    expect(t.keyByHash(hex(1))).toMatchObject({ id: 'key_a', account: 'acme', scopes: ['check', 'admin'] });
    t.apply(controlKey.apiKey('key_a'), null, 1);
    expect(t.keyByHash(hex(1))).toBeUndefined();
    expect(t.keys()).toEqual([]);
  });

  it('applies a record only if it is newer in the log than what its key holds', () => {
    const t = new ControlTable();
    const k = controlKey.rule('acme', 'domain:example.com');
    t.apply(k, ruleRec('acme', 'rule_new', 'allow', 'example.com'), 5); // own write, applied early
    t.apply(k, ruleRec('acme', 'rule_old', 'block', 'example.com'), 4); // older, delivered late
    t.apply(k, ruleRec('acme', 'rule_new', 'allow', 'example.com'), 5); // delivered again
    expect(t.rules('acme')!.all().map((r) => r.id)).toEqual(['rule_new']);
    t.apply(k, null, 3); // an old deletion
    expect(t.rules('acme')!.size).toBe(1);
    t.apply(k, null, 6);
    expect(t.rules('acme')).toBeUndefined();
  });

  it('keeps accounts apart', () => {
    const t = new ControlTable();
    t.apply(controlKey.rule('acme', 'domain:example.com'), ruleRec('acme', 'rule_a', 'block', 'example.com'), 0);
    t.apply(controlKey.settings('acme'), { account: 'acme', time: 1, api_key: null, rule: null, settings: { verdict_allow: 80, verdict_review: null } }, 1);
    expect(t.rules('globex')).toBeUndefined();
    expect(t.settings('globex')).toBeUndefined();
    expect(t.settings('acme')).toEqual({ verdict_allow: 80, verdict_review: null });
  });

  it('skips a record this build cannot use, and says so', () => {
    const t = new ControlTable();
    expect(t.apply(controlKey.rule('acme', 'domain:x.com'), ruleRec('acme', 'rule_a', 'quarantine', 'x.com'), 0)).toBe(false);
    expect(t.apply(controlKey.rule('acme', 'domain:x.com'), ruleRec('acme', 'rule_a', 'block', 'x.com', 'asn'), 1)).toBe(false);
    expect(t.rules('acme')).toBeUndefined();
  });
});
