/**
 * examples/auth0/README.md's compile command, run as written: it must succeed in this repository
 * and give what the Actions editor takes, a CommonJS module whose handlers are `exports.onExecute...`
 * (Auth0 runs Actions as CommonJS; an ES module's `export const` is not a handler there).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared.ts';

const out = mkdtempSync(join(tmpdir(), 'mailsift-auth0-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it("compiles with the README's command into CommonJS handlers", () => {
  const readme = readFileSync(join(REPO_ROOT, 'examples', 'auth0', 'README.md'), 'utf8');
  const command = /`npx (tsc [^`]+)`/.exec(readme)?.[1];
  expect(command).toBeDefined();
  const args = command!.split(/\s+/).slice(1).map((a, i, all) => (all[i - 1] === '--outDir' ? out : a));
  const r = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsc'), args, { cwd: REPO_ROOT, encoding: 'utf8', timeout: 120_000 });
  expect(r.stdout + r.stderr).toBe('');
  expect(r.status).toBe(0);
  const js = readFileSync(join(out, 'actions.js'), 'utf8');
  expect(js).toMatch(/^exports\.onExecutePreUserRegistration = /m);
  expect(js).toMatch(/^exports\.onExecutePostLogin = /m);
  expect(js).toContain('require("mailsift-client")');
  expect(js).not.toMatch(/^export /m);
});
