/**
 * src/api/typebox.ts: the API's schemas are built by TypeBox's `Type` from the one-file bundle
 * `npm run build` makes (scripts/bundle-typebox.ts), or from the package without a build. Both
 * must build the same schemas.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pkg from 'typebox';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared.ts';

const bundle = join(REPO_ROOT, 'dist', 'src', 'vendor', 'typebox.mjs');

describe.skipIf(!existsSync(bundle))('the TypeBox bundle (dist/src/vendor/typebox.mjs)', () => {
  it('exports what the package exports', async () => {
    const bundled = (await import(pathToFileURL(bundle).href)) as typeof pkg;
    expect(Object.keys(bundled).sort()).toEqual(Object.keys(pkg).sort());
    expect(Object.keys(bundled.Type).sort()).toEqual(Object.keys(pkg.Type).sort());
  });

  it('builds the same schemas as the package', async () => {
    const bundled = (await import(pathToFileURL(bundle).href)) as typeof pkg;
    const make = (T: typeof pkg.Type) =>
      T.Object({
        email: T.String({ minLength: 1, maxLength: 320 }),
        ip: T.Optional(T.String({ format: 'ipv4' })),
        tags: T.Array(T.Union([T.Literal('a'), T.Literal('b')]), { maxItems: 3 }),
        score: T.Integer({ minimum: 0, maximum: 100 }),
      }, { additionalProperties: false });
    expect(JSON.stringify(make(bundled.Type))).toBe(JSON.stringify(make(pkg.Type)));
  });

  it('is what the built API imports', async () => {
    const built = (await import(pathToFileURL(join(REPO_ROOT, 'dist', 'src', 'api', 'typebox.js')).href)) as { Type: typeof pkg.Type };
    const bundled = (await import(pathToFileURL(bundle).href)) as typeof pkg;
    expect(built.Type).toBe(bundled.Type);
  });
});
