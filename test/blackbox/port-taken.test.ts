/**
 * A start on a port that is already taken fails first (issue 21): it used to create the data
 * dir, generate and print a development key and download the feeds before the listen failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sendBody, startFeedServer } from '../feeds/feed-server.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

function run(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [join(REPO_ROOT, 'dist/src/main.js'), 'serve'], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MAILSIFT_DNS: 'off', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (b: Buffer) => (out += b.toString()));
    p.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const timer = setTimeout(() => p.kill('SIGKILL'), 60_000);
    p.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('a start on a port already in use', () => {
  it('fails at once: no data dir, no development key, no feed download', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as AddressInfo).port;
    const feeds = await startFeedServer();
    feeds.route('/tor', sendBody('185.220.101.1\n', 'text/plain'));
    const dir = join(mkdtempSync(join(tmpdir(), 'mailsift-port-')), 'data');
    try {
      const r = await run({
        PORT: String(port),
        HOST: '127.0.0.1',
        MAILSIFT_DATA_DIR: dir,
        MAILSIFT_FEEDS: 'on',
        MAILSIFT_FEEDS_URL_TOR: feeds.url('/tor'),
        MAILSIFT_FEEDS_URL_AWS: 'off',
        MAILSIFT_FEEDS_URL_GOOGLE_CLOUD: 'off',
        MAILSIFT_FEEDS_URL_DIGITAL_OCEAN: 'off',
        MAILSIFT_FEEDS_URL_RDAP: 'off',
      });
      expect(r.code).toBe(1);
      expect(r.out).toContain(`mailsift: cannot listen on 127.0.0.1:${port} (HOST, PORT): port ${port} is already in use`);
      expect(r.out).not.toContain('MAILSIFT_API_KEY=');
      expect(feeds.hits('/tor')).toBe(0);
      expect(existsSync(dir)).toBe(false);
    } finally {
      await feeds.close();
      taken.close();
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  }, 90_000);
});
