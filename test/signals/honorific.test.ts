import { describe, expect, it } from 'vitest';
import { hasHonorific } from '../../src/signals/honorific.ts';
import { buildNameTables } from '../../src/signals/names.ts';

const tables = buildNameTables();

describe('hasHonorific', () => {
  it.each([
    ['mr.john', true],
    ['mrs_smith', true],
    ['dr-who', true],
    ['mrjohnson', true], // glued to a name of 4+ letters
    ['barr_mike', true],
    ['prince.charles', true],
    ['drew', false], // a name that starts like a title
    ['mrinal', false],
    ['revathi', false],
    ['mr', false],
    ['mr.', false],
    ['mr.123', false],
    ['john.mr', false],
  ])('%s -> %s', (body, h) => {
    expect(hasHonorific(body, tables)).toBe(h);
  });
});
