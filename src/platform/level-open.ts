/**
 * Opening a LevelDB with an error that says which database, why, and what to do. classic-level
 * reports every failure as "Database failed to open" and keeps the reason in `cause`
 * (LEVEL_LOCKED, LEVEL_CORRUPTION, LEVEL_IO_ERROR with LevelDB's own message).
 */
import type { ClassicLevel } from 'classic-level';
import { StartupError } from './startup-error.ts';

const HINTS: Record<string, string> = {
  LEVEL_LOCKED: 'another mailsift process is using this data dir (MAILSIFT_DATA_DIR); stop it first or give each process its own data dir',
  LEVEL_CORRUPTION: 'the database is damaged; restore it from a backup (a damaged state/ alone can be deleted: it is rebuilt from log/)',
  // e.g. CURRENT naming a manifest that is gone, or files the service's user cannot read.
  LEVEL_IO_ERROR:
    "a file of the database is missing or cannot be read: check the files' owner and permissions and the disk; if files are lost, restore the directory from a backup (a state/ alone can be deleted: it is rebuilt from log/)",
};

/** The codes along an error's cause chain, outermost first. */
export function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e && typeof e === 'object'; e = e.cause as typeof e) {
    if (typeof e.code === 'string') codes.push(e.code);
  }
  return codes;
}

export async function openLevel(db: ClassicLevel<Buffer, Buffer>, what: string, options: { multithreading?: boolean }): Promise<void> {
  try {
    await db.open(options);
  } catch (err) {
    const cause = (err as { cause?: Error }).cause;
    const hint = errorCodes(err).map((c) => HINTS[c]).find(Boolean);
    const reason = cause?.message ?? (err as Error).message;
    throw new StartupError(`cannot open the ${what} at ${db.location}: ${reason}${hint ? ` (${hint})` : ''}`, { cause: err });
  }
}
