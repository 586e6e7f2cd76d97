import { describe, expect, it } from 'vitest';
import { EAI_SCRIPTS, PEOPLE_KIND_GROUPS, peopleKinds, universityDomains } from '../../src/eval/people-kinds.ts';
import { buildMailboxRuleIndex, checkMailbox, mailboxRuleFor } from '../../src/signals/provider-rules.ts';
import { parseAddress } from '../../src/signals/syntax.ts';

const rows = peopleKinds(14, 300);
const of = (group: string) => rows.filter((r) => r.group === group);
const split = (email: string) => {
  const at = email.lastIndexOf('@');
  return [email.slice(0, at), email.slice(at + 1)] as const;
};

describe('peopleKinds', () => {
  it('is reproducible from its seed and changes with it', () => {
    expect(peopleKinds(14, 300)).toEqual(rows);
    expect(peopleKinds(15, 300)).not.toEqual(rows);
  });

  it('draws every group, each address valid', () => {
    for (const g of PEOPLE_KIND_GROUPS) expect(of(g), g).toHaveLength(300);
    for (const r of rows) expect(parseAddress(r.email).ok, r.email).toBe(true);
  });

  it('writes students and university staff at domains of the school list, some under a student subdomain', () => {
    const schools = new Set(universityDomains());
    expect(schools.size).toBeGreaterThan(1000);
    for (const r of of('campus-ids')) expect(schools.has(split(r.email)[1].replace(/^student\./, '')), r.email).toBe(true);
    expect(of('campus-ids').some((r) => split(r.email)[1].startsWith('student.'))).toBe(true);
    expect(of('campus-ids').some((r) => /^[a-z]\d{6,8}$/.test(split(r.email)[0]))).toBe(true);
  });

  it('writes companies\' staff numbers and initials at company domains, none at a school', () => {
    const schools = new Set(universityDomains());
    for (const r of of('staff-ids')) expect(schools.has(split(r.email)[1]), r.email).toBe(false);
    expect(of('staff-ids').some((r) => /^[a-z]{1,3}\d{3,}$/.test(split(r.email)[0]))).toBe(true);
  });

  it('writes internationalised local parts in each script, at its IDN zone or its ASCII zone', () => {
    const eai = of('eai');
    for (const r of eai) {
      const [local, domain] = split(r.email);
      expect(/[^\x00-\x7f]/.test(local), r.email).toBe(true);
      expect(local).toBe(local.toLowerCase());
      const script = EAI_SCRIPTS.find((s) => r.pattern.startsWith(`${s.locale}-`))!;
      expect(domain.endsWith(r.pattern.endsWith('-idn') ? `.${script.idn}` : `.${script.ascii}`), r.email).toBe(true);
    }
    expect(new Set(eai.map((r) => r.pattern)).size).toBe(EAI_SCRIPTS.length * 2);
  });

  it('writes older consumers with birth years of 1935-1965 and family mailboxes', () => {
    const elders = of('isp-elders');
    for (const r of elders.filter((x) => x.pattern === 'initials+year' && /\d{4}$/.test(x.email.split('@')[0]!))) {
      const year = Number(/(\d{4})$/.exec(split(r.email)[0])![1]);
      expect(year, r.email).toBeGreaterThanOrEqual(1935);
      expect(year, r.email).toBeLessThanOrEqual(1965);
    }
    expect(elders.some((r) => r.pattern === 'family')).toBe(true);
    expect(elders.some((r) => r.pattern === 'couple')).toBe(true);
  });

  it("respects the mailbox rules of every provider that has one (Gmail's dots and length, Yahoo's one separator, AOL's)", () => {
    const index = buildMailboxRuleIndex();
    let checked = 0;
    for (const r of [...of('isp-elders'), ...of('hobby-year')]) {
      const [local, domain] = split(r.email);
      const rule = mailboxRuleFor(domain, domain.slice(domain.indexOf('.') + 1), index);
      if (!rule) continue;
      checked++;
      expect(checkMailbox(local, rule).possible, r.email).toBe(true);
    }
    expect(checked).toBeGreaterThan(100);
  });
});
