import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { POPULAR_MAIL_DOMAINS } from '../../src/data/popular-mail-domains.ts';

const freeEmailDomains = new Set(createRequire(import.meta.url)('free-email-domains') as string[]);

/** Real provider and ISP domains that the free-email-domains package does not list. */
const NOT_IN_PACKAGE = new Set([
  'tutanota.com', 'hey.com', 'mailbox.org', 'centurylink.net', 'sympatico.ca', 'telus.net', 'talktalk.net', 'bbox.fr',
  'hispeed.ch', 'tin.it', 'fastwebnet.it', 'telia.com', 'hotmail.com.tw', 'globo.com', 'hotmail.com.mx',
  'prodigy.net.mx', 'hotmail.com.ar', 'hotmail.cl', 'mweb.co.za', 'walla.com',
]);

describe('POPULAR_MAIL_DOMAINS', () => {
  it('has at least 200 unique, lowercase registrable-looking domains', () => {
    expect(POPULAR_MAIL_DOMAINS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(POPULAR_MAIL_DOMAINS).size).toBe(POPULAR_MAIL_DOMAINS.length);
    expect(POPULAR_MAIL_DOMAINS.filter((d) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d))).toEqual([]);
  });

  it('is backed by the maintained free-email-domains list, except for the listed ISP/provider domains', () => {
    const missing = POPULAR_MAIL_DOMAINS.filter((d) => !freeEmailDomains.has(d));
    expect(new Set(missing)).toEqual(NOT_IN_PACKAGE);
    expect(missing.length / POPULAR_MAIL_DOMAINS.length).toBeLessThan(0.1);
  });

  it('starts with the biggest providers (order breaks suggestion ties)', () => {
    expect(POPULAR_MAIL_DOMAINS.slice(0, 4)).toEqual(['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com']);
  });
});
