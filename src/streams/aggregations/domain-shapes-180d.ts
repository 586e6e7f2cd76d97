/**
 * A company (work) domain's address shapes (first.last, flast, ...): how many distinct inboxes
 * have each over about 180 days (kept in domain-records-180d) tells the domain's pattern. Only
 * the shape is kept, never a local part. "+digits" variants count toward their base shape
 * (john.smith2 is a duplicate of the pattern).
 */
import { DAY } from '../../domain/time.ts';

export const SHAPE_CATEGORIES = [
  'first.last', 'last.first', 'first_last', 'first-last', 'f.last', 'first.l', 'first.m.last', 'flast', 'firstl',
  'firstlast', 'first', 'initials', 'words', 'service', 'numeric', 'other',
] as const;
const OTHER = SHAPE_CATEGORIES.indexOf('other');

export function shapeCategory(shape: string): number {
  const base = shape.endsWith('+digits') ? shape.slice(0, -'+digits'.length) : shape;
  const i = (SHAPE_CATEGORIES as readonly string[]).indexOf(base);
  return i < 0 ? OTHER : i;
}

export const SHAPES_WINDOW_MS = 180 * DAY;
export const SHAPES_BUCKET_MS = 30 * DAY;

/** Fewer other inboxes than this at a domain: still `learning`. */
export const PATTERN_MIN_OBSERVATIONS = 5;
/** A shape held by at least this share of the domain's other inboxes is the domain's pattern. */
export const PATTERN_MATCH_SHARE = 0.2;

/** Pure: does this shape follow what the domain's other inboxes look like? */
export function domainPattern(countsByCategory: Map<number, number>, shape: string): 'match' | 'mismatch' | 'learning' {
  const totalCount = [...countsByCategory.values()].reduce((a, b) => a + b, 0);
  if (totalCount < PATTERN_MIN_OBSERVATIONS) return 'learning';
  const mine = countsByCategory.get(shapeCategory(shape)) ?? 0;
  return mine / totalCount >= PATTERN_MATCH_SHARE ? 'match' : 'mismatch';
}
