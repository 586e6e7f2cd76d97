/**
 * What a person sees when starting the service: one line per event (one "listening" line, one
 * line for feeds that could not be downloaded), the generated dev key last and on stderr with
 * what to do with it, readable logs on a terminal, and a /readyz that says what is true.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBody, startFeedServer, type FeedServer } from '../feeds/feed-server.ts';
import { call, startServer, type RunningServer } from '../helpers/server.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const FEEDS_OFF = {
  MAILSIFT_FEEDS_URL_AWS: 'off',
  MAILSIFT_FEEDS_URL_GOOGLE_CLOUD: 'off',
  MAILSIFT_FEEDS_URL_DIGITAL_OCEAN: 'off',
  MAILSIFT_FEEDS_URL_TOR: 'off',
  MAILSIFT_FEEDS_URL_RDAP: 'off',
};

/** A loopback TCP port with nothing listening (bound then released): connections are refused. */
async function closedTcpPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

async function until(s: RunningServer, pattern: RegExp, ms = 10_000): Promise<RegExpExecArray | null> {
  const deadline = Date.now() + ms;
  let m: RegExpExecArray | null = null;
  while (!(m = pattern.exec(s.output())) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return m;
}

describe('first start with an empty data dir', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await startServer({ MAILSIFT_API_KEYS: '' });
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
    s?.cleanup();
  });

  it('prints the dev key last, on stderr, with what to export and how to call the API', async () => {
    expect(await until(s, /-{0}─{78}\n$/)).not.toBeNull();
    const err = s.stderr();
    const key = /^ {4}(msk_dev_\S+)$/m.exec(err)?.[1];
    expect(key).toBeDefined();
    expect(err).toContain(`mailsift is ready at ${s.url}`);
    expect(err).toContain(`    export KEY=${key}`);
    expect(err).toContain(`curl -s ${s.url}/v1/check -H "authorization: Bearer $KEY"`);
    expect(err).toContain(`    export MAILSIFT_API_KEYS=${key}=dev`);
    expect(s.output().trimEnd().endsWith(err.trimEnd())).toBe(true); // nothing after it
    expect(s.output()).not.toMatch(/MAILSIFT_API_KEY=/);
    // The key works as shown.
    const r = await call(s.url, 'POST', '/v1/check', { key: key!, body: { email: 'jane.doe@gmail.com' } });
    expect(r.status).toBe(200);
  });

  it('logs one "listening" line', () => {
    expect(s.output().match(/listening/g)).toHaveLength(1);
    expect(s.output()).not.toContain('Server listening');
  });
});

describe('feeds that cannot be downloaded', () => {
  it('one line per start saying which, what is missing and how to load them; /readyz says degraded', async () => {
    const port = await closedTcpPort();
    const s = await startServer({ MAILSIFT_FEEDS: 'on', ...FEEDS_OFF, MAILSIFT_FEEDS_URL_AWS: `http://127.0.0.1:${port}/aws.json`, MAILSIFT_FEEDS_URL_TOR: `http://127.0.0.1:${port}/tor.txt` });
    try {
      const line = await until(s, /^.*feeds unavailable.*$/m);
      expect(line).not.toBeNull();
      const entry = JSON.parse(line![0]) as { level: number; msg: string };
      expect(entry.level).toBe(40);
      expect(entry.msg).toMatch(/^feeds unavailable: could not download aws, tor: network error: ECONNREFUSED\./);
      expect(entry.msg).toContain('`ip.datacenter` and `ip.tor` are absent from answers');
      expect(entry.msg).toContain('run `npx mailsift feeds update`');
      expect(s.output().match(/feed/g)!.length).toBe(line![0].match(/feed/g)!.length); // no other feed line
      const r = await call(s.url, 'GET', '/readyz', { key: null });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('degraded');
      expect(r.body.checks.feeds).toMatchObject({ ok: false, required: false, detail: expect.stringMatching(/^not loaded: aws, tor /) });
      expect(r.body.checks.streams.ok).toBe(true);
    } finally {
      await s.stop();
      s.cleanup();
    }
  }, 60_000);
});

describe('/readyz when every dependency is there', () => {
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.route('/tor.txt', sendBody(Array.from({ length: 150 }, (_, i) => `185.220.101.${i + 1}\n`).join('')));
  });
  afterAll(() => feeds.close());

  it('says ready, with the loaded feed', async () => {
    const s = await startServer({ MAILSIFT_FEEDS: 'on', ...FEEDS_OFF, MAILSIFT_FEEDS_URL_TOR: feeds.url('/tor.txt') });
    try {
      expect(await until(s, /feeds: updated tor \(150 entries\)/)).not.toBeNull();
      const r = await call(s.url, 'GET', '/readyz', { key: null });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('ready');
      expect(r.body.checks.feeds).toMatchObject({ ok: true, detail: expect.stringContaining('tor: 150 entries') });
    } finally {
      await s.stop();
      s.cleanup();
    }
  }, 60_000);
});

describe('log format', () => {
  it('readable lines when stdout is a terminal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-tty-'));
    // `script` runs the service on a pseudo-terminal (its own process group, stopped by it).
    const env = { PATH: process.env.PATH ?? '', MAILSIFT_DATA_DIR: dir, MAILSIFT_API_KEYS: 'tty-test-key-0123456789=acme', MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off', PORT: '0' };
    const proc = spawn('script', ['-qec', `${process.execPath} ${join(REPO_ROOT, 'dist/src/main.js')} serve`, '/dev/null'], { env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (b: Buffer) => (out += b.toString()));
    try {
      const deadline = Date.now() + 45_000;
      while (!out.includes('mailsift API listening') && proc.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 100)); // the rest of the line
      const text = out.replace(/\x1b\[[0-9;]*m/g, '');
      expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: mailsift API listening \{"address":"http:\/\/127\.0\.0\.1:\d+","mode":"embedded"\}\r?$/m);
      expect(text).not.toContain('{"level"');
    } finally {
      const exited = new Promise((r) => proc.once('exit', r));
      if (proc.exitCode === null) process.kill(-proc.pid!, 'SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('JSON lines otherwise', async () => {
    const s = await startServer({ MAILSIFT_DNS: 'off' });
    try {
      const lines = s.output().trim().split('\n');
      expect(lines.length).toBeGreaterThan(1);
      for (const l of lines) expect(() => JSON.parse(l), l).not.toThrow();
    } finally {
      await s.stop();
      s.cleanup();
    }
  }, 60_000);
});
