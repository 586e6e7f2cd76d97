/**
 * Fastify's request validators, compiled by the build instead of at every start. Fastify compiles
 * each route's body, query, params and headers schema with ajv as the routes register: 27 compiles
 * of 15 distinct schemas, about 0.16 s of CPU per server start (docs/architecture.md, Start-up).
 * The build composes the service once, takes the schemas Fastify asked to compile, and writes
 * ajv's standalone code for each (scripts/generate-validators.ts, dist/src/data/validators.cjs);
 * a start looks each schema up by its key and runs that code: the same ajv code the compile would
 * have generated, so the same verdicts and the same errors (the same 400 bodies).
 *
 * A schema whose key is not in the file (a schema changed since the build, or no file: tsx) is
 * compiled as before by Fastify's own compiler, so a stale file costs time, never an answer;
 * `misses()` lists them (the build's generator reads it).
 */
import { createHash } from 'node:crypto';
import type { ValidatorFactory } from '@fastify/ajv-compiler';

/** A validator as ajv makes it (`errors` set after a failed call). */
type Validate = ReturnType<ReturnType<ValidatorFactory>>;
type Factory = (externalSchemas: Record<string, unknown>, options?: { customOptions?: unknown; plugins?: unknown; mode?: unknown }) => (route: ValidatorRoute) => Validate;

/** What Fastify passes to a validator compiler. */
export interface ValidatorRoute {
  schema?: unknown;
  method: string;
  url: string;
  httpPart: string;
}

/** Prebuilt validators by key: each evaluates its module's code when first asked for. */
export type PrebuiltValidators = Readonly<Record<string, () => Validate>>;

/** A schema compiled at this start because the prebuilt file did not hold it. */
export interface ValidatorMiss {
  readonly key: string;
  readonly externalSchemas: Record<string, unknown>;
  readonly options: Parameters<Factory>[1];
  readonly route: ValidatorRoute;
}

/**
 * What a validator's code depends on: the shared schemas, ajv's options (its plugins by name) and
 * the schema. A hash, so that the generated file does not carry every schema twice.
 */
export function validatorKey(externalSchemas: unknown, options: Parameters<Factory>[1], schema: unknown): string {
  return keyOf(optionsPart(externalSchemas, options), schema);
}

const keyOf = (context: string, schema: unknown): string => createHash('sha256').update(context).update('\n').update(JSON.stringify(schema) ?? 'undefined').digest('hex');

const optionsPart = (externalSchemas: unknown, options: Parameters<Factory>[1]): string =>
  JSON.stringify([externalSchemas, options?.customOptions ?? null, options?.mode ?? null, options?.plugins ?? null], (_k, v: unknown) => (typeof v === 'function' ? `function ${v.name}` : v));

export interface PrebuiltValidatorFactory {
  /** For `schemaController.compilersFactory.buildValidator`. */
  readonly build: ValidatorFactory;
  /** The schemas compiled at this start (not in the prebuilt table), in the order compiled. */
  misses(): readonly ValidatorMiss[];
}

/**
 * `prebuilt`: the build's validators (undefined: none). `compile`: Fastify's default compiler
 * factory (@fastify/ajv-compiler), used for what the table lacks.
 */
export function prebuiltValidatorFactory(prebuilt: PrebuiltValidators | undefined, compile: ValidatorFactory): PrebuiltValidatorFactory {
  const misses: ValidatorMiss[] = [];
  const build: Factory = (externalSchemas, options) => {
    // Keyed before anything compiles: a compiler may add to the options it was given.
    const context = optionsPart(externalSchemas, options);
    let compiler: ReturnType<Factory> | undefined;
    return (route) => {
      const key = keyOf(context, route.schema);
      const restore = prebuilt !== undefined && Object.hasOwn(prebuilt, key) ? prebuilt[key] : undefined;
      if (restore !== undefined) return restore();
      compiler ??= (compile as unknown as Factory)(externalSchemas, options);
      misses.push({ key, externalSchemas, options, route });
      return compiler(route);
    };
  };
  // @fastify/ajv-compiler's types give the compiler a schema; Fastify passes it the route (its
  // schema, method, url and part), as its own compiler reads it.
  return { build: build as unknown as ValidatorFactory, misses: () => misses };
}

/**
 * The prebuilt file's text (CommonJS: ajv's standalone code is a CommonJS module body that
 * requires ajv's runtime helpers): one entry per key, in key order, each a function that runs
 * its module body when a start first asks for it. The file must lie inside the project (it
 * resolves @fastify/ajv-compiler from where it is).
 */
export function validatorsModuleText(codes: ReadonlyMap<string, string>, header: string): string {
  const entries = [...codes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `'use strict';
${header
  .split('\n')
  .map((l) => `// ${l}`.trimEnd())
  .join('\n')}
// ajv's runtime helpers as @fastify/ajv-compiler, which made the code, resolves them.
const ajvRequire = require('node:module').createRequire(require.resolve('@fastify/ajv-compiler'));
${entries.map(([key, code]) => `exports[${JSON.stringify(key)}] = () => {\n  const module = { exports: {} };\n  (function (require) {\n  ${code}\n  })(ajvRequire);\n  return module.exports;\n};\n`).join('')}`;
}
