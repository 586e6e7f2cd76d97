/**
 * Parsing of a labelled JSONL file: one `{email, label: "human"|"fake", source?, kind?}` per
 * line (other fields, such as a display name, are ignored). Pure (text in, rows out). Error
 * messages give the line number, never the address.
 */

export type Label = 'human' | 'fake';

export interface LabelledRow {
  readonly email: string;
  readonly label: Label;
  readonly source?: string;
  /** What kind of address the row is (e.g. `oss_commit_author`): several sources may share one. */
  readonly kind?: string;
}

export function parseLabelledJsonl(text: string): LabelledRow[] {
  const rows: LabelledRow[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw new Error(`line ${i + 1}: not valid JSON`);
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`line ${i + 1}: must be a JSON object`);
    const o = v as Record<string, unknown>;
    if (typeof o.email !== 'string') throw new Error(`line ${i + 1}: email must be a string`);
    if (o.label !== 'human' && o.label !== 'fake') throw new Error(`line ${i + 1}: label must be "human" or "fake"`);
    if (o.source !== undefined && typeof o.source !== 'string') throw new Error(`line ${i + 1}: source must be a string`);
    if (o.kind !== undefined && typeof o.kind !== 'string') throw new Error(`line ${i + 1}: kind must be a string`);
    rows.push({
      email: o.email,
      label: o.label,
      ...(o.source === undefined ? {} : { source: o.source }),
      ...(o.kind === undefined ? {} : { kind: o.kind }),
    });
  });
  return rows;
}

/**
 * Splits rows into two halves by a fixed hash of their position (not alternating lines, so a
 * file sorted by source still splits evenly inside each source). Used to cross-check that a
 * metric holds on both halves rather than on one lucky ordering.
 */
export function splitHalves<T>(rows: readonly T[]): [T[], T[]] {
  const a: T[] = [], b: T[] = [];
  rows.forEach((row, i) => {
    const h = Math.imul(i + 1, 2654435761) >>> 0;
    (h % 1000 < 500 ? a : b).push(row);
  });
  return [a, b];
}
