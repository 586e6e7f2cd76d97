/**
 * Byte encodings of state-store values (Avro bodies without a registry header: these are a
 * store's private format, versioned with the store, not events). Compact and synchronous.
 */
import avro from 'avsc';
import type { ModelScores } from '../../domain/events.ts';
import type { ModelStats } from './model-stats-value.ts';
import { packFeatures, unpackFeatures } from './packed-features.ts';

const tally = {
  type: 'record',
  name: 'Tally',
  fields: [
    { name: 'n', type: 'long' },
    { name: 'correct', type: 'long' },
    { name: 'sumLogLoss', type: 'double' },
    { name: 'recent', type: { type: 'array', items: { type: 'record', name: 'Loss', fields: [{ name: 'time', type: 'long' }, { name: 'loss', type: 'double' }] } } },
  ],
} as const;

/**
 * A store value type that also reads values written before its newest fields existed: each
 * older schema is a prefix of the current one (fields are only ever appended, with defaults),
 * so an older value is too short for the current type and is read through a resolver.
 */
function evolving(current: avro.Type, older: readonly object[]): (b: Buffer) => unknown {
  const resolvers = older.map((schema) => current.createResolver(avro.Type.forSchema(schema as never)));
  return (b) => {
    try {
      return current.fromBuffer(b);
    } catch (err) {
      for (let i = resolvers.length - 1; i >= 0; i--) {
        try {
          return current.fromBuffer(b, resolvers[i]);
        } catch {
          // not this older shape either
        }
      }
      throw err;
    }
  };
}

/** check-index-14d: what the label join needs from a check. */
const checkRecordV1 = {
  type: 'record',
  name: 'CheckRecord',
  fields: [
    { name: 'domain', type: 'string' },
    { name: 'time', type: 'long' },
    { name: 'feature_version', type: 'int' },
    { name: 'features', type: { type: 'array', items: 'float' } },
    { name: 'baseline_probability', type: 'double' },
    { name: 'served_model', type: 'string' },
    { name: 'served_probability', type: 'double' },
    { name: 'learned_probability', type: ['null', 'double'], default: null },
  ],
} as const;
const checkRecordV2 = { ...checkRecordV1, fields: [...checkRecordV1.fields, { name: 'personal_probability', type: ['null', 'double'], default: null }] };
const checkRecordV3 = { ...checkRecordV2, fields: [...checkRecordV2.fields, { name: 'local_shape', type: ['null', 'string'], default: null }] };
export const CheckRecordType = avro.Type.forSchema(checkRecordV3 as never);
const checkRecordFromOlder = evolving(CheckRecordType, [checkRecordV1, checkRecordV2]);
/**
 * The check record as written since issue 19's fourteenth round: CheckRecordType's fields with
 * the features packed (packed-features.ts), behind one byte no Avro check record starts with
 * (its first field is the domain, whose length is a zigzag varint: even), so records written
 * before read as they always did.
 */
const PACKED_CHECK_RECORD = 0x01;
const PackedCheckRecordType = avro.Type.forSchema({
  type: 'record',
  name: 'PackedCheckRecord',
  fields: checkRecordV3.fields.map((f) => (f.name === 'features' ? { name: 'features', type: 'bytes' } : f)),
} as never);
/**
 * Where a check record is encoded before its one copy out (every applied check writes one): the
 * marker byte and the Avro body in place, instead of a body Buffer copied behind the marker.
 */
