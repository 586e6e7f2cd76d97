/**
 * Reading IN row by row, streamed (csv-parse for CSV; lines for JSON lines), so a file of any
 * size is read in constant memory. A row carries what it was (to write it back unchanged), the
 * address to check, or an error decided without asking the service, and where it ends in IN
 * (for the progress bar).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { RESULT_COLUMNS } from './result-columns.ts';

export type Row =
  | { kind: 'csv'; cells: string[]; email: string; error?: string; endByte: number }
  | { kind: 'jsonl'; value: Record<string, unknown> | string; email: string; error?: string; endByte: number };

export interface RowSource {
  /** CSV: IN's header row (written back first); JSON lines: none. */
  readonly header: string[] | undefined;
  readonly rows: AsyncIterable<Row>;
  close(): void;
}

export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** Longer than this cannot be an address (254 after trimming); the service's own words for it. */
const MAX_VALUE = 1024;
const TOO_LONG = 'email: must be at most 254 characters';

export async function openCsv(path: string, column: string): Promise<RowSource> {
  const stream = createReadStream(path);
  const parser = stream.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }));
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { bytes: number } }>;
  // A malformed file (a stray quote) stops the run with the parser's words and where it is.
  const it = {
    next: async () => {
      try {
        return await records.next();
      } catch (err) {
        throw new InputError(`${path}: ${(err as Error).message}`);
      }
    },
  };
  const first = await it.next();
  if (first.done) throw new InputError(`${path}: has no header row`);
  const header = first.value.record;
  const taken = header.filter((h) => (RESULT_COLUMNS as readonly string[]).includes(h));
  if (taken.length) throw new InputError(`${path}: already has the column${taken.length > 1 ? 's' : ''} ${taken.join(', ')} (a checked file?): check the original, or rename ${taken.length > 1 ? 'them' : 'it'}`);
  const at = columnIndex(header, column);
  if (at < 0) throw new InputError(`--column: ${path} has no column "${column}" (its columns: ${header.join(', ')})`);
  const width = header.length;
  async function* rows(): AsyncIterable<Row> {
    for (let r = await it.next(); !r.done; r = await it.next()) {
      const cells = r.value.record;
      const endByte = r.value.info.bytes;
      if (cells.length > width) {
        yield { kind: 'csv', cells: cells.slice(0, width), email: '', error: `row: has ${cells.length} cells, the header ${width} (cells past the header's are not written)`, endByte };
        continue;
      }
      while (cells.length < width) cells.push('');
      const email = cells[at]!;
      yield { kind: 'csv', cells, email, ...(email.length > MAX_VALUE ? { error: TOO_LONG } : {}), endByte };
    }
  }
  return { header, rows: rows(), close: () => stream.destroy() };
}

export function openJsonl(path: string, column: string): RowSource {
  const stream = createReadStream(path);
  async function* rows(): AsyncIterable<Row> {
    // Made here, at the first read: readline drops the lines it reads before anyone iterates.
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    let endByte = 0;
    let n = 0;
    let sawObject = false;
    for await (const read of lines) {
      n++;
      endByte += Buffer.byteLength(read) + 1;
      // A byte order mark (Windows tools write one) is not part of the first object.
      const line = n === 1 && read.startsWith('\ufeff') ? read.slice(1) : read;
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        value = undefined;
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        yield { kind: 'jsonl', value: line, email: '', error: `line ${n}: not a JSON object`, endByte };
        continue;
      }
      const obj = value as Record<string, unknown>;
      // A --column that the first object lacks is a mistake, not a file of rows without addresses.
      if (!sawObject && !(column in obj)) throw new InputError(`--column: the first object of ${path} has no "${column}" (its keys: ${Object.keys(obj).slice(0, 20).join(', ')})`);
      sawObject = true;
      const email = obj[column];
      if (typeof email !== 'string') {
        yield { kind: 'jsonl', value: obj, email: '', error: `${column}: ${email === undefined ? 'is required' : 'must be a string'}`, endByte };
        continue;
      }
      yield { kind: 'jsonl', value: obj, email, ...(email.length > MAX_VALUE ? { error: TOO_LONG } : {}), endByte };
    }
  }
  return { header: undefined, rows: rows(), close: () => stream.destroy() };
}

/** The exact name; else the one name that matches ignoring case. */
function columnIndex(header: string[], column: string): number {
  const exact = header.indexOf(column);
  if (exact >= 0) return exact;
  const folded = header.flatMap((h, i) => (h.trim().toLowerCase() === column.toLowerCase() ? [i] : []));
  return folded.length === 1 ? folded[0]! : -1;
}
