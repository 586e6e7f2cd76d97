import { describe, expect, it } from 'vitest';
import { parseWithTypoHint } from '../../src/check/typo-hint.ts';
import { buildAddressTables } from '../../src/signals/address-tables.ts';
import { buildAddressPipeline } from '../../src/roles/address-pipeline.ts';

const typo = buildAddressTables().typo;

describe('parseWithTypoHint: an unknown top-level name that looks like a typo', () => {
  it.each([
    ['jane.roe@hotmail.con', 'email: domain has no known public suffix (did you mean hotmail.com?)'],
    ['  Pat.Quill@GMAIL.CMO ', 'email: domain has no known public suffix (did you mean gmail.com?)'],
    ['sam.dune@yahoo.comm', 'email: domain has no known public suffix (did you mean yahoo.com?)'],
    ['team@smallfirmwidgets.cmo', 'email: domain has no known public suffix (did you mean smallfirmwidgets.com?)'],
  ])('%s -> 400 naming the suggested domain', (input, error) => {
    expect(parseWithTypoHint(input, typo)).toEqual({ ok: false, error });
  });

  it('names the domain only, never the local part', () => {
    const r = parseWithTypoHint('secret.person@hotmail.con', typo);
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

  it('is what the check pipeline parses with (single, bulk, feedback and rules share it)', () => {
    const pipeline = buildAddressPipeline({ allow: 60, review: 30 });
    expect(pipeline.parse('jane.roe@hotmail.con')).toEqual({ ok: false, error: 'email: domain has no known public suffix (did you mean hotmail.com?)' });
  });
});
