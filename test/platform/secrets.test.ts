import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateMasterSecret } from '../../src/platform/secrets.ts';
import { StartupError } from '../../src/platform/startup-error.ts';

describe('loadOrCreateMasterSecret', () => {
  const dirs: string[] = [];
  const fresh = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'mailsift-secret-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('creates a secret once and reads the same one back', () => {
    const d = fresh();
    expect(loadOrCreateMasterSecret(d, undefined).equals(loadOrCreateMasterSecret(d, undefined))).toBe(true);
  });

  it('refuses to replace a lost secret while keyed data exists', () => {
    const d = fresh();
    mkdirSync(join(d, 'log'));
    expect(() => loadOrCreateMasterSecret(d, undefined)).toThrow(StartupError);
    expect(() => loadOrCreateMasterSecret(d, undefined)).toThrow(/secret is missing, but log\/ .* restore the file/);
  });

  it('a secret that cannot be read is named, with what to fix, not a bare errno', () => {
    const d = fresh();
    mkdirSync(join(d, 'secret')); // unreadable as a file (EISDIR); EACCES takes the same path
    expect(() => loadOrCreateMasterSecret(d, undefined)).toThrow(StartupError);
    expect(() => loadOrCreateMasterSecret(d, undefined)).toThrow(/^cannot read .*secret \(EISDIR\): the service runs as a user that must be able to read it/);
  });

  it('a damaged secret is refused', () => {
    const d = fresh();
    writeFileSync(join(d, 'secret'), 'not hex\n');
    expect(() => loadOrCreateMasterSecret(d, undefined)).toThrow(/is not a 32-byte hex secret/);
  });
});
