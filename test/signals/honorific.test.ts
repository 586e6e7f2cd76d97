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
    // Round 18: scam personas' titles, and those that count only before a separator.
    ['agent.rex.moore', true],
    ['agentwilliams', true],
    ['sgt.daniel', true],
    ['colonelharris', true],
    ['ms.helen.carter', true],
    ['sir_james', true],
    ['lady.anne', true],
    ['col.ray', true],
    ['msanders', false], // M. Sanders: "ms" glued is an initial and a name
    ['sirena', false],
    ['ladonna', false],
    ['colin.smith', false],
    ['agnes', false],
    // A listed given name that runs on through the title's letters is the name.
    ['revamolina', false], // Reva Molina, not Rev Amol
    ['dragankovac', false],
    ['drpaulmoore', true],
  ])('%s -> %s', (body, h) => {
    expect(hasHonorific(body, tables)).toBe(h);
  });
});
