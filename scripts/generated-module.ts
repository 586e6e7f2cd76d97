/**
 * Shared by the generators of the data modules src/ imports but git does not track
 * (scripts/generate-name-lists.ts, scripts/generate-mailchecker-list.ts): how such a module is
 * written and what their command lines mean. A module is rewritten only when its text differs,
 * so a build that changes nothing leaves the file (and tsc's and vitest's caches of it) alone.
 *   npx tsx scripts/<generator>.ts               (rewrite the module when it differs)
 *   npx tsx scripts/<generator>.ts --if-missing  (write it only when there is none)
 *   npx tsx scripts/<generator>.ts --check       (exit 1 when it is missing or differs)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface GeneratedModule {
  /** Where the module is written (absolute). */
  readonly path: string;
  /** The module's text from its sources now; may be slow (it reads packages). */
  text(): string;
}

/** True when the module exists and holds what its sources give now. */
export function isCurrent(module: GeneratedModule, text = module.text()): boolean {
  return existsSync(module.path) && readFileSync(module.path, 'utf8') === text;
}

/** Writes the module when it is missing (`ifMissing`) or differs from what its sources give now; true when it wrote. */
export function writeGeneratedModule(module: GeneratedModule, ifMissing = false): boolean {
  // --if-missing runs before every eval and test run: it must not build the text when the file is there.
  if (ifMissing && existsSync(module.path)) return false;
  const text = module.text();
  if (isCurrent(module, text)) return false;
  writeFileSync(module.path, text);
  return true;
}

/** True when the file at `importMetaUrl` is the script node was started with. */
export function isScriptMain(importMetaUrl: string): boolean {
  return process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(importMetaUrl);
}

/**
 * A generator's command line (`args` as process.argv.slice(2)); the exit code. `script` is the
 * generator's import.meta.url, named in the message --check gives. Messages go to stderr:
 * `npm run eval -- --json` runs the generators first, and its stdout is the JSON.
 */
export function runGenerator(module: GeneratedModule, script: string, args: readonly string[], stderr: (line: string) => void = (l) => process.stderr.write(l)): number {
  if (args.includes('--check')) {
    if (isCurrent(module)) return 0;
    stderr(`${relative(repoRoot, module.path)} is missing or stale: run npx tsx ${relative(repoRoot, fileURLToPath(script))}\n`);
    return 1;
  }
  if (writeGeneratedModule(module, args.includes('--if-missing'))) stderr(`wrote ${module.path}\n`);
  return 0;
}
