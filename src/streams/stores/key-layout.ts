/**
 * Every byte layout of a state-store key, encoded and decoded here and nowhere else (pure).
 *
 * Physical key (what an engine and a changelog record hold):
 *     storeId u8 | segmentStart u64 BE | userKey
 * A plain key-value store always uses segment 0; a timed store keeps each write in the segment
 * of its timestamp (store-spec.ts). Offsets (consumer positions) are store 255, segment 0.
 *
 * User keys (what an aggregation names), binary and never formatted text:
 *     account            account utf8
 *     account | day      account utf8 | 0x00 | day u32 BE            (UTC days from the epoch)
 *     account | hash     account utf8 | 0x00 | 16-byte keyed hash    (inbox, IP, check uuid)
 *     domain             domain utf8 (domains may be stored; addresses never are)
 *     topic | partition  topic utf8 | 0x00 | partition u16 BE          (offsets)
 * Accounts, domains and topics never contain a NUL (account names are checked by config's
 * rule, domains by the address parser), so a 0x00 separates parts unambiguously.
 */

export const PHYSICAL_HEADER = 9;

export function storeKey(storeId: number, segmentStart: number, userKey: Buffer): Buffer {
  const k = Buffer.allocUnsafe(PHYSICAL_HEADER + userKey.length);
  k[0] = storeId;
  writeU64(k, segmentStart, 1);
  userKey.copy(k, PHYSICAL_HEADER);
  return k;
}

export interface PhysicalKey {
  readonly storeId: number;
  readonly segmentStart: number;
  /** A view into the physical key (no copy). */
  readonly userKey: Buffer;
}

/** The parts of a physical key, or undefined when it is too short to be one. */
export function decodeStoreKey(k: Buffer): PhysicalKey | undefined {
  if (k.length < PHYSICAL_HEADER) return undefined;
  return { storeId: k[0]!, segmentStart: segmentOfKey(k), userKey: k.subarray(PHYSICAL_HEADER) };
}

/** The segment start of a physical key. */
export function segmentOfKey(k: Buffer): number {
  return k.readUInt32BE(1) * 2 ** 32 + k.readUInt32BE(5);
}

/** Range covering one segment of a store: [gte, lt). */
export function segmentRange(storeId: number, segmentStart: number): { gte: Buffer; lt: Buffer } {
  const gte = Buffer.allocUnsafe(PHYSICAL_HEADER);
  gte[0] = storeId;
  writeU64(gte, segmentStart, 1);
  const lt = Buffer.allocUnsafe(PHYSICAL_HEADER);
  lt[0] = storeId;
  writeU64(lt, segmentStart + 1, 1);
  return { gte, lt };
}

/** Range covering every segment of a store from `segmentStart` on: [gte, lt). */
export function storeRangeFrom(storeId: number, segmentStart: number): { gte: Buffer; lt: Buffer } {
  return { gte: segmentRange(storeId, segmentStart).gte, lt: Buffer.from([storeId + 1]) };
}

function writeU64(b: Buffer, n: number, at: number): void {
  b.writeUInt32BE(Math.floor(n / 2 ** 32), at);
  b.writeUInt32BE(n >>> 0, at + 4);
}

/** Composite user keys: parts joined with a 0x00 separator (parts are hashes, accounts or domains, never containing NUL). */
export function compositeKey(...parts: (string | Buffer)[]): Buffer {
  let size = parts.length - 1;
  for (const p of parts) size += typeof p === 'string' ? Buffer.byteLength(p, 'utf8') : p.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  parts.forEach((p, i) => {
    if (i > 0) out[at++] = 0;
    at += typeof p === 'string' ? out.write(p, at, 'utf8') : p.copy(out, at);
  });
  return out;
}

/** `account`: per-account values (model tallies, wave domains). */
export const accountKey = (account: string): Buffer => Buffer.from(account, 'utf8');

/** The account a per-account key names. */
export const accountOfKey = (k: Buffer): string => k.toString('utf8');

/**
 * Each account's last `account | day` key: the stream worker builds the same one four times per
 * check (two daily stores, each read and then written), nearly always of the same day. Keys are
 * never changed in place (whoever stores one copies it into a physical key, storeKey), so one
 * Buffer serves every caller; bounded like the accounts a deployment configures.
 */
const lastDayKeys = new Map<string, { day: number; key: Buffer }>();
const DAY_KEYS_HELD = 4096;

/** `account | day`: per account and UTC day (usage, statistics). */
export function accountDayKey(account: string, day: number): Buffer {
  const last = lastDayKeys.get(account);
  if (last !== undefined && last.day === day) return last.key;
  const n = Buffer.byteLength(account, 'utf8');
  const k = Buffer.allocUnsafe(n + 5);
  k.write(account, 0, 'utf8');
  k[n] = 0;
  k.writeUInt32BE(day, n + 1);
  if (last !== undefined) {
    last.day = day;
    last.key = k;
  } else if (lastDayKeys.size < DAY_KEYS_HELD) lastDayKeys.set(account, { day, key: k });
  return k;
}

/** `account | hash`: an account's inbox, IP or check (the hash is a keyed hash or a check uuid). */
export function accountHashKey(account: string, hash: Buffer): Buffer {
  // compositeKey(account, hash) written out: built several times per applied check, where the rest-argument array and the closure showed in the worker's allocation profile.
  const n = Buffer.byteLength(account, 'utf8');
  const k = Buffer.allocUnsafe(n + 1 + hash.length);
  k.write(account, 0, 'utf8');
  k[n] = 0;
  hash.copy(k, n + 1);
  return k;
}

/** `domain`: per-domain values, across customers. */
export const domainKey = (domain: string): Buffer => Buffer.from(domain, 'utf8');

/** `topic | partition`: a consumer position. */
export function offsetKey(topic: string, partition: number): Buffer {
  const n = Buffer.byteLength(topic, 'utf8');
  const k = Buffer.allocUnsafe(n + 3);
  k.write(topic, 0, 'utf8');
  k[n] = 0;
  k.writeUInt16BE(partition, n + 1);
  return k;
}

/** A position value: the next offset to read (u64 BE); 0 when never written. */
export function encodeOffset(next: number): Buffer {
  const v = Buffer.allocUnsafe(8);
  writeU64(v, next, 0);
  return v;
}

export function decodeOffset(v: Buffer | undefined): number {
  return v ? v.readUInt32BE(0) * 2 ** 32 + v.readUInt32BE(4) : 0;
}
