/**
 * The dependency direction of docs/development.md (Dependency rule), enforced by
 * dependency-cruiser over src/ with the rules of .dependency-cruiser.cjs. Imports listed in
 * .dependency-cruiser-known-violations.json are still to be moved; anything else that breaks a
 * rule fails here, with dependency-cruiser's own account of which import and which rule.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.ts';

const depcruise = join(REPO_ROOT, 'node_modules', '.bin', 'depcruise');
const run = (dir: string): { status: number | null; out: string } => {
  const r = spawnSync(depcruise, [dir, '--config', '.dependency-cruiser.cjs', '--ignore-known', '--output-type', 'err'], { cwd: REPO_ROOT, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
};

describe('dependency direction (dependency-cruiser)', () => {
  it('src/ keeps to the rules', () => {
    const r = run('src');
    expect(r.out, r.out).toMatch(/no dependency violations found/);
    expect(r.status).toBe(0);
  }, 120_000);

  it('service/ imports nothing from streams/, with no exception (issue 19)', () => {
    const known = JSON.parse(readFileSync(join(REPO_ROOT, '.dependency-cruiser-known-violations.json'), 'utf8')) as { rule: { name: string } }[];
    expect(known.filter((v) => v.rule.name === 'service-uses-ports-not-streams')).toEqual([]);
    const dir = mkdtempSync(join(REPO_ROOT, 'src', 'service', 'tmp-deps-'));
    try {
      writeFileSync(join(dir, 'bad.ts'), "import type { Queries } from '../../streams/queries.ts';\nexport type X = Queries;\n");
      const r = run(dir.slice(REPO_ROOT.length + 1));
      expect(r.status).not.toBe(0);
      expect(r.out).toMatch(/service-uses-ports-not-streams/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('fails on a route that reads a store directly (the rules can fail)', () => {
    const dir = mkdtempSync(join(REPO_ROOT, 'src', 'api', 'tmp-deps-'));
    try {
      writeFileSync(join(dir, 'bad.ts'), "import { LevelStore } from '../../streams/stores/level-store.ts';\nexport const x = LevelStore;\n");
      const r = run(dir.slice(REPO_ROOT.length + 1));
      expect(r.status).not.toBe(0);
      expect(r.out).toMatch(/api-sees-services-only/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
