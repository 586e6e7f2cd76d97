/**
 * A feature vector as check-index-14d stores it: the same float32 values as an Avro array of
 * `float`, in fewer bytes (pure).
 *
 *     n u8 | tags: 2 bits per value, 4 per byte, first value in the low bits | float32 LE per tag 2
 *     tag 0: +0   tag 1: 1   tag 2: the float32 that follows   (tag 3 is not written)
 *
 * Most columns of a check are 0 or 1 (a signal absent, a fact true), so a vector takes about a
 * tenth of the Avro array's 4 bytes per value; every check writes one into a new key, and each
 * of LevelDB's levels rewrites it (docs/architecture.md, issue 19's fourteenth round). Unpacking
 * gives exactly what the Avro array gave: each value rounded to float32 (-0 and NaN included,
 * which take tag 2).
 */

const ZERO = 0;
const ONE = 1;
const FLOAT = 2;

/** The packed vector; at most 255 values (the feature vector has 44). */
export function packFeatures(features: readonly number[]): Buffer {
  const n = features.length;
  if (n > 255) throw new RangeError(`a packed feature vector holds at most 255 values, got ${n}`);
  const tagBytes = (n + 3) >> 2;
  let floats = 0;
  for (let i = 0; i < n; i++) if (tagOf(Math.fround(features[i]!)) === FLOAT) floats++;
  const b = Buffer.alloc(1 + tagBytes + 4 * floats);
  b[0] = n;
  let at = 1 + tagBytes;
  for (let i = 0; i < n; i++) {
    const v = Math.fround(features[i]!);
    const tag = tagOf(v);
    b[1 + (i >> 2)]! |= tag << ((i & 3) << 1);
    if (tag === FLOAT) at = b.writeFloatLE(v, at);
  }
  return b;
}

export function unpackFeatures(b: Buffer): number[] {
  const n = b[0]!;
  const out = new Array<number>(n);
  let at = 1 + ((n + 3) >> 2);
  for (let i = 0; i < n; i++) {
    const tag = (b[1 + (i >> 2)]! >> ((i & 3) << 1)) & 3;
    if (tag === ZERO) out[i] = 0;
    else if (tag === ONE) out[i] = 1;
    else if (tag === FLOAT) {
      out[i] = b.readFloatLE(at);
      at += 4;
    } else throw new RangeError(`packed feature ${i} has the unknown tag 3`);
  }
  if (at !== b.length) throw new RangeError(`packed features: ${b.length} bytes, their tags account for ${at}`);
  return out;
}

function tagOf(v: number): number {
  if (v === 0 && !Object.is(v, -0)) return ZERO;
  return v === 1 ? ONE : FLOAT;
}
