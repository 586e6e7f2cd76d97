import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import { afterEach, describe, expect, it } from 'vitest';
import { writeChained } from '../../src/platform/level-batch.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
async function open(): Promise<ClassicLevel<Buffer, Buffer>> {
  const dir = mkdtempSync(join(tmpdir(), 'mailsift-level-batch-'));
  dirs.push(dir);
  const db = new ClassicLevel<Buffer, Buffer>(dir, { keyEncoding: 'buffer', valueEncoding: 'buffer' });
  await db.open();
  return db;
}
const b = (s: string): Buffer => Buffer.from(s);

describe('writeChained', () => {
  it('writes puts and deletes together', async () => {
    const db = await open();
    await db.put(b('gone'), b('x'));
    await writeChained(db, (batch) => {
      batch.put(b('a'), b('1'));
      batch.put(b('b'), b('2'));
      batch.del(b('gone'));
    }, { sync: true });
    expect((await db.getMany([b('a'), b('b'), b('gone')])).map((v) => v?.toString())).toEqual(['1', '2', undefined]);
    await db.close();
  });

  it('a fill that throws writes nothing and rethrows; the database stays usable', async () => {
    const db = await open();
    await expect(
      writeChained(db, (batch) => {
        batch.put(b('a'), b('1'));
        throw new Error('bad record');
      }),
    ).rejects.toThrow('bad record');
    expect(await db.get(b('a'))).toBeUndefined();
    await writeChained(db, (batch) => batch.put(b('c'), b('3')));
    expect((await db.get(b('c')))?.toString()).toBe('3');
    await db.close();
  });
});
