/**
 * The last good copy of each feed under `<dataDir>/feeds/`: the body exactly as downloaded
 * (public data, readable by an operator) plus a small `<file>.meta.json` with when it was
 * fetched. Writes are atomic (temp file in the same directory, fsync, rename), so a crash or
 * a full disk leaves either the old copy or the new one, never half of one.
 * Feed bodies are public data; nothing from requests is ever written here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

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
    const path = join(this.dir, fileName);
    let body: Buffer;
    try {
      body = await readFile(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    const meta = await this.readMeta(fileName);
    if (meta !== undefined && meta.sha256 === sha256(body)) return { body, fetchedAt: meta.fetchedAt };
    return { body, fetchedAt: (await stat(path)).mtimeMs };
  }

  private async readMeta(fileName: string): Promise<StoredFeedMeta | undefined> {
    try {
      const meta = JSON.parse(await readFile(join(this.dir, `${fileName}.meta.json`), 'utf8')) as StoredFeedMeta;
      return typeof meta.fetchedAt === 'number' && typeof meta.sha256 === 'string' ? meta : undefined;
    } catch {
      return undefined;
    }
  }

  /** Replaces the stored copy atomically: body first, then its meta. */
  async write(fileName: string, body: Uint8Array, meta: StoredFeedMeta): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await this.writeAtomic(fileName, body);
    await this.writeAtomic(`${fileName}.meta.json`, Buffer.from(`${JSON.stringify(meta, null, 2)}\n`));
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
