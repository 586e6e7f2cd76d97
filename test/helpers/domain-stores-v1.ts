/**
 * The domain state as versions before domain-records-180d kept it: a domain's volume
 * (domain-volume-7d, id 12) and shapes (domain-shapes-180d, id 18) in two stores, written here
 * by those versions' aggregations, as they were, so an upgrade test starts from what they left.
 */
import type { CheckScored } from '../../src/domain/events.ts';
import { decodeSummary, encodeSummary, firstLiveBucket } from '../../src/streams/aggregations/bucket-counts.ts';
import { DOMAIN_RECORDS, DOMAIN_SHAPES_V1, DOMAIN_VOLUME_V1, SHAPES } from '../../src/streams/aggregations/domain-records-180d.ts';
import { distinctCounter } from '../../src/streams/aggregations/distinct-counter.ts';
import { shapeCategory } from '../../src/streams/aggregations/domain-shapes-180d.ts';
import { VOLUME_BUCKET_MS, VOLUME_WINDOW_MS } from '../../src/streams/aggregations/domain-signups-10m.ts';
import { SETS_CODEC } from '../../src/streams/aggregations/member-sets.ts';
import { convertedMark } from '../../src/streams/runtime.ts';
import { domainKey } from '../../src/streams/stores/key-layout.ts';
import { LevelStore } from '../../src/streams/stores/level-store.ts';
import { BatchTx, ReadSet } from '../../src/streams/stores/tx.ts';
import { forgetStore } from './forget-store.ts';

const shapesV1 = distinctCounter<CheckScored>({
  name: 'domain-shapes-180d',
  summary: { ...DOMAIN_SHAPES_V1, codec: SETS_CODEC },
  exactUpTo: SHAPES.exactUpTo,
  windowMs: SHAPES.windowMs,
  bucketMs: SHAPES.bucketMs,
  entity: (e) => (e.account_type === 'work' ? domainKey(e.domain) : null),
  member: (e) => e.inbox_hash,
  category: (e) => shapeCategory(e.local_shape),
  time: (e) => e.time,
});

/** domain-volume-7d's apply, as it was (bucket-counter.ts before issue 19's domain record). */
function volumeV1(e: CheckScored, tx: BatchTx): void {
  const entity = domainKey(e.domain);
  const t = e.time;
  const bucket = Math.floor(t / VOLUME_BUCKET_MS);
  const oldest = firstLiveBucket(t, VOLUME_WINDOW_MS, VOLUME_BUCKET_MS);
  if (bucket < oldest) return;
  const entries = decodeSummary(tx.get(DOMAIN_VOLUME_V1, entity)).filter((x) => x.bucket >= oldest);
  const i = entries.findIndex((x) => x.bucket === bucket);
  if (i >= 0) entries[i] = { ...entries[i]!, count: entries[i]!.count + 1 };
  else entries.push({ bucket, category: 0, count: 1 });
  entries.sort((a, b) => a.bucket - b.bucket);
  tx.put(DOMAIN_VOLUME_V1, entity, encodeSummary(entries), Math.max(t, entries.at(-1)!.bucket * VOLUME_BUCKET_MS));
}

/**
 * Writes `checks` (in order) to a state directory's old domain stores, `batch` checks per commit
 * (as the old runtime did: a later check of the batch reads the earlier ones' writes).
 */
export async function writeDomainStoresV1(stateDir: string, checks: readonly CheckScored[], batch = 1): Promise<void> {
  const db = new LevelStore(stateDir);
  await db.open([DOMAIN_VOLUME_V1, DOMAIN_SHAPES_V1]);
  try {
    for (let i = 0; i < checks.length; i += batch) {
      const some = checks.slice(i, i + batch);
      const reads = new ReadSet();
      for (const e of some) {
        reads.add(DOMAIN_VOLUME_V1, domainKey(e.domain));
        shapesV1.reads(e, reads);
      }
      const tx = new BatchTx(await db.fetch(reads, some.at(-1)!.time));
      for (const e of some) {
        volumeV1(e, tx);
        shapesV1.apply(e, tx, () => undefined);
      }
      await db.commit([...tx.writes.values()], []);
    }
  } finally {
    await db.close();
  }
}

/**
 * Makes a state directory look as a version before domain-records-180d left it after `checks`:
 * their volume and shapes in the two old stores, no domain record and no conversion marks.
 */
export async function asBeforeDomainRecords(stateDir: string, checks: readonly CheckScored[], batch = 1): Promise<void> {
  await forgetStore(stateDir, DOMAIN_RECORDS, convertedMark);
  await writeDomainStoresV1(stateDir, checks, batch);
}
