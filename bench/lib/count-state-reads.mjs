// Preloaded (`node --import`) into `mailsift serve` by bench/state-reads.ts: counts the API
// thread's LevelDB reads of the state (getMany calls and keys) and writes the counts to
// $BENCH_STATE_READS every 100 ms. A bench's counter, never loaded by the service itself.
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

const out = process.env.BENCH_STATE_READS;
if (isMainThread && out) {
  // The classic-level the served build loads (a base worktree has its own copy).
  const { ClassicLevel } = createRequire(join(process.env.BENCH_ROOT ?? process.cwd(), 'package.json'))('classic-level');
  const getMany = ClassicLevel.prototype.getMany;
  const counts = { calls: 0, keys: 0, byStore: {} };
  ClassicLevel.prototype.getMany = function (keys, ...rest) {
    if (String(this.location).endsWith('state')) {
      counts.calls++;
      counts.keys += keys.length;
      for (const k of keys) counts.byStore[k[0]] = (counts.byStore[k[0]] ?? 0) + 1;
    }
    return getMany.call(this, keys, ...rest);
  };
  // Written whole, then renamed: the bench never reads half a file.
  setInterval(() => {
    writeFileSync(`${out}.tmp`, JSON.stringify(counts));
    renameSync(`${out}.tmp`, out);
  }, 100).unref();
}
