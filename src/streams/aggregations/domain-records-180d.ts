/**
 * domain-records-180d: one record per domain holding what a check reads and writes of the
 * domain's long windows (issue 19: state grouped by entity, one key per check where there were
 * two at company domains):
 *   - its volume: checks per hour over about the last week, so a wave is judged against the
 *     domain's own normal rate (history.ts, expectedPerWindow in domain-signups-10m.ts);
 *   - at company (work) domains, its distinct inboxes per address shape over about 180 days,
 *     one set per 30 days (domain-shapes-180d.ts: the pattern).
 * The parts follow the rules of the stores they replace exactly (the counts of bucket-counter.ts,
 * the member sets of distinct-counter.ts), so every fact a check reads is what they gave.
 *
 * Not replayable (the volume is a count, the shapes outlive the checks topic's retention), so
 * an upgrade converts the values of the two stores it replaces instead of building it from the
 * log (`DOMAIN_RECORDS_CONVERSION`, runtime.ts); their ids are retired: domain-volume-7d (12) and
 * domain-shapes-180d (18).
 */
import type { DomainSighting } from '../../domain/events.ts';
import { HOUR } from '../../domain/time.ts';
import type { Aggregation, StoreConversion } from '../aggregation.ts';
import { domainKey } from '../stores/key-layout.ts';
import { timedStore, type StoreSpec, type TypedStore, type ValueCodec } from '../stores/store-spec.ts';
import { addCount } from './bucket-counter.ts';
import { decodeSummary, encodeSummary, type BucketCount } from './bucket-counts.ts';
import { addSighting } from './distinct-counter.ts';
import { SHAPES_BUCKET_MS, SHAPES_WINDOW_MS, shapeCategory } from './domain-shapes-180d.ts';
import { VOLUME_BUCKET_MS, VOLUME_WINDOW_MS } from './domain-signups-10m.ts';
import { decodeSets, encodeSets, SETS_CODEC, type BucketSet } from './member-sets.ts';

/** The shapes' distinct count: exact up to 128 inboxes per shape and month, then sketched (shares matter, not exact counts). */
export const SHAPES = { windowMs: SHAPES_WINDOW_MS, bucketMs: SHAPES_BUCKET_MS, exactUpTo: 128 } as const;

const RETENTION = SHAPES_WINDOW_MS + 2 * SHAPES_BUCKET_MS;

export interface DomainRecord {
  /** Hourly counts, oldest first. The list is the transaction's own; its entries are replaced, never changed (a copy shares them). */
  volume: BucketCount[];
  /** The shapes' member sets (member-sets.ts), changed in place by the transaction that owns the record. */
  shapes: BucketSet[];
}

/**
 * Encoding: [version u8 = 1][volume entries u16][volume: bucket-counts.ts][shapes: member-sets.ts].
 * The shapes come last so they run to the end, as member-sets.ts reads them.
 */
const VERSION = 1;
const HEADER = 3;
const COUNT = 9;

export function decodeDomainRecord(b: Buffer): DomainRecord {
  // Split without partsOf's memo: the stream worker decodes a record once and then holds it
  // decoded (the record cache), so a WeakMap entry per decoded Buffer was only a set, and an
  // ephemeron for the collector to trace, per domain read (docs/architecture.md, issue 19's
  // twentieth round).
  const end = volumeEnd(b);
  return { volume: decodeSummary(b.subarray(HEADER, end)), shapes: SETS_CODEC.decode(b.subarray(end)) };
}

export function encodeDomainRecord(r: DomainRecord): Buffer {
  if (r.volume.length > 0xffff) throw new Error(`domain record: ${r.volume.length} volume entries`);
  const volume = encodeSummary(r.volume);
  const sets = encodeSets(r.shapes);
  const out = Buffer.allocUnsafe(HEADER + volume.length + sets.length);
  out[0] = VERSION;
  out.writeUInt16BE(r.volume.length, 1);
  volume.copy(out, HEADER);
  sets.copy(out, HEADER + volume.length);
  return out;
}

/**
 * The two parts of a stored record as views (no copy), the same views for the same Buffer: the
 * shapes' union is memoised per Buffer (distinct-counter.ts countsWith), and the API reads a busy
 * domain's record once per commit.
 */
const parts = new WeakMap<Buffer, { volume: Buffer; shapes: Buffer }>();
function partsOf(b: Buffer): { volume: Buffer; shapes: Buffer } {
  let p = parts.get(b);
  if (p) return p;
  const end = volumeEnd(b);
  p = { volume: b.subarray(HEADER, end), shapes: b.subarray(end) };
  parts.set(b, p);
  return p;
}

