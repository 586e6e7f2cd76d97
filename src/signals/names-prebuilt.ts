/**
 * The name tables' trie and n-gram models as bytes, so that the build computes them once
 * (scripts/generate-name-tables.ts writes dist/src/data/name-tables.bin) and a server start reads
 * them instead of building them: building took about 0.27 s of CPU at every start (the trie 0.12 s,
 * the two n-gram models 0.15 s), reading takes a few ms (docs/architecture.md, Start-up).
 *
 * Layout (little-endian, as the typed arrays of the machine that builds and runs it):
 *   "MSNT" u32 version | 32 bytes: the key (sha256, names.ts nameTablesKey) | u32 nodes | u32 edges
 *   | u32 x nodes: which of a..z each node has a child for | i32 x edges: those children, in node
 *   and letter order | u8 x nodes: the flags | padding to 4 | f32 x 531,441 x 2: the two models.
 * The trie is stored by its edges (about 1.4 MB) rather than as its dense child table (16 MB):
 * decoding writes the same table back, node numbers included, so segmentation reads exactly the
 * arrays buildTokenTrie makes. Pure.
 */
import type { NgramModel } from './ngram.ts';
import type { NameTables, PrebuiltNameTables } from './names.ts';
import type { TokenTrie } from './token-trie.ts';

const MAGIC = 0x544e534d; // "MSNT" read as a little-endian u32
const VERSION = 1;
const KEY_BYTES = 32;
const HEADER = 4 + 4 + KEY_BYTES + 4 + 4;
const LETTERS = 26;

/** The bytes of the tables' trie and models, with their key. */
export function encodeNameTables(tables: NameTables): Uint8Array {
  const { children, flags, nodes } = tables.trie;
  const masks = new Uint32Array(nodes);
  let edges = 0;
  for (let node = 0; node < nodes; node++) {
    let mask = 0;
    for (let c = 0; c < LETTERS; c++) if (children[node * LETTERS + c] !== 0) { mask |= 1 << c; edges++; }
    masks[node] = mask;
  }
  const targets = new Int32Array(edges);
  let e = 0;
  for (let i = 0; i < children.length; i++) if (children[i] !== 0) targets[e++] = children[i]!;
  const flagsAt = HEADER + nodes * 4 + edges * 4;
  const modelsAt = align4(flagsAt + nodes);
  const size = tables.ngram.logProb.length;
  const out = new Uint8Array(modelsAt + 2 * size * 4);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, VERSION, true);
  out.set(hexBytes(tables.key), 8);
  view.setUint32(8 + KEY_BYTES, nodes, true);
  view.setUint32(12 + KEY_BYTES, edges, true);
  out.set(bytesOf(masks), HEADER);
  out.set(bytesOf(targets), HEADER + nodes * 4);
  out.set(flags, flagsAt);
  out.set(bytesOf(tables.ngram.logProb), modelsAt);
  out.set(bytesOf(tables.nameNgram.logProb), modelsAt + size * 4);
  return out;
}

/**
 * The tables in `bytes`, or undefined when they are not tables of this layout (wrong magic,
 * version or size): the caller then builds them.
 */
export function decodeNameTables(bytes: Uint8Array, order = 4): PrebuiltNameTables | undefined {
  if (bytes.length < HEADER) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== VERSION) return undefined;
  const key = hex(bytes.subarray(8, 8 + KEY_BYTES));
  const nodes = view.getUint32(8 + KEY_BYTES, true);
  const edges = view.getUint32(12 + KEY_BYTES, true);
  const size = 27 ** order;
  const flagsAt = HEADER + nodes * 4 + edges * 4;
  const modelsAt = align4(flagsAt + nodes);
  if (nodes === 0 || edges !== nodes - 1 || bytes.length !== modelsAt + 2 * size * 4) return undefined;
  // Copies: typed arrays need aligned offsets, and a file's bytes may sit anywhere in a pool.
  const masks = new Uint32Array(copy(bytes, HEADER, nodes * 4));
  const targets = new Int32Array(copy(bytes, HEADER + nodes * 4, edges * 4));
  const children = new Int32Array(nodes * LETTERS);
  let e = 0;
  for (let node = 0; node < nodes; node++) {
    // Set bits lowest first: letter order, as encoded.
    for (let mask = masks[node]!; mask !== 0; mask &= mask - 1) {
      if (e === edges) return undefined;
      children[node * LETTERS + 31 - Math.clz32(mask & -mask)] = targets[e++]!;
    }
  }
  if (e !== edges) return undefined;
  const trie: TokenTrie = { children, flags: new Uint8Array(copy(bytes, flagsAt, nodes)), nodes };
  // The models are most of the bytes: viewed where they lie when aligned (a file read on its own
  // buffer is), copied otherwise.
  const model = (at: number): NgramModel => ({
    order,
    logProb: (bytes.byteOffset + at) % 4 === 0 ? new Float32Array(bytes.buffer, bytes.byteOffset + at, size) : new Float32Array(copy(bytes, at, size * 4)),
  });
  return { key, trie, ngram: model(modelsAt), nameNgram: model(modelsAt + size * 4) };
}

const align4 = (n: number): number => (n + 3) & ~3;
const bytesOf = (a: Uint32Array | Int32Array | Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
function copy(bytes: Uint8Array, at: number, length: number): ArrayBuffer {
  const out = new Uint8Array(length);
  out.set(bytes.subarray(at, at + length));
  return out.buffer;
}
const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

function hexBytes(s: string): Uint8Array {
  const out = new Uint8Array(KEY_BYTES);
  for (let i = 0; i < KEY_BYTES; i++) out[i] = parseInt(s.slice(2 * i, 2 * i + 2), 16);
  return out;
}
