/**
 * glibc's malloc arenas for a pair: by default glibc gives each thread that allocates an arena of
 * its own (up to 8 per core: the pipeline or API thread, the stream worker, LevelDB's background
 * thread, the libuv pool, V8's threads) and each keeps what it freed. `MALLOC_ARENA_MAX=2` took the
 * pipeline's peak RSS at 1M checks 49-95 MiB lower, at a CPU cost two loaded pairs could not tell
 * from the load (docs/architecture.md, issue 19's eighteenth round): a pair on a quiet machine is
 * what is left to decide it.
 *
 * glibc reads the variable once, when the process starts, so `--arenas N` starts the bench again
 * with it (0, the default: glibc's own arenas, as the service runs today).
 */
import { spawnSync } from 'node:child_process';
import { numberArg } from './cli.ts';

/** What this process runs with, for the bench's output. */
export function arenasInUse(): string {
  return process.env.MALLOC_ARENA_MAX ? `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}` : "glibc's default arenas";
}

/**
 * With `--arenas N` (N > 0) and the variable not yet set, runs this bench again under
 * `MALLOC_ARENA_MAX=N` and exits with its status; otherwise returns, in the process that measures.
 */
export function withArenasAsked(argv: readonly string[] = process.argv): void {
  const arenas = numberArg('arenas', 0, argv);
  if (process.platform !== 'linux' || !(arenas > 0) || process.env.MALLOC_ARENA_MAX !== undefined) return;
  const r = spawnSync(process.execPath, [...process.execArgv, ...argv.slice(1)], { stdio: 'inherit', env: { ...process.env, MALLOC_ARENA_MAX: String(arenas) } });
  process.exit(r.status ?? 1);
}
