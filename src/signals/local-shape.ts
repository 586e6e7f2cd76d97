/**
 * The shape of a local part ("first.last", "flast", ...), a closed set. The shape, never the
 * address, is what the per-domain pattern aggregation counts to learn whether a company
 * writes its addresses as first.last or flast. Pure.
 */
import { tokenClass, type Piece } from './names.ts';
import { FIRST, LAST } from './token-trie.ts';

export const NAME_SHAPES = [
  'first.last', 'last.first', 'first_last', 'first-last', 'f.last', 'first.l', 'first.m.last',
  'flast', 'firstl', 'firstlast', 'first',
] as const;
export type NameShape = (typeof NAME_SHAPES)[number];

export const OTHER_SHAPES = ['initials', 'words', 'service', 'numeric', 'other'] as const;

/** Name shapes, the same followed by digits (`first.last+digits` = "john.smith84"), and the rest. */
export type LocalShape = NameShape | `${NameShape}+digits` | (typeof OTHER_SHAPES)[number];

export const LOCAL_SHAPES: readonly LocalShape[] = [
  ...NAME_SHAPES,
  ...NAME_SHAPES.map((s) => `${s}+digits` as const),
  ...OTHER_SHAPES,
];

/** A separator-delimited letter chunk with its segmentation. */
export interface ShapeChunk {
  /** Letters in the chunk. */
  readonly length: number;
  readonly pieces: readonly Piece[];
}

type ChunkForm = 'name' | 'initial' | 'flast' | 'firstl' | 'namename' | 'words' | 'service' | 'none';

function isName(p: Piece | undefined): boolean {
  return p !== undefined && p.kind === 'token' && tokenClass(p.flags) === 'name';
}

function chunkForm(c: ShapeChunk): ChunkForm {
  const p = c.pieces;
  if (c.length === 1) return 'initial';
  if (p.length === 1 && isName(p[0])) return 'name';
  if (p.length === 2) {
    if (p[0]!.kind === 'initial' && isName(p[1])) return 'flast';
    if (isName(p[0]) && p[1]!.kind === 'initial') return 'firstl';
    if (isName(p[0]) && isName(p[1])) return 'namename';
  }
  if (p.length > 0 && p.every((x) => x.kind === 'token')) {
    return p.some((x) => tokenClass(x.flags) === 'service') ? 'service' : 'words';
  }
  return 'none';
}

/** Only-a-family-name first chunk followed by only-a-given-name second chunk. */
function reversed(a: ShapeChunk, b: ShapeChunk): boolean {
  const fa = a.pieces[0]!.flags, fb = b.pieces[0]!.flags;
  return (fa & LAST) !== 0 && (fa & FIRST) === 0 && (fb & FIRST) !== 0 && (fb & LAST) === 0;
}

/**
 * Classifies a local part from its letter chunks and separators.
 * `chunks` are the letter runs of the body, `separators` the single characters between them
 * ('' when a chunk boundary has no separator or several), `trailingDigits` whether the body
 * ends in digits, `otherDigits` whether digits appear anywhere else.
 */
export function classifyShape(
  chunks: readonly ShapeChunk[],
  separators: readonly string[],
  trailingDigits: boolean,
  otherDigits: boolean,
  allDigits: boolean,
): LocalShape {
  if (allDigits) return 'numeric';
  if (chunks.length === 0 || otherDigits) return 'other';
  const forms = chunks.map(chunkForm);
  const base = nameShape(chunks, forms, separators);
  if (base) return trailingDigits ? `${base}+digits` : base;
  if (trailingDigits) return 'other';
  if (chunks.length === 1 && chunks[0]!.length <= 3 && forms[0] !== 'name') return 'initials';
  if (forms.every((f) => f === 'service' || f === 'words' || f === 'name')) {
    return forms.includes('service') ? 'service' : 'words';
  }
  return 'other';
}

function nameShape(chunks: readonly ShapeChunk[], forms: readonly ChunkForm[], separators: readonly string[]): NameShape | undefined {
  if (chunks.length === 1) {
    switch (forms[0]) {
      case 'name': return 'first';
      case 'flast': return 'flast';
      case 'firstl': return 'firstl';
      case 'namename': return 'firstlast';
      default: return undefined;
    }
  }
  if (chunks.length === 2) {
    const sep = separators[0];
    const [a, b] = forms;
    if (a === 'name' && b === 'name') {
      if (sep === '.') return reversed(chunks[0]!, chunks[1]!) ? 'last.first' : 'first.last';
      if (sep === '_') return 'first_last';
      if (sep === '-') return 'first-last';
      return undefined;
    }
    if (sep === '.' && a === 'initial' && b === 'name') return 'f.last';
    if (sep === '.' && a === 'name' && b === 'initial') return 'first.l';
    return undefined;
  }
  if (chunks.length === 3 && forms[0] === 'name' && forms[1] === 'initial' && forms[2] === 'name') {
    return separators.every((s) => s === '.') ? 'first.m.last' : undefined;
  }
  return undefined;
}