const checkRecordScratch = Buffer.allocUnsafe(4096);
export function encodeCheckRecord(rec: CheckRecord): Buffer {
  const packed = {
    domain: rec.domain,
    time: rec.time,
    feature_version: rec.feature_version,
    features: packFeatures(rec.features),
    baseline_probability: rec.baseline_probability,
    served_model: rec.served_model,
    served_probability: rec.served_probability,
    learned_probability: rec.learned_probability,
    personal_probability: rec.personal_probability,
    local_shape: rec.local_shape,
  };
  checkRecordScratch[0] = PACKED_CHECK_RECORD;
  const end = PackedCheckRecordType.encode(packed, checkRecordScratch, 1);
  if (end > 0) {
    const b = Buffer.allocUnsafe(end);
    checkRecordScratch.copy(b, 0, 0, end);
    return b;
  }
  // Larger than the scratch (never at 44 features): encoded on its own.
  const body = PackedCheckRecordType.toBuffer(packed);
  const b = Buffer.allocUnsafe(1 + body.length);
  b[0] = PACKED_CHECK_RECORD;
  body.copy(b, 1);
  return b;
}
/** Reads a check record, also one stored before features were packed, or before records carried `personal_probability` or `local_shape`. */
export function decodeCheckRecord(b: Buffer): CheckRecord {
  if (b[0] !== PACKED_CHECK_RECORD) return checkRecordFromOlder(b) as CheckRecord;
  const rec = PackedCheckRecordType.fromBuffer(b.subarray(1)) as Omit<CheckRecord, 'features'> & { features: Buffer };
  return { ...rec, features: unpackFeatures(rec.features) };
}
export interface CheckRecord extends ModelScores {
  domain: string;
  time: number;
  /** The local part's shape (src/signals/local-shape.ts), never the local part; null in records stored before it. */
  local_shape?: string | null;
}

/** The latest check of an inbox by an account (inbox-records-90d.ts). */
export interface LatestCheck {
  uuid: Buffer;
  time: number;
}

/** check-labels-14d: the first outcome reported for a check. */
export const LabelType = avro.Type.forSchema({
  type: 'record',
  name: 'Label',
  fields: [
    { name: 'outcome', type: 'string' },
    { name: 'time', type: 'long' },
  ],
});
export interface Label {
  outcome: string;
  time: number;
}

/** pending-labels-14d: a first label waiting for its check (the FeedbackReceived fields). */
const pendingLabelV1 = {
  type: 'record',
  name: 'PendingLabel',
  fields: [
    { name: 'check_uuid', type: { type: 'fixed', name: 'PendingUuid', size: 16 } },
    { name: 'account', type: 'string' },
    { name: 'time', type: 'long' },
    { name: 'check_time', type: 'long' },
    { name: 'inbox_hash', type: { type: 'fixed', name: 'PendingInbox', size: 16 } },
    { name: 'outcome', type: 'string' },
    { name: 'via', type: 'string' },
  ],
} as const;
const pendingLabelV2 = { ...pendingLabelV1, fields: [...pendingLabelV1.fields, { name: 'learned_probability', type: ['null', 'double'], default: null }] };
export const PendingLabelType = avro.Type.forSchema({
  ...pendingLabelV2,
  fields: [...pendingLabelV2.fields, { name: 'personal_probability', type: ['null', 'double'], default: null }],
} as never);
const pendingLabelFromOlder = evolving(PendingLabelType, [pendingLabelV1, pendingLabelV2]);

/** Reads a pending label, also one stored before labels carried the learned probabilities. */
export const decodePendingLabel = <T>(b: Buffer): T => pendingLabelFromOlder(b) as T;

/** model-stats: prequential tallies per account and model. */
const modelStatsV1 = {
  type: 'record',
  name: 'ModelStats',
  fields: [
    { name: 'baseline', type: tally },
    { name: 'learned', type: 'Tally' },
    { name: 'humans', type: 'long' },
    { name: 'fakes', type: 'long' },
  ],
} as const;
export const ModelStatsType = avro.Type.forSchema({
  ...modelStatsV1,
  fields: [...modelStatsV1.fields, { name: 'personal', type: 'Tally', default: { n: 0, correct: 0, sumLogLoss: 0, recent: [] } }],
} as never);
const modelStatsFromOlder = evolving(ModelStatsType, [modelStatsV1]);
/** Reads an account's tallies, also ones stored before the personal model's tally existed. */
export const decodeModelStats = (b: Buffer): ModelStats => modelStatsFromOlder(b) as ModelStats;

export const encode = <T>(type: avro.Type, v: T): Buffer => type.toBuffer(v);
export const decode = <T>(type: avro.Type, b: Buffer): T => type.fromBuffer(b) as T;

export function u64(n: number): Buffer {
  const b = Buffer.allocUnsafe(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}
export const readU64 = (b: Buffer | undefined): number => (b ? Number(b.readBigUInt64BE(0)) : 0);
