import { describe, expect, it } from 'vitest';
import { BULK_SUFFIXES, isBulkSuffix } from '../../src/signals/bulk-suffix.ts';

describe('isBulkSuffix', () => {
  it.each([
    // the top-level names the anti-abuse reports single out
    ['top', true],
    ['xyz', true],
    ['shop', true],
    ['sbs', true],
    ['cfd', true],
    ['support', true],
    // a second-level zone under one of them is read by its top-level name
    ['co.top', true],
    // legacy and country names, Freenom's former free names, cheap names nobody singled out
    ['com', false],
    ['co.uk', false],
    ['tk', false],
    ['site', false],
    ['online', false],
    ['dev', false],
    ['topx', false],
    ['', false],
  ] as const)('%s -> %s', (suffix, expected) => {
    expect(isBulkSuffix(suffix)).toBe(expected);
  });

  it('is a closed list of lowercase top-level names', () => {
    for (const s of BULK_SUFFIXES) expect(s).toMatch(/^[a-z]+$/);
    expect(BULK_SUFFIXES.size).toBe(10);
  });
});
