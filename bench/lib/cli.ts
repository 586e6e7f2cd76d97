/** Shared by the benches: numeric `--name value` options and the median of repeated runs. */

export function numberArg(name: string, dflt: number, argv: readonly string[] = process.argv): number {
  const i = argv.indexOf(`--${name}`);
  return i > 0 ? Number(argv[i + 1]) : dflt;
}

export function stringArg(name: string, argv: readonly string[] = process.argv): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i > 0 ? argv[i + 1] : undefined;
}

/** The middle value; with an even count, the mean of the two middle ones (not the upper one). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The options both HTTP load benches take: `--duration`, `--warmup` (s), `--repeats`, `--connections`. */
export function loadOptions(argv: readonly string[] = process.argv): { duration: number; warmup: number; repeats: number; connections: number } {
  return {
    duration: numberArg('duration', 10, argv),
    warmup: numberArg('warmup', 3, argv),
    repeats: numberArg('repeats', 2, argv),
    connections: numberArg('connections', 50, argv),
  };
}
