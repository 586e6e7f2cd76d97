import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstDuplicateKey } from '../../src/api/json-duplicate-keys.ts';

describe('firstDuplicateKey', () => {
  it('finds none in any JSON a serializer writes (its objects cannot repeat a key)', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
        expect(firstDuplicateKey(JSON.stringify(v))).toBeUndefined();
      }));
  });

  it('finds a key repeated in any object, however nested and escaped', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), fc.string(), fc.jsonValue(), (obj, key, v) => {
        const text = JSON.stringify({ ...obj, [key]: v });
        // The same key again, spelled with every character escaped.
        const escaped = [...key].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
        const twice = `${text.slice(0, -1)},"${escaped}":1}`;
        expect(firstDuplicateKey(twice)).toBe(key);
        expect(firstDuplicateKey(`[0,{"n":${twice}}]`)).toBe(`[1].n.${key}`);
      }),
    );
  });
});
