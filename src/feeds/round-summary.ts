/**
 * One line for a round of feed downloads (pure): which feeds could not be downloaded and why,
 * what that leaves out of the answers, and how to load them. One line per round instead of a
 * warning per feed: without network every start would otherwise print five.
 */
import type { FeedName } from './feed-catalog.ts';

export interface FailedFeed {
  readonly name: FeedName;
  readonly error: string;
  /** An older good copy is still in use. */
  readonly kept: boolean;
}

/** What each feed adds to an answer, for saying what is missing without it. */
const GIVES: Record<FeedName, string> = {
  aws: 'ip.datacenter',
  azure: 'ip.datacenter',
  google_cloud: 'ip.datacenter',
  digital_ocean: 'ip.datacenter',
  tor: 'ip.tor',
  rdap: 'domain_age_days',
};

/** `feedsDir`: where `mailsift feeds update` stores the copies (the data dir's feeds/). */
export function failedRoundMessage(failed: readonly FailedFeed[], refreshHours: number, feedsDir: string): string {
  const byError = new Map<string, FeedName[]>();
  for (const f of failed) byError.set(f.error, [...(byError.get(f.error) ?? []), f.name]);
  const why = [...byError].map(([error, names]) => `${names.join(', ')}: ${error}`).join('; ');
  const kept = failed.filter((f) => f.kept).map((f) => f.name);
  const missing = failed.filter((f) => !f.kept).map((f) => f.name);
  const gives = [...new Set(missing.map((n) => GIVES[n]))];
  const parts = [`feeds unavailable: could not download ${why}.`];
  if (kept.length) parts.push(`Still using the last good copy of ${kept.join(', ')}.`);
  if (missing.length) {
    parts.push(
      `No copy of ${missing.join(', ')} is loaded, so ${listed(gives.map((g) => `\`${g}\``))} ${gives.length === 1 ? 'is' : 'are'} absent from answers until ${missing.length === 1 ? 'it loads' : 'they load'}.`,
      `To load them: run \`npx mailsift feeds update\` with the same MAILSIFT_DATA_DIR where the network is reachable (it fills ${feedsDir}; from another machine, copy that folder here), then restart.`,
    );
  }
  parts.push(refreshHours > 0 ? `The service retries every ${refreshHours} h.` : 'The service does not retry (MAILSIFT_FEEDS_REFRESH_HOURS=0).');
  return parts.join(' ');
}

/** a, b and c */
function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
