import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner for unit, contract and black-box tests. Black-box tests spawn the built
// server (`npm test` builds first), so they run in forks and never share a process.
export default defineConfig({
  // Examples and tests import the client package by its name, from its source (as tsconfig's paths).
  resolve: { alias: { 'mailsift-client': fileURLToPath(new URL('./clients/typescript/src/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/kafka/**', 'node_modules/**'],
    // Generated data modules (src/data/name-lists-data.ts) written when missing.
    globalSetup: ['./test/helpers/generated-data.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    // The default output, then one line per reason tests were skipped for.
    reporters: ['default', './test/helpers/skip-reporter.ts'],
  },
});
