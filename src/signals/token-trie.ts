/**
 * A flat array trie over a-z for the name/word/service dictionaries. Walking it costs one
 * typed-array read per letter and allocates nothing, which keeps segmentation of a local
 * part (every start position x every prefix) inside the per-check budget. Pure.
 */

/** Token kinds, as bit flags: a token can be a given name and a word at once ("rose"). */
export const FIRST = 1;
export const LAST = 2;
export const WORD = 4;
export const SERVICE = 8;
export const NAME = FIRST | LAST;

export interface TokenTrie {
  /** children[node * 26 + letter] = child node, 0 = none (node 0 is the root, never a child). */
  readonly children: Int32Array;
  /** Kind flags of the token ending at each node (0 = not a token end). */
  readonly flags: Uint8Array;
  readonly nodes: number;
}

export function buildTokenTrie(lists: ReadonlyArray<readonly [flag: number, tokens: readonly string[]]>): TokenTrie {
  let capacity = 1 << 16;
  let children = new Int32Array(capacity * 26);
  let flags = new Uint8Array(capacity);
  let nodes = 1;
  for (const [flag, tokens] of lists) {
    for (const token of tokens) {
      let node = 0;
      let ok = true;
      for (let i = 0; i < token.length; i++) {
        const c = token.charCodeAt(i) - 97;
        if (c < 0 || c >= 26) { ok = false; break; }
        let next = children[node * 26 + c]!;
        if (next === 0) {
          if (nodes === capacity) {
            capacity *= 2;
            const grownChildren = new Int32Array(capacity * 26);
            grownChildren.set(children);
            children = grownChildren;
            const grownFlags = new Uint8Array(capacity);
            grownFlags.set(flags);
            flags = grownFlags;
          }
          next = nodes++;
          children[node * 26 + c] = next;
        }
        node = next;
      }
      if (ok && node !== 0) flags[node] = flags[node]! | flag;
    }
  }
  return { children: children.slice(0, nodes * 26), flags: flags.slice(0, nodes), nodes };
}

/** Flags of `token` if it is in the trie exactly, else 0. */
export function lookupToken(trie: TokenTrie, token: string): number {
  let node = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i) - 97;
    if (c < 0 || c >= 26) return 0;
    node = trie.children[node * 26 + c]!;
    if (node === 0) return 0;
  }
  return trie.flags[node]!;
}
