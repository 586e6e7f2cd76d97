import { describe, expect, it } from 'vitest';
import { MINUTE } from '../../../src/domain/time.ts';
import { countsAt } from '../../../src/streams/aggregations/distinct-counter.ts';
import { domainCategory, IP_DOMAIN_CATEGORIES, IP_RATE_WINDOW_MS, ipSignups1h, IP_SIGNUPS } from '../../../src/streams/aggregations/ip-signups-1h.ts';
import { accountHashKey } from '../../../src/streams/stores/key-layout.ts';
import { aCheck, hash } from '../../helpers/pipeline.ts';
import { MemoryTx } from '../../helpers/memory-tx.ts';

const T = 1_800_000_000_000 - (1_800_000_000_000 % (5 * MINUTE));

describe("ip-signups-1h: an IP's inboxes, by their registrable domain's category", () => {
  it('a category is a byte of the registrable domain: subdomains of one domain share it, and it is the same at every call', () => {
    expect(domainCategory('mail.northwind-farm.example')).toBe(domainCategory('northwind-farm.example'));
    expect(domainCategory('a.b.northwind-farm.co.uk')).toBe(domainCategory('northwind-farm.co.uk'));
    for (const d of ['gmail.com', 'yahoo.co.jp', 'uni-example.ac.uk', 'x.example']) {
      const c = domainCategory(d);
      expect(Number.isInteger(c) && c >= 0 && c < IP_DOMAIN_CATEGORIES).toBe(true);
      expect(domainCategory(d)).toBe(c);
    }
  });

  it('the memo changes no answer: a domain reads the same category before, while and after 20,000 others fill it and it starts over', () => {
    const domains = Array.from({ length: 20_000 }, (_, i) => `sub.shop${i}.example`);
    const first = domains.slice(0, 50).map(domainCategory);
    for (const d of domains) domainCategory(d);
    expect(domains.slice(0, 50).map(domainCategory)).toEqual(first);
    // Each one that of its registrable domain, asked first or after its subdomain.
    expect(domains.slice(0, 50).map((d) => domainCategory(d.slice(4)))).toEqual(first);
  });

  it('spreads domains over the categories: 200 made-up domains fill at least 120 of 256 (a uniform hash fills ~139 on average)', () => {
    const cats = new Set(Array.from({ length: 200 }, (_, i) => domainCategory(`shop${i}.example`)));
    expect(cats.size).toBeGreaterThanOrEqual(120);
    // 8 domains: at least 7 categories (a collision only ever reads fewer domains)
    const eight = new Set(['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'gmx.de', 'qq.com', 'mail.ru', 'web.de'].map(domainCategory));
    expect(eight.size).toBeGreaterThanOrEqual(7);
  });

  it("the stored summary keeps each inbox in its domain's category: the categories of the 10 minutes are its domains, their total the IP's inboxes", () => {
    const tx = new MemoryTx();
    const ip = hash('gw-1');
    const domains = ['alpha.example', 'beta.example', 'gamma.example'];
    // 6 inboxes at 3 domains, one inbox seen twice: 6 members in all.
    for (let i = 0; i < 7; i++) ipSignups1h.apply(aCheck({ account: 'acme', ip_hash: ip, domain: domains[i % 3]!, inbox_hash: hash(`p${i % 6}`), time: T + i * 1000 }), tx, () => undefined);
    const counts = countsAt(tx.get(IP_SIGNUPS, accountHashKey('acme', ip)), T + MINUTE, IP_RATE_WINDOW_MS, ipSignups1h.spec.bucketMs);
    expect([...counts.keys()].sort()).toEqual(domains.map(domainCategory).sort());
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(6);
  });
});
