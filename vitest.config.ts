import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test folders whose files share a worker process (`isolate: false`): a worker runs one file after
 * another on the modules the earlier files loaded, instead of importing src/ afresh per file (half
 * the CPU of test/signals). Only files that leave nothing behind may share: no module mocks, stubbed
 * globals or env, fake timers, spies, process handlers or servers. test/isolation.test.ts fails when
 * a file here (or a helper it imports) does one of those; move such a file's folder out of this list
 * rather than weaken the check. docs/development.md, CI time.
 */
export const SHARED_WORKER_DIRS = ['signals', 'check', 'data', 'domain', 'controls', 'streams', 'config', 'platform', 'bench', 'signup-hooks', 'roles', 'model'] as const;

const TEST_FILE = '**/*.test.ts';
const sharedWorkerFiles = SHARED_WORKER_DIRS.map((d) => `test/${d}/${TEST_FILE}`);

// One runner for unit, contract and black-box tests. Black-box tests spawn the built
// server (`npm test` builds first), so they run in forks and never share a process.
// Two projects of one run: `npx vitest run <file>` still runs just that file, in its project.
export default defineConfig({
  // Examples and tests import the client package by its name, from its source (as tsconfig's paths).
  resolve: { alias: { 'mailsift-client': fileURLToPath(new URL('./clients/typescript/src/index.ts', import.meta.url)) } },
  test: {
    // Generated data modules (src/data/name-lists-data.ts) written when missing.
    globalSetup: ['./test/helpers/generated-data.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    // The default output, then one line per reason tests were skipped for.
    reporters: ['default', './test/helpers/skip-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: sharedWorkerFiles, isolate: false } },
      { extends: true, test: { name: 'isolated', include: [`test/${TEST_FILE}`], exclude: [...sharedWorkerFiles, 'test/kafka/**', 'node_modules/**'] } },
    ],
  },
});
