import { createRequire } from 'node:module';
import mailchecker from 'mailchecker';
import { describe, expect, it } from 'vitest';
import { classifyDomain } from '../../src/signals/account-type.ts';
import { domainParts } from '../../src/signals/address-signals.ts';
import { buildAddressTables } from '../../src/signals/address-tables.ts';
import { anyIn, selfAndParents } from '../../src/signals/domain-match.ts';
import { OBSERVED_MAX_IDLE_DAYS, recentlyObservedDomains, type ObservedDisposableData } from '../../src/signals/observed-disposable.ts';

const DAY = 86_400;
const T = 1_800_000_000;
const seen = (daysBeforeT: number) => ({ provider: 'tempbox.example', firstseen: T - (daysBeforeT + 30) * DAY, lastseen: T - daysBeforeT * DAY });

describe('recentlyObservedDomains: a sighting counts for a year from the data\'s own date', () => {
  const data: ObservedDisposableData = {
    t: T,
    domains: {
      'fresh-inbox.example': seen(3),
      'last-month.example': seen(30),
      'edge-of-year.example': seen(OBSERVED_MAX_IDLE_DAYS),
      'lapsed.example': seen(OBSERVED_MAX_IDLE_DAYS + 1),
      'two-years-ago.example': seen(730),
      'a1b2c.anonbox-like.example': seen(10),
      'Upper.Example': seen(1),
      'bad_underscore.example': seen(1),
      'nodot': seen(1),
    },
  };

  it('keeps the domains seen within the year, drops the lapsed ones and anything not a lowercase ASCII domain', () => {
    expect(recentlyObservedDomains(data).sort()).toEqual(['a1b2c.anonbox-like.example', 'edge-of-year.example', 'fresh-inbox.example', 'last-month.example']);
  });

  it('counts back from the data timestamp, not a clock: a shorter window drops more', () => {
    expect(recentlyObservedDomains(data, 10).sort()).toEqual(['a1b2c.anonbox-like.example', 'fresh-inbox.example']);
  });

  it('refuses data without a timestamp rather than keep every entry', () => {
    expect(() => recentlyObservedDomains({ domains: data.domains } as unknown as ObservedDisposableData)).toThrow(/timestamp/);
  });
});

describe('fakefilter in the disposable tables', () => {
  const requireData = createRequire(import.meta.url);
  const ff = requireData('fakefilter/json/data.json') as ObservedDisposableData;
  const tables = buildAddressTables();
  const older = new Set<string>(mailchecker.blacklist());
  for (const d of requireData('disposable-email-domains-js/dist/dict/disposable_email_blocklist.json') as string[]) older.add(d);
  const knownToOlderLists = (d: string) => anyIn(selfAndParents(d, domainParts(d).registrable), older);
  // Domains only fakefilter knows, seen recently and registrable themselves (not a service's subdomain).
  const onlyFakefilter = recentlyObservedDomains(ff).filter((d) => domainParts(d).registrable === d && !knownToOlderLists(d));
  const recent = new Set(recentlyObservedDomains(ff));
  const lapsed = Object.keys(ff.domains).filter((d) => !recent.has(d) && !knownToOlderLists(d));

  it('adds thousands of domains the other two lists do not know', () => {
    expect(onlyFakefilter.length).toBeGreaterThan(1_000);
    for (const d of onlyFakefilter.slice(0, 50)) expect(classifyDomain(domainParts(d), tables).accountType, d).toBe('disposable');
  });

  it('leaves out the entries not seen for a year', () => {
    expect(lapsed.length).toBeGreaterThan(0);
    for (const d of lapsed) expect(tables.disposable.has(d), d).toBe(false);
  });

  it('gives way to the operator override (MAILSIFT_NOT_DISPOSABLE) and to the real providers', () => {
    const d = onlyFakefilter[0]!;
    const corrected = buildAddressTables({ notDisposable: [d] });
    expect(classifyDomain(domainParts(d), corrected).disposable).toBe(false);
    expect(classifyDomain(domainParts(`mx.${d}`), corrected).disposable).toBe(false);
    for (const provider of ['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me']) expect(classifyDomain(domainParts(provider), tables).disposable, provider).toBe(false);
  });
});
