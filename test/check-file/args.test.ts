import { describe, expect, it } from 'vitest';
import { checkedName, parseCheckFileArgs } from '../../src/check-file/args.ts';

describe('check-file arguments', () => {
  it.each([
    [['list.csv'], { input: 'list.csv', output: 'list.checked.csv', column: 'email', format: 'csv', concurrency: 4 }],
    [['dir/list.csv', '--column', 'Mail', '--out', 'o.csv'], { input: 'dir/list.csv', output: 'o.csv', column: 'Mail', format: 'csv', concurrency: 4 }],
    [['--jsonl', 'x.jsonl', '--concurrency=2'], { input: 'x.jsonl', output: 'x.checked.jsonl', column: 'email', format: 'jsonl', concurrency: 2 }],
    [['--column=e', 'list'], { input: 'list', output: 'list.checked', column: 'e', format: 'csv', concurrency: 4 }],
  ])('%j', (argv, args) => {
    expect(parseCheckFileArgs(argv)).toEqual({ ok: true, args });
  });

  it.each([
    [[], 'IN: the file to check is required'],
    [['a.csv', 'b.csv'], 'b.csv: one input file only (IN is a.csv)'],
    [['a.csv', '--column'], '--column: needs a column name'],
    [['a.csv', '--out', 'a.csv'], '--out: must differ from IN'],
    [['a.csv', '--concurrency', '0'], '--concurrency: must be an integer from 1 to 32'],
    [['a.csv', '--concurrency', 'x'], '--concurrency: must be an integer from 1 to 32'],
    [['a.csv', '--format', 'csv'], '--format: unknown option'],
    [['a.csv', '--jsonl=yes'], '--jsonl: takes no value'],
  ])('%j is refused: %s', (argv, error) => {
    expect(parseCheckFileArgs(argv)).toEqual({ ok: false, error });
  });

  it.each([
    ['list.csv', 'list.checked.csv'],
    ['/tmp/a.b/list.jsonl', '/tmp/a.b/list.checked.jsonl'],
    ['list', 'list.checked'],
  ])('OUT for %s is %s', (input, out) => {
    expect(checkedName(input)).toBe(out);
  });
});
