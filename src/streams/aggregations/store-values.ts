/**
 * Byte encodings of state-store values (Avro bodies without a registry header: these are a
 * store's private format, versioned with the store, not events). Compact and synchronous.
 */
import avro from 'avsc';
import type { ModelScores } from '../../domain/events.ts';
import type { ModelStats } from './model-stats-value.ts';

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
export const CheckRecordType = avro.Type.forSchema({
  ...checkRecordV2,
  fields: [...checkRecordV2.fields, { name: 'local_shape', type: ['null', 'string'], default: null }],
} as never);
const checkRecordFromOlder = evolving(CheckRecordType, [checkRecordV1, checkRecordV2]);
/** Reads a check record, also one stored before records carried `personal_probability` or `local_shape`. */
export const decodeCheckRecord = (b: Buffer): CheckRecord => checkRecordFromOlder(b) as CheckRecord;
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
