/**
 * Writes dist/src/data/name-tables.bin: the name tables' trie and n-gram models, computed from the
 * name lists by the same code a start used to run (src/signals/names.ts buildNameTables), encoded
 * by src/signals/names-prebuilt.ts. A server start reads it (src/roles/name-tables-file.ts) instead
 * of computing them: about 0.27 s of CPU less per start (docs/architecture.md, Start-up).
 * `npm run build` runs it after tsc. Like the name lists it is generated, never tracked.
 *   npx tsx scripts/generate-name-tables.ts          (rewrite the file when it differs)
 *   npx tsx scripts/generate-name-tables.ts --check  (exit 1 when it is missing or differs)
 * test/roles/name-tables-file.test.ts fails when the built file and the code disagree.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNameTables } from '../src/signals/names.ts';
import { encodeNameTables } from '../src/signals/names-prebuilt.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const NAME_TABLES_BIN = join(repoRoot, 'dist', 'src', 'data', 'name-tables.bin');

/** The file's bytes as the current lists and code give them. */
export const nameTablesBytes = (): Uint8Array => encodeNameTables(buildNameTables());

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const bytes = nameTablesBytes();
  const current = existsSync(NAME_TABLES_BIN) ? readFileSync(NAME_TABLES_BIN) : undefined;
  if (process.argv.includes('--check')) {
    if (current === undefined || !same(current, bytes)) {
      process.stderr.write('dist/src/data/name-tables.bin is missing or stale: run npx tsx scripts/generate-name-tables.ts (npm run build does)\n');
      process.exit(1);
    }
  } else if (current === undefined || !same(current, bytes)) {
    mkdirSync(dirname(NAME_TABLES_BIN), { recursive: true });
    writeFileSync(NAME_TABLES_BIN, bytes);
    process.stderr.write(`wrote ${NAME_TABLES_BIN} (${bytes.length} bytes)\n`);
  }
}
