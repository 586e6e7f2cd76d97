import { describe, expect, it } from 'vitest';
import { MAILBOX_RULES } from '../../src/data/mailbox-rules.ts';
import { buildAddressTables, loadDisposableLists } from '../../src/signals/address-tables.ts';

describe('buildAddressTables', () => {
  const t = buildAddressTables();

  it('loads the maintained lists (sizes are lower bounds, so list updates do not break it)', () => {
    expect(t.disposable.size).toBeGreaterThan(50_000);
    expect(t.free.size).toBeGreaterThan(10_000);
    expect(t.school.size).toBeGreaterThan(20_000);
    expect(t.academicSuffixes.size).toBeGreaterThan(200);
    expect(t.roles.exact.size).toBeGreaterThan(1_000);
    expect(t.popular.size).toBeGreaterThanOrEqual(200);
  });

  it('keeps the older lists and fakefilter\'s sightings apart for the eval, and the table holds both', () => {
    const lists = loadDisposableLists();
    expect(lists.listed.length).toBeGreaterThan(50_000);
    expect(lists.observed.length).toBeGreaterThan(1_000);
    for (const d of [...lists.listed.slice(0, 100), ...lists.observed.slice(0, 100)]) expect(t.disposable.has(d), d).toBe(true);
  });

  it('stores lowercase ASCII domains only', () => {
    const bad = [...t.popular, ...t.relay, ...t.relayParents, ...t.disposableAllow].filter((d) => !/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(d));
    expect(bad).toEqual([]);
  });

  it('keeps the allow-list and relays out of the disposable outcome (the sets may overlap, the classifier decides)', () => {
    expect(t.disposable.has('duck.com')).toBe(true); // mailchecker lists it...
    expect(t.relay.has('duck.com')).toBe(true); // ...and relay wins in classifyDomain
  });

  it('counts every domain whose mailbox rules are documented as a consumer provider, listed or not', () => {
    for (const rule of MAILBOX_RULES) for (const d of rule.domains) expect(t.free.has(d), d).toBe(true);
  });

  it('builds in well under a second', () => {
    const start = performance.now();
    buildAddressTables();
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});
