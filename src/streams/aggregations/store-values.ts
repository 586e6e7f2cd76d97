/**
 * Byte encodings of state-store values (Avro bodies without a registry header: these are a
 * store's private format, versioned with the store, not events). Compact and synchronous.
 */
import avro from 'avsc';
import type { ModelScores } from '../../domain/events.ts';

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

/** check-index-14d: what the label join needs from a check. */
export const CheckRecordType = avro.Type.forSchema({
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
});
export interface CheckRecord extends ModelScores {
  domain: string;
  time: number;
}

/** inbox-checks-14d: the latest check of an inbox by an account. */
export const LatestCheckType = avro.Type.forSchema({
  type: 'record',
  name: 'LatestCheck',
  fields: [
    { name: 'uuid', type: { type: 'fixed', name: 'Uuid', size: 16 } },
    { name: 'time', type: 'long' },
  ],
});
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
export const PendingLabelType = avro.Type.forSchema({
  ...pendingLabelV1,
  fields: [...pendingLabelV1.fields, { name: 'learned_probability', type: ['null', 'double'], default: null }],
} as never);
const pendingLabelFromV1 = PendingLabelType.createResolver(avro.Type.forSchema(pendingLabelV1 as never));

/** Reads a pending label, also one stored before labels carried `learned_probability`. */
export function decodePendingLabel<T>(b: Buffer): T {
  try {
    return PendingLabelType.fromBuffer(b) as T;
  } catch {
    return PendingLabelType.fromBuffer(b, pendingLabelFromV1) as T; // the older value is shorter: it ends before the new field
  }
}

/** model-stats: prequential tallies per account and model. */
export const ModelStatsType = avro.Type.forSchema({
  type: 'record',
  name: 'ModelStats',
  fields: [
    { name: 'baseline', type: tally },
    { name: 'learned', type: 'Tally' },
    { name: 'humans', type: 'long' },
    { name: 'fakes', type: 'long' },
  ],
} as never);

export const encode = <T>(type: avro.Type, v: T): Buffer => type.toBuffer(v);
export const decode = <T>(type: avro.Type, b: Buffer): T => type.fromBuffer(b) as T;

export function u64(n: number): Buffer {
  const b = Buffer.allocUnsafe(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}
export const readU64 = (b: Buffer | undefined): number => (b ? Number(b.readBigUInt64BE(0)) : 0);
