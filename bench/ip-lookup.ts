/**
 * IP lookup micro-benchmark: the prefix table alone and ipFacts end to end (string in,
 * facts out), over the real feed snapshots in ../shared/fixtures/ip when present, else over
 * synthetic tables of the same size. Single thread, so one core. Bounded: about 10 s.
 *
 * Run from the repo root (Node 20 cannot run .ts directly, so compile to a temp dir):
 *   npx tsc -p tsconfig.json --noEmit false --outDir dist/bench-build && node dist/bench-build/bench/ip-lookup.js
 * Options: BENCH_N (lookups per pass, default 1,000,000), MAILSIFT_SHARED_DIR.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FEED_CATALOG, FEED_NAMES, type FeedName } from '../src/feeds/feed-catalog.ts';
import { ipTablesFromFeeds } from '../src/feeds/ip-tables-from-feeds.ts';
import type { ParsedFeed } from '../src/feeds/parsers/parsed-feed.ts';
import { ipFacts, type IpTables } from '../src/signals/ip/ip-facts.ts';
import type { Cidr } from '../src/signals/ip/prefix-table.ts';

const N = Number(process.env.BENCH_N ?? 1_000_000);
const PASSES = 3;
const FIXTURE_DIR = join(process.env.MAILSIFT_SHARED_DIR ?? resolve(process.cwd(), '..', 'shared'), 'fixtures', 'ip');
const FILES: Record<FeedName, string> = {
  aws: 'aws-ip-ranges.json',
  azure: 'azure-ServiceTags_Public.json',
  google_cloud: 'gcp-cloud.json',
  digital_ocean: 'digitalocean-geo.csv',
  tor: 'tor-torbulkexitlist.txt',
  rdap: '../rdap/dns.json',
};

/** Seeded PRNG (mulberry32) so every run probes the same addresses. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
const rand = prng(7);

function syntheticFeeds(): Partial<Record<FeedName, ParsedFeed>> {
  const prefixes = (n: number): Cidr[] =>
    Array.from({ length: n }, (_, i) =>
      i % 3 === 0
        ? { family: 6 as const, words: [0x26000000 | (rand() & 0xffff), rand(), 0, 0], length: 32 + (rand() % 33) }
        : { family: 4 as const, words: [rand() & ~0xff], length: 16 + (rand() % 17) },
    ).map((c) => ({ ...c, words: c.words.map((w, j) => (j * 32 >= c.length ? 0 : w >>> 0)) }));
  return {
    aws: { kind: 'prefixes', prefixes: prefixes(13_000) },
    azure: { kind: 'prefixes', prefixes: prefixes(12_000) },
    tor: { kind: 'addresses', addresses: Array.from({ length: 1200 }, () => [24, 16, 8, 0].map((s) => (rand() >>> s) & 255).join('.')) },
  };
}

function loadFeeds(): { feeds: Partial<Record<FeedName, ParsedFeed>>; source: string } {
  if (!existsSync(FIXTURE_DIR)) return { feeds: syntheticFeeds(), source: 'synthetic tables' };
  const feeds: Partial<Record<FeedName, ParsedFeed>> = {};
  for (const name of FEED_NAMES) {
    const r = FEED_CATALOG[name].parse(readFileSync(join(FIXTURE_DIR, FILES[name]), 'utf8'));
    if (!r.ok) throw new Error(`${name}: ${r.error}`);
    feeds[name] = r.feed;
  }
  return { feeds, source: FIXTURE_DIR };
}

/** Best of PASSES timed passes after one warm-up; returns lookups per second. */
function measure(run: () => number, count = N): { perSecond: number; sink: number } {
  let sink = run();
  let best = Infinity;
  for (let p = 0; p < PASSES; p++) {
    const t0 = process.hrtime.bigint();
    sink += run();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return { perSecond: count / best, sink };
}

/** Half the probes inside loaded prefixes (hits walk the deepest paths), half uniform random. */
function probes(feeds: Partial<Record<FeedName, ParsedFeed>>, family: 4 | 6): number[][] {
  const inside = Object.values(feeds).flatMap((f) => (f?.kind === 'prefixes' ? f.prefixes.filter((c) => c.family === family) : []));
  return Array.from({ length: N }, (_, i) => {
    if (i % 2 === 0 && inside.length > 0) {
      const c = inside[rand() % inside.length]!;
      return c.words.map((w, j) => (w | (j * 32 + 32 > c.length ? rand() >>> Math.max(0, c.length - j * 32) : 0)) >>> 0);
    }
    return family === 4 ? [rand()] : [0x20000000 | (rand() & 0x1fffffff), rand(), rand(), rand()];
  });
}

const text4 = (w: number[]): string => [24, 16, 8, 0].map((s) => (w[0]! >>> s) & 255).join('.');
const text6 = (w: number[]): string => w.map((x) => `${(x >>> 16).toString(16)}:${(x & 0xffff).toString(16)}`).join(':');

function main(): void {
  const { feeds, source } = loadFeeds();
  const t0 = process.hrtime.bigint();
  const tables: IpTables = ipTablesFromFeeds(feeds);
  const buildMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const table = tables.datacenters;
  const v4 = probes(feeds, 4);
  const v6 = probes(feeds, 6);
  const v4flat = Uint32Array.from(v4.map((w) => w[0]!));
  const s4 = v4.map(text4);
  const s6 = v6.slice(0, N / 4).map(text6);

  const results = {
    'prefix table, IPv4 (uint32 in)': measure(() => {
      let hits = 0;
      for (let i = 0; i < N; i++) if (table.lookupV4(v4flat[i]!) !== undefined) hits++;
      return hits;
    }),
    'prefix table, IPv6 (4 words in)': measure(() => {
      let hits = 0;
      for (let i = 0; i < N; i++) {
        const w = v6[i]!;
        if (table.lookupV6(w[0]!, w[1]!, w[2]!, w[3]!) !== undefined) hits++;
      }
      return hits;
    }),
    'ipFacts, IPv4 string (parse + classify + lookup + tor)': measure(() => {
      let hits = 0;
      for (let i = 0; i < N; i++) if (ipFacts(s4[i]!, tables).datacenter !== undefined) hits++;
      return hits;
    }),
    // A quarter of the probes: IPv6 text parsing (ipaddr.js) dominates and would stretch the run.
    'ipFacts, IPv6 string (parse + classify + lookup + tor)': measure(() => {
      let hits = 0;
      for (let i = 0; i < N / 4; i++) if (ipFacts(s6[i]!, tables).datacenter !== undefined) hits++;
      return hits;
    }, N / 4),
  };

  console.log(`source: ${source}`);
  console.log(`node ${process.version}, ${N.toLocaleString('en-US')} lookups per pass (IPv6 strings: a quarter), best of ${PASSES}`);
  console.log(`tables: ${table.counts.v4} IPv4 + ${table.counts.v6} IPv6 prefixes, ${tables.torExits?.size ?? 0} Tor exits, built in ${buildMs.toFixed(0)} ms`);
  for (const [name, r] of Object.entries(results)) {
    console.log(`${name.padEnd(56)} ${(r.perSecond / 1e6).toFixed(2).padStart(7)} M lookups/s  (checksum ${r.sink})`);
  }
}

main();
