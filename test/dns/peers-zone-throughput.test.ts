/**
 * Resolver throughput on the peers benchmark's zone and corpus (opt-in, not part of the
 * normal suite): the same 100,000 addresses, the same DNS server process
 * (`scripts/dns-server.mjs`, restarted per run, queries counted server-side) and the same
 * concurrency (50) as `../shared/bench/peers/RESULTS.md`'s dns-floor and peer rows.
 * In-process, resolver only (no syntax check, no HTTP): the DNS part of a check.
 *
 *   MAILSIFT_DNS_BENCH=1 MAILSIFT_PEERS_DIR=.tmp/peers \
 *     npx vitest run test/dns/peers-zone-throughput.test.ts
 *
 * MAILSIFT_PEERS_DIR must hold data/zone.json + data/corpus.jsonl (run the peers'
 * run-all.sh or gen-zone/gen-corpus once) and node_modules (npm ci there).
 * The domain of an address is the text after its last '@', trimmed and lower-cased,
 * as in the peers' dns-floor runner.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDnsResolver } from '../../src/dns/resolver.ts';
import { closedUdpPort } from '../helpers/dns-server.ts';
import { sharedPath } from '../helpers/shared.ts';

const PEERS = process.env.MAILSIFT_PEERS_DIR ?? sharedPath('bench', 'peers');
const ready = process.env.MAILSIFT_DNS_BENCH === '1' && existsSync(join(PEERS, 'data', 'zone.json')) && existsSync(join(PEERS, 'data', 'corpus.jsonl'));

interface ServerStats {
  queries: number;
  cpu_s: number;
  byType: Record<string, number>;
}

interface Row {
  domain: string;
  kind: string;
}

function loadCorpus(limit: number): Row[] {
  const rows: Row[] = [];
  for (const line of readFileSync(join(PEERS, 'data', 'corpus.jsonl'), 'utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as { e: string; k: string | null };
    const email = r.e.trim().toLowerCase();
    const at = email.lastIndexOf('@');
    rows.push({ domain: at < 0 ? '' : email.slice(at + 1), kind: r.k ?? 'none' });
    if (rows.length >= limit) break;
  }
  return rows;
}

async function startPeersDns(): Promise<{ server: string; stop: () => Promise<ServerStats> }> {
  const port = await closedUdpPort();
  const dir = mkdtempSync(join(tmpdir(), 'mailsift-dns-bench-'));
  const child = spawn(process.execPath, ['scripts/dns-server.mjs', '--port', String(port), '--stats', join(dir, 'stats.json'), '--ready', join(dir, 'ready'), '--max-seconds', '600'], {
    cwd: PEERS,
    stdio: 'ignore',
  });
  for (let i = 0; i < 100 && !existsSync(join(dir, 'ready')); i++) await new Promise((r) => setTimeout(r, 50));
  return {
    server: `127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8')) as ServerStats;
    },
  };
}

const pct = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const EXPECTED: Record<string, boolean> = { mx: true, a_only: true, null_mx: false, nxdomain: false, unlisted: false };

async function run(limit: number, concurrency: number) {
  const rows = loadCorpus(limit);
  const dns = await startPeersDns();
  const resolver = createDnsResolver({ servers: [dns.server] });
  const lat = new Float64Array(rows.length);
  const byKind: Record<string, Record<string, number>> = {};
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rows.length) {
        const i = next++;
        const s = performance.now();
        const facts = await resolver.domainFacts(rows[i]!.domain);
        lat[i] = performance.now() - s;
        const k = (byKind[rows[i]!.kind] ??= {});
        const v = String(facts.deliverable);
        k[v] = (k[v] ?? 0) + 1;
      }
    }),
  );
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const stats = resolver.stats();
  resolver.close();
  const server = await dns.stop();
  lat.sort();
  const result = {
    addresses: rows.length,
    concurrency,
    distinctDomains: new Set(rows.map((r) => r.domain)).size,
    addressesPerSecond: Math.round(rows.length / (wall / 1000)),
    p50ms: +pct(lat, 50).toFixed(3),
    p99ms: +pct(lat, 99).toFixed(3),
    cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2),
    dnsQueriesServer: server.queries,
    dnsQueriesByType: server.byType,
    dnsServerCpuSeconds: server.cpu_s,
    resolver: stats,
    deliverableByZoneKind: byKind,
  };
  console.log(JSON.stringify(result, null, 2));
  return result;
}

describe.skipIf(!ready)('resolver throughput on the peers zone (MAILSIFT_DNS_BENCH=1)', () => {
  it.each([
    [100_000, 50],
    [10_000, 1],
  ])('%i addresses at concurrency %i', async (limit, concurrency) => {
    const r = await run(limit, concurrency);
    // Right answers, DNS up: every zone kind gets its deliverable value, never null.
    for (const [kind, want] of Object.entries(EXPECTED)) {
      const got = r.deliverableByZoneKind[kind] ?? {};
      expect(Object.keys(got).filter((v) => v !== String(want)), kind).toEqual([]);
    }
    // Every question asked once: our counter matches the server's, no retries needed.
    expect(r.dnsQueriesServer).toBe(r.resolver.queries);
    expect(r.resolver.timeouts + r.resolver.errors).toBe(0);
  }, 600_000);
});
