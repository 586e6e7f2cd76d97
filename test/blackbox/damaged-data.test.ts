/**
 * Damaged data and the data dir's permissions (issue 21, item 5), on the real server:
 * - a truncated table file of the event log: the start fails once, naming the file and what to
 *   do (it printed LevelDB's "IO error: ...: Invalid argument" twice, with no advice);
 * - random bytes in a log table with state/ deleted: the state cannot be rebuilt, so the start
 *   is refused naming the file (the stream processors stopped with LEVEL_CORRUPTION, the log
 *   said "still catching up" forever, and checks were answered with counters never rebuilt);
 * - the data dir and everything in it owner-only (0700/0600), existing files included.
 */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, lstatSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, truncateSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, API_KEYS_ENV, startServer } from '../helpers/server.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const root = mkdtempSync(join(tmpdir(), 'mailsift-damage-'));
const good = join(root, 'good');

/** `mailsift serve` on `dir` until it exits (or 90 s): exit code and everything it printed. */
function startExpectingExit(dir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [join(REPO_ROOT, 'dist/src/main.js'), 'serve'], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', MAILSIFT_DATA_DIR: dir, MAILSIFT_API_KEYS: API_KEYS_ENV, MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (b: Buffer) => (out += b.toString()));
    p.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const timer = setTimeout(() => p.kill('SIGKILL'), 90_000);
    p.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

const tables = (dir: string): string[] => readdirSync(join(dir, 'log')).filter((f) => f.endsWith('.ldb'));

function walk(dir: string): string[] {
  return [dir, ...readdirSync(dir).flatMap((f) => (lstatSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]))];
}

beforeAll(async () => {
  // A data dir with a few thousand checks and some feedback, its log compacted into table files
  // (LevelDB writes them when it reopens a database).
  const a = await startServer({ MAILSIFT_RATE_LIMIT_ADDRESSES: '100000', MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '100000' }, good);
  for (let r = 0; r < 4; r++) {
    const bulk = await call(a.url, 'POST', '/v1/check/bulk', { body: { emails: Array.from({ length: 1000 }, (_, i) => `member${r * 1000 + i}.club@example-${i % 40}.org`) } });
    expect(bulk.status).toBe(200);
  }
  expect(await a.stop()).toBe(0);
  const b = await startServer({}, good);
  // Answering a request: the start is over (a signal before it would not be a graceful stop).
  expect((await call(b.url, 'GET', '/healthz', { key: null })).status).toBe(200);
  expect(await b.stop()).toBe(0);
  expect(tables(good).length).toBeGreaterThan(0);
}, 180_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a damaged event log', () => {
  it('a truncated table file: the start fails once, naming the file and what to do', async () => {
    const dir = join(root, 'truncated');
    cpSync(good, dir, { recursive: true });
    const table = tables(dir).sort((x, y) => statSync(join(dir, 'log', y)).size - statSync(join(dir, 'log', x)).size)[0]!;
    truncateSync(join(dir, 'log', table), Math.floor(statSync(join(dir, 'log', table)).size / 2));
    const r = await startExpectingExit(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`mailsift: the event log cannot be read: ${join(dir, 'log', table)} is damaged`);
    expect(r.out).toMatch(/Restore .* from a backup taken together with state\/ and secret/);
    expect(r.out).toMatch(/if state\/ is intact, move .* aside and start again/);
    // Said once: no second copy of the bare LevelDB error (a stack).
    expect(r.out.match(/IO error|Corruption/g)?.length).toBe(1);
  }, 120_000);

  it('random bytes in a table with state/ deleted: the state cannot be rebuilt, the start is refused naming the file', async () => {
    const dir = join(root, 'overwritten');
    cpSync(good, dir, { recursive: true });
    rmSync(join(dir, 'state'), { recursive: true });
    const table = tables(dir).sort((x, y) => statSync(join(dir, 'log', y)).size - statSync(join(dir, 'log', x)).size)[0]!;
    const size = statSync(join(dir, 'log', table)).size;
    const fd = openSync(join(dir, 'log', table), 'r+');
    // Deterministic garbage over the middle of the table (its records, not its index).
    writeSync(fd, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) & 0xff)), 0, 4096, Math.floor(size / 3));
    closeSync(fd);
    const r = await startExpectingExit(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${join(dir, 'log', table)} is damaged`);
    expect(r.out).toMatch(/Restore .* from a backup/);
    expect(r.out).not.toMatch(/still catching up/);
    expect(r.out).not.toMatch(/mailsift API listening/);
  }, 120_000);
});

describe('the data dir is owner-only', () => {
  it('new files and directories, and those already there (made 0755/0644 by an earlier version) on start', async () => {
    const dir = join(root, 'modes');
    cpSync(good, dir, { recursive: true });
    for (const p of walk(dir)) chmodSync(p, lstatSync(p).isDirectory() ? 0o755 : 0o644);
    const s = await startServer({}, dir);
    try {
      await call(s.url, 'POST', '/v1/check/bulk', { body: { emails: ['nina.holm@gmail.com', 'piet.smit@outlook.com'] } });
    } finally {
      expect(await s.stop()).toBe(0);
    }
    // Reopening writes new table files and logs: they are owner-only too.
    const again = await startServer({}, dir);
    expect((await call(again.url, 'GET', '/healthz', { key: null })).status).toBe(200);
    expect(await again.stop()).toBe(0);
    expect(existsSync(join(dir, 'log'))).toBe(true);
    const open = walk(dir).filter((p) => (lstatSync(p).mode & 0o077) !== 0);
    expect(open).toEqual([]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'state')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
  }, 120_000);
});
