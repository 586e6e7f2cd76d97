/**
 * Runs the eval command line (`npm run eval`, src/eval/main.ts) as its own process and collects
 * its exit code and output. `npm run eval` starts it through tsx, which transpiles the eval's
 * whole import graph at every start: about 3 s of CPU more per process than the same source as
 * `npm test` built it (dist/src/eval/main.js, byte-identical output; docs/development.md, CI
 * time). Tests run the build by default and keep `via: 'tsx'` for the launcher itself.
 * Asynchronous, so that a file can run two long invocations side by side.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './shared.ts';

export interface EvalRun {
  code: number | null;
  out: string;
  err: string;
}

export function evalCli(args: readonly string[], o: { via?: 'dist' | 'tsx'; timeoutMs?: number } = {}): Promise<EvalRun> {
  const built = join(REPO_ROOT, 'dist', 'src', 'eval', 'main.js');
  if (o.via !== 'tsx' && !existsSync(built)) throw new Error('dist/ is missing: run `npm run build` (npm test does it)');
  const entry = o.via === 'tsx' ? ['--import', 'tsx', join(REPO_ROOT, 'src', 'eval', 'main.ts')] : [built];
  return new Promise((resolve) => {
    execFile(process.execPath, [...entry, ...args], { cwd: REPO_ROOT, encoding: 'utf8', timeout: o.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024 }, (err, out, errOut) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : null) : 0;
      resolve({ code, out, err: errOut });
    });
  });
}
