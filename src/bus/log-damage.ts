/**
 * What to say when the embedded event log turns out damaged (a truncated or overwritten table
 * file): which file, and what to do, as the state database's damage already said. The bare
 * LevelDB error ("IO error: .../000018.ldb: Invalid argument", or "Corruption: bad block type"
 * naming no file) used to end the process with no advice, or stop the stream processors while
 * the API served counters that were never rebuilt.
 */
import { join } from 'node:path';
import { damagedFiles, isDamage } from '../platform/level-damage.ts';
import { StartupError } from '../platform/startup-error.ts';

/** `err` as it is when it is not about damaged data; else an error naming the files and the remedy. */
export async function explainLogDamage(err: unknown, dir: string): Promise<unknown> {
  if (!isDamage(err)) return err;
  const files = await damagedFiles(dir);
  const reason = (err as { cause?: Error }).cause?.message ?? (err as Error).message;
  const which = files.length > 0 ? `${files.map((f) => join(dir, f)).join(', ')} ${files.length === 1 ? 'is' : 'are'} damaged` : `${dir} is damaged`;
  return new StartupError(
    `the event log cannot be read: ${which} (${reason}). Restore ${dir} from a backup taken together with state/ and secret. ` +
      `Without a backup: if state/ is intact, move ${dir} aside and start again (the counters, labels and usage in state/ are kept; the log's events, among them the learned models and their training examples, are lost); ` +
      `if state/ is missing or damaged too, remove both to start over with nothing counted.`,
    { cause: err },
  );
}
