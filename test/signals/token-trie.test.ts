import { describe, expect, it } from 'vitest';
import { buildTokenTrie, FIRST, LAST, lookupToken, SERVICE, WORD } from '../../src/signals/token-trie.ts';

describe('token trie', () => {
  const trie = buildTokenTrie([
    [FIRST, ['rose', 'ann', 'anna']],
    [LAST, ['smith', 'rose']],
    [WORD, ['rose', 'garden']],
    [SERVICE, ['admin']],
  ]);

  it.each([
    ['rose', FIRST | LAST | WORD],
    ['ann', FIRST],
    ['anna', FIRST],
    ['an', 0], // prefix only
    ['annas', 0],
    ['smith', LAST],
    ['admin', SERVICE],
    ['garden', WORD],
    ['Rose', 0], // only a-z is stored
    ['', 0],
  ])('%s -> flags %i', (token, flags) => {
    expect(lookupToken(trie, token)).toBe(flags);
  });

  it('grows past its initial capacity', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26))) + 'qqqqq');
    const big = buildTokenTrie([[WORD, many]]);
    expect(big.nodes).toBeGreaterThan(1 << 16);
    expect(lookupToken(big, many[19_999]!)).toBe(WORD);
  });
});
