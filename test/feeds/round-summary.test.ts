import { describe, expect, it } from 'vitest';
import { failedRoundMessage } from '../../src/feeds/round-summary.ts';

describe('failedRoundMessage (one line per round of feed downloads)', () => {
  it('no network, nothing stored: which feeds, why once, what is missing, how to load them', () => {
    const same = 'network error: ENOTFOUND';
    const msg = failedRoundMessage(
      (['aws', 'google_cloud', 'digital_ocean', 'tor', 'rdap'] as const).map((name) => ({ name, error: same, kept: false })),
      6,
      'data/feeds',
    );
    expect(msg).toBe(
      'feeds unavailable: could not download aws, google_cloud, digital_ocean, tor, rdap: network error: ENOTFOUND. ' +
        'No copy of aws, google_cloud, digital_ocean, tor, rdap is loaded, so `ip.datacenter`, `ip.tor` and `domain_age_days` are absent from answers until they load. ' +
        'To load them: run `npx mailsift feeds update` with the same MAILSIFT_DATA_DIR where the network is reachable (it fills data/feeds; from another machine, copy that folder here), then restart. ' +
        'The service retries every 6 h.',
    );
    expect(msg).not.toContain('\n');
  });

  it('a failed refresh of a stored feed says its last good copy is still used, and asks nothing', () => {
    const msg = failedRoundMessage([{ name: 'tor', error: 'HTTP 503', kept: true }], 0, 'data/feeds');
    expect(msg).toBe('feeds unavailable: could not download tor: HTTP 503. Still using the last good copy of tor. The service does not retry (MAILSIFT_FEEDS_REFRESH_HOURS=0).');
  });

  it('different errors are given per feed', () => {
    const msg = failedRoundMessage(
      [
        { name: 'aws', error: 'HTTP 404', kept: false },
        { name: 'tor', error: 'timed out', kept: true },
      ],
      6,
      'x',
    );
    expect(msg).toMatch(/^feeds unavailable: could not download aws: HTTP 404; tor: timed out\. Still using the last good copy of tor\. No copy of aws is loaded, so `ip\.datacenter` is absent from answers until it loads\./);
  });
});
