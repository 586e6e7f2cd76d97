import { describe, expect, it } from 'vitest';
import { FEED_CATALOG, FEED_NAMES, feedUrlOverrides, resolveFeedUrl } from '../../src/feeds/feed-catalog.ts';

describe('feed catalog', () => {
  it('has official https URLs for every feed but Azure, which has none', () => {
    for (const name of FEED_NAMES) {
      const url = FEED_CATALOG[name].defaultUrl;
      if (name === 'azure') expect(url).toBeUndefined();
      else expect(url).toMatch(/^https:\/\//);
    }
  });

  it('maps MAILSIFT_FEEDS_URL_* to feed names', () => {
    const env = {
      MAILSIFT_FEEDS_URL_AWS: ' http://127.0.0.1:1/aws.json ',
      MAILSIFT_FEEDS_URL_AZURE: 'https://download.example/ServiceTags_Public_20250721.json',
      MAILSIFT_FEEDS_URL_GOOGLE_CLOUD: 'off',
      MAILSIFT_FEEDS_URL_DIGITAL_OCEAN: '',
      UNRELATED: 'x',
    };
    expect(feedUrlOverrides(env)).toEqual({
      aws: 'http://127.0.0.1:1/aws.json',
      azure: 'https://download.example/ServiceTags_Public_20250721.json',
      google_cloud: 'off',
      digital_ocean: '',
    });
  });

  it.each([
    ['aws', {}, 'https://ip-ranges.amazonaws.com/ip-ranges.json'],
    ['aws', { aws: 'http://127.0.0.1:9/a' }, 'http://127.0.0.1:9/a'],
    ['azure', {}, undefined],
    ['azure', { azure: 'https://x.example/tags.json' }, 'https://x.example/tags.json'],
    ['tor', { tor: 'off' }, undefined],
    ['tor', { tor: 'OFF' }, undefined],
    ['tor', { tor: '' }, undefined],
    ['google_cloud', { tor: 'off' }, 'https://www.gstatic.com/ipranges/cloud.json'],
  ] as const)('resolveFeedUrl(%s, %j) = %s', (name, urls, expected) => {
    expect(resolveFeedUrl(name, urls)).toBe(expected);
  });
});
