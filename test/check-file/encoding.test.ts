/** IN must be UTF-8 (a CSV may be UTF-16 with its BOM): anything else is named, with its line, before a request. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodingProblem } from '../../src/check-file/encoding.ts';

const dir = mkdtempSync(join(tmpdir(), 'check-file-encoding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, bytes: Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

describe('encodingProblem', () => {
  it('takes UTF-8, a character cut by a read boundary included, with or without a BOM', async () => {
    // "é" (2 bytes) and "€" (3 bytes) straddling the 64 KiB chunks the file is read in.
    const pad = 'a'.repeat(65_535);
    expect(await encodingProblem(file('split2.csv', Buffer.from(`email\n${pad.slice(6)}é,x\n`)), 'csv')).toBeUndefined();
    expect(await encodingProblem(file('split3.csv', Buffer.from(`email\n${pad.slice(7)}€,x\n`)), 'csv')).toBeUndefined();
    expect(await encodingProblem(file('bom.csv', Buffer.from('\ufeffemail\njosé.núñez@gmail.com\n')), 'csv')).toBeUndefined();
    expect(await encodingProblem(file('empty.jsonl', Buffer.alloc(0)), 'jsonl')).toBeUndefined();
  });

  it('names the first line that is not UTF-8 (Latin-1), also past the first chunk', async () => {
    const latin1 = Buffer.concat([Buffer.from('name,email\nann,ann.lee@gmail.com\n'), Buffer.from('Jos\xe9,jose.garcia@gmail.com\n', 'latin1')]);
    expect(await encodingProblem(file('latin1.csv', latin1), 'csv')).toBe(`${join(dir, 'latin1.csv')} is not UTF-8 (line 3, perhaps Latin-1 or Windows-1252): save it as UTF-8 (or UTF-16 with its byte order mark)`);
    const far = Buffer.concat([Buffer.from(`email\n${'x@gmail.com\n'.repeat(10_000)}`), Buffer.from('{"email":"b\xf6rge@gmail.com"}\n', 'latin1')]);
    expect(await encodingProblem(file('far.jsonl', far), 'jsonl')).toBe(`${join(dir, 'far.jsonl')} is not UTF-8 (line 10002, perhaps Latin-1 or Windows-1252): save it as UTF-8`);
    expect(await encodingProblem(file('cut.csv', Buffer.concat([Buffer.from('email\nann'), Buffer.from([0xe2, 0x82])])), 'csv')).toBe(`${join(dir, 'cut.csv')} is not UTF-8: it ends inside a character (line 2); save it as UTF-8`);
  });

  it('UTF-16 with its BOM: a CSV is read (csv-parse decodes it); JSON lines are refused', async () => {
    const utf16 = Buffer.from('\ufeffname,email\nJosé,jose.garcia@gmail.com\n', 'utf16le');
    expect(await encodingProblem(file('utf16.csv', utf16), 'csv')).toBeUndefined();
    expect(await encodingProblem(file('utf16.jsonl', utf16), 'jsonl')).toBe(`${join(dir, 'utf16.jsonl')} is UTF-16: JSON lines must be UTF-8 (save it as UTF-8)`);
  });
});
