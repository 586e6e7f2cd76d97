/** OUT on a rerun: the rows already written are counted, and a record a kill cut short is dropped. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOut } from '../../src/check-file/out-file.ts';
import { errorValues, RESULT_COLUMNS } from '../../src/check-file/result-columns.ts';
import type { Row } from '../../src/check-file/rows.ts';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'check-file-out-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = ['id', 'email'];
const head = `id,email,${RESULT_COLUMNS.join(',')}\n`;
const line = (id: number, email: string) => `${id},${email},90,allow,natural_name,${email},,free,chk_${id},\n`;
const csvRow = (id: number, email: string): Row => ({ kind: 'csv', cells: [String(id), email], email, endByte: 0 });

describe('CSV OUT', () => {
  it('a new file gets the header, then rows are appended', async () => {
    const path = join(dir, 'o.csv');
    const out = await openOut(path, 'csv', HEADER, 'email');
    expect(out.written).toBe(0);
    out.append([{ row: csvRow(0, 'a@x.io'), values: errorValues('email: bad') }]);
    out.close();
    expect(readFileSync(path, 'utf8')).toBe(`${head}0,a@x.io,,,,,,,,email: bad\n`);
  });

  it('counts complete rows and remembers the last address', async () => {
    const path = join(dir, 'o.csv');
    writeFileSync(path, head + line(0, 'a@x.io') + line(1, 'b@x.io'));
    const out = await openOut(path, 'csv', HEADER, 'email');
    expect([out.written, out.lastEmail]).toEqual([2, 'b@x.io']);
    out.close();
  });

  it.each([
    ['cut in the last cell (no newline)', line(2, 'c@x.io').slice(0, -1)],
    ['cut mid-row', line(2, 'c@x.io').slice(0, 20)],
    ['cut inside a quoted cell', '2,"c@x.io\nmore'],
  ])('drops a last record %s, and appends after the good ones', async (_what, tail) => {
    const path = join(dir, 'o.csv');
    writeFileSync(path, head + line(0, 'a@x.io') + line(1, 'b@x.io') + tail);
    const out = await openOut(path, 'csv', HEADER, 'email');
    expect(out.written).toBe(2);
    out.append([{ row: csvRow(2, 'c@x.io'), values: errorValues('e') }]);
    out.close();
    expect(readFileSync(path, 'utf8')).toBe(`${head}${line(0, 'a@x.io')}${line(1, 'b@x.io')}2,c@x.io,,,,,,,,e\n`);
  });

  it('quoted cells with commas, newlines and quotes round-trip and count as one row', async () => {
    const path = join(dir, 'o.csv');
    const out = await openOut(path, 'csv', HEADER, 'email');
    out.append([{ row: { kind: 'csv', cells: ['a,"b"\nc', 'é@x.io'], email: 'é@x.io', endByte: 0 }, values: errorValues('x') }]);
    out.close();
    const again = await openOut(path, 'csv', HEADER, 'email');
    expect([again.written, again.lastEmail]).toEqual([1, 'é@x.io']);
    again.close();
  });

  it('refuses a file with another header, or a damaged row before the end (never truncating it)', async () => {
    const path = join(dir, 'o.csv');
    writeFileSync(path, 'id,mail\n1,a\n');
    await expect(openOut(path, 'csv', HEADER, 'email')).rejects.toThrow(/its header is not IN's plus the result columns/);
    const damaged = head + '0,a@x.io\n' + line(1, 'b@x.io');
    writeFileSync(path, damaged);
    await expect(openOut(path, 'csv', HEADER, 'email')).rejects.toThrow(/record 2 has 2 cells/);
    expect(readFileSync(path, 'utf8')).toBe(damaged);
  });
});

describe('JSON-lines OUT', () => {
  it('counts complete lines, drops a cut one, keeps the input fields and adds the columns', async () => {
    const path = join(dir, 'o.jsonl');
    writeFileSync(path, '{"email":"a@x.io","n":1,"verdict":"allow"}\n{"email":"b@x.io","n":2,"verdict":"allow"}\n{"email":"c@x');
    const out = await openOut(path, 'jsonl', undefined, 'email');
    expect([out.written, out.lastEmail]).toEqual([2, 'b@x.io']);
    out.append([
      { row: { kind: 'jsonl', value: { email: 'c@x.io', n: 3 }, email: 'c@x.io', endByte: 0 }, values: errorValues('e') },
      { row: { kind: 'jsonl', value: 'not json', email: '', endByte: 0 }, values: errorValues('line 4: not a JSON object') },
    ]);
    out.close();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines[2]).toEqual({ email: 'c@x.io', n: 3, human_score: null, verdict: null, reasons: null, canonical: null, did_you_mean: null, account_type: null, check_id: null, error: 'e' });
    expect(lines[3]).toMatchObject({ line: 'not json', error: 'line 4: not a JSON object' });
  });
});
