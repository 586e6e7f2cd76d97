/**
 * POST/GET /v1/rules, DELETE /v1/rules/{id}: an account's allow/review/block rules, kept on the
 * controls topic. An email rule is canonicalised like a check (every spelling of the inbox is
 * one rule) and only its keyed hash is written. A rule for a type and value that already has
 * one replaces it (new id). At most MAX_RULES_PER_ACCOUNT per account.
 */
import { controlKey, type ControlTable } from '../controls/control-table.ts';
import { MAX_RULES_PER_ACCOUNT, RULE_ID_RANDOM_BYTES, normaliseRuleValue, ruleId, ruleSlot, ruleView, type RuleAction, type RuleType, type RuleView } from '../controls/rules.ts';
import { notFound, validationError } from '../domain/errors.ts';
import { personalDataIn } from '../controls/free-text.ts';
import type { ControlLog } from './control-log.ts';
import type { InboxHashOf } from './feedback-service.ts';

export interface NewRule {
  readonly action: RuleAction;
  readonly type: RuleType;
  readonly value: string;
  readonly note?: string;
}

export interface RulesService {
  /** Throws ServiceError 400 (bad value, too many rules) or 503. */
  create(account: string, rule: NewRule): Promise<RuleView>;
  list(account: string): RuleView[];
  /** Throws ServiceError 404 when the account has no rule with this id. */
  remove(account: string, id: string): Promise<void>;
}

export function createRulesService(d: { table: ControlTable; log: ControlLog; inboxHashOf: InboxHashOf; now: () => number; random: (bytes: number) => Buffer; maxRules?: number }): RulesService {
  const max = d.maxRules ?? MAX_RULES_PER_ACCOUNT;
  /** New slots being written per account: concurrent creations count against the limit too. */
  const pending = new Map<string, number>();

  return {
    async create(account, r) {
      const personal = r.note === undefined ? undefined : personalDataIn('note', r.note, 'to match an address, an email rule keeps it only as a keyed hash');
      if (personal) throw validationError(personal);
      let value: string | null = null;
      let inboxHash: Buffer | null = null;
      if (r.type === 'email') {
        const h = await d.inboxHashOf(r.value);
        if (!h.ok) throw validationError(h.error.replace(/^email:/, 'value:'));
        inboxHash = h.inboxHash;
      } else {
        const n = normaliseRuleValue(r.type, r.value);
        if (!n.ok) throw validationError(n.error);
        value = n.value;
      }
      const slot = ruleSlot(r.type, value, inboxHash);
      const rules = d.table.rules(account);
      const replacing = rules?.inSlot(slot) !== undefined;
      const inFlight = pending.get(account) ?? 0;
      if (!replacing && (rules?.size ?? 0) + inFlight >= max) throw validationError(`rules: at most ${max.toLocaleString('en-US')} rules per account (delete some first)`);
      const id = ruleId(d.random(RULE_ID_RANDOM_BYTES));
      const now = d.now();
      const note = r.note === undefined || r.note === '' ? null : r.note;
      if (!replacing) pending.set(account, inFlight + 1);
      try {
        await d.log.put(
          controlKey.rule(account, slot),
          { account, time: now, api_key: null, rule: { id, action: r.action, type: r.type, value, inbox_hash: inboxHash, note, created_at: now }, settings: null },
          now,
        );
      } finally {
        if (!replacing) {
          const left = (pending.get(account) ?? 1) - 1;
          if (left > 0) pending.set(account, left);
          else pending.delete(account);
        }
      }
      return ruleView({ id, account, action: r.action, type: r.type, value, inboxHash, note, createdAt: now });
    },

    list(account) {
      const all = d.table.rules(account)?.all() ?? [];
      return all.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)).map(ruleView);
    },

    async remove(account, id) {
      const rule = d.table.rules(account)?.get(id);
      if (!rule) throw notFound('id: no rule with this id in your account');
      await d.log.put(controlKey.rule(account, ruleSlot(rule.type, rule.value, rule.inboxHash)), null, d.now());
    },
  };
}
