import { describe, expect, it } from 'vitest';
import { parseWithTypoHint } from '../../src/check/typo-hint.ts';
import { buildAddressTables } from '../../src/signals/address-tables.ts';
import { buildAddressPipeline } from '../../src/roles/address-pipeline.ts';

const typo = buildAddressTables().typo;

describe('parseWithTypoHint: an unknown top-level name that looks like a typo', () => {
  it.each([
    ['jane.roe@hotmail.con', 'jane.roe@hotmail.con', 'hotmail.con'],
    ['  Pat.Quill@GMAIL.CMO ', 'pat.quill@gmail.cmo', 'gmail.cmo'],
    ['sam.dune@yahoo.comm', 'sam.dune@yahoo.comm', 'yahoo.comm'],
  ])('%s -> accepted as typed, a near miss of a known mail domain', (input, email, domain) => {
    expect(parseWithTypoHint(input, typo)).toEqual({ ok: true, address: { email, local: email.slice(0, email.indexOf('@')), domain } });
  });

  it('keeps every other rule: a bad local part at a mistyped domain is still refused', () => {
    expect(parseWithTypoHint('jane..roe@hotmail.con', typo).ok).toBe(false);
    expect(parseWithTypoHint(`${'a'.repeat(65)}@hotmail.con`, typo).ok).toBe(false);
  });

  it('a domain no list knows whose top-level name alone is repairable -> 400 naming the repaired domain', () => {
    expect(parseWithTypoHint('team@smallfirmwidgets.cmo', typo)).toEqual({ ok: false, error: 'email: domain has no known public suffix (did you mean smallfirmwidgets.com?)' });
  });

  it('names the domain only, never the local part', () => {
    const r = parseWithTypoHint('secret.person@smallfirmwidgets.cmo', typo);
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).not.toContain('secret');
  });

  it.each([
    ['kim@qzxv.wqzx', 'email: domain has no known public suffix'],
    ['kim@bücher.con', 'email: domain has no known public suffix'],
    ['kim@gmail', 'email: domain must contain a dot'],
    ['kim@example.test', 'email: domain uses the special-use top-level domain .test'],
  ])('%s -> the plain error when there is nothing to suggest or another rule failed', (input, error) => {
    expect(parseWithTypoHint(input, typo)).toEqual({ ok: false, error });
  });

  it('leaves a valid address alone', () => {
    expect(parseWithTypoHint('jane.roe@gmail.com', typo)).toMatchObject({ ok: true, address: { email: 'jane.roe@gmail.com', domain: 'gmail.com' } });
  });

  it('is what the check pipeline parses with, and the judgement blocks it with did_you_mean (no mail reaches such a domain)', () => {
    const pipeline = buildAddressPipeline({ allow: 60, review: 30 });
    const parsed = pipeline.parse('jane.roe@hotmail.con');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const view = pipeline.analyze(parsed.address, undefined);
    expect(view).toMatchObject({ didYouMean: 'jane.roe@hotmail.com', accountType: 'unknown' });
    const { score } = pipeline.judge(view, {});
    expect(score.verdict).toBe('block');
    expect(score.reasons).toEqual(expect.arrayContaining(['typo_domain', 'no_mail_server']));
    expect(score.reasons).not.toContain('work_domain');
    expect(pipeline.parse('jane.roe@smallfirmwidgets.cmo').ok).toBe(false);
  });
});
