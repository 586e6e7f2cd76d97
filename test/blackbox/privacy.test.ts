/**
 * Privacy invariant (README: Privacy): after checks (POST and GET), bulk and feedback with known
 * addresses and IPs, no address, local part, canonical inbox or IP appears in clear in any file
 * of the data dir (raw bytes, and every key and value of every LevelDB once decompressed) or in
 * the captured logs, even at trace level with request logging on. One IP is a listed Tor exit
 * (the feed is served from loopback), so the stored feed copy must not give it away either;
 * requests the HTTP parser refuses and addresses put in the URL path must not reach the logs.
 * Email rules (customer controls) keep only a keyed hash of the inbox: neither a rule in force
 * nor a deleted one leaves its address on disk.
 */
import { connect } from 'node:net';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBody, startFeedServer, type FeedServer } from '../feeds/feed-server.ts';
import { call, startServer, type RunningServer } from '../helpers/server.ts';

const ADDRESSES = ['priya.raghunathan@gmail.com', 'Priya.Raghunathan+promo@gmail.com', 'wolfgang.oberhuber@example-corp.io', 'kz8qv2xw7@mailinator.com'];
/** Addresses only ever given to email rules. */
const RULE_ADDRESSES = ['Thandiwe.Mokoena+vip@gmail.com', 'bartholomew.quist@example-corp.io'];
const SECRETS = [
  'thandiwe.mokoena',
  'thandiwemokoena',
  'bartholomew.quist',
  'priya.raghunathan',
  'priyaraghunathan',
  'wolfgang.oberhuber',
  'kz8qv2xw7',
  '198.51.100.77',
  '2001:db8:abcd:12::77',
  '9.9.9.10',
  '185.220.101.47',
  'raw.sender',
  ...ADDRESSES.map((a) => a.toLowerCase()),
  ...RULE_ADDRESSES.map((a) => a.toLowerCase()),
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Sends bytes as they are (requests a client library would refuse to build) and returns the reply. */
function rawRequest(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let got = '';
    const sock = connect(Number(port), hostname, () => sock.end(text));
    sock.on('data', (b) => (got += b.toString()));
    sock.on('close', () => resolve(got));
    sock.on('error', reject);
  });
}

// A Tor exit list of public addresses (the feed needs at least 100 entries to be accepted).
const TOR_EXIT = '185.220.101.47';
const torList = [TOR_EXIT, ...Array.from({ length: 120 }, (_, i) => `185.220.100.${i}`)].join('\n') + '\n';

let s: RunningServer;
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.route('/tor', sendBody(torList, 'text/plain'));
  s = await startServer({ MAILSIFT_LOG_LEVEL: 'trace', MAILSIFT_FEEDS: 'on', MAILSIFT_FEEDS_URL_TOR: feeds.url('/tor'), MAILSIFT_FEEDS_URL_AWS: 'off', MAILSIFT_FEEDS_URL_GOOGLE_CLOUD: 'off', MAILSIFT_FEEDS_URL_DIGITAL_OCEAN: 'off' });
  const post = (path: string, body: unknown) => call(s.url, 'POST', path, { body });
  const c = await post('/v1/check', { email: ADDRESSES[0], ip: '198.51.100.77', explain: true });
  expect(c.status).toBe(200);
  let tor = await post('/v1/check', { email: ADDRESSES[2], ip: TOR_EXIT });
  for (let i = 0; i < 50 && tor.body.ip?.tor !== true; i++) {
    await new Promise((r) => setTimeout(r, 100)); // the first feed download runs beside start-up
    tor = await post('/v1/check', { email: ADDRESSES[2], ip: TOR_EXIT });
  }
  expect(tor.body.ip).toMatchObject({ tor: true });
  expect((await call(s.url, 'GET', `/v1/${ADDRESSES[0]}`)).status).toBe(404);
  const body = JSON.stringify({ email: 'raw.sender@gmail.com' });
  const refused = await rawRequest(s.url, `FOO /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  expect(refused).toMatch(/^HTTP\/1\.1 400 [\s\S]*\r\n\r\n\{"error":"method: not a valid HTTP method"\}$/);
  await post('/v1/check', { email: ADDRESSES[1], ip: '2001:db8:abcd:12::77' });
  await call(s.url, 'GET', `/v1/check?email=${encodeURIComponent(ADDRESSES[2]!)}&ip=9.9.9.10`);
  await post('/v1/check/bulk', { emails: ADDRESSES });
  expect((await post('/v1/feedback', { check_id: c.body.check_id, outcome: 'real' })).status).toBe(202);
  expect((await post('/v1/feedback', { email: ADDRESSES[3], outcome: 'fake' })).status).toBe(202);
  await post('/v1/check', { email: 'not valid priya.raghunathan' });
  const kept = await post('/v1/rules', { action: 'allow', type: 'email', value: RULE_ADDRESSES[0], note: 'vip' });
  expect(kept.status).toBe(201);
  const dropped = await post('/v1/rules', { action: 'block', type: 'email', value: RULE_ADDRESSES[1] });
  expect((await call(s.url, 'DELETE', `/v1/rules/${dropped.body.id}`)).status).toBe(204);
  expect((await post('/v1/check', { email: 'thandiwemokoena@googlemail.com' })).body.rule).toEqual({ id: kept.body.id, action: 'allow' });
  expect((await call(s.url, 'GET', '/v1/rules')).text.toLowerCase()).not.toContain('thandiwe');
  await call(s.url, 'GET', '/metrics', { key: null });
  expect(await s.stop()).toBe(0);
}, 60_000);
afterAll(async () => {
  s?.cleanup();
  await feeds?.close();
});

describe('privacy: nothing in clear at rest or in logs', () => {
  it('no file in the data dir contains an address, local part, canonical inbox or IP', () => {
    const files = filesUnder(s.dataDir);
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const bytes = readFileSync(f).toString('latin1').toLowerCase();
      for (const secret of SECRETS) expect(bytes.includes(secret), `${secret} in ${f}`).toBe(false);
    }
  });

  it('no key or value of any LevelDB (decompressed) contains them either', async () => {
    const dbs = ['log', 'state'].map((d) => join(s.dataDir, d)).filter(existsSync);
    expect(dbs).toHaveLength(2);
    let entries = 0;
    for (const dir of dbs) {
      const db = new ClassicLevel<Buffer, Buffer>(dir, { keyEncoding: 'buffer', valueEncoding: 'buffer' });
      await db.open();
      for await (const [k, v] of db.iterator()) {
        entries++;
        const text = (k.toString('latin1') + v.toString('latin1')).toLowerCase();
        for (const secret of SECRETS) expect(text.includes(secret), `${secret} in ${dir}`).toBe(false);
      }
      await db.close();
    }
    expect(entries).toBeGreaterThan(20);
  });

  it('the logs do not contain them (and do log requests at debug level)', () => {
    const out = s.output().toLowerCase();
    expect(out).toContain('"url":"/v1/check?[redacted]"');
    expect(out).toContain('"url":"/v1/[redacted]"');
    for (const secret of SECRETS) expect(out.includes(secret), secret).toBe(false);
  });
});