/** Where a stored record's volume part ends (its shapes part starts), checked against its length. */
function volumeEnd(b: Buffer): number {
  if (b.length < HEADER || b[0] !== VERSION) throw new Error(`domain record: unknown encoding (${b.length} bytes, version ${b[0]})`);
  const end = HEADER + b.readUInt16BE(1) * COUNT;
  if (end > b.length) throw new Error(`domain record: ${b.readUInt16BE(1)} volume entries in ${b.length} bytes`);
  return end;
}

/** The volume part of a stored record (bucket-counts.ts encoding), or undefined. */
export const volumeOf = (raw: Buffer | undefined): Buffer | undefined => (raw ? partsOf(raw).volume : undefined);
/** The shapes part of a stored record (member-sets.ts encoding), or undefined. */
export const shapesOf = (raw: Buffer | undefined): Buffer | undefined => (raw ? partsOf(raw).shapes : undefined);

export const DOMAIN_RECORD_CODEC: ValueCodec<DomainRecord> = {
  decode: decodeDomainRecord,
  encode: encodeDomainRecord,
  clone: (r) => ({ volume: r.volume.slice(), shapes: SETS_CODEC.clone(r.shapes) }),
  size: (r) => 48 + 40 * r.volume.length + SETS_CODEC.size(r.shapes),
};

export const DOMAIN_RECORDS: TypedStore<DomainRecord> = { ...timedStore(22, 'domain-records-180d', RETENTION), codec: DOMAIN_RECORD_CODEC };

/**
 * The record's time: the start of its newest volume or shapes bucket. It never goes back (the
 * newest bucket of each part never does), so a late check never moves the record to an older
 * segment than the one its last write went to.
 */
function recordTime(r: DomainRecord): number {
  let ts = r.volume.length ? r.volume.at(-1)!.bucket * VOLUME_BUCKET_MS : 0;
  for (const s of r.shapes) ts = Math.max(ts, s.bucket * SHAPES_BUCKET_MS);
  return ts;
}

/** The stores domain-records-180d replaced, as their values were laid out (read once, by the conversion). */
export const DOMAIN_VOLUME_V1: StoreSpec = timedStore(12, 'domain-volume-7d', VOLUME_WINDOW_MS + 2 * HOUR);
export const DOMAIN_SHAPES_V1: StoreSpec = timedStore(18, 'domain-shapes-180d', RETENTION);

/**
 * A domain's record made of the values the two old stores hold for it (undefined where absent):
 * the same hourly counts and member sets, so every fact read from it is the one they gave.
 */
export function recordFromV1(volume: Buffer | undefined, shapes: Buffer | undefined): DomainRecord | undefined {
  const record = { volume: decodeSummary(volume), shapes: decodeSets(shapes) };
  return record.volume.length || record.shapes.length ? record : undefined;
}

/**
 * The upgrade from domain-volume-7d and domain-shapes-180d: each domain's two values become its
 * record. Which source partition writes a domain is the topology's to say (topology.ts: in Kafka
 * mode the repartition partition its name is keyed to, whose owner converts it).
 */
export const DOMAIN_RECORDS_CONVERSION: StoreConversion = {
  from: [DOMAIN_VOLUME_V1, DOMAIN_SHAPES_V1],
  to: DOMAIN_RECORDS,
  convert([volume, shapes]) {
    const record = recordFromV1(volume, shapes);
    return record && { value: encodeDomainRecord(record), ts: recordTime(record) };
  },
};

export const domainRecords: Aggregation<DomainSighting> & { readonly store: TypedStore<DomainRecord> } = {
  name: 'domain-records-180d',
  stores: [DOMAIN_RECORDS],
  store: DOMAIN_RECORDS,
  converts: DOMAIN_RECORDS_CONVERSION,
  reads(e, rs) {
    rs.add(DOMAIN_RECORDS, domainKey(e.domain));
  },
  apply(e, tx) {
    const key = domainKey(e.domain);
    const record = tx.open(DOMAIN_RECORDS, key) ?? { volume: [], shapes: [] };
    addCount(record.volume, VOLUME_WINDOW_MS, VOLUME_BUCKET_MS, e.time);
    if (e.account_type === 'work') addSighting(record.shapes, SHAPES, e.time, shapeCategory(e.local_shape), e.inbox_hash);
    tx.set(DOMAIN_RECORDS, key, record, recordTime(record));
  },
};
