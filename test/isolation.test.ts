/**
 * The files of vitest.config.ts's SHARED_WORKER_DIRS run one after another in one worker process
 * (`isolate: false`), so whatever a file changes outside its own variables is still changed for
 * the next file, and which file comes next varies from run to run: a leak would show as a flake in
 * some later CI, far from its cause. This fails instead, naming the file and what it does, when a
 * file there (or a test/ module it imports) mocks a module, stubs a global or the env, writes
 * process.env, fakes timers, spies, adds process handlers, or starts a server or a socket.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { SHARED_WORKER_DIRS } from '../vitest.config.ts';
import { REPO_ROOT } from './helpers/shared.ts';

// What a file must not do to share a worker, each with the reason a reader sees on failure.
const LEAKS: readonly (readonly [RegExp, string])[] = [
  [/\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|resetModules)\s*\(/, 'replaces modules the next file also loads'],
  [/\bvi\s*\.\s*(stubGlobal|stubEnv)\s*\(/, 'stubs a global or the env'],
  [/\bvi\s*\.\s*(useFakeTimers|setSystemTime)\s*\(/, 'fakes the clock'],
  [/\bvi\s*\.\s*spyOn\s*\(/, 'spies on a shared object'],
  [/\bprocess\s*\.\s*env\s*(\.\s*\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=|&&=|\+=)/, 'writes process.env'],
  [/\bdelete\s+process\s*\.\s*env\b/, 'writes process.env'],
  [/\bObject\s*\.\s*(assign|defineProperty)\s*\(\s*process\s*\.\s*env\b/, 'writes process.env'],
  [/\bprocess\s*\.\s*env\s*=(?!=)/, 'writes process.env'],
  [/\b(globalThis|global)\s*(\.\s*\w+|\[[^\]]+\])\s*=(?!=)/, 'writes a global'],
  [/\b(Date\s*\.\s*now|Math\s*\.\s*random)\s*=(?!=)/, 'replaces a global function'],
  [/\bprocess\s*\.\s*(on|once|addListener|prependListener|chdir|umask|setMaxListeners)\s*\(/, 'changes the process'],
  [/\bprocess\s*\.\s*exitCode\s*=(?!=)/, 'changes the process'],
  [/\b(createServer|createSocket)\s*\(|\.listen\s*\(/, 'starts a server or a socket'],
  [/from\s+['"][^'"]*helpers\/(server|in-process|cluster|kafka|browser|dns-server|feed-server)(\.ts)?['"]/, 'starts a server or a socket'],
];

// Comments may name what the code must not do.
const code = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** What `source` does that the next file in the same worker would inherit. */
export function leaks(source: string): string[] {
  const text = code(source);
  return LEAKS.filter(([re]) => re.test(text)).map(([re, why]) => `${why} (${re.exec(text)![0].trim()})`);
}

// The test/ modules a file imports by a relative path, itself included, followed transitively.
function localImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = resolve(dirname(file), m[1]!);
    if (target.startsWith(join(REPO_ROOT, 'test')) && existsSync(target)) localImports(target, seen);
  }
  return seen;
}

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));

describe('leaks(): what a shared worker would carry to the next file', () => {
  it('finds each kind of leak in a made-up file', () => {
    const cases: [string, string][] = [
      ["vi.mock('../../src/dns/resolver.ts', () => ({}));", 'replaces modules'],
      ["vi.stubGlobal('fetch', f);", 'stubs a global'],
      ["vi.stubEnv('MAILSIFT_PORT', '1');", 'stubs a global or the env'],
      ['beforeEach(() => vi.useFakeTimers());', 'fakes the clock'],
      ["const s = vi.spyOn(console, 'warn');", 'spies'],
      ["process.env.MAILSIFT_SHARED_DIR = '/x';", 'writes process.env'],
      ["process.env['MAILSIFT_X'] ??= '1';", 'writes process.env'],
      ['delete process.env.MAILSIFT_X;', 'writes process.env'],
      ["Object.assign(process.env, { A: '1' });", 'writes process.env'],
      ['globalThis.fetch = f;', 'writes a global'],
      ['Date.now = () => 0;', 'replaces a global function'],
      ["process.on('unhandledRejection', h);", 'changes the process'],
      ['const srv = createServer(h);', 'starts a server'],
      ['await app.listen({ port: 0 });', 'starts a server'],
      ["import { startServer } from '../helpers/server.ts';", 'starts a server'],
      ["import { startDnsServer } from '../helpers/dns-server';", 'starts a server'],
    ];
    for (const [source, why] of cases) expect(leaks(source).join('; '), source).toContain(why);
  });

  it('lets reads, comparisons and comments through', () => {
    const clean = [
      "const dir = process.env.MAILSIFT_SHARED_DIR ?? '../shared';",
      "if (process.env.CI === 'true') skip();",
      'const f = vi.fn(() => 1);',
      '// vi.mock would leak here, so this file passes the stub in',
      '/* process.env.X = 1 is what the shell does */',
      "const url = 'http://example.test/a'; // a URL, then a comment",
      'expect(Date.now() > 0).toBe(true);',
    ].join('\n');
    expect(leaks(clean)).toEqual([]);
  });
});

describe('the shared-worker folders of vitest.config.ts', () => {
  const shared = config.test?.projects?.find((p) => typeof p === 'object' && 'test' in p && p.test?.name === 'shared');

  it('are the project that runs with isolate: false, and the other project runs none of them', () => {
    expect(shared && typeof shared === 'object' && 'test' in shared ? shared.test?.isolate : undefined).toBe(false);
    const isolated = config.test?.projects?.find((p) => typeof p === 'object' && 'test' in p && p.test?.name === 'isolated');
    const excluded = isolated && typeof isolated === 'object' && 'test' in isolated ? isolated.test?.exclude : [];
    for (const d of SHARED_WORKER_DIRS) expect(excluded, d).toContain(`test/${d}/**/*.test.ts`);
  });

  it.each(SHARED_WORKER_DIRS.map((d) => [d]))('test/%s: no file leaves anything behind for the next', (d) => {
    const files = testFiles(join(REPO_ROOT, 'test', d));
    expect(files.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const file of files) {
      for (const mod of localImports(file)) {
        for (const why of leaks(readFileSync(mod, 'utf8'))) found.push(`${relative(REPO_ROOT, file)}${mod === file ? '' : ` via ${relative(REPO_ROOT, mod)}`}: ${why}`);
      }
    }
    expect(found, 'move the folder out of SHARED_WORKER_DIRS or the leak out of the file').toEqual([]);
  });
});
