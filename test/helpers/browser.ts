/**
 * A real headless Chromium for browser tests: Debian's `chromium` package (.ci/run installs
 * it), driven by playwright-core, which downloads no browser of its own. Each launch gets a
 * fresh profile in a temp dir, removed on close. The flags keep it offline except for the
 * pages a test opens (no sync, updates, QUIC or background requests).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM = existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : undefined;

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  if (!CHROMIUM) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  const profile = mkdtempSync(join(tmpdir(), 'mailsift-chromium-'));
  // A persistent context is how playwright takes a user data dir of our choosing (--user-data-dir).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    timeout: 60_000,
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
