/**
 * Writes every generated data module src/ imports: the name lists (scripts/generate-name-lists.ts,
 * src/data/name-lists-data.ts) and mailchecker's disposable domains
 * (scripts/generate-mailchecker-list.ts, src/data/mailchecker-data.ts). `npm run build` runs it
 * first; `npm run eval`, the typecheck and the benches that run src/ with `--if-missing`.
 *   npx tsx scripts/generate-data.ts               (rewrite each module that differs)
 *   npx tsx scripts/generate-data.ts --if-missing  (write only the missing ones)
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAILCHECKER_MODULE, writeMailcheckerModule } from './generate-mailchecker-list.ts';
import { NAME_LISTS_MODULE, writeNameListsModule } from './generate-name-lists.ts';

/** Writes the modules that are missing (`ifMissing`) or differ; the paths written. */
export function writeDataModules(ifMissing = false): string[] {
  const written: string[] = [];
  if (writeNameListsModule(ifMissing)) written.push(NAME_LISTS_MODULE);
  if (writeMailcheckerModule(ifMissing)) written.push(MAILCHECKER_MODULE);
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // stderr: `npm run eval -- --json` runs this first, and its stdout is the JSON.
  for (const path of writeDataModules(process.argv.includes('--if-missing'))) process.stderr.write(`wrote ${path}\n`);
}
