/**
 * Bundles the `typebox` package (373 ES modules) into one file, dist/src/vendor/typebox.mjs, which
 * src/api/typebox.ts imports when it is there: loading one module instead of 373 takes about 15 ms
 * of CPU instead of 0.3 s at every server start (docs/architecture.md, Start-up). `npm run build`
 * runs it after tsc; test/api/typebox.test.ts checks the bundle against the package.
 */
import { build } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const TYPEBOX_BUNDLE = join(repoRoot, 'dist', 'src', 'vendor', 'typebox.mjs');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await build({
    entryPoints: ['typebox'],
    absWorkingDir: repoRoot,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: TYPEBOX_BUNDLE,
    legalComments: 'inline',
    logLevel: 'warning',
  });
}
