import { describe, expect, it } from 'vitest';
import { buildNameTables, localPartSignals } from '../../src/signals/local-part.ts';
import { isRandomTag, plusTag } from '../../src/signals/random-tag.ts';

const tables = buildNameTables();
const random = (tag: string) => isRandomTag(tag, localPartSignals(tag, tables));

describe('plusTag', () => {
  it.each([
    ['mira.holt+news', 'news'],
    ['mira+a+b', 'a+b'],
    ['mira.holt', undefined],
    ['+mira', undefined], // a leading '+' is no tag: nothing before it
    ['mira+', undefined],
  ])('%s -> %s', (local, tag) => expect(plusTag(local)).toBe(tag));
});

describe('isRandomTag', () => {
  it.each([
    ['k7f1z1ov'], ['q3vx9t'], ['zr8kpm2'], ['n3sajh'], ['x9y8'],
  ])('letters and digits scattered: %s is random', (tag) => expect(random(tag)).toBe(true));

  it.each([
    ['zqvhwpxk'], ['vzqoi'],
  ])('letters that spell nothing: %s is random', (tag) => expect(random(tag)).toBe(true));

  it.each([
    ['news'], ['amazon'], ['ebay'], ['linkedin'], ['shopping'], ['newsletter'], ['github2024'], ['bank'], ['travel'], ['receipts'], ['2024'], ['x1'], ['nl2'], ['jobs2'],
  ])('a filing label a person writes: %s is not random', (tag) => expect(random(tag)).toBe(false));
});
