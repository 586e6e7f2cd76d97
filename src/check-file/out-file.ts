/**
 * OUT, written in input order with synchronous writes: once a batch's answer is read, its rows
 * are in the file (the kernel's, at least) before anything else runs, so a SIGKILL loses only
 * the answers of requests still in flight. A rerun finds how many rows OUT already has
 * (dropping a record the kill cut short) and appends after them.
 */
import { closeSync, existsSync, ftruncateSync, openSync, statSync, writeSync, createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { csvCells, RESULT_COLUMNS, type ResultValues } from './result-columns.ts';
import { InputError, type Row } from './rows.ts';

export interface OutFile {
  /** Rows of IN already in OUT when it was opened (0 for a new file). */
  readonly written: number;
  /** The checked value of the last of those rows (to see that OUT was made from this IN). */
  readonly lastEmail: string | undefined;
  append(rows: readonly { row: Row; values: ResultValues }[]): void;
  close(): void;
}

interface Scan {
  records: number;
  goodBytes: number;
  lastEmail: string | undefined;
}

export async function openOut(path: string, format: 'csv' | 'jsonl', header: string[] | undefined, column: string): Promise<OutFile> {
  const outHeader = header ? [...header, ...RESULT_COLUMNS] : undefined;
  let scan: Scan = { records: 0, goodBytes: 0, lastEmail: undefined };
  if (existsSync(path) && statSync(path).size > 0) {
    scan = format === 'csv' ? await scanCsv(path, outHeader!, header!.indexOf(column)) : await scanJsonl(path, column);
  }
  const fd = openSync(path, existsSync(path) ? 'r+' : 'w');
  ftruncateSync(fd, scan.goodBytes);
  let position = scan.goodBytes;
  const write = (text: string): void => {
    const buf = Buffer.from(text);
    for (let off = 0; off < buf.length; ) {
      const n = writeSync(fd, buf, off, buf.length - off, position);
      off += n;
      position += n;
    }
  };
  if (format === 'csv' && scan.goodBytes === 0) write(stringify([outHeader!]));
  return {
    written: format === 'csv' ? Math.max(0, scan.records - 1) : scan.records,
    lastEmail: scan.lastEmail,
    append(rows) {
      if (rows.length === 0) return;
      if (format === 'csv') {
        write(stringify(rows.map(({ row, values }) => [...(row.kind === 'csv' ? row.cells : []), ...csvCells(values)])));
      } else {
        write(rows.map(({ row, values }) => `${JSON.stringify(row.kind === 'jsonl' ? (typeof row.value === 'string' ? { line: row.value, ...values } : { ...row.value, ...values }) : values)}\n`).join(''));
      }
    },
    close: () => closeSync(fd),
  };
}

/** Complete records of a CSV OUT; a last record without its newline (or with an open quote) was cut by a kill. */
async function scanCsv(path: string, outHeader: string[], emailAt: number): Promise<Scan> {
  const size = statSync(path).size;
  let records = 0;
  let goodBytes = 0;
  let lastEmail: string | undefined;
  const stream = createReadStream(path);
  const parser = stream.pipe(parse({ info: true, relax_column_count: true }));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      if (records === 0 && !sameRow(record, outHeader)) {
        throw new InputError(`--out: ${path} exists and its header is not IN's plus the result columns: it was not written by check-file from this IN (delete it, or choose another --out)`);
      }
      const last = info.bytes === size;
      if (last && (record.length !== outHeader.length || !(await endsWithNewline(path, size)))) break; // cut short
      if (record.length !== outHeader.length) throw new InputError(`--out: ${path} record ${records + 1} has ${record.length} cells, its header ${outHeader.length}: it was not written by check-file (delete it, or choose another --out)`);
      records++;
      goodBytes = info.bytes;
      if (records > 1) lastEmail = record[emailAt];
    }
  } catch (err) {
    // An unclosed quote can only be the end of the file: a record cut short; everything before it stands.
    if ((err as { code?: string }).code !== 'CSV_QUOTE_NOT_CLOSED') throw err instanceof InputError ? err : new InputError(`--out: ${path} is not CSV written by check-file (${(err as Error).message}): delete it, or choose another --out`);
  } finally {
    stream.destroy();
  }
  return { records, goodBytes, lastEmail };
}

/** Complete lines of a JSON-lines OUT (JSON.stringify never writes a raw newline). */
async function scanJsonl(path: string, column: string): Promise<Scan> {
  let records = 0;
  let goodBytes = 0;
  let offset = 0;
  let lastLine: string | undefined;
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  const size = statSync(path).size;
  for await (const line of lines) {
    offset += Buffer.byteLength(line) + 1;
    if (offset > size) break; // the last line had no newline: cut short
    records++;
    goodBytes = offset;
    lastLine = line;
  }
  let lastEmail: string | undefined;
  if (lastLine !== undefined) {
    try {
      const v = JSON.parse(lastLine) as Record<string, unknown>;
      lastEmail = typeof v[column] === 'string' ? (v[column] as string) : undefined;
    } catch {
      throw new InputError(`--out: ${path} exists and is not JSON lines written by check-file (delete it, or choose another --out)`);
    }
  }
  return { records, goodBytes, lastEmail };
}

const sameRow = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

async function endsWithNewline(path: string, size: number): Promise<boolean> {
  if (size === 0) return false;
  const stream = createReadStream(path, { start: size - 1, end: size - 1 });
  for await (const chunk of stream as AsyncIterable<Buffer>) return chunk[0] === 0x0a;
  return false;
}
