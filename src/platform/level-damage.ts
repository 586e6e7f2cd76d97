/**
 * Which files of a damaged LevelDB are damaged. LevelDB's read errors rarely say (a table with
 * random bytes in it reads as "Corruption: bad block type"), so on such an error this runs
 * LevelDB's own repair on a copy of the directory made of hard links (no data is copied, and
 * the original files are never written: LevelDB files are immutable, and the repair only
 * renames the links in the copy) and reads which table and log files it found bad. Only on the
 * failure path; the copy is removed afterwards.
 */
import { linkSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import { errorCodes } from './level-open.ts';

/** True when the error is LevelDB reporting damaged or unreadable data. */
export function isDamage(err: unknown): boolean {
  const codes = errorCodes(err);
  return codes.includes('LEVEL_CORRUPTION') || codes.includes('LEVEL_IO_ERROR');
}

/** Names of the damaged files of the database at `dir` (e.g. `000005.ldb`); empty when none could be told. */
export async function damagedFiles(dir: string): Promise<string[]> {
  let copy: string | undefined;
  try {
    copy = mkdtempSync(join(dirname(dir), `.${basename(dir)}-diagnosis-`));
    for (const f of readdirSync(dir)) if (f !== 'LOCK' && !f.startsWith('LOG')) linkSync(join(dir, f), join(copy, f));
    await ClassicLevel.repair(copy);
    const found = new Set<string>();
    // "Table #5: 8010 entries Corruption: bad block type", "Log #8: ... Corruption: ...", "Table #7: dropped: IO error ..."
    for (const m of readFileSync(join(copy, 'LOG'), 'utf8').matchAll(/(Table|Log) #(\d+):[^\n]*?(Corruption|IO error|dropped|ignoring)/g)) {
      const number = m[2]!.padStart(6, '0');
      const name = readdirSync(dir).find((f) => f.startsWith(`${number}.`));
      if (name) found.add(name);
    }
    return [...found].sort();
  } catch {
    return [];
  } finally {
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}
