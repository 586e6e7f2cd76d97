/**
 * The clients cannot drift from the API: clients/openapi.json is the document the service
 * serves now, and the TypeScript types are what openapi-typescript makes of it. (The Python
 * client's generated code is checked against the same document by .ci/run, in its venv.)
 * When this fails after a route or schema change: `npm run clients:generate`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderOpenApi } from '../../scripts/openapi-document.ts';
import { OPENAPI_FILE, REGENERATE, renderTypeScript, TS_SCHEMA_FILE } from '../../scripts/generate-clients.ts';

describe('generated clients', () => {
  it('clients/openapi.json is the document the service serves', { timeout: 120_000 }, async () => {
    const served = await renderOpenApi();
    expect(served === readFileSync(OPENAPI_FILE, 'utf8'), `clients/openapi.json is out of date: ${REGENERATE}`).toBe(true);
  });

  it('the TypeScript types are generated from it', { timeout: 60_000 }, async () => {
    const ts = await renderTypeScript(readFileSync(OPENAPI_FILE, 'utf8'));
    expect(ts === readFileSync(TS_SCHEMA_FILE, 'utf8'), `clients/typescript/src/generated/schema.ts is out of date: ${REGENERATE}`).toBe(true);
  });
});
