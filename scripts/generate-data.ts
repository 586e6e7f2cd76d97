/**
 * Writes every generated data module src/ imports: the name lists (scripts/generate-name-lists.ts,
 * src/data/name-lists-data.ts) and mailchecker's disposable domains
 * (scripts/generate-mailchecker-list.ts, src/data/mailchecker-data.ts). `npm run build` runs it
 * first; `npm run eval`, the typecheck and the benches that run src/ with `--if-missing`.
 *   npx tsx scripts/generate-data.ts               (rewrite each module that differs)
 *   npx tsx scripts/generate-data.ts --if-missing  (write only the missing ones)
 */
import { MAILCHECKER_GENERATED } from './generate-mailchecker-list.ts';
import { NAME_LISTS_GENERATED } from './generate-name-lists.ts';
import { isScriptMain, writeGeneratedModule } from './generated-module.ts';

/** Writes the modules that are missing (`ifMissing`) or differ; the paths written. */
export function writeDataModules(ifMissing = false): string[] {
  return [NAME_LISTS_GENERATED, MAILCHECKER_GENERATED].filter((m) => writeGeneratedModule(m, ifMissing)).map((m) => m.path);
}

if (isScriptMain(import.meta.url)) {
  // stderr: `npm run eval -- --json` runs this first, and its stdout is the JSON.
  for (const path of writeDataModules(process.argv.includes('--if-missing'))) process.stderr.write(`wrote ${path}\n`);
}
