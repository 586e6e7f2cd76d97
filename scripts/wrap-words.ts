/** Shared by the generators of whitespace-separated data modules (school domains, name lists). */

/** Wraps space-separated words into lines of at most `width` characters. */
export function wrap(words: readonly string[], width = 116): string {
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line.length + w.length + 1 > width) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? w : `${line} ${w}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}
