import { describe, expect, it } from 'vitest';
import { SINGLE_DEFAULTS, splitSingleArgs } from '../../src/eval/service-cli.ts';

describe('splitSingleArgs', () => {
  it('takes --single\'s value options out, in both spellings, and leaves the rest', () => {
    const r = splitSingleArgs(['--service', '--single', '--order', 'shuffled', '--seed=42', '--concurrency', '2', '--ip', '81.2.69.160', '--times=3', 'a.jsonl', '--halves']);
    expect(r).toEqual({ rest: ['--service', '--single', 'a.jsonl', '--halves'], single: { order: 'shuffled', seed: 42, concurrency: 2, ip: '81.2.69.160', times: 3 } });
  });

  it('defaults: file order, a few in flight, no IP, the file as it is', () => {
    expect(splitSingleArgs(['--service', '--single'])).toEqual({ rest: ['--service', '--single'], single: SINGLE_DEFAULTS });
    expect(SINGLE_DEFAULTS).toEqual({ order: 'file', seed: 18, concurrency: 4, times: 1 });
  });

  it.each([
    [['--service', '--single', '--order', 'random'], '--order: must be file or shuffled'],
    [['--service', '--single', '--concurrency', '0'], '--concurrency: must be a whole number from 1 to 64'],
    [['--service', '--single', '--concurrency', '2.5'], '--concurrency: must be a whole number from 1 to 64'],
    [['--service', '--single', '--times', '9'], '--times: must be a whole number from 1 to 5'],
    [['--service', '--single', '--seed', '-1'], '--seed: must be a whole number from 0 to 2147483647'],
    [['--service', '--single', '--ip'], '--ip: needs a value'],
    [['--service', '--single', '--order', '--halves'], '--order: needs a value'],
    [['--service', '--order', 'shuffled'], '--order: only with --service --single'],
  ])('%j: %s', (argv, error) => {
    expect(splitSingleArgs(argv)).toMatchObject({ error });
  });
});
