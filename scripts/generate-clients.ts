/**
 * `npm run clients:generate`: regenerates everything the clients take from the API.
 *   1. clients/openapi.json: the document the service serves (scripts/openapi-document.ts)
 *   2. clients/typescript/src/generated/schema.ts: its types (openapi-typescript)
 *   3. clients/python/src/mailsift_client/generated: the typed Python client (openapi-python-client,
 *      pinned in clients/python/generator-requirements.txt; installed on first use into
 *      .tmp/clients-venv, or taken from MAILSIFT_CLIENTS_VENV)
 * `--check` writes nothing and exits 1 naming what is out of date. `--only openapi,typescript,python`
 * picks steps (the Python check in CI runs `--check --only python` in its own venv).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { renderOpenApi } from './openapi-document.ts';

const ROOT = join(import.meta.dirname, '..');
export const OPENAPI_FILE = join(ROOT, 'clients', 'openapi.json');
export const TS_SCHEMA_FILE = join(ROOT, 'clients', 'typescript', 'src', 'generated', 'schema.ts');
const PY_DIR = join(ROOT, 'clients', 'python');
const PY_GENERATED = join(PY_DIR, 'src', 'mailsift_client', 'generated');
export const REGENERATE = 'run `npm run clients:generate` (see clients/README.md)';

const TS_BANNER = `/**
 * Generated from clients/openapi.json by \`npm run clients:generate\` (openapi-typescript).
 * Do not edit: change the route schemas in src/api and regenerate.
 */
`;

export async function renderTypeScript(openapi: string): Promise<string> {
  return TS_BANNER + astToString(await openapiTS(JSON.parse(openapi)));
}

/** The Python client generated from `openapiFile` into a fresh directory (returned). */
export function renderPython(openapiFile: string, venv: string): string {
  const out = mkdtempSync(join(tmpdir(), 'mailsift-pygen-'));
  const target = join(out, 'generated');
  execFileSync(join(venv, 'bin', 'openapi-python-client'), ['generate', '--path', openapiFile, '--meta', 'none', '--output-path', target, '--config', join(PY_DIR, 'generator-config.yaml')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // ruff (the generator's formatter) is found on PATH
    env: { ...process.env, PATH: `${join(venv, 'bin')}:${process.env.PATH ?? ''}`, RUFF_NO_CACHE: 'true' },
  });
  return target;
}

function pythonVenv(): string {
  const given = process.env.MAILSIFT_CLIENTS_VENV;
  if (given) return given;
  const venv = join(ROOT, '.tmp', 'clients-venv');
  if (!existsSync(join(venv, 'bin', 'openapi-python-client'))) {
    console.log(`installing the Python client generator into ${relative(ROOT, venv)} (once)`);
    execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
    execFileSync(join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', '-r', join(PY_DIR, 'generator-requirements.txt')], { stdio: 'inherit' });
  }
  return venv;
}

/** Relative paths of the files under `dir` that differ from those under `other` (missing either side included). */
export function treeDifferences(dir: string, other: string): string[] {
  const files = (d: string): Map<string, Buffer> => {
    const m = new Map<string, Buffer>();
    const walk = (p: string): void => {
      if (!existsSync(p)) return;
      for (const name of readdirSync(p)) {
        if (name === '__pycache__' || name === '.ruff_cache') continue;
        const full = join(p, name);
        if (statSync(full).isDirectory()) walk(full);
        else m.set(relative(d, full), readFileSync(full));
      }
    };
    walk(d);
    return m;
  };
  const a = files(dir);
  const b = files(other);
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => !a.get(k)?.equals(b.get(k) ?? Buffer.alloc(0)) || !b.has(k)).sort();
}

async function main(args: string[]): Promise<number> {
  const check = args.includes('--check');
  const onlyArg = args.find((a) => a.startsWith('--only'));
  const only = new Set((onlyArg?.includes('=') ? onlyArg.split('=')[1]! : onlyArg ? args[args.indexOf(onlyArg) + 1]! : 'openapi,typescript,python').split(','));
  const stale: string[] = [];

  let openapi = readFileSync(OPENAPI_FILE, 'utf8');
  if (only.has('openapi')) {
    const served = await renderOpenApi();
    if (served !== openapi) {
      if (check) stale.push('clients/openapi.json');
      else writeFileSync(OPENAPI_FILE, served);
    }
    openapi = served;
  }
  if (only.has('typescript')) {
    const ts = await renderTypeScript(openapi);
    if (!existsSync(TS_SCHEMA_FILE) || readFileSync(TS_SCHEMA_FILE, 'utf8') !== ts) {
      if (check) stale.push(relative(ROOT, TS_SCHEMA_FILE));
      else {
        mkdirSync(join(TS_SCHEMA_FILE, '..'), { recursive: true });
        writeFileSync(TS_SCHEMA_FILE, ts);
      }
    }
  }
  if (only.has('python')) {
    const docFile = join(mkdtempSync(join(tmpdir(), 'mailsift-openapi-')), 'openapi.json');
    writeFileSync(docFile, openapi);
    const fresh = renderPython(docFile, pythonVenv());
    const differs = treeDifferences(fresh, PY_GENERATED);
    if (differs.length) {
      if (check) stale.push(...differs.map((f) => relative(ROOT, join(PY_GENERATED, f))));
      else {
        rmSync(PY_GENERATED, { recursive: true, force: true });
        cpSync(fresh, PY_GENERATED, { recursive: true });
      }
    }
    rmSync(join(fresh, '..'), { recursive: true, force: true });
    rmSync(join(docFile, '..'), { recursive: true, force: true });
  }
  if (check) {
    if (stale.length) {
      console.error(`out of date (the clients must match the OpenAPI document the service serves): ${REGENERATE}\n  ${stale.slice(0, 20).join('\n  ')}${stale.length > 20 ? `\n  ... and ${stale.length - 20} more` : ''}`);
      return 1;
    }
    console.log(`clients are current (${[...only].join(', ')})`);
    return 0;
  }
  console.log(`regenerated ${[...only].join(', ')}`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
