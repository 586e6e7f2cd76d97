/**
 * Decides whether a feed body may replace the last good copy. Pure.
 * Checks, in order: size cap, UTF-8, a complete parse (feed-catalog parser), a sane minimum
 * number of entries, and no collapse against the last good copy (a provider does not lose
 * half its ranges between two downloads; a broken export or a CDN error page does).
 */
import type { FeedSpec } from './feed-catalog.ts';
import type { ParsedFeed } from './parsers/parsed-feed.ts';

export interface ValidationBounds {
  readonly maxBytes: number;
  readonly minEntries: number;
  /** Entries of the last good copy, when one is loaded. */
  readonly previousEntries?: number;
  /** Reject below `minRatio * previousEntries`. */
  readonly minRatio?: number;
}

export type ValidationResult =
  | { readonly ok: true; readonly feed: ParsedFeed; readonly entries: number }
  | { readonly ok: false; readonly error: string };

export function validateFeedBody(spec: FeedSpec, body: Uint8Array, bounds: ValidationBounds): ValidationResult {
  if (body.byteLength > bounds.maxBytes) return { ok: false, error: `body larger than ${bounds.maxBytes} bytes` };
  if (body.byteLength === 0) return { ok: false, error: 'empty body' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return { ok: false, error: 'body is not UTF-8 text' };
  }
  const parsed = spec.parse(text);
  if (!parsed.ok) return { ok: false, error: `invalid ${spec.name} feed: ${parsed.error}` };
  if (parsed.entries < bounds.minEntries) {
    return { ok: false, error: `too few entries: ${parsed.entries} < ${bounds.minEntries}` };
  }
  const { previousEntries, minRatio } = bounds;
  if (previousEntries !== undefined && minRatio !== undefined && parsed.entries < minRatio * previousEntries) {
    return {
      ok: false,
      error: `shrank: ${parsed.entries} entries < ${Math.round(minRatio * 100)}% of the last good copy's ${previousEntries}`,
    };
  }
  return parsed;
}
