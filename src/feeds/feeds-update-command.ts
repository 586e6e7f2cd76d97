/**
 * Body of `mailsift feeds update` (shell): download, validate and store every configured
 * feed once, print one line per feed, and return the process exit code (0 when every
 * configured feed is now fresh, 1 when any failed; its last good copy is still kept).
 * main.ts builds the options from config (feedUrlOverrides) and calls this.
 */
import { FEED_CATALOG } from './feed-catalog.ts';
import { createFeedUpdater, type FeedStatus, type FeedUpdaterOptions } from './updater.ts';

function statusLine(s: FeedStatus): string {
  const name = s.name.padEnd(14);
  if (!s.configured) {
    const kept = s.loaded ? ` (using stored copy: ${s.entries} entries, age ${s.ageSeconds}s)` : '';
    const { envVar, defaultUrl } = FEED_CATALOG[s.name];
    // A feed with a default URL is unconfigured only because its variable says off.
    return defaultUrl !== undefined ? `${name}switched off (${envVar}=off)${kept}` : `${name}not configured: set ${envVar} to enable${kept}`;
  }
  if (s.lastError !== undefined) {
    const kept = s.loaded ? `kept last good copy (${s.entries} entries, age ${s.ageSeconds}s)` : 'no good copy yet';
    return `${name}FAILED  ${s.lastError}; ${kept}`;
  }
  return `${name}ok      ${s.entries} entries from ${s.url ?? ''}`;
}

export async function runFeedsUpdate(
  opts: Omit<FeedUpdaterOptions, 'refreshIntervalMs'>,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const updater = createFeedUpdater({ ...opts, refreshIntervalMs: 0 });
  try {
    const statuses = await updater.updateAll();
    for (const s of statuses) out(statusLine(s));
    return statuses.some((s) => s.configured && s.lastError !== undefined) ? 1 : 0;
  } finally {
    updater.stop();
  }
}
