import { describe, expect, it } from 'vitest';
import { CROSS_SOURCE_PATTERNS, crossSourceHumans, falsoNamePools } from '../../src/eval/cross-source.ts';
import { loadNameLists } from '../../src/data/name-lists.ts';
import { buildMailboxRuleIndex, checkMailbox, mailboxRuleFor } from '../../src/signals/provider-rules.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const pools = falsoNamePools();
const lists = loadNameLists();
const known = new Set([...lists.first, ...lists.last, ...lists.words]);

describe('falsoNamePools', () => {
  it('collects every falso name once, folded to ASCII letters and sorted', () => {
    expect(pools.first.length).toBeGreaterThan(500);
    expect(pools.last.length).toBeGreaterThan(800);
    for (const list of [pools.first, pools.last]) {
      expect(new Set(list).size).toBe(list.length);
      expect([...list].sort()).toEqual(list);
      for (const n of list) expect(n).toMatch(/^[a-z]{2,}$/);
    }
  });

  it('does not depend on the order of draws (a second call gives the same pools)', () => {
    expect(falsoNamePools()).toEqual(pools);
  });

  it('holds many names our lists lack: the group exists to measure them', () => {
    const unlisted = pools.first.filter((n) => !known.has(n)).length + pools.last.filter((n) => !known.has(n)).length;
    expect(unlisted).toBeGreaterThan(300);
  });
});

describe('crossSourceHumans', () => {
  const rows = crossSourceHumans(11, 400, pools, known);

  it('is reproducible from its seed and changes with it', () => {
    expect(crossSourceHumans(11, 400, pools, known)).toEqual(rows);
    expect(crossSourceHumans(12, 400, pools, known)).not.toEqual(rows);
  });

  it('draws both groups, every pattern, each address valid', () => {
    expect(rows.filter((r) => r.group === 'falso')).toHaveLength(400);
    expect(rows.filter((r) => r.group === 'falso-unlisted')).toHaveLength(400);
    expect(new Set(rows.map((r) => r.pattern))).toEqual(new Set(CROSS_SOURCE_PATTERNS));
    for (const r of rows) expect(parseAddress(r.email).ok, r.email).toBe(true);
  });

  it("respects each provider's mailbox rules (no underscore at gmail, one separator at yahoo, Gmail's length)", () => {
    const index = buildMailboxRuleIndex();
    for (const r of rows) {
      const [local, domain] = r.email.split('@') as [string, string];
      const rule = mailboxRuleFor(domain, domain.slice(domain.indexOf('.') + 1), index);
      expect(rule, domain).toBeDefined();
      expect(checkMailbox(local, rule!).possible, r.email).toBe(true);
    }
  });

  it('spells the unlisted group with names the known lists lack only', () => {
    const some = crossSourceHumans(11, 200, { first: ['zyx', 'qwa'], last: ['vbnm', 'anna'] }, new Set(['qwa', 'anna']));
    const unlisted = some.filter((r) => r.group === 'falso-unlisted');
    expect(unlisted).toHaveLength(200);
    for (const r of unlisted) expect(r.email).not.toMatch(/qwa|anna/);
    expect(some.filter((r) => r.group === 'falso').some((r) => /qwa|anna/.test(r.email))).toBe(true);
  });

  it('leaves out the unlisted group when the lists know every name', () => {
    const all = new Set([...pools.first, ...pools.last]);
    expect(crossSourceHumans(11, 50, pools, all).every((r) => r.group === 'falso')).toBe(true);
  });
});
