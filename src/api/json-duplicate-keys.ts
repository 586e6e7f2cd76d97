/**
 * The first key given twice in one object of a JSON text, as the field path error messages use
 * (`email`, `a.b`, `[2].x`), or undefined. JSON.parse keeps the last of duplicate keys without a
 * word, so `{"email":"a@x.io","email":"b@y.io"}` would be checked as the second address while
 * a proxy or log that reads the first saw another: such bodies are refused instead (RFC 8259
 * says names SHOULD be unique; RFC 7493, I-JSON, says MUST).
 *
 * Runs on text JSON.parse has already accepted, so it only tracks nesting and keys: one pass,
 * strings skipped with indexOf. Keys are compared decoded (`"a"` and `"\u0061"` are one key).
 */

interface Frame {
  readonly path: string;
  /** Object frames: the keys seen; arrays: undefined. */
  readonly keys: Set<string> | undefined;
  /** Objects: the next string is a key, and the key of the current member. */
  expectKey: boolean;
  key: string;
  /** Arrays: the index of the current element. */
  index: number;
}

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`);

export function firstDuplicateKey(text: string): string | undefined {
  const stack: Frame[] = [];
  let top: Frame | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (top?.keys && top.expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        if (top.keys.has(key)) return join(top.path, key);
        top.keys.add(key);
        top.expectKey = false;
        top.key = key;
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const path = top === undefined ? '' : top.keys ? join(top.path, top.key) : `${top.path}[${top.index}]`;
      top = { path, keys: c === 0x7b ? new Set() : undefined, expectKey: c === 0x7b, key: '', index: 0 };
      stack.push(top);
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      top = stack[stack.length - 1];
    } else if (c === 0x2c /* , */ && top) {
      if (top.keys) top.expectKey = true;
      else top.index++;
    }
  }
  return undefined;
}

/** Index of the quote that closes the string opening at `start` (valid JSON: there is one). */
function stringEnd(text: string, start: number): number {
  let j = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return j;
    j = text.indexOf('"', j + 1);
  }
}
