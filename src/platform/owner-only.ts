/**
 * The data dir is its owner's alone: its keyed counters, event log, secret and model artifacts
 * are nobody else's business on a shared host (log/ and state/ used to be 0755/0644, readable
 * by every user). Files the process creates from now on get no group or other bits (umask
 * 077: LevelDB's own files included), and what is already there, from an earlier version or a
 * copy, is made owner-only at start: directories 0700, files 0600.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function restrictToOwner(dataDir: string, warn: (path: string, err: NodeJS.ErrnoException) => void): void {
  process.umask(0o077);
  const visit = (path: string): void => {
    let st;
    try {
      st = lstatSync(path);
    } catch {
      return; // gone meanwhile
    }
    // Symbolic links are left alone (and not followed): what they point at is not the data dir's.
    if (st.isSymbolicLink()) return;
    const wanted = st.isDirectory() ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== wanted) {
      try {
        chmodSync(path, wanted);
      } catch (err) {
        warn(path, err as NodeJS.ErrnoException);
      }
    }
    if (st.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  visit(dataDir);
}
