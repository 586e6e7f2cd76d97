/**
 * `npm run eval -- --learning FILE` end to end: a customer of a real (in-process, embedded)
 * service learns from the first 60% of a synthetic labelled file, the trainer role publishes
 * models as in service, and the rest is scored by what it is then served, beside the baseline.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CROSS_KIND_PER_GROUP, crossKindSynthetic, formatLearning, parseLearningArgs } from '../../src/eval/learning-cli.ts';
import { population } from '../helpers/population.ts';
import { evalCli } from '../helpers/eval-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mailsift-eval-learning-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run eval -- --learning FILE', () => {
  it('simulates a customer: the trainer publishes from 60% of the rows, the rest compares the served model with the baseline', async () => {
    const file = join(dir, 'labelled.jsonl');
    // Two real people to each fake: the shared model fitted on 200 of the 241 learning rows holds
    // about 130 real people, enough for the verdict guard to vouch for a block threshold (about 125).
    const people = population(400, 2);
    writeFileSync(file, people.map((p) => JSON.stringify({ email: p.email, label: p.human ? 'human' : 'fake' })).concat(JSON.stringify({ email: 'not an address', label: 'fake' })).join('\n') + '\n');
    const r = await evalCli(['--learning', file, '--json'], { timeoutMs: 180_000 });
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ rows: 401, order: 'shuffled', learn: 241, unseen: 160 });
    expect(j.invalid.learn + j.invalid.unseen).toBe(1);
    expect(j.humans + j.fakes).toBe(160 - j.invalid.unseen);
    // A shared model from 200 outcomes on (the customer's personal model from 50): the trainer role really fitted.
    expect(j.published.some((m: { account: string | null }) => m.account === null)).toBe(true);
    // How many per-domain effects each version carries (a personal model's), never which domains.
    expect(j.published.every((m: { domain_effects: unknown }) => typeof m.domain_effects === 'number')).toBe(true);
    expect(j.published.filter((m: { account: string | null }) => m.account === null).every((m: { domain_effects: number }) => m.domain_effects === 0)).toBe(true);
    // The local-part shapes reached the trainer through the labelled checks: every version with effects records their mix (how many shapes, never which).
    const withEffects = j.published.filter((m: { domain_effects: number }) => m.domain_effects > 0);
    expect(withEffects.length).toBeGreaterThan(0);
    for (const m of withEffects) expect(m.shape_shares).toBeGreaterThan(0);
    expect(j.published.filter((m: { domain_effects: number }) => m.domain_effects === 0).every((m: { shape_shares: number }) => m.shape_shares === 0)).toBe(true);
    const served = Object.keys(j.served_models);
    expect(served).toHaveLength(1);
    expect(j.model.serving).toBe(served[0] === 'baseline' ? 'baseline' : 'learned');
    for (const side of ['baseline', 'served', 'shared']) {
      expect(j[side].auc).toBeGreaterThan(0.9);
      expect(j[side].fakesCaught).toBeGreaterThanOrEqual(0);
      expect(j[side].humansBlocked).toBeLessThanOrEqual(1);
      expect(j[side].logLoss).toBeGreaterThan(0);
    }
    for (const p of people) expect(r.out + r.err).not.toContain(p.email.split('@')[0]);
  }, 180_000);

  it('prints a table of both sides (and the learned models beside them), figures only', () => {
    const side = (auc: number) => ({ auc, gmailAuc: NaN, fakesCaught: 0.8, humansBlocked: 0.025, logLoss: 0.3125 });
    const text = formatLearning('f.jsonl', 10, false, 6, 4, { invalid: { learn: 0, unseen: 1 }, published: [], servedModels: { baseline: 3 }, checks: [], model: { serving: 'baseline', recommendation: 'No model.' } as never }, {
      humans: 2,
      fakes: 1,
      baseline: side(0.9),
      served: side(0.9),
      shared: side(0.95),
    });
    expect(text).toMatch(/^ {2}baseline +0\.900 +n\/a +80\.0% +2\.5% +0\.313$/m);
    expect(text).toMatch(/^ {2}shared +0\.950 /m);
    expect(text).not.toMatch(/^ {2}personal/m);
    expect(text).toMatch(/trainer published no model/);
    expect(text).toMatch(/answered by baseline 3/);
  });

  it('refuses a missing file name', async () => {
    const r = await evalCli(['--learning']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/usage: npm run eval -- --learning <labelled.jsonl> \[--in-order \| --order <0-999>\]/);
  });

  it('reads the file, the order (default, file order or a numbered one) and --json; refuses anything else', () => {
    expect(parseLearningArgs(['--learning', 'f.jsonl'])).toEqual({ file: 'f.jsonl', inOrder: false, seed: 0, json: false });
    expect(parseLearningArgs(['--learning', 'f.jsonl', '--in-order', '--json'])).toEqual({ file: 'f.jsonl', inOrder: true, seed: 0, json: true });
    expect(parseLearningArgs(['--json', '--order', '7', '--learning', 'f.jsonl'])).toEqual({ file: 'f.jsonl', inOrder: false, seed: 7, json: true });
    // Another customer's traffic after learning: a labelled file, or the synthetic corpora.
    expect(parseLearningArgs(['--learning', 'f.jsonl', '--unseen', 'g.jsonl'])).toEqual({ file: 'f.jsonl', inOrder: false, seed: 0, json: false, unseen: 'g.jsonl' });
    expect(parseLearningArgs(['--unseen', 'synthetic', '--order', '2', '--learning', 'f.jsonl', '--json'])).toEqual({ file: 'f.jsonl', inOrder: false, seed: 2, json: true, unseen: 'synthetic' });
    for (const args of [['--learning', 'f.jsonl', '--unseen'], ['--learning', 'f.jsonl', '--unseen', '--json'], ['--learning'], ['--learning', '--json'], ['--learning', 'f.jsonl', '--order', 'x'], ['--learning', 'f.jsonl', '--order'], ['--learning', 'f.jsonl', '--order', '-1'], ['--learning', 'f.jsonl', '--order', '1000'], ['--learning', 'f.jsonl', '--order', '3', '--in-order'], ['--learning', 'f.jsonl', '--halves']]) {
      expect(parseLearningArgs(args), args.join(' ')).toBeUndefined();
    }
  });

  it('--unseen synthetic: the synthetic humans and bots as labelled rows, mixed, the same every run', () => {
    const rows = crossKindSynthetic(5);
    expect(rows.filter((r) => r.label === 'human').length).toBe(14 * 5);
    expect(rows.filter((r) => r.label === 'fake').length).toBe(6 * 5);
    expect(rows.slice(0, 20).some((r) => r.label === 'fake') && rows.slice(0, 20).some((r) => r.label === 'human')).toBe(true);
    expect(crossKindSynthetic(5)).toEqual(rows);
    expect(CROSS_KIND_PER_GROUP).toBe(100);
  });
});
