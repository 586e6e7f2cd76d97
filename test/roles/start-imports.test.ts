/**
 * What a `mailsift serve` start loads (docs/architecture.md, start-up): the built entry points of
 * the serve path (the API and streams roles on the main thread, the streams worker's entry) must
 * not load the modules a start does not use: faker and transliteration (the name lists are
 * generated at build time, src/data/name-lists-data.ts), Kafka's clients (Kafka mode only) and
 * undici (the first outbound request), typebox's 373 modules (the build bundles them into one),
 * pino-pretty (readable log lines only), mailchecker (its list is generated at build).
 * Each of them cost 0.06-1.8 s of CPU per start and thread.
 * A child process imports the built modules with a resolve hook that lists every module URL.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared.ts';

const dist = join(REPO_ROOT, 'dist', 'src');
const dir = mkdtempSync(join(tmpdir(), 'mailsift-imports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every module URL (ESM and CommonJS) that importing `entries` resolves, in a fresh process. */
function loadedBy(entries: readonly string[]): string[] {
  const out = join(dir, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(join(dir, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';
export async function resolve(spec, ctx, next) { const r = await next(spec, ctx); appendFileSync(${JSON.stringify(out)}, r.url + '\\n'); return r; }
`);
  writeFileSync(join(dir, 'register.mjs'), `import { register, createRequire } from 'node:module';
import { appendFileSync } from 'node:fs';
register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});
const Module = createRequire(import.meta.url)('module');
const load = Module._resolveFilename;
Module._resolveFilename = function (...args) { const f = load.apply(this, args); appendFileSync(${JSON.stringify(out)}, f + '\\n'); return f; };
`);
  // The worker's entry throws once its imports are in (no workerData outside a worker thread).
  const script = entries.map((e) => `await import(${JSON.stringify(pathToFileURL(join(dist, e)).href)}).catch(() => undefined);`).join('\n');
  execFileSync(process.execPath, ['--import', pathToFileURL(join(dir, 'register.mjs')).href, '--input-type=module', '-e', script], { cwd: REPO_ROOT, stdio: 'pipe' });
  return readFileSync(out, 'utf8').split('\n').filter((l) => l !== '');
}

// typebox: the API imports the one-file bundle the build makes (src/api/typebox.ts). pino-pretty:
// readable log lines only (a terminal or MAILSIFT_LOG_FORMAT=pretty), required then (platform/logger.ts).
// mailchecker: its list is generated at build (src/data/mailchecker-list.ts).
const NOT_AT_START = ['@faker-js/faker', 'transliteration', 'kafkajs', '@platformatic/kafka', '@kafkajs/confluent-schema-registry', 'undici', 'typebox', 'pino-pretty', 'mailchecker'];
const packagesIn = (urls: readonly string[]): Set<string> =>
  new Set(urls.flatMap((u) => {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u);
    return m ? [m[1]!] : [];
  }));

describe.skipIf(!existsSync(join(dist, 'main.js')))('a serve start loads only what it uses', () => {
  it('the roles a start runs (main thread) and the streams worker load no faker, transliteration, Kafka client or undici', () => {
    const loaded = packagesIn(loadedBy(['roles/serve.js', 'roles/streams-worker.js']));
    // The hook sees the serve path's own packages: the check below cannot pass by seeing nothing.
    for (const p of ['fastify', 'classic-level', 'avsc']) expect(loaded, p).toContain(p);
    for (const p of NOT_AT_START) expect(loaded.has(p), p).toBe(false);
  }, 60_000);

  it('the hook does see them where they are used (the topics command loads Kafka clients)', () => {
    const loaded = packagesIn(loadedBy(['roles/topics-command.js']));
    expect(loaded.has('kafkajs')).toBe(true);
  }, 60_000);

  // Patched packages (patches/, docs/development.md): @fastify/swagger required yaml (72 modules)
  // at register for YAML output the API never serves, prom-client @opentelemetry/api (51) for
  // exemplars it never records. Both still load, and work, when asked for.
  it('registering @fastify/swagger and collecting the default metrics load neither yaml nor @opentelemetry/api until used', () => {
    const script = `
const loaded = (p) => Object.keys(require.cache).some((f) => f.includes('/node_modules/' + p + '/'));
const prom = require('prom-client');
const registry = new prom.Registry();
prom.collectDefaultMetrics({ register: registry });
const app = require('fastify')();
app.register(require('@fastify/swagger'), { openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } } }).after(() => app.get('/x', { schema: { response: { 200: { type: 'object', properties: { a: { type: 'string' } } } } } }, async () => ({ a: 'b' })));
(async () => {
  await app.ready();
  const before = { json: Object.keys(app.swagger().paths), yaml: loaded('yaml'), otel: loaded('@opentelemetry/api') };
  const yamlText = app.swagger({ yaml: true });
  const exemplars = new prom.Registry(prom.Registry.OPENMETRICS_CONTENT_TYPE);
  prom.collectDefaultMetrics({ register: exemplars, enableExemplars: true });
  const cpu = (await exemplars.getSingleMetricAsString('process_cpu_user_seconds_total')).split('\\n')[0];
  process.stdout.write(JSON.stringify({ before, yamlText: yamlText.split('\\n')[0], cpu, after: { yaml: loaded('yaml'), otel: loaded('@opentelemetry/api') } }));
  await app.close();
})();
`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: REPO_ROOT, stdio: 'pipe' }).toString()) as Record<string, unknown>;
    expect(out).toEqual({
      before: { json: ['/x'], yaml: false, otel: false },
      yamlText: 'openapi: 3.1.0',
      cpu: '# HELP process_cpu_user_seconds_total Total user CPU time spent in seconds.',
      after: { yaml: true, otel: true },
    });
  }, 60_000);
});
