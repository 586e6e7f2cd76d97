import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import { afterEach, describe, expect, it } from 'vitest';
import { openLevel } from '../../src/platform/level-open.ts';
import { StartupError } from '../../src/platform/startup-error.ts';

describe('openLevel: a database that cannot be opened is named, with what to do', () => {
  const dirs: string[] = [];
  const open: ClassicLevel<Buffer, Buffer>[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.close().catch(() => undefined);
    dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  });
  async function aDatabase(): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-level-'));
    dirs.push(dir);
    const db = new ClassicLevel<Buffer, Buffer>(join(dir, 'state'), { keyEncoding: 'buffer', valueEncoding: 'buffer' });
    await db.put(Buffer.from('k'), Buffer.from('v'));
    await db.close();
    return join(dir, 'state');
  }
  const reopen = async (location: string): Promise<Error> => {
    const db = new ClassicLevel<Buffer, Buffer>(location, { keyEncoding: 'buffer', valueEncoding: 'buffer' });
    open.push(db);
    return openLevel(db, 'state store', {}).then(
      () => new Error('opened'),
      (e: Error) => e,
    );
  };

  it('a missing manifest (IO error): which database, and to check permissions or restore', async () => {
    const location = await aDatabase();
    writeFileSync(join(location, 'CURRENT'), 'MANIFEST-999999\n');
    const err = await reopen(location);
    expect(err).toBeInstanceOf(StartupError);
    expect(err.message).toMatch(/^cannot open the state store at .*state: .*\(a file of the database is missing or cannot be read: .*restore the directory from a backup/);
  });

  it('a database another handle holds: says another process is using the data dir', async () => {
    const location = await aDatabase();
    const first = new ClassicLevel<Buffer, Buffer>(location, { keyEncoding: 'buffer', valueEncoding: 'buffer' });
    open.push(first);
    await first.open();
    const err = await reopen(location);
    expect(err).toBeInstanceOf(StartupError);
    expect(err.message).toContain('another mailsift process is using this data dir');
  });
});
