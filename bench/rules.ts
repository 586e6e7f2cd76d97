/**
 * `npm run bench:rules`: what an account's rules cost a check, with 10,000 rules (the most an
 * account may have) beside an account without rules, in the same run.
 *
 *  1. The lookup alone, in this process: AccountRules.match over realistic check facts, with
 *     10,000 rules and with none (alternated), nanoseconds per check.
 *  2. Over HTTP: the built server (embedded, DNS off), one account with 10,000 rules created
 *     through POST /v1/rules, one without; POST /v1/check under autocannon with each account's
 *     key in alternating runs, same addresses: requests/s, latency and the server's CPU per
 *     request (from /proc).
 *
 *   npm run bench:rules [-- --duration 10 --warmup 3 --repeats 3 --connections 50] [-- --lookup-only]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AccountRules } from '../src/controls/rule-index.ts';
import type { Rule, RuleAction, RuleType } from '../src/controls/rules.ts';
import { createKeyedHasher } from '../src/domain/keyed-hash.ts';
import { buildAddressTables } from '../src/signals/address-tables.ts';
import { addressSignals } from '../src/signals/address-signals.ts';
import { parseAddress } from '../src/signals/syntax.ts';
import { generateAddresses } from './lib/addresses.ts';
import { loadOptions, median } from './lib/cli.ts';
import { loadChecks, startProcess, stopProcess, type Started } from './lib/http-load.ts';
import { benchServeEnv } from './lib/serve-env.ts';
import { processCpu } from './lib/thread-cpu.ts';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const { duration: DURATION, warmup: WARMUP, repeats: REPEATS, connections: CONNECTIONS } = { ...loadOptions(), ...(process.argv.includes('--repeats') ? {} : { repeats: 3 }) };
const RULES = 10_000;
const TLDS = ['xyz', 'top', 'info', 'biz', 'online', 'site', 'club', 'shop', 'icu', 'buzz', 'cyou', 'rest', 'fun', 'space', 'live', 'store', 'tech', 'website', 'pw', 'tk', 'ml', 'ga', 'cf', 'gq', 'work', 'click', 'link', 'loan', 'win', 'bid', 'men', 'date', 'party', 'review', 'trade', 'stream', 'download', 'racing', 'science', 'accountant', 'faith'];

const corpus = generateAddresses(50_000);
const parsed = corpus.map((e) => parseAddress(e)).filter((p) => p.ok).map((p) => p.address);
const tables = buildAddressTables();
const canonicalOf = (a: (typeof parsed)[number]) => addressSignals(a, tables, undefined).canonical;

/** 10,000 rules like a busy account's: inboxes (some of them checked here), company domains (some checked), TLDs, providers. */
function ruleBodies(): { action: RuleAction; type: RuleType; value: string }[] {
  const actions: RuleAction[] = ['allow', 'review', 'block'];
  const out: { action: RuleAction; type: RuleType; value: string }[] = [];
  const seen = new Set<string>();
  const add = (type: RuleType, value: string) => {
    if (out.length >= RULES || seen.has(`${type}:${value}`)) return;
    seen.add(`${type}:${value}`);
    out.push({ action: actions[out.length % 3]!, type, value });
  };
  // Provider rules an account would plausibly keep (blocking every Google-hosted address would not be).
  for (const p of ['gateway', 'none'] as const) add('mail_provider', p);
  for (const t of TLDS) add('tld', t);
  // A tenth of the checked inboxes, and inboxes never checked here.
  parsed.filter((_, i) => i % 25 === 0).forEach((a) => add('email', a.email));
  for (const e of generateAddresses(3_000, 99)) add('email', e);
  // Company domains of the corpus (never the free providers: a rule on gmail.com would hit every other check).
  const free = new Set(['gmail.com', 'outlook.com', 'yahoo.com', 'hotmail.com', 'icloud.com', 'proton.me', 'gmx.de', 'web.de']);
  [...new Set(parsed.map((a) => a.domain))].filter((d) => !free.has(d)).slice(0, 50).forEach((d) => add('domain', d));
  for (let i = 0; out.length < RULES; i++) add('domain', `customer-${i}.example.com`);
  return out;
}

