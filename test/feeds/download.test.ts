import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayUrl, downloadFeed } from '../../src/feeds/download.ts';
import { redirect, sendBody, stall, startFeedServer, status, type FeedServer } from './feed-server.ts';

let server: FeedServer;
const opts = { timeoutMs: 2_000, maxBytes: 1_000 };

beforeAll(async () => {
  server = await startFeedServer();
  server.route('/ok', sendBody('185.220.101.4\n'));
  server.route('/hop1', redirect('/hop2'));
  server.route('/hop2', redirect('/ok'));
  server.route('/missing', status(404));
  server.route('/error', status(503));
  server.route('/stall', stall);
  server.route('/big', sendBody('x'.repeat(5_000)));
  server.route('/big-chunked', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }); // no content-length: chunked
    for (let i = 0; i < 10; i++) res.write('y'.repeat(500));
    res.end();
  });
  server.route('/cut', (_req, res) => {
    res.writeHead(200, { 'content-length': '1000' });
    res.end('only part of it'); // closes before the announced length
  });
});
afterAll(() => server.close());

describe('downloadFeed against a loopback server', () => {
  it('returns the body', async () => {
    const r = await downloadFeed(server.url('/ok'), opts);
    expect(r.ok && Buffer.from(r.body).toString()).toBe('185.220.101.4\n');
  });

  it('follows redirects', async () => {
    const r = await downloadFeed(server.url('/hop1'), opts);
    expect(r.ok && Buffer.from(r.body).toString()).toBe('185.220.101.4\n');
  });

  it.each([
    ['/missing', 'HTTP 404'],
    ['/error', 'HTTP 503'],
    ['/big', 'body larger than 1000 bytes'],
    ['/big-chunked', 'body larger than 1000 bytes'],
  ])('%s fails with %s', async (path, error) => {
    expect(await downloadFeed(server.url(path), opts)).toEqual({ ok: false, error });
  });

  it('fails a connection closed before the announced length', async () => {
    const r = await downloadFeed(server.url('/cut'), opts);
    expect(r.ok).toBe(false);
  });

  it('times out on a stalled body, within bounds', async () => {
    const t0 = Date.now();
    expect(await downloadFeed(server.url('/stall'), { ...opts, timeoutMs: 200 })).toEqual({
      ok: false,
      error: 'timed out after 200 ms',
    });
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it('stops when its signal aborts', async () => {
    const ac = new AbortController();
    const pending = downloadFeed(server.url('/stall'), { ...opts, signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    expect(await pending).toEqual({ ok: false, error: 'aborted (updater stopped)' });
  });

  it('reports a refused connection', async () => {
    const r = await downloadFeed('http://127.0.0.1:1/x', opts);
    expect(r).toMatchObject({ ok: false });
    expect(!r.ok && r.error).toMatch(/^network error: /);
  });

  it.each(['file:///etc/passwd', 'data:text/plain,1.2.3.4', 'not a url'])('refuses %s', async (url) => {
    expect((await downloadFeed(url, opts)).ok).toBe(false);
  });

  it('displays URLs without query or credentials', () => {
    expect(displayUrl('https://user:pw@example.com/a/b.json?sig=secret#x')).toBe('https://example.com/a/b.json');
  });
});
