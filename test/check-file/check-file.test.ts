/**
 * `mailsift check-file` black-box: the built command against the built server, on files made up
 * here. The 70,000-row run is stopped twice early on (SIGTERM, then SIGKILL) and resumed: OUT ends
 * with every row in input order, /v1/usage shows that no row was billed twice (after the SIGKILL,
 * at most the rows of the requests then in flight), and the command's memory stays flat over the
 * resumed run's 60,000-odd rows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';
import { REPO_ROOT } from '../helpers/shared.ts';
import { BulkRequestError } from '../../src/check-file/bulk-requests.ts';
import { resumeAdvice } from '../../src/check-file/check-file.ts';

const MAIN = join(REPO_ROOT, 'dist', 'src', 'main.js');
const CONCURRENCY = 4;
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  server = await startServer({ MAILSIFT_RATE_LIMIT_RPS: '100000', MAILSIFT_RATE_LIMIT_BURST: '100000', MAILSIFT_RATE_LIMIT_ADDRESSES: '100000', MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '100000' });
  dir = mkdtempSync(join(tmpdir(), 'check-file-bb-'));
});
afterAll(async () => {
  await server?.stop();
  server?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  proc: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

function runCheckFile(args: string[], key: string = KEYS.acme, url = server.url): Run {
  const proc = spawn(process.execPath, [MAIN, 'check-file', ...args], {
    env: { PATH: process.env.PATH ?? '', MAILSIFT_URL: url, MAILSIFT_API_KEY: key },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout!.on('data', (b: Buffer) => (stdout += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { proc, done };
}

async function billed(key: string = KEYS.acme): Promise<number> {
  const r = await call<{ total: number }>(server.url, 'GET', '/v1/usage', { key });
  expect(r.status).toBe(200);
  return r.body.total;
}

/** Usage once the requests a killed client left behind have been answered (two equal reads 500 ms apart). */
async function settledBilled(key?: string): Promise<number> {
  let prev = await billed(key);
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = await billed(key);
    if (now === prev) return now;
    prev = now;
  }
}

const FIRST = ['ana', 'tom', 'li', 'maria', 'jon', 'eva', 'sam', 'kim', 'noor', 'ivan'];
const LAST = ['silva', 'berg', 'chen', 'jones', 'smith', 'kato', 'novak', 'haddad'];
const DOMAINS = ['gmail.com', 'yahoo.com', 'example-corp.io', 'mailinator.com', 'outlook.com', 'gmial.com'];
/** Made-up addresses: names from short lists, a row number, a few domains (one disposable, one typo). */
const address = (i: number) => `${FIRST[i % FIRST.length]}.${LAST[(i * 7) % LAST.length]}${i}@${DOMAINS[i % DOMAINS.length]}`;