function lookupBench(bodies: ReturnType<typeof ruleBodies>): void {
  const hasher = createKeyedHasher(Buffer.alloc(32, 7));
  const index = new AccountRules();
  bodies.forEach((b, i) => {
    const email = b.type === 'email' ? parseAddress(b.value) : undefined;
    const inboxHash = email?.ok ? hasher.hash('inbox', canonicalOf(email.address)) : null;
    index.put({ id: `rule_${String(i).padStart(16, '0')}`, account: 'ruled', action: b.action, type: b.type, value: b.type === 'email' ? null : b.value, inboxHash, note: null, createdAt: i } satisfies Rule);
  });
  const providers = ['google', 'google', 'microsoft', 'other', 'yahoo', 'other', 'google', 'microsoft', 'apple', 'other', 'none', 'zoho', 'gateway', 'proton', 'google', 'other', 'microsoft', 'google', 'other', 'google'];
  const facts = parsed.map((a, i) => ({ inboxHash: hasher.hash('inbox', canonicalOf(a)), domain: a.domain, mailProvider: providers[i % providers.length]! }));
  const empty = new Map<string, AccountRules>();
  const full = new Map([['ruled', index]]);
  const round = (rules: Map<string, AccountRules>, account: string): { ns: number; hits: number } => {
    let hits = 0;
    const t0 = process.hrtime.bigint();
    for (const f of facts) if (rules.get(account)?.match(f)) hits++;
    return { ns: Number(process.hrtime.bigint() - t0) / facts.length, hits };
  };
  for (let i = 0; i < 5; i++) (round(full, 'ruled'), round(empty, 'plain')); // warm-up (JIT)
  const withRules: number[] = [];
  const without: number[] = [];
  let hits = 0;
  for (let i = 0; i < 30; i++) {
    const r = round(full, 'ruled');
    hits = r.hits;
    withRules.push(r.ns);
    without.push(round(empty, 'plain').ns);
  }
  console.log(`rule lookup alone (${facts.length} checks x 30 alternating rounds, one core): ${RULES} rules ${median(withRules).toFixed(0)} ns per check (${((100 * hits) / facts.length).toFixed(1)}% matched a rule), no rules ${median(without).toFixed(0)} ns per check`);
}

async function createRules(url: string, key: string, bodies: ReturnType<typeof ruleBodies>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < bodies.length; i = next++) {
      const res = await fetch(`${url}/v1/rules`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(bodies[i]) });
      if (res.status !== 201) throw new Error(`rule ${i}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const listed = (await (await fetch(`${url}/v1/rules`, { headers: { authorization: `Bearer ${key}` } })).json()) as { rules: unknown[] };
  if (listed.rules.length !== RULES) throw new Error(`expected ${RULES} rules, the account has ${listed.rules.length}`);
}

const bodies = ruleBodies();
lookupBench(bodies);
if (process.argv.includes('--lookup-only')) process.exit(0);

const RULED = 'bench-ruled-key-0123456789';
const PLAIN = 'bench-plain-key-0123456789';
const dataDir = mkdtempSync(join(tmpdir(), 'mailsift-bench-rules-'));
let svc: Started | undefined;
try {
  svc = await startProcess([join(root, 'dist/src/main.js'), 'serve'], benchServeEnv(`${RULED}=ruled,${PLAIN}=plain`, { MAILSIFT_DATA_DIR: dataDir }), /"address":"(http:\/\/[^"]+)"/);
  const t0 = Date.now();
  await createRules(svc.url, RULED, bodies);
  console.log(`created ${RULES} rules over HTTP in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const checkBodies = corpus.map((email) => JSON.stringify({ email }));
  const auth = (key: string) => ({ authorization: `Bearer ${key}` });
  await loadChecks(svc.url, checkBodies, { seconds: WARMUP, connections: CONNECTIONS, headers: auth(RULED) });
  await loadChecks(svc.url, checkBodies, { seconds: WARMUP, connections: CONNECTIONS, headers: auth(PLAIN) });
  const rows: { name: string; rps: number; p50: number; p99: number; cpuUs: number }[] = [];
  const pid = svc.proc.pid!;
  for (let r = 1; r <= REPEATS; r++) {
    // Alternate which goes first, so a drift of the machine's load hits both alike.
    const order = r % 2 ? [['10,000 rules', RULED], ['no rules', PLAIN]] : [['no rules', PLAIN], ['10,000 rules', RULED]];
    for (const [name, key] of order as [string, string][]) {
      const cpu0 = processCpu(pid);
      const res = await loadChecks(svc.url, checkBodies, { seconds: DURATION, connections: CONNECTIONS, headers: auth(key) });
      const cpuUs = res['2xx'] > 0 ? ((processCpu(pid) - cpu0) * 1e6) / res['2xx'] : NaN;
      rows.push({ name, rps: res.requests.average, p50: res.latency.p50, p99: res.latency.p99, cpuUs });
      console.log(`${name.padEnd(13)} r${r}: ${Math.round(res.requests.average)} req/s  p50 ${res.latency.p50} ms  p99 ${res.latency.p99} ms  non-2xx ${res.non2xx}  server CPU ${Math.round(cpuUs)} µs per check`);
    }
  }
  const med = (name: string, k: 'rps' | 'p50' | 'p99' | 'cpuUs') => median(rows.filter((x) => x.name === name).map((x) => x[k]));
  console.log('\n| account | checks/s (median) | p50 ms | p99 ms | server CPU µs per check |');
  console.log('|---|---:|---:|---:|---:|');
  for (const n of ['no rules', '10,000 rules']) console.log(`| ${n} | ${Math.round(med(n, 'rps'))} | ${med(n, 'p50')} | ${med(n, 'p99')} | ${Math.round(med(n, 'cpuUs'))} |`);
  console.log(`\n10,000 rules / no rules: throughput ${((100 * med('10,000 rules', 'rps')) / med('no rules', 'rps')).toFixed(1)}%, CPU per check ${((100 * med('10,000 rules', 'cpuUs')) / med('no rules', 'cpuUs')).toFixed(1)}%`);
} finally {
  await stopProcess(svc);
  rmSync(dataDir, { recursive: true, force: true });
}
