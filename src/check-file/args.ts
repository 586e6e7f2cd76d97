/**
 * `mailsift check-file IN [--column email] [--out OUT] [--jsonl] [--concurrency N]`: the
 * arguments as a value (pure). OUT defaults to IN with `.checked` before its extension
 * (`list.csv` -> `list.checked.csv`; `list` -> `list.checked`). A mistake is a message naming
 * the argument and the rule.
 */
import { basename, dirname, extname, join } from 'node:path';

export interface CheckFileArgs {
  readonly input: string;
  readonly output: string;
  readonly column: string;
  readonly format: 'csv' | 'jsonl';
  /** Bulk requests in flight at once. */
  readonly concurrency: number;
}

export type ParsedArgs = { ok: true; args: CheckFileArgs } | { ok: false; error: string };

const MAX_CONCURRENCY = 32;

export function parseCheckFileArgs(argv: readonly string[]): ParsedArgs {
  let input: string | undefined;
  let output: string | undefined;
  let column = 'email';
  let format: 'csv' | 'jsonl' = 'csv';
  let concurrency = 4;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string | undefined => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case '--column': {
        const v = value();
        if (v === undefined || v === '') return fail('--column: needs a column name');
        column = v;
        break;
      }
      case '--out': {
        const v = value();
        if (v === undefined || v === '') return fail('--out: needs a file name');
        output = v;
        break;
      }
      case '--jsonl':
        if (inline !== undefined) return fail('--jsonl: takes no value');
        format = 'jsonl';
        break;
      case '--concurrency': {
        const v = value();
        const n = Number(v);
        if (v === undefined || !Number.isInteger(n) || n < 1 || n > MAX_CONCURRENCY) return fail(`--concurrency: must be an integer from 1 to ${MAX_CONCURRENCY}`);
        concurrency = n;
        break;
      }
      default:
        if (a.startsWith('-') && a !== '-') return fail(`${flag}: unknown option`);
        if (input !== undefined) return fail(`${a}: one input file only (IN is ${input})`);
        input = a;
    }
  }
  if (input === undefined) return fail('IN: the file to check is required');
  const out = output ?? checkedName(input);
  if (out === input) return fail('--out: must differ from IN');
  return { ok: true, args: { input, output: out, column, format, concurrency } };
}

/** `dir/list.csv` -> `dir/list.checked.csv`. */
export function checkedName(input: string): string {
  const ext = extname(input);
  const stem = basename(input, ext);
  return join(dirname(input), `${stem}.checked${ext}`);
}

const fail = (error: string): ParsedArgs => ({ ok: false, error });
