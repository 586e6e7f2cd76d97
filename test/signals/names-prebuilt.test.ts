import { describe, expect, it } from 'vitest';
import { buildNameTables, nameTablesKey, type NameTables } from '../../src/signals/names.ts';
import { decodeNameTables, encodeNameTables } from '../../src/signals/names-prebuilt.ts';
import { buildTokenTrie, FIRST, LAST, lookupToken, SERVICE, WORD } from '../../src/signals/token-trie.ts';
import { trainNgramModel } from '../../src/signals/ngram.ts';

const built = buildNameTables();

/** Byte equality: vitest's toEqual walks a 4-million-entry typed array element by element (minutes). */
const bytes = (a: Int32Array | Uint8Array | Float32Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const sameBytes = (a: Int32Array | Uint8Array | Float32Array, b: Int32Array | Uint8Array | Float32Array): boolean => Buffer.compare(bytes(a), bytes(b)) === 0;

/** Same trie and models byte for byte, same other tables. */
function expectSameTables(a: NameTables, b: NameTables): void {
  expect(a.key).toBe(b.key);
  expect(a.trie.nodes).toBe(b.trie.nodes);
  expect(sameBytes(a.trie.children, b.trie.children)).toBe(true);
  expect(sameBytes(a.trie.flags, b.trie.flags)).toBe(true);
  expect(a.ngram.order).toBe(b.ngram.order);
  expect(sameBytes(a.ngram.logProb, b.ngram.logProb)).toBe(true);
  expect(sameBytes(a.nameNgram.logProb, b.nameNgram.logProb)).toBe(true);
  expect(a.surnameEndings).toEqual(b.surnameEndings);
  expect([...a.familyServiceWords]).toEqual([...b.familyServiceWords]);
}

/** Small tables of made-up tokens: fast, and unlike the real ones. */
function smallTables(key: string): NameTables {
  return {
    ...built,
    trie: buildTokenTrie([[FIRST, ['ann', 'anna', 'bo']], [LAST, ['annaberg']], [WORD, ['blue']], [SERVICE, ['desk']]]),
    ngram: trainNgramModel(['ann', 'blue']),
    nameNgram: trainNgramModel(['bo']),
    key,
  };
}

describe('encodeNameTables / decodeNameTables', () => {
  it('give back the very arrays buildNameTables made (node numbers, flags, every log-probability)', () => {
    const pre = decodeNameTables(encodeNameTables(built))!;
    expectSameTables({ ...built, ...pre }, built);
  });

  it('decode bytes that sit at any offset of a larger buffer (a pooled read)', () => {
    const bytes = encodeNameTables(smallTables(built.key));
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 1);
    const pre = decodeNameTables(padded.subarray(1, 1 + bytes.length))!;
    expect(lookupToken(pre.trie, 'annaberg')).toBe(LAST);
    expect(lookupToken(pre.trie, 'anna')).toBe(FIRST);
    expect(lookupToken(pre.trie, 'annab')).toBe(0);
    expect(sameBytes(pre.ngram.logProb, trainNgramModel(['ann', 'blue']).logProb)).toBe(true);
    expect(sameBytes(pre.nameNgram.logProb, trainNgramModel(['ann', 'blue']).logProb)).toBe(false);
  });

  it('refuse what is not tables of this layout: wrong magic, wrong version, cut short, too long', () => {
    const bytes = encodeNameTables(smallTables(built.key));
    const changed = (at: number) => {
      const b = bytes.slice();
      b[at] = b[at]! ^ 0xff;
      return b;
    };
    expect(decodeNameTables(bytes)).toBeDefined();
    expect(decodeNameTables(changed(0))).toBeUndefined();
    expect(decodeNameTables(changed(4))).toBeUndefined();
    expect(decodeNameTables(bytes.subarray(0, bytes.length - 4))).toBeUndefined();
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(decodeNameTables(longer)).toBeUndefined();
    expect(decodeNameTables(new Uint8Array(10))).toBeUndefined();
  });
});

describe('buildNameTables(prebuilt)', () => {
  it('takes prebuilt tables whose key is the lists\' key', () => {
    const small = decodeNameTables(encodeNameTables(smallTables(built.key)))!;
    const tables = buildNameTables(small);
    expect(tables.trie).toBe(small.trie);
    expect(tables.ngram).toBe(small.ngram);
    expect(tables.nameNgram).toBe(small.nameNgram);
  });

  it('ignores prebuilt tables of other lists (another key) and builds its own', () => {
    const other = decodeNameTables(encodeNameTables(smallTables('ab'.repeat(32))))!;
    const tables = buildNameTables(other);
    expect(tables.trie).not.toBe(other.trie);
    expectSameTables(tables, built);
  });

  it('with its own tables encoded and decoded, builds tables equal to those it builds alone', () => {
    expectSameTables(buildNameTables(decodeNameTables(encodeNameTables(built))), built);
  });
});

describe('nameTablesKey', () => {
  it('changes with any token, its flag or the lists\' order', () => {
    const key = nameTablesKey([[FIRST, ['anna', 'bo']], [LAST, ['berg']]]);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(nameTablesKey([[FIRST, ['anna', 'bo']], [LAST, ['berg']]])).toBe(key);
    expect(nameTablesKey([[FIRST, ['anna', 'bob']], [LAST, ['berg']]])).not.toBe(key);
    expect(nameTablesKey([[FIRST, ['anna', 'bo']], [WORD, ['berg']]])).not.toBe(key);
    expect(nameTablesKey([[LAST, ['berg']], [FIRST, ['anna', 'bo']]])).not.toBe(key);
  });
});
