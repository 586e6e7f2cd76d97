/**
 * Micro-benchmark: parseAddress + addressSignals throughput on one core.
 *   npx tsx bench/address-signals.ts [corpus.jsonl] [--seconds N]
 * Input: /work/peers-bench/data/corpus.jsonl (100k generated addresses, field `e`) when present,
 * else a synthetic mix generated here (popular providers, work domains, typos, tags, invalid).
 * Prints addresses/s for the whole stack and for each stage. Bounded: a few seconds per stage.
 */
import { existsSync, readFileSync } from 'node:fs';
import { addressSignals } from '../src/signals/address-signals.ts';
import { buildAddressTables } from '../src/signals/address-tables.ts';
import { parseAddress } from '../src/signals/syntax.ts';

const DEFAULT_CORPUS = '/work/peers-bench/data/corpus.jsonl';
const args = process.argv.slice(2);
const secondsFlag = args.indexOf('--seconds');
const seconds = secondsFlag >= 0 ? Number(args[secondsFlag + 1]) : 2;
const corpusPath = args.find((a, i) => !a.startsWith('--') && (secondsFlag < 0 || i !== secondsFlag + 1)) ?? DEFAULT_CORPUS;

function loadCorpus(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => String((JSON.parse(l) as { e: unknown }).e));
}

/** Deterministic synthetic mix (LCG), used when the shared corpus is absent. */
function syntheticCorpus(n: number): string[] {
  let seed = 42;
  const rnd = (k: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % k;
  };
  const names = ['anna', 'li.wei', 'j.smith', 'maria_garcia', 'x9f3kq', 'info', 'support', 'tom+news', 'o.connor', 'zz1998'];
  const domains = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com', 'gmx.de', 'qq.com', 'mail.ru',
    'acme-corp.com', 'example-labs.io', 'uni-bonn.de', 'mit.edu', 'mailinator.com', 'duck.com', 'gmial.com',
    'hotmial.com', 'yahoo.co', 'société.fr', 'shop.example.co.uk', 'k12.ca.us'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rnd(100);
    const local = `${names[rnd(names.length)]}${r < 30 ? rnd(100) : ''}`;
    const domain = domains[rnd(domains.length)];
    out.push(r < 5 ? `${local}@@${domain}` : r < 8 ? ` ${local}@${domain} ` : `${local}@${domain}`);
  }
  return out;
}

const usingCorpus = existsSync(corpusPath);
const inputs = usingCorpus ? loadCorpus(corpusPath) : syntheticCorpus(100_000);
const t0 = performance.now();
const tables = buildAddressTables();
const buildMs = performance.now() - t0;

function run(label: string, fn: (s: string) => unknown): number {
  let sink = 0;
  // Warm up the JIT on a full pass, then time whole passes for about `seconds`.
  for (const s of inputs) if (fn(s) !== undefined) sink++;
  let n = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const deadline = start + seconds * 1000;
  while (performance.now() < deadline) {
    for (const s of inputs) if (fn(s) !== undefined) sink++;
    n += inputs.length;
  }
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  // CPU time is the fair "one core" figure on a shared machine; wall time is shown beside it.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const fmt = (x: number): string => Math.round(x).toLocaleString('en-US').padStart(11);
  console.log(`${label.padEnd(32)} ${fmt(n / cpuSeconds)} addresses/CPU-s ${fmt(n / wall)} addresses/wall-s  (${n} calls, sink ${sink % 7})`);
  return n / cpuSeconds;
}

const parsed = inputs.map((s) => parseAddress(s)).flatMap((r) => (r.ok ? [r.address] : []));
console.log(`input: ${usingCorpus ? corpusPath : 'synthetic mix'}, ${inputs.length} addresses, ${parsed.length} valid`);
console.log(`buildAddressTables: ${buildMs.toFixed(0)} ms, node ${process.version}, one core`);
let i = 0;
run('parseAddress', (s) => parseAddress(s));
run('addressSignals (valid only)', () => addressSignals(parsed[i++ % parsed.length]!, tables));
run('parseAddress + addressSignals', (s) => {
  const r = parseAddress(s);
  return r.ok ? addressSignals(r.address, tables) : r;
});
