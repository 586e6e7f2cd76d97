/**
 * One account's rules, indexed for the check path: every lookup is a few Map reads, whatever
 * the number of rules (a check reads its inbox hash, each suffix of its domain, its mail
 * provider and its TLD). The most specific matching rule wins: email, then domain (the longest
 * matching suffix first), then mail_provider, then tld. Pure.
 */
import { ruleSlot, type Rule } from './rules.ts';

export interface RuleFacts {
  /** Keyed hash of the canonical inbox (as in the check event). */
  readonly inboxHash: Buffer;
  /** ASCII domain of the address. */
  readonly domain: string;
  /** Absent when DNS was off or did not answer. */
  readonly mailProvider?: string;
}

export class AccountRules {
  private readonly byId = new Map<string, Rule>();
  private readonly bySlot = new Map<string, Rule>();
  /**
   * Keyed by the first 48 bits of the inbox hash, read as a number: no string is built per
   * check. Rules whose hashes share those bits (about 1 in 2^48 per pair) share the entry and
   * are told apart by the whole hash.
   */
  private readonly email = new Map<number, Rule[]>();
  private readonly domain = new Map<string, Rule>();
  private readonly provider = new Map<string, Rule>();
  private readonly tld = new Map<string, Rule>();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Rule | undefined {
    return this.byId.get(id);
  }

  /** The rule in a slot (type and value), if any. */
  inSlot(slot: string): Rule | undefined {
    return this.bySlot.get(slot);
  }

  all(): Rule[] {
    return [...this.byId.values()];
  }

  /** Puts a rule in its slot, replacing the one there. */
  put(rule: Rule): void {
    const slot = ruleSlot(rule.type, rule.value, rule.inboxHash);
    const old = this.bySlot.get(slot);
    if (old) {
      this.byId.delete(old.id);
      this.unindex(old);
    }
    this.bySlot.set(slot, rule);
    this.byId.set(rule.id, rule);
    if (rule.type === 'email') {
      const k = rule.inboxHash!.readUIntBE(0, 6);
      this.email.set(k, [...(this.email.get(k) ?? []), rule]);
    } else {
      this.byValue(rule.type).set(rule.value!, rule);
    }
  }

  /** Empties a slot; returns the rule it held. */
  removeSlot(slot: string): Rule | undefined {
    const old = this.bySlot.get(slot);
    if (!old) return undefined;
    this.bySlot.delete(slot);
    this.byId.delete(old.id);
    this.unindex(old);
    return old;
  }

  match(f: RuleFacts): Rule | undefined {
    if (this.email.size > 0) {
      const near = this.email.get(f.inboxHash.readUIntBE(0, 6));
      if (near) for (const r of near) if (r.inboxHash!.equals(f.inboxHash)) return r;
    }
    if (this.domain.size > 0) {
      // Longest suffix first: a.b.example.com, b.example.com, example.com, com.
      for (let d = f.domain; ; ) {
        const hit = this.domain.get(d);
        if (hit) return hit;
        const dot = d.indexOf('.');
        if (dot < 0) break;
        d = d.slice(dot + 1);
      }
    }
    if (f.mailProvider !== undefined && this.provider.size > 0) {
      const hit = this.provider.get(f.mailProvider);
      if (hit) return hit;
    }
    if (this.tld.size > 0) return this.tld.get(f.domain.slice(f.domain.lastIndexOf('.') + 1));
    return undefined;
  }

  private unindex(r: Rule): void {
    if (r.type !== 'email') {
      this.byValue(r.type).delete(r.value!);
      return;
    }
    const k = r.inboxHash!.readUIntBE(0, 6);
    const rest = (this.email.get(k) ?? []).filter((x) => x !== r);
    if (rest.length) this.email.set(k, rest);
    else this.email.delete(k);
  }

  private byValue(type: Exclude<Rule['type'], 'email'>): Map<string, Rule> {
    return type === 'domain' ? this.domain : type === 'mail_provider' ? this.provider : this.tld;
  }
}
