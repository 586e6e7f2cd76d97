/**
 * The last good copy of each feed under `<dataDir>/feeds/`: the body as downloaded, gzipped
 * (`<file>.gz`, read it with zcat), plus a small `<file>.meta.json` with when it was fetched.
 * Writes are atomic (temp file in the same directory, fsync, rename), so a crash or a full
 * disk leaves either the old copy or the new one, never half of one.
 * Feed bodies are public data and nothing from requests is ever written here. They are stored
 * compressed so the data dir holds no IP address as text at all: an operator's or an auditor's
 * plain scan for a user's IP must not hit a public list that happens to contain it (a Tor exit,
 * a cloud range). Copies written uncompressed by earlier versions are still read, and replaced
 * on the next update.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';

const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

export interface StoredFeedMeta {
  /** Epoch ms when this copy was downloaded and validated. */
  readonly fetchedAt: number;
  readonly entries: number;
  readonly bytes: number;
  /** sha256 of the body, to tell whether the meta belongs to the body beside it. */
  readonly sha256: string;
  /** Origin + path it came from (no query). */
  readonly source: string;
}

export interface StoredFeed {
  readonly body: Uint8Array;
  /** When the copy was fetched: from the meta file, or the body's mtime if the meta is missing or stale. */
  readonly fetchedAt: number;
}

const TEMP_MARK = '.tmp-';
const STALE_TEMP_MS = 10 * 60 * 1000;

export const sha256 = (body: Uint8Array): string => createHash('sha256').update(body).digest('hex');

export class FeedStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'feeds');
  }

  /**
   * Creates the directory and removes temp files a crash left behind. Only old ones: another
   * process sharing the data dir may be mid-write. (File mtimes are wall-clock, hence Date.now.)
   */
  async prepare(): Promise<void> {
    const nowMs = Date.now();
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir)) {
      if (!name.includes(TEMP_MARK)) continue;
      const path = join(this.dir, name);
      const age = nowMs - (await stat(path).catch(() => ({ mtimeMs: nowMs }))).mtimeMs;
      if (age > STALE_TEMP_MS) await rm(path, { force: true });
    }
  }

  /** The stored copy, or undefined when there is none. Throws on other I/O errors. */
  async read(fileName: string): Promise<StoredFeed | undefined> {
    const compressed = await this.readRaw(`${fileName}.gz`);
    const found = compressed ? { ...compressed, body: await gunzip(compressed.body) } : await this.readRaw(fileName);
    if (!found) return undefined;
    const meta = await this.readMeta(fileName);
    if (meta !== undefined && meta.sha256 === sha256(found.body)) return { body: found.body, fetchedAt: meta.fetchedAt };
    return { body: found.body, fetchedAt: (await stat(found.path)).mtimeMs };
  }

  private async readRaw(name: string): Promise<{ path: string; body: Buffer } | undefined> {
    const path = join(this.dir, name);
    try {
      return { path, body: await readFile(path) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  private async readMeta(fileName: string): Promise<StoredFeedMeta | undefined> {
    try {
      const meta = JSON.parse(await readFile(join(this.dir, `${fileName}.meta.json`), 'utf8')) as StoredFeedMeta;
      return typeof meta.fetchedAt === 'number' && typeof meta.sha256 === 'string' ? meta : undefined;
    } catch {
      return undefined;
    }
  }

  /** Replaces the stored copy atomically: body first, then its meta (sha256 of the uncompressed body). */
  async write(fileName: string, body: Uint8Array, meta: StoredFeedMeta): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await this.writeAtomic(`${fileName}.gz`, await gzip(body));
    await this.writeAtomic(`${fileName}.meta.json`, Buffer.from(`${JSON.stringify(meta, null, 2)}\n`));
    await rm(join(this.dir, fileName), { force: true }); // an uncompressed copy from an earlier version
  }

  private async writeAtomic(fileName: string, data: Uint8Array): Promise<void> {
    const final = join(this.dir, fileName);
    const temp = `${final}${TEMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`;
    const fh = await open(temp, 'wx', 0o644);
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    try {
      await rename(temp, final);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }
}
