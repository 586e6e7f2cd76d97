/**
 * Reads the name tables the build computed (scripts/generate-name-tables.ts writes
 * dist/src/data/name-tables.bin): a server start then spends a few ms instead of about 0.27 s of
 * CPU building the trie and the n-gram models (docs/architecture.md, Start-up). Under tsx (src/)
 * there is no such file and the tables are built as before; tables of other lists are ignored by
 * buildNameTables (their key differs), so a stale file costs time, never a judgement.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeNameTables } from '../signals/names-prebuilt.ts';
import type { PrebuiltNameTables } from '../signals/names.ts';

/** From dist/src/roles/: dist/src/data/name-tables.bin. */
export const NAME_TABLES_FILE = fileURLToPath(new URL('../data/name-tables.bin', import.meta.url));

/** The prebuilt tables, or undefined when there is no readable file of this layout. */
export function readPrebuiltNameTables(file = NAME_TABLES_FILE): PrebuiltNameTables | undefined {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  return decodeNameTables(bytes);
}
