/**
 * domain-shapes-180d: at company (work) domains, how many distinct inboxes have each address
 * shape (first.last, flast, ...) over about 180 days. Only the shape is kept, never a local part.
 * "+digits" variants count toward their base shape (john.smith2 is a duplicate of the pattern).
 */
import type { DomainSighting } from '../../domain/events.ts';
import { DAY } from '../../domain/time.ts';
import { domainKey } from '../stores/key-layout.ts';
import { distinctCounter, summaryStore } from './distinct-counter.ts';

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
const RETENTION = SHAPES_WINDOW_MS + 2 * SHAPES_BUCKET_MS;

export const DOMAIN_SHAPES = summaryStore(18, 'domain-shapes-180d', RETENTION);

export const domainShapes180d = distinctCounter<DomainSighting>({
  name: 'domain-shapes-180d',
  summary: DOMAIN_SHAPES,
  // Shares matter here, not exact counts: a busy shape is sketched past 128 inboxes a month.
  exactUpTo: 128,
  windowMs: SHAPES_WINDOW_MS,
  bucketMs: SHAPES_BUCKET_MS,
  entity: (e) => (e.account_type === 'work' ? domainKey(e.domain) : null),
  member: (e) => e.inbox_hash,
  category: (e) => shapeCategory(e.local_shape),
  time: (e) => e.time,
});

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
