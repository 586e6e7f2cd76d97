// Composes the service (as the build's generator does): in the isolated project, not the shared one.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VALIDATORS_CJS, validatorsText } from '../../scripts/generate-validators.ts';
import { readPrebuiltValidators, VALIDATORS_FILE } from '../../src/roles/validators-file.ts';

describe('the prebuilt request validators file', () => {
  it('is undefined when there is no file (tsx: every schema compiled as before)', () => {
    expect(readPrebuiltValidators(`${VALIDATORS_FILE}.none`)).toBeUndefined();
  });

  // The service composed from src/ (as the build's generator does) gives the build's file, byte for
  // byte: a schema changed without a build fails here (a start would compile it and log a warning).
  it.skipIf(!existsSync(VALIDATORS_CJS))('is what the service schemas give now (npm run build regenerates it)', async () => {
    expect(readFileSync(VALIDATORS_CJS, 'utf8')).toBe(await validatorsText());
    // Readable by all: the image runs as another user than the build (deploy/Dockerfile).
    expect(statSync(VALIDATORS_CJS).mode & 0o444).toBe(0o444);
    const prebuilt = readPrebuiltValidators(VALIDATORS_CJS)!;
    expect(Object.keys(prebuilt).length).toBeGreaterThan(5);
    for (const restore of Object.values(prebuilt)) expect(typeof restore()).toBe('function');
  }, 180_000);
});
