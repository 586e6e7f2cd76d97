/**
 * `npm run bench:dns`: the resolver alone, in-process, on the peers benchmark's zone and
 * corpus: the same 100,000 addresses, the same DNS server process (`scripts/dns-server.mjs`,
 * restarted per run, queries counted server-side) and the same concurrency (50) as the peer
 * rows of ../shared/bench/peers/RESULTS.md, then 10,000 addresses one at a time. Cold cache;
 * the domain is the text after the last '@', as in the peers' dns-floor runner.
 * Exits non-zero when an answer is wrong (a zone kind with another deliverable value, a
 * null while DNS is up) or a query was repeated.
 *
 *   npm run bench:peers   (once: copies the harness to .tmp/peers and generates its data)
 *   npm run bench:dns [-- --limit 100000 --concurrency 50]
 * PEERS_DIR: the harness with data/ (default .tmp/peers).
 */
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDnsResolver } from '../src/dns/resolver.ts';
import { numberArg } from './lib/cli.ts';

const PEERS = process.env.PEERS_DIR ?? join(process.cwd(), '.tmp', 'peers');
if (!existsSync(join(PEERS, 'data', 'zone.json')) || !existsSync(join(PEERS, 'data', 'corpus.jsonl'))) {
  console.error(`bench:dns: no zone and corpus under ${PEERS}/data (run npm run bench:peers once, or set PEERS_DIR)`);
  process.exit(2);
}

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

async function freeUdpPort(): Promise<number> {
  const sock = createSocket('udp4');
  await new Promise<void>((resolve) => sock.bind(0, '127.0.0.1', resolve));
  const { port } = sock.address();
  await new Promise<void>((resolve) => sock.close(() => resolve()));
  return port;
}

async function startPeersDns(): Promise<{ server: string; stop: () => Promise<ServerStats> }> {
  const port = await freeUdpPort();
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
  return result;
}


const problems: string[] = [];
for (const [limit, concurrency] of [
  [numberArg('limit', 100_000), numberArg('concurrency', 50)],
  [10_000, 1],
] as const) {
  const r = await run(limit, concurrency);
  console.log(JSON.stringify(r, null, 2));
  // Right answers, DNS up: every zone kind gets its deliverable value, never null.
  for (const [kind, want] of Object.entries(EXPECTED)) {
    const wrong = Object.keys(r.deliverableByZoneKind[kind] ?? {}).filter((v) => v !== String(want));
    if (wrong.length) problems.push(`${kind}: answered ${wrong.join(', ')} (want ${want})`);
  }
  // Every question asked once: our counter matches the server's, no retries needed.
  if (r.dnsQueriesServer !== r.resolver.queries) problems.push(`server saw ${r.dnsQueriesServer} queries, resolver sent ${r.resolver.queries}`);
  if (r.resolver.timeouts + r.resolver.errors) problems.push(`${r.resolver.timeouts} timeouts, ${r.resolver.errors} errors`);
}
for (const p of problems) console.error(`bench:dns: ${p}`);
if (problems.length) process.exitCode = 1;
