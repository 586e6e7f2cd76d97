/**
 * Process-level behaviour: rate limit, restart on the same data dir, the generated dev key,
 * configuration errors.
 */
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, KEYS, startServer } from '../helpers/server.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

describe('per-account rate limit', () => {
  it('429 with Retry-After past the burst, per account', async () => {
    const s = await startServer({ MAILSIFT_RATE_LIMIT_RPS: '1', MAILSIFT_RATE_LIMIT_BURST: '3' });
    try {
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 5; i++) {
        const r = await call(s.url, 'GET', '/v1/usage');
        statuses.push(r.status);
        if (r.status === 429) {
          retryAfter = r.headers.get('retry-after');
          expect(Object.keys(r.body)).toEqual(['error']);
        }
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect((await call(s.url, 'GET', '/v1/usage', { key: KEYS.globex })).status).toBe(200);
    } finally {
      await s.stop();
      s.cleanup();
    }
  });
});

describe('graceful shutdown (SIGTERM)', () => {
  // fetch keeps connections alive (undici), as most clients do: the case that used to hang.
  it('answers what was in flight or just sent, exits 0 promptly, and bills exactly what it answered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-sigterm-'));
    // 3,025 addresses at once: past the default address burst (2,000), which this test is not about.
    const limits = { MAILSIFT_RATE_LIMIT_ADDRESSES: '100000', MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '100000' };
    try {
      const s = await startServer(limits, dir);
      let n = 0;
      const bulk = (size: number) => call(s.url, 'POST', '/v1/check/bulk', { body: { emails: Array.from({ length: size }, () => `p${++n}.q${n}@example-${n % 30}.com`) } });
      await Promise.all(Array.from({ length: 4 }, () => call(s.url, 'POST', '/v1/check', { body: { email: `w${++n}.z@example-1.com` } })));
      const inFlight = [bulk(1000), bulk(1000), bulk(1000)];
      await new Promise((r) => setTimeout(r, 100));
      const exited = s.stop('SIGTERM');
      const justAfter = [bulk(20), call(s.url, 'POST', '/v1/check', { body: { email: `a${++n}.b@example-2.com` } })];
      const answers = await Promise.all([...inFlight, ...justAfter].map((p) => p.then((r) => r, (err: Error) => ({ status: 0, error: String(err.cause ?? err) }))));
      const code = await exited;
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      for (const a of answers) expect((a as { headers: Headers }).headers.get('connection')).toBe('close');
      expect(code).toBe(0); // the force-exit timer (10 s) would have ended it with 1
      const answered = 4 + 3 * 1000 + 20 + 1;
      const again = await startServer({}, dir);
      try {
        expect((await call(again.url, 'GET', '/v1/usage')).body.total).toBe(answered);
      } finally {
        expect(await again.stop()).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('graceful shutdown with a client that stopped sending mid-body', () => {
  it('still exits 0 within the drain (the stalled request held the close until the 10 s force exit, code 1)', async () => {
    const s = await startServer();
    try {
      const { hostname, port } = new URL(s.url);
      const stalled = connect(Number(port), hostname, () =>
        stalled.write(`POST /v1/check HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEYS.acme}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`),
      );
      stalled.on('error', () => undefined);
      await new Promise((r) => setTimeout(r, 300));
      const started = performance.now();
      expect(await s.stop('SIGTERM')).toBe(0);
      expect(performance.now() - started).toBeLessThan(6_000);
      stalled.destroy();
    } finally {
      s.cleanup();
    }
  }, 30_000);
});

describe('restart on the same data dir', () => {
  it('keeps labels and usage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-restart-'));
    try {
      const a = await startServer({}, dir);
      const c = await call(a.url, 'POST', '/v1/check', { body: { email: 'emma.brown@gmail.com' } });
      await call(a.url, 'POST', '/v1/check', { body: { email: 'emma.brown+x@gmail.com' } });
      expect((await call(a.url, 'POST', '/v1/feedback', { body: { check_id: c.body.check_id, outcome: 'confirmed' } })).status).toBe(202);
      const usage = (await call(a.url, 'GET', '/v1/usage')).body.total;
      expect(usage).toBe(2);
      expect(await a.stop()).toBe(0);

      const b = await startServer({}, dir);
      try {
        expect((await call(b.url, 'GET', '/v1/usage')).body.total).toBe(2);
        expect((await call(b.url, 'POST', '/v1/feedback', { body: { check_id: c.body.check_id, outcome: 'fake' } })).status).toBe(404);
        const m = await call(b.url, 'GET', '/v1/model');
        expect(m.body.feedback_examples).toBe(1);
        const again = await call(b.url, 'POST', '/v1/check', { body: { email: 'e.m.m.a.brown@gmail.com' } });
        expect(again.body.alias_variants).toBe(3);
      } finally {
        await b.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a data dir whose event log lost records (deleted log directory)', () => {
  it('keeps the counters, reports the loss, and counts new checks and feedback', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-lostlog-'));
    try {
      const a = await startServer({}, dir);
      const old = await call(a.url, 'POST', '/v1/check/bulk', { body: { emails: Array.from({ length: 40 }, (_, i) => `ola.nordmann${i}@gmail.com`) } });
      expect(old.status).toBe(200);
      expect((await call(a.url, 'POST', '/v1/feedback', { body: { check_id: old.body.results[0].check_id, outcome: 'real' } })).status).toBe(202);
      for (let i = 0; i < 100 && (await call(a.url, 'GET', '/v1/model')).body.feedback_examples < 1; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await a.stop()).toBe(0);
      rmSync(join(dir, 'log'), { recursive: true, force: true });

      const b = await startServer({}, dir);
      try {
        expect(b.output()).toMatch(/event log is behind the state/);
        expect((await call(b.url, 'GET', '/v1/usage')).body.total).toBe(40);
        const fresh = await call(b.url, 'POST', '/v1/check', { body: { email: 'kari.nordmann@gmail.com' } });
        expect(fresh.status).toBe(200);
        expect((await call(b.url, 'GET', '/v1/usage')).body.total).toBe(41);
        expect((await call(b.url, 'POST', '/v1/feedback', { body: { check_id: fresh.body.check_id, outcome: 'fake' } })).status).toBe(202);
        let m = await call(b.url, 'GET', '/v1/model');
        for (let i = 0; i < 100 && m.body.feedback_examples < 2; i++) {
          await new Promise((r) => setTimeout(r, 50));
          m = await call(b.url, 'GET', '/v1/model');
        }
        expect(m.body.feedback_examples).toBe(2);
        expect((await call(b.url, 'POST', '/v1/feedback', { body: { check_id: fresh.body.check_id, outcome: 'real' } })).status).toBe(404);
        expect((await call(b.url, 'POST', '/v1/feedback', { body: { check_id: old.body.results[0].check_id, outcome: 'fake' } })).status).toBe(404);
      } finally {
        await b.stop();
      }
      // And once more: the new records survive a restart and are not skipped.
      const c = await startServer({}, dir);
      try {
        expect((await call(c.url, 'GET', '/v1/usage')).body.total).toBe(41);
        const again = await call(c.url, 'POST', '/v1/check', { body: { email: 'kari.nordmann@gmail.com' } });
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        expect((await call(c.url, 'GET', '/v1/usage')).body.total, c.output().slice(-4000)).toBe(42);
      } finally {
        await c.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000); // three servers one after another, as the 120 s tests above: 17 s on a quiet machine in round 18, 25-30 s in round 19 (server start time is the next round's work)
});

describe('embedded defaults', () => {
  it('generates a dev key once, prints it once, and keeps only its hash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-devkey-'));
    try {
      const a = await startServer({ MAILSIFT_API_KEYS: '' }, dir);
      let m: RegExpExecArray | null = null;
      for (let i = 0; i < 100 && !(m = /export KEY=(\S+)/.exec(a.stderr())); i++) await new Promise((r) => setTimeout(r, 50));
      expect(m).not.toBeNull();
      const key = m![1]!;
      expect((await call(a.url, 'GET', '/v1/usage', { key })).body.account).toBe('dev');
      await a.stop();
      const b = await startServer({ MAILSIFT_API_KEYS: '' }, dir);
      expect(b.output()).not.toContain(key);
      expect((await call(b.url, 'GET', '/v1/usage', { key })).status).toBe(200);
      await b.stop();
      const files = spawnSync('grep', ['-rl', key, dir], { encoding: 'utf8' });
      expect(files.stdout).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts with the contract's example MAILSIFT_API_KEYS=key1=account1,key2=account2: each key its account, a warning per short key naming the account, never the key", async () => {
    const s = await startServer({ MAILSIFT_API_KEYS: 'key1=account1,key2=account2' });
    try {
      expect((await call(s.url, 'GET', '/v1/usage', { key: 'key1' })).body.account).toBe('account1');
      expect((await call(s.url, 'POST', '/v1/check', { key: 'key2', body: { email: 'jane.doe@gmail.com' } })).status).toBe(200);
      expect((await call(s.url, 'GET', '/v1/usage', { key: 'key3' })).status).toBe(401);
      expect(s.stderr()).toContain('mailsift: warning: MAILSIFT_API_KEYS: the key of account "account1" has 4 characters: easy to guess');
      expect(s.stderr()).toContain('the key of account "account2" has 4 characters');
      expect(s.output()).not.toMatch(/\bkey[12]\b(?!")/);
    } finally {
      await s.stop();
      s.cleanup();
    }
  });

  it('stops on a bad configuration value with a message naming the variable', () => {
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'dist/src/main.js'), 'serve'], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('PORT: must be an integer');
  });
});

describe('start-up refusals say what failed and what to do', () => {
  const run = (args: string[], env: Record<string, string>, cwd?: string) =>
    spawnSync(process.execPath, [join(REPO_ROOT, 'dist/src/main.js'), ...args], {
      env: { PATH: process.env.PATH ?? '', MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off', PORT: '0', MAILSIFT_API_KEYS: `${KEYS.acme}=acme`, ...env },
      encoding: 'utf8',
      timeout: 60_000,
      ...(cwd ? { cwd } : {}),
    });

  it('a second process on the same data dir, a lost secret, a data dir that is a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-refuse-'));
    try {
      const a = await startServer({}, dir);
      let second: ReturnType<typeof run>;
      try {
        second = run(['serve'], { MAILSIFT_DATA_DIR: dir });
        expect(second.status).toBe(1);
        expect(second.stderr).toMatch(/^mailsift: cannot open the event log at .*another mailsift process is using this data dir/);
      } finally {
        expect(await a.stop()).toBe(0);
      }
      rmSync(join(dir, 'secret'));
      const lost = run(['serve'], { MAILSIFT_DATA_DIR: dir });
      expect(lost.status).toBe(1);
      expect(lost.stderr).toMatch(/^mailsift: .*secret is missing, but log\/ and state\/ .* were written with a secret: set MAILSIFT_SECRET to the value used before, or restore this file/);
      expect(existsSync(join(dir, 'secret'))).toBe(false); // no new secret silently replaced it
      // Nor does another secret from the environment (an audit followed the old advice and
      // started with the file's text as MAILSIFT_SECRET: every check id stopped verifying).
      const other = run(['serve'], { MAILSIFT_DATA_DIR: dir, MAILSIFT_SECRET: 'a-different-secret-0123456789abcdef' });
      expect(other.status).toBe(1);
      expect(other.stderr).toMatch(/^mailsift: MAILSIFT_SECRET is not the secret that log\/ and state\/ in .* were written with/);
      const file = join(dir, 'a-file');
      writeFileSync(file, 'x');
      const notDir = run(['serve'], { MAILSIFT_DATA_DIR: file });
      expect(notDir.status).toBe(1);
      expect(notDir.stderr).toMatch(/^mailsift: MAILSIFT_DATA_DIR: cannot use .* is a file, not a directory/);
      const badHost = run(['serve'], { MAILSIFT_DATA_DIR: join(dir, 'fresh'), HOST: 'no-such-host.invalid' });
      expect(badHost.status).toBe(1);
      expect(badHost.stderr).toMatch(/mailsift: cannot listen on no-such-host\.invalid:0 \(HOST, PORT\)/);
      // The operator's line is the whole story: no stack trace burying it.
      for (const r of [second, lost, other, notDir, badHost]) expect(r.stderr).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000); // a server and five more processes, one after another: past 30 s on a loaded machine

  it('the command line: --help anywhere prints the usage; an unknown command or extra argument is refused before the data dir is made', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mailsift-cli-'));
    try {
      for (const args of [['--help'], ['serve', '--help'], ['retrain', '-h']]) {
        const r = run(args, {}, cwd);
        expect(r.status).toBe(0);
        expect(r.stdout).toMatch(/^usage: mailsift \[command\]/);
      }
      for (const args of [['bogus'], ['serve', 'now'], ['feeds'], ['retrain', 'all']]) {
        const r = run(args, {}, cwd);
        expect(r.status).toBe(2);
        expect(r.stderr).toContain(`mailsift: unknown command "${args.join(' ')}"`);
      }
      expect(existsSync(join(cwd, 'data'))).toBe(false);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
