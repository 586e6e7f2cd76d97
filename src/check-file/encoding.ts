/**
 * IN must be UTF-8 (a CSV may also be UTF-16 with its byte order mark, which csv-parse decodes).
 * Read as UTF-8, any other encoding's bytes reach OUT as U+FFFD: a Latin-1 "José" in a column
 * the service never sees would come back "Jos?", silently. So the file is read through once
 * before any request, and a byte sequence that is not UTF-8 stops the run naming its line.
 */
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';

const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

/** How many bytes at the end of `b` start a sequence that the next chunk completes (0 to 3). */
function incompleteTail(b: Buffer): number {
  for (let back = 1; back <= Math.min(3, b.length); back++) {
    const byte = b[b.length - back]!;
    if (byte < 0x80) return 0; // ASCII: nothing pending
    if (byte >= 0xc0) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return need > back ? back : 0;
    }
  }
  return 0;
}

/** Undefined when IN can be read; else why not, naming the line. */
export async function encodingProblem(path: string, format: 'csv' | 'jsonl'): Promise<string | undefined> {
  let carry = Buffer.alloc(0);
  let line = 1;
  let first = true;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    if (first) {
      first = false;
      if (UTF16_BOMS.some((bom) => chunk.subarray(0, 2).equals(bom))) {
        return format === 'csv' ? undefined : `${path} is UTF-16: JSON lines must be UTF-8 (save it as UTF-8)`;
      }
    }
    const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const cut = data.length - incompleteTail(data);
    const whole = data.subarray(0, cut);
    if (!isUtf8(whole)) return notUtf8(path, whole, line, format);
    for (const byte of whole) if (byte === 0x0a) line++;
    carry = Buffer.from(data.subarray(cut));
  }
  return carry.length ? `${path} is not UTF-8: it ends inside a character (line ${line}); save it as UTF-8` : undefined;
}

function notUtf8(path: string, data: Buffer, line: number, format: 'csv' | 'jsonl'): string {
  let start = 0;
  for (;;) {
    const end = data.indexOf(0x0a, start);
    const part = data.subarray(start, end < 0 ? data.length : end);
    if (!isUtf8(part)) break;
    if (end < 0) break;
    start = end + 1;
    line++;
  }
  return `${path} is not UTF-8 (line ${line}, perhaps Latin-1 or Windows-1252): save it as UTF-8${format === 'csv' ? ' (or UTF-16 with its byte order mark)' : ''}`;
}
