import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared.ts';
import { population } from '../helpers/population.ts';

const dir = mkdtempSync(join(tmpdir(), 'mailsift-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function evalCli(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src', 'eval', 'main.ts'), ...args], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run eval (the command line)', () => {
  it('--json carries every report asked for: --halves and --learned included', () => {
    const file = join(dir, 'labelled.jsonl');
    writeFileSync(file, population(240).map((p) => JSON.stringify({ email: p.email, label: p.human ? 'human' : 'fake' })).join('\n') + '\n');
    const r = evalCli(file, '--halves', '--learned', '--json');
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out) as { model: string; halves?: unknown[]; learned?: { trainedOn: string; learned: { overall: { auc: number } } }[] };
    expect(j.model).toMatch(/^baseline-v\d+$/);
    expect(j.halves).toHaveLength(2);
    expect(j.learned?.map((f) => f.trainedOn)).toEqual(['A', 'B']);
    expect(j.learned![0]!.learned.overall.auc).toBeGreaterThan(0.5);
  }, 120_000);
});
