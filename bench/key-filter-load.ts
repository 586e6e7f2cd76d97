/**
 * The start-up cost of the key filters (src/streams/stores/key-filtering-store.ts): a state
 * database holding N inbox records (the key layout of inbox-records-90d: account, NUL, 16-byte
 * keyed hash; values of a typical record's size), opened as the stream worker opens it, without
 * and then with the filters built from its keys; and the cost of asking the filter against a
 * LevelDB read of a key never seen. The filters are built in the background (reads go to the
 * database until they are handed over): what is timed is the open and the build after it.
 *
 *   npx tsx bench/key-filter-load.ts [--keys 1000000]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INBOX_RECORDS, inboxRecordKey } from '../src/streams/aggregations/inbox-records-90d.ts';
import { KEY_FILTERED_STORES } from '../src/streams/key-filtered-stores.ts';
import { KeyFilteringStore } from '../src/streams/stores/key-filtering-store.ts';
import { LevelStore } from '../src/streams/stores/level-store.ts';
import { segmentOf } from '../src/streams/stores/store-spec.ts';
import { ReadSet } from '../src/streams/stores/tx.ts';
import { storesOf, EMBEDDED_TOPOLOGY } from '../src/streams/topology.ts';
import { numberArg } from './lib/cli.ts';

const n = numberArg('keys', 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'mailsift-filter-bench-'));
const stores = storesOf(EMBEDDED_TOPOLOGY);
const now = Date.now();
const accounts = Array.from({ length: 20 }, (_, i) => `account-${i}`);
try {
  const fill = new LevelStore(dir);
  await fill.open(stores);
  const t0 = performance.now();
  for (let i = 0; i < n; i += 10_000) {
    const writes = Array.from({ length: Math.min(10_000, n - i) }, (_, j) => ({
      store: INBOX_RECORDS,
      key: inboxRecordKey(accounts[(i + j) % accounts.length]!, randomBytes(16)),
      value: randomBytes(60),
      segmentStart: segmentOf(INBOX_RECORDS, now - ((i + j) % 90) * 86_400_000),
    }));
    await fill.commit(writes, []);
  }
  await fill.close();
  console.log(`filled ${n.toLocaleString('en')} inbox records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const plain = new LevelStore(dir);
  let t = performance.now();
  await plain.open(stores);
  const plainMs = performance.now() - t;
  await plain.close();

  const filtered = new KeyFilteringStore(new LevelStore(dir), KEY_FILTERED_STORES);
  const cpu0 = process.cpuUsage();
  t = performance.now();
  await filtered.open(stores);
  const openedMs = performance.now() - t;
  await filtered.settled();
  const filteredMs = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const [[, shared]] = filtered.shared() as [[number, { bits: SharedArrayBuffer; capacity: number }]];
  console.log(`open without filters ${plainMs.toFixed(0)} ms; with them ${openedMs.toFixed(0)} ms, built ${filteredMs.toFixed(0)} ms after the start (this thread's CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms); filter ${(shared.bits.byteLength / 2 ** 20).toFixed(0)} MiB for ${shared.capacity.toLocaleString('en')} keys`);

  // Never-seen keys: the filter's answer against a LevelDB read (one at a time, as an idle API).
  const fresh = Array.from({ length: 20_000 }, () => inboxRecordKey('account-1', randomBytes(16)));
  t = performance.now();
  let maybe = 0;
  for (const k of fresh) if (filtered.mayHold(INBOX_RECORDS, k)) maybe++;
  const askNs = ((performance.now() - t) * 1e6) / fresh.length;
  t = performance.now();
  for (const k of fresh.slice(0, 5_000)) {
    const rs = new ReadSet();
    rs.add(INBOX_RECORDS, k);
    await filtered.fetch(rs, now);
  }
  const readUs = ((performance.now() - t) * 1e3) / 5_000;
  console.log(`a key never seen: filter ${askNs.toFixed(0)} ns (false positives ${((100 * maybe) / fresh.length).toFixed(2)}%), LevelDB read ${readUs.toFixed(1)} us wall`);
  await filtered.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
