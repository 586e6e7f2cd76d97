/**
 * TypeBox's `Type` builder for the API's schemas, from the one-file bundle `npm run build` makes
 * (scripts/bundle-typebox.ts -> dist/src/vendor/typebox.mjs) when it is there, else from the
 * package. The package is 373 ES modules: importing it took about 0.3 s of CPU at every start,
 * the bundle about 15 ms (docs/architecture.md, Start-up). The schemas it builds are plain JSON
 * Schema objects either way; types come from the package.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type TypeBox = typeof import('typebox');

// From dist/src/api/typebox.js: dist/src/vendor/typebox.mjs. Under tsx (src/api/typebox.ts) there
// is none: the package itself.
const bundle = new URL('../vendor/typebox.mjs', import.meta.url);
const typebox = (existsSync(fileURLToPath(bundle)) ? await import(bundle.href) : await import('typebox')) as TypeBox;

export const Type: TypeBox['Type'] = typebox.Type;
export type { Static } from 'typebox';
