/**
 * Check ids link no one across customers (issue 21): two accounts that check one inbox get ids
 * that share nothing beyond the version and key id, and no id shows when it was issued. The
 * first format failed both: bytes 41-56 held the same keyed inbox hash in every account's id,
 * bytes 3-8 the issue time in clear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';

let s: RunningServer;
beforeAll(async () => {
  s = await startServer();
}, 60_000);
afterAll(async () => {
  await s?.stop();
  s?.cleanup();
});

const check = async (email: string, key: string): Promise<string> => {
  const r = await call(s.url, 'POST', '/v1/check', { body: { email }, key });
  expect(r.status).toBe(200);
  return r.body.check_id as string;
};
const bytesOf = (id: string): Buffer => Buffer.from(id.slice(4), 'base64url');

/** Every run of `n` bytes that occurs in both ids after their first 3 bytes (version, key id). */
function commonRuns(a: Buffer, b: Buffer, n: number): string[] {
  const seen = new Set<string>();
  for (let i = 3; i + n <= a.length; i++) seen.add(a.subarray(i, i + n).toString('hex'));
  const out: string[] = [];
  for (let j = 3; j + n <= b.length; j++) if (seen.has(b.subarray(j, j + n).toString('hex'))) out.push(b.subarray(j, j + n).toString('hex'));
  return out;
}

describe('check ids', () => {
  it('for one inbox, from two accounts (and twice from one), share no bytes beyond the prefix', async () => {
    const spellings = ['renata.okafor@gmail.com', 'Renata.Okafor+shop@gmail.com', 'renataokafor@gmail.com'];
    const acme = await Promise.all(spellings.map((e) => check(e, KEYS.acme)));
    const globex = await Promise.all(spellings.map((e) => check(e, KEYS.globex)));
    const ids = [...acme, ...globex].map(bytesOf);
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const [a, b] = [ids[i]!, ids[j]!];
        expect(a.subarray(0, 3).equals(b.subarray(0, 3))).toBe(true);
        // By chance two random 4-byte runs match once in 2^32; 70 x 70 offsets: never, in practice.
        expect(commonRuns(a, b, 4), `ids ${i} and ${j}`).toEqual([]);
        let equalAt = 0;
        for (let k = 3; k < Math.min(a.length, b.length); k++) if (a[k] === b[k]) equalAt++;
        expect(equalAt, `ids ${i} and ${j}`).toBeLessThanOrEqual(5); // chance: about 0.3 of 71
      }
    }
  });

  it('do not show when they were issued', async () => {
    const before = Date.now();
    const ids = await Promise.all(['tomas.lindqvist@yahoo.com', 'ines.carvalho@outlook.com', 'a.bauer@example-works.de'].map((e) => check(e, KEYS.acme)));
    const after = Date.now();
    for (const id of ids) {
      const b = bytesOf(id);
      for (let i = 0; i + 6 <= b.length; i++) {
        const t = b.readUIntBE(i, 6);
        // A random 48-bit value falls in this window about once in 10^10 tries.
        expect(t >= before - 60_000 && t <= after + 60_000, `a timestamp at byte ${i}`).toBe(false);
      }
    }
  });

  it('still work for feedback, and only for the account they were issued to', async () => {
    const id = await check('marek.nowak@gmail.com', KEYS.acme);
    expect((await call(s.url, 'POST', '/v1/feedback', { body: { check_id: id, outcome: 'real' }, key: KEYS.globex })).status).toBe(404);
    const ok = await call(s.url, 'POST', '/v1/feedback', { body: { check_id: id, outcome: 'real' }, key: KEYS.acme });
    expect(ok.status).toBe(202);
    expect(ok.body.check_id).toBe(id);
    // By email: the id of the check it labelled, the same one the check answered.
    const other = await check('yuki.tanaka@gmail.com', KEYS.acme);
    const byEmail = await call(s.url, 'POST', '/v1/feedback', { body: { email: 'yuki.tanaka@gmail.com', outcome: 'fake' }, key: KEYS.acme });
    expect(byEmail.status).toBe(202);
    expect(byEmail.body.check_id).toBe(other);
  });
});