async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('id,name,email\n');
  for (let i = 0; i < rows; i++) {
    // every 1,000th row is not an address: an error entry in its place, not billed
    const email = i % 1000 === 999 ? `not-an-address-${i}` : address(i);
    if (!out.write(`${i},"${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}",${email}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

async function* records(path: string): AsyncGenerator<string[]> {
  yield* createReadStream(path).pipe(parse({ relax_column_count: true })) as AsyncIterable<string[]>;
}

const pendingRows = (out: string): number =>
  existsSync(`${out}.pending`)
    ? readFileSync(`${out}.pending`, 'utf8')
        .split('\n')
        .filter(Boolean)
        .reduce((n, l) => n + (JSON.parse(l) as { values: unknown[] }).values.length, 0)
    : 0;

async function countRows(path: string): Promise<number> {
  let n = -1;
  for await (const _ of records(path)) n++;
  return n;
}

function rssKb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

async function waitForSize(path: string, bytes: number, run: Run): Promise<void> {
  let exited = false;
  void run.done.then(() => (exited = true));
  while (!exited && (!existsSync(path) || statSync(path).size < bytes)) await new Promise((r) => setTimeout(r, 50));
  expect(exited, 'check-file finished before it could be interrupted').toBe(false);
}

describe('check-file on 70,000 rows', () => {
  // The stops land early (a few thousand rows each) so that the resumed run, whose memory is
  // sampled, still has about as many rows as it had when the file was 100,000 rows stopped at
  // about a ninth and a third: what a per-row leak adds is the same, for 30,000 rows less to check.
  const ROWS = 70_000;
  it('keeps input order, resumes after SIGTERM and SIGKILL without billing a row twice, in flat memory', { timeout: 600_000 }, async () => {
    const input = join(dir, 'list.csv');
    const out = join(dir, 'list.checked.csv');
    await writeCsv(input, ROWS);
    const inputBytes = statSync(input).size;
    const before = await billed();

    // 1. SIGTERM at about 3% (an answered row writes about 3.5 input rows' bytes): what was answered is written, nothing else was billed
    const first = runCheckFile([input, '--concurrency', String(CONCURRENCY)]);
    await waitForSize(out, inputBytes * 0.1, first);
    first.proc.kill('SIGTERM');
    const r1 = await first.done;
    expect(r1.code, r1.stderr).toBe(143);
    expect(r1.stderr).toMatch(/stopped \(SIGTERM\).*run the same command again to continue/);
    const afterTerm = await settledBilled();
    const written1 = await countRows(out);
    expect(written1).toBeGreaterThan(0);
    expect(written1).toBeLessThan(ROWS);
    const invalid = (upTo: number) => Math.floor(upTo / 1000); // rows 999, 1999, ... are errors, never billed
    const inFile1 = written1 + pendingRows(out);
    expect(afterTerm - before).toBe(inFile1 - invalid(inFile1));

    // 2. SIGKILL further on: at most the rows of the requests in flight are lost (billed, not written)
    const second = runCheckFile([input, '--concurrency', String(CONCURRENCY)]);
    await waitForSize(out, statSync(out).size + inputBytes * 0.2, second);
    second.proc.kill('SIGKILL');
    await second.done;
    const afterKill = await settledBilled();
    const written2 = await countRows(out);
    expect(written2).toBeGreaterThan(written1);
    const kept = written2 + pendingRows(out);
    const lost = afterKill - before - (kept - invalid(kept));
    expect(lost).toBeGreaterThanOrEqual(0);
    expect(lost).toBeLessThanOrEqual(CONCURRENCY * 1000);

    // 3. the rest, sampling the command's memory as it goes
    const third = runCheckFile([input, '--concurrency', String(CONCURRENCY)]);
    const samples: { bytes: number; rss: number }[] = [];
    const sampler = setInterval(() => {
      const rss = rssKb(third.proc.pid!);
      if (rss !== undefined && existsSync(out)) samples.push({ bytes: statSync(out).size, rss });
    }, 100);
    const r3 = await third.done;
    clearInterval(sampler);
    expect(r3.code, r3.stderr).toBe(0);
    expect(r3.stdout).toMatch(new RegExp(`already in .* from before; .*has all ${ROWS} rows`));
    expect(existsSync(`${out}.pending`)).toBe(false);

    // every row once, in input order, with an answer
    let i = -1;
    for await (const rec of records(out)) {
      if (i === -1) expect(rec).toEqual(['id', 'name', 'email', 'human_score', 'verdict', 'reasons', 'canonical', 'did_you_mean', 'account_type', 'check_id', 'error']);
      else {
        expect(rec[0]).toBe(String(i));
        if (i % 1000 === 999) expect([rec[4], rec[10]]).toEqual(['', expect.stringMatching(/^email: /)]);
        else {
          expect(rec[2]).toBe(address(i));
          expect(['allow', 'review', 'block']).toContain(rec[4]);
          expect(rec[9]).toMatch(/^chk_/);
          expect(rec[10]).toBe('');
        }
      }
      i++;
    }
    expect(i).toBe(ROWS);

    // usage: every valid row billed once, plus only what the SIGKILL lost
    expect((await settledBilled()) - before).toBe(ROWS - invalid(ROWS) + lost);

    // memory: the last half of the run needs no more than its first quarter did (plus GC slack)
    const done = samples.filter((s) => s.bytes > 0);
    expect(done.length).toBeGreaterThan(10);
    const end = done[done.length - 1]!.bytes;
    const start = done[0]!.bytes;
    const early = Math.max(...done.filter((s) => s.bytes <= start + (end - start) / 4).map((s) => s.rss));
    const late = Math.max(...done.filter((s) => s.bytes >= start + (end - start) / 2).map((s) => s.rss));
    console.log(`check-file RSS: first quarter max ${Math.round(early / 1024)} MB, second half max ${Math.round(late / 1024)} MB (${done.length} samples)`);
    expect(late).toBeLessThan(early + 40 * 1024);
  });
});

describe('check-file stopped with SIGINT (Ctrl-C)', () => {
  it('JSON lines: writes what was answered, exits 130, and the rerun checks only the rest: every line once, no row billed twice', { timeout: 300_000 }, async () => {
    // 10 requests of 1,000: the stop lands once the first is written, with most of them not yet sent.
    const ROWS = 10_000;
    const input = join(dir, 'interrupted.jsonl');
    const out = join(dir, 'interrupted.checked.jsonl');
    writeFileSync(input, `${Array.from({ length: ROWS }, (_, i) => JSON.stringify({ n: i, email: i % 1000 === 999 ? `not-an-address-${i}` : address(i) })).join('\n')}\n`);
    const invalid = (upTo: number) => Math.floor(upTo / 1000);
    const before = await billed();

    const first = runCheckFile([input, '--jsonl', '--concurrency', String(CONCURRENCY)]);
    await waitForSize(out, statSync(input).size * 0.3, first);
    first.proc.kill('SIGINT');
    const r1 = await first.done;
    expect(r1.code, r1.stderr).toBe(130);
    expect(r1.stderr).toMatch(/stopped \(SIGINT\).*run the same command again to continue/);
    const lines = () => readFileSync(out, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { n: number; error: string | null });
    const kept = lines().length + pendingRows(out);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(ROWS);
    expect((await settledBilled()) - before).toBe(kept - invalid(kept));

    const second = await runCheckFile([input, '--jsonl', '--concurrency', String(CONCURRENCY)]).done;
    expect(second.code, second.stderr).toBe(0);
    const all = lines();
    expect(all.map((o) => o.n)).toEqual(Array.from({ length: ROWS }, (_, i) => i));
    expect(all.filter((o) => o.error !== null)).toHaveLength(invalid(ROWS));
    expect((await settledBilled()) - before).toBe(ROWS - invalid(ROWS));
  });
});

describe('check-file on awkward files', () => {
  it('CSV: quoted cells, UTF-8, short and long rows, a BOM, CRLF; the column found ignoring case', async () => {
    const input = join(dir, 'odd.csv');
    writeFileSync(input, '\ufeffNote,E-Mail\r\n"a, ""quoted""\r\nnote",ana.silva@gmail.com\r\nshort\r\nx,tom.berg@yahoo.com,extra\r\n\r\nü,josé.núñez@gmail.com\r\nlast,broken@\r\n');
    const before = await billed();
    const r = await runCheckFile([input, '--column', 'e-mail']).done;
    expect(r.code, r.stderr).toBe(0);
    const rows: string[][] = [];
    for await (const rec of records(join(dir, 'odd.checked.csv'))) rows.push(rec);
    expect(rows[0]).toEqual(['Note', 'E-Mail', 'human_score', 'verdict', 'reasons', 'canonical', 'did_you_mean', 'account_type', 'check_id', 'error']);
    expect(rows.slice(1).map((x) => x.slice(0, 2))).toEqual([['a, "quoted"\r\nnote', 'ana.silva@gmail.com'], ['short', ''], ['x', 'tom.berg@yahoo.com'], ['ü', 'josé.núñez@gmail.com'], ['last', 'broken@']]);
    expect(rows[1]![3]).toMatch(/^(allow|review|block)$/);
    expect(rows[2]![9]).toMatch(/^email: /); // an empty cell: the service's error
    expect(rows[3]![9]).toBe("row: has 3 cells, the header 2 (cells past the header's are not written)");
    expect(rows[4]![5]).toBe('josénúñez@gmail.com'); // the canonical inbox: Gmail ignores dots
    expect(rows[5]![9]).toMatch(/^email: /);
    expect((await billed()) - before).toBe(2);
  });

  it('JSON lines: every line back with the columns added, lines that are not objects kept; a rerun checks nothing', async () => {
    const input = join(dir, 'list.jsonl');
    const lines = Array.from({ length: 2500 }, (_, i) => JSON.stringify({ id: i, contact: { name: FIRST[i % FIRST.length] }, email: address(i) }));
    lines.splice(10, 0, 'not json', '{"id":"no email"}', '{"id":"number","email":42}', '');
    writeFileSync(input, `${lines.join('\n')}\n`);
    const before = await billed();
    const r = await runCheckFile([input, '--jsonl', '--out', join(dir, 'out.jsonl')]).done;
    expect(r.code, r.stderr).toBe(0);
    const out = readFileSync(join(dir, 'out.jsonl'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(2503);
    expect(out[0]).toMatchObject({ id: 0, contact: { name: 'ana' }, email: address(0), verdict: expect.stringMatching(/^(allow|review|block)$/), check_id: expect.stringMatching(/^chk_/), error: null });
    expect(typeof out[0]!.human_score).toBe('number');
    expect(out.slice(10, 13).map((o) => o.error)).toEqual(['line 11: not a JSON object', 'email: is required', 'email: must be a string']);
    expect(out[10]).toMatchObject({ line: 'not json' });
    expect(out[2502]).toMatchObject({ id: 2499 });
    expect((await billed()) - before).toBe(2500);
    const again = await runCheckFile([input, '--jsonl', '--out', join(dir, 'out.jsonl')]).done;
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^0 rows checked/);
    expect((await billed()) - before).toBe(2500);
  });

  it('refuses what it cannot do with a message and no request: a missing or unreadable IN, one not in UTF-8, a missing column, an OUT from another file, a bad key', async () => {
    const input = join(dir, 'small.csv');
    writeFileSync(input, `id,email\n1,${address(1)}\n2,${address(2)}\n`);
    const before = await billed();
    const noColumn = await runCheckFile([input, '--column', 'mail']).done;
    expect([noColumn.code, noColumn.stderr]).toEqual([2, 'mailsift check-file: --column: ' + input + ' has no column "mail" (its columns: id, email)\n']);
    const jsonl = join(dir, 'keys.jsonl');
    writeFileSync(jsonl, `{"mail":"${address(1)}","n":1}\n`);
    const noKey = await runCheckFile([jsonl, '--jsonl']).done;
    expect([noKey.code, noKey.stderr]).toEqual([2, expect.stringContaining(`--column: the first object of ${jsonl} has no "email" (its keys: mail, n)`)]);
    const other = join(dir, 'other.csv');
    writeFileSync(other, `id,email\n1,${address(1)}\n2,${address(5)}\n`);
    expect((await runCheckFile([other, '--out', join(dir, 'o.csv')]).done).code).toBe(0);
    const mixed = await runCheckFile([input, '--out', join(dir, 'o.csv')]).done;
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/its last is not row 2 of .*made from another file/);
    const badKey = await runCheckFile([input, '--out', join(dir, 'k.csv')], 'no-such-key-0123456789').done;
    expect(badKey.code).toBe(1);
    expect(badKey.stderr).toMatch(/the service answered 401: authorization: unknown API key/);
    // Running it again with the same key would be refused again: the advice says what to change.
    expect(badKey.stderr).toMatch(/k\.csv has 0 rows: set MAILSIFT_API_KEY to a key the service knows, then run the same command again to continue\n$/);
    // A Latin-1 file: read as UTF-8 its "é" would come back as U+FFFD in a column of the customer's.
    const latin1 = join(dir, 'latin1.csv');
    writeFileSync(latin1, Buffer.concat([Buffer.from(`name,email\nann,${address(1)}\n`), Buffer.from(`Jos\xe9,${address(2)}\n`, 'latin1')]));
    const notUtf8 = await runCheckFile([latin1]).done;
    expect([notUtf8.code, notUtf8.stderr]).toEqual([2, `mailsift check-file: IN: ${latin1} is not UTF-8 (line 3, perhaps Latin-1 or Windows-1252): save it as UTF-8 (or UTF-16 with its byte order mark)\n`]);
    expect(existsSync(join(dir, 'latin1.checked.csv'))).toBe(false);
    const missing = await runCheckFile([join(dir, 'no-such-file.csv')]).done;
    expect([missing.code, missing.stderr]).toEqual([2, `mailsift check-file: IN: no such file: ${join(dir, 'no-such-file.csv')}\n`]);
    const directory = await runCheckFile([dir]).done;
    expect([directory.code, directory.stderr]).toEqual([2, `mailsift check-file: IN: ${dir} is a directory, not a file\n`]);
    const noApiKey = spawn(process.execPath, [MAIN, 'check-file', input], { env: { PATH: process.env.PATH ?? '' } });
    let err = '';
    noApiKey.stderr.on('data', (b: Buffer) => (err += b.toString()));
    expect(await new Promise((r) => noApiKey.on('exit', r))).toBe(2);
    expect(err).toMatch(/MAILSIFT_API_KEY: is required/);
    expect((await billed()) - before).toBe(2); // other.csv's two rows only
  });
});

describe('check-file under a rate limit', () => {
  it('waits out 429 (Retry-After) and still writes every row once', { timeout: 120_000 }, async () => {
    // The file's server, the other account held to 1 request/s (its own settings: no second server to start).
    const limit = await call(server.url, 'PATCH', '/v1/settings', { key: KEYS.globex, body: { rate_limit_requests_per_second: 1, rate_limit_request_burst: 1 } });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    // In force: of three requests at once, one is refused with a Retry-After.
    const probes = [];
    for (let i = 0; i < 3; i++) probes.push(await call(server.url, 'GET', '/v1/usage', { key: KEYS.globex }));
    expect(probes.map((p) => (p.status === 429 ? p.headers.get('retry-after') : p.status))).toContainEqual(expect.stringMatching(/^\d+$/));
    const input = join(dir, 'limited.csv');
    writeFileSync(input, `email\n${Array.from({ length: 3500 }, (_, i) => address(i)).join('\n')}\n`);
    const r = await runCheckFile([input, '--concurrency', '4'], KEYS.globex).done;
    expect(r.code, r.stderr).toBe(0);
    expect(await countRows(join(dir, 'limited.checked.csv'))).toBe(3500);
    // The same 1 request/s holds for this read: it may have to wait out the run's last token.
    let usage = await call<{ total: number }>(server.url, 'GET', '/v1/usage', { key: KEYS.globex });
    for (let i = 0; i < 20 && usage.status === 429; i++) {
      await new Promise((r) => setTimeout(r, 250));
      usage = await call<{ total: number }>(server.url, 'GET', '/v1/usage', { key: KEYS.globex });
    }
    expect(usage.body.total).toBe(3500);
  });
});

describe('resumeAdvice: what to change before running check-file again', () => {
  it('names the key for a refused key, and only a rerun for a stop that another run can get past', () => {
    expect(resumeAdvice(new BulkRequestError('the service answered 401: authorization: unknown API key', 401))).toBe(
      'set MAILSIFT_API_KEY to a key the service knows, then run the same command again to continue',
    );
    expect(resumeAdvice(new BulkRequestError('the service answered 403: scope', 403))).toBe(
      'set MAILSIFT_API_KEY to a key allowed to check addresses, then run the same command again to continue',
    );
    expect(resumeAdvice(new BulkRequestError('the service answered 503: overloaded', 503))).toBe('run the same command again to continue');
    expect(resumeAdvice(new BulkRequestError('http://127.0.0.1:1/v1/check/bulk: ECONNRESET (after 5 tries)'))).toBe('run the same command again to continue');
    expect(resumeAdvice(new Error('a row'))).toBe('run the same command again to continue');
  });
});
