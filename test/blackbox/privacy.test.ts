/**
 * Privacy invariant (CONTRACT.md): after checks (POST and GET), bulk and feedback with known
 * addresses and IPs, no address, local part, canonical inbox or IP appears in clear in any file
 * of the data dir (raw bytes, and every key and value of every LevelDB once decompressed) or in
 * the captured logs, even at debug level with request logging on.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type RunningServer } from '../helpers/server.ts';

const ADDRESSES = ['priya.raghunathan@gmail.com', 'Priya.Raghunathan+promo@gmail.com', 'wolfgang.oberhuber@example-corp.io', 'kz8qv2xw7@mailinator.com'];
const SECRETS = [
  'priya.raghunathan',
  'priyaraghunathan',
  'wolfgang.oberhuber',
  'kz8qv2xw7',
  '198.51.100.77',
  '2001:db8:abcd:12::77',
  '9.9.9.10',
  ...ADDRESSES.map((a) => a.toLowerCase()),
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

let s: RunningServer;
beforeAll(async () => {
  s = await startServer({ MAILSIFT_LOG_LEVEL: 'debug' });
  const post = (path: string, body: unknown) => call(s.url, 'POST', path, { body });
  const c = await post('/v1/check', { email: ADDRESSES[0], ip: '198.51.100.77', explain: true });
  expect(c.status).toBe(200);
  await post('/v1/check', { email: ADDRESSES[1], ip: '2001:db8:abcd:12::77' });
  await call(s.url, 'GET', `/v1/check?email=${encodeURIComponent(ADDRESSES[2]!)}&ip=9.9.9.10`);
  await post('/v1/check/bulk', { emails: ADDRESSES });
  expect((await post('/v1/feedback', { check_id: c.body.check_id, outcome: 'real' })).status).toBe(202);
  expect((await post('/v1/feedback', { email: ADDRESSES[3], outcome: 'fake' })).status).toBe(202);
  await post('/v1/check', { email: 'not valid priya.raghunathan' });
  await call(s.url, 'GET', '/metrics', { key: null });
  expect(await s.stop()).toBe(0);
}, 60_000);
afterAll(() => s?.cleanup());

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
    for (const secret of SECRETS) expect(out.includes(secret), secret).toBe(false);
  });
});
