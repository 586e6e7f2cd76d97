import { describe, expect, it } from 'vitest';
import { REGIONAL_PROVIDERS, regionalCultures, regionalHumans, type Culture } from '../../src/eval/regional-people.ts';
import { CROSS_SOURCE_PATTERNS } from '../../src/eval/cross-source.ts';
import { loadNameLists } from '../../src/data/name-lists.ts';
import { buildMailboxRuleIndex, checkMailbox, mailboxRuleFor } from '../../src/signals/provider-rules.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const cultures = regionalCultures();
const lists = loadNameLists();
const known = new Set([...lists.first, ...lists.last, ...lists.words]);

describe('regionalCultures', () => {
  it('reads every culture of the data file, names folded to ASCII letters, unique and sorted', () => {
    expect(cultures.map((c) => c.name).sort()).toEqual(Object.keys(REGIONAL_PROVIDERS).sort());
    for (const c of cultures) {
      for (const list of [c.first, c.last]) {
        expect(list.length, c.name).toBeGreaterThan(40);
        expect(new Set(list).size).toBe(list.length);
        expect([...list].sort()).toEqual(list);
        for (const n of list) expect(n).toMatch(/^[a-z]{2,}$/);
      }
    }
  });

  it('holds many names our lists lack: the group exists to measure them', () => {
    const unlisted = cultures.flatMap((c) => [...c.first, ...c.last]).filter((n) => !known.has(n));
    expect(unlisted.length).toBeGreaterThan(2000);
  });
});

describe('regionalHumans', () => {
  const rows = regionalHumans(13, 200, cultures, known);

  it('is reproducible from its seed and changes with it', () => {
    expect(regionalHumans(13, 200, cultures, known)).toEqual(rows);
    expect(regionalHumans(14, 200, cultures, known)).not.toEqual(rows);
  });

  it('draws every culture and the unlisted group, every pattern, each address valid', () => {
    for (const c of cultures) expect(rows.filter((r) => r.group === c.name), c.name).toHaveLength(200);
    expect(rows.filter((r) => r.group === 'regional-unlisted')).toHaveLength(200);
    expect(new Set(rows.map((r) => r.pattern))).toEqual(new Set(CROSS_SOURCE_PATTERNS));
    for (const r of rows) expect(parseAddress(r.email).ok, r.email).toBe(true);
  });

  it("writes each culture at its own region's providers", () => {
    for (const c of cultures) {
      const domains = new Set(REGIONAL_PROVIDERS[c.name]!.map((s) => s.domain));
      for (const r of rows.filter((x) => x.group === c.name)) expect(domains.has(r.email.split('@')[1]!), r.email).toBe(true);
    }
  });

  it("respects the mailbox rules of every provider that has one (Gmail's dots and length, Yahoo's one separator, Yandex's)", () => {
    const index = buildMailboxRuleIndex();
    let checked = 0;
    for (const r of rows) {
      const [local, domain] = r.email.split('@') as [string, string];
      const rule = mailboxRuleFor(domain, domain.slice(domain.indexOf('.') + 1), index);
      if (!rule) continue;
      checked++;
      expect(checkMailbox(local, rule).possible, r.email).toBe(true);
    }
    expect(checked).toBeGreaterThan(rows.length / 2);
  });

  it('spells the unlisted group with names the known lists lack only, each at its culture\'s providers', () => {
    const made: Culture[] = [
      { name: 'thai', first: ['zyx', 'qwa'], last: ['vbnm', 'anna'] },
      { name: 'japanese', first: ['kqo', 'anna'], last: ['wuvo', 'qwa'] },
    ];
    const some = regionalHumans(13, 200, made, new Set(['qwa', 'anna']));
    const unlisted = some.filter((r) => r.group === 'regional-unlisted');
    expect(unlisted).toHaveLength(200);
    for (const r of unlisted) expect(r.email).not.toMatch(/qwa|anna/);
    expect(some.filter((r) => r.group === 'thai').some((r) => /qwa|anna/.test(r.email))).toBe(true);
    const japanese = new Set(REGIONAL_PROVIDERS.japanese!.map((s) => s.domain));
    const ofJapan = unlisted.filter((x) => /kqo|wuvo/.test(x.email));
    expect(ofJapan.length).toBeGreaterThan(0);
    for (const r of ofJapan) expect(japanese.has(r.email.split('@')[1]!), r.email).toBe(true);
  });

  it('skips a culture no provider list is given for', () => {
    const some = regionalHumans(13, 20, [{ name: 'nowhere', first: ['abc'], last: ['def'] }], new Set());
    expect(some).toEqual([]);
  });
});
