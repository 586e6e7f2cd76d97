/** Reading IN: JSON lines as Windows tools write them (a byte order mark, CRLF line ends). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openJsonl, type Row } from '../../src/check-file/rows.ts';

const dir = mkdtempSync(join(tmpdir(), 'check-file-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openJsonl', () => {
  it('a UTF-8 byte order mark and CRLF line ends: every line an object with its address (the first was refused as not JSON)', async () => {
    const path = join(dir, 'windows.jsonl');
    const text = '\ufeff{"email":"ann.lee@gmail.com","n":1}\r\n{"email":"bob.ray@gmail.com","n":2}\r\n\r\n';
    writeFileSync(path, text);
    const rows: Row[] = [];
    for await (const r of openJsonl(path, 'email').rows) rows.push(r);
    expect(rows.map((r) => [r.kind === 'jsonl' ? r.value : r.cells, r.email, r.error])).toEqual([
      [{ email: 'ann.lee@gmail.com', n: 1 }, 'ann.lee@gmail.com', undefined],
      [{ email: 'bob.ray@gmail.com', n: 2 }, 'bob.ray@gmail.com', undefined],
    ]);
  });
});
