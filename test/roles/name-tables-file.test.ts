import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPrebuiltNameTables } from '../../src/roles/name-tables-file.ts';
import { buildNameTables } from '../../src/signals/names.ts';
import { encodeNameTables } from '../../src/signals/names-prebuilt.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const dir = mkdtempSync(join(tmpdir(), 'mailsift-name-tables-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readPrebuiltNameTables', () => {
  const built = buildNameTables();

  it('the build wrote dist/src/data/name-tables.bin, and it holds what the lists and the code give now (else: npm run build)', () => {
    const pre = readPrebuiltNameTables(join(REPO_ROOT, 'dist', 'src', 'data', 'name-tables.bin'));
    expect(pre, 'dist/src/data/name-tables.bin missing or unreadable: npm run build').toBeDefined();
    expect(pre!.key).toBe(built.key);
    expect(Buffer.compare(encodeNameTables({ ...built, ...pre! }), encodeNameTables(built))).toBe(0);
    expect(buildNameTables(pre).trie).toBe(pre!.trie);
  });

  it('reads a file it is given', () => {
    const file = join(dir, 'tables.bin');
    writeFileSync(file, encodeNameTables(built));
    expect(readPrebuiltNameTables(file)?.key).toBe(built.key);
  });

  it('gives undefined for no file or a file of something else: the tables are built then', () => {
    expect(readPrebuiltNameTables(join(dir, 'absent.bin'))).toBeUndefined();
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, 'not the tables');
    expect(readPrebuiltNameTables(junk)).toBeUndefined();
  });
});
