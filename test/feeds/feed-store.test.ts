import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { FeedStore, sha256 } from '../../src/feeds/feed-store.ts';

const root = mkdtempSync(join(tmpdir(), 'mailsift-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const meta = (body: Uint8Array, fetchedAt: number) => ({ fetchedAt, entries: 1, bytes: body.byteLength, sha256: sha256(body), source: 'http://x/y' });

describe('FeedStore', () => {
  it('returns undefined when nothing is stored', async () => {
    const store = new FeedStore(mkdtempSync(join(root, 'd-')));
    await store.prepare();
    expect(await store.read('tor-exits.txt')).toBeUndefined();
  });

  it('writes body and meta, replaces them whole, and leaves no temp file', async () => {
    const dir = mkdtempSync(join(root, 'd-'));
    const store = new FeedStore(dir);
    const v1 = Buffer.from('185.220.101.4\n');
    const v2 = Buffer.from('185.220.101.5\n185.220.101.6\n');
    await store.write('tor-exits.txt', v1, meta(v1, 1_000));
    await store.write('tor-exits.txt', v2, meta(v2, 2_000));
    expect(gunzipSync(readFileSync(join(dir, 'feeds', 'tor-exits.txt.gz'))).toString()).toBe(v2.toString());
    expect(await store.read('tor-exits.txt')).toEqual({ body: v2, fetchedAt: 2_000 });
    expect(readdirSync(join(dir, 'feeds')).sort()).toEqual(['tor-exits.txt.gz', 'tor-exits.txt.meta.json']);
  });

  it('keeps no feed address as text on disk (a scan for a user IP must not hit a public list)', async () => {
    const dir = mkdtempSync(join(root, 'd-'));
    const store = new FeedStore(dir);
    const body = Buffer.from(Array.from({ length: 500 }, (_, i) => `185.220.${i >> 8}.${i & 255}\n`).join(''));
    await store.write('tor-exits.txt', body, meta(body, 1_000));
    for (const f of readdirSync(join(dir, 'feeds'))) expect(readFileSync(join(dir, 'feeds', f), 'latin1')).not.toContain('185.220.1.4');
  });

  it('reads an uncompressed copy an earlier version wrote, and replaces it on the next write', async () => {
    const dir = mkdtempSync(join(root, 'd-'));
    const store = new FeedStore(dir);
    await store.prepare();
    const old = Buffer.from('185.220.101.4\n');
    writeFileSync(join(dir, 'feeds', 'tor-exits.txt'), old);
    writeFileSync(join(dir, 'feeds', 'tor-exits.txt.meta.json'), JSON.stringify(meta(old, 1_000)));
    expect(await store.read('tor-exits.txt')).toEqual({ body: old, fetchedAt: 1_000 });
    const next = Buffer.from('185.220.101.5\n');
    await store.write('tor-exits.txt', next, meta(next, 2_000));
    expect(readdirSync(join(dir, 'feeds')).sort()).toEqual(['tor-exits.txt.gz', 'tor-exits.txt.meta.json']);
    expect(await store.read('tor-exits.txt')).toEqual({ body: next, fetchedAt: 2_000 });
  });

  it('falls back to the file mtime when the meta does not belong to the body', async () => {
    const dir = mkdtempSync(join(root, 'd-'));
    const store = new FeedStore(dir);
    const body = Buffer.from('185.220.101.4\n');
    await store.write('tor-exits.txt', body, meta(body, 1_000));
    const path = join(dir, 'feeds', 'tor-exits.txt.gz');
    writeFileSync(path, gzipSync('185.220.101.9\n')); // replaced behind the store's back
    const got = await store.read('tor-exits.txt');
    expect(got?.fetchedAt).toBe(statSync(path).mtimeMs);
  });
});
