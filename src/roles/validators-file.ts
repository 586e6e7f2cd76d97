/**
 * Reads the request validators the build compiled (scripts/generate-validators.ts writes
 * dist/src/data/validators.cjs; src/api/validators-prebuilt.ts): a server start then runs ajv's
 * code instead of compiling every route's schemas, about 0.16 s of CPU (docs/architecture.md,
 * Start-up). Under tsx (src/) there is no such file and every schema is compiled as before.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { PrebuiltValidators } from '../api/validators-prebuilt.ts';

/** From dist/src/roles/: dist/src/data/validators.cjs. */
export const VALIDATORS_FILE = fileURLToPath(new URL('../data/validators.cjs', import.meta.url));

/** The prebuilt validators, or undefined when there is no file or it cannot be read. */
export function readPrebuiltValidators(file = VALIDATORS_FILE): PrebuiltValidators | undefined {
  try {
    return createRequire(import.meta.url)(file) as PrebuiltValidators;
  } catch (error) {
    // No file (tsx), or one this user may not read: every schema compiled as before.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'MODULE_NOT_FOUND' || code === 'EACCES') return undefined;
    throw error;
  }
}
