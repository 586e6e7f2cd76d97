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
    expect(() => loadOrCreateMasterSecret(d, undefined)).toThrow(/secret is missing, but log\/ .* set MAILSIFT_SECRET to the value used before, or restore this file from a backup/);
  });

  it('a secret that cannot be read is named, with what to fix, not a bare errno', () => {
    const d = fresh();
    mkdirSync(join(d, 'secret')); // unreadable as a file (EISDIR); EACCES takes the same path
    expect(() => loadOrCreateMasterSecret(d, undefined)).toThrow(StartupError);
    expect(() => loadOrCreateMasterSecret(d, undefined)).toThrow(/^cannot read .*secret \(EISDIR\): the service runs as a user that must be able to read it/);
  });

  it('refuses another secret than the keyed data was written with, from the environment or the file', () => {
    const d = fresh();
    loadOrCreateMasterSecret(d, 'the-first-secret-0123456789abcdef');
    mkdirSync(join(d, 'state'));
    expect(loadOrCreateMasterSecret(d, 'the-first-secret-0123456789abcdef')).toBeInstanceOf(Buffer);
    expect(() => loadOrCreateMasterSecret(d, 'another-secret-0123456789abcdef')).toThrow(StartupError);
    expect(() => loadOrCreateMasterSecret(d, 'another-secret-0123456789abcdef')).toThrow(/^MAILSIFT_SECRET is not the secret that state\/ in .* were written with .*set it back to the value used before/);
    // Written with the data dir's own file: another MAILSIFT_SECRET, or another file, is refused.
    const f = fresh();
    loadOrCreateMasterSecret(f, undefined);
    mkdirSync(join(f, 'log'));
    expect(() => loadOrCreateMasterSecret(f, 'any-secret-0123456789abcdef')).toThrow(/^MAILSIFT_SECRET is not the secret that log\/ in .* were written with/);
    writeFileSync(join(f, 'secret'), 'ab'.repeat(32) + '\n');
    expect(() => loadOrCreateMasterSecret(f, undefined)).toThrow(/secret is not the secret that log\/ in .* were written with .*restore the previous file/);
    // Starting over: with the keyed data removed, the new secret is adopted.
    rmSync(join(d, 'state'), { recursive: true });
    const adopted = loadOrCreateMasterSecret(d, 'another-secret-0123456789abcdef');
    mkdirSync(join(d, 'log'));
    expect(loadOrCreateMasterSecret(d, 'another-secret-0123456789abcdef').equals(adopted)).toBe(true);
  });

  it('a fingerprint that cannot be read is named, never taken for none (which would adopt any secret)', () => {
    const d = fresh();
    mkdirSync(join(d, 'log'));
    mkdirSync(join(d, 'secret.fingerprint')); // unreadable as a file (EISDIR)
    expect(() => loadOrCreateMasterSecret(d, 'the-first-secret-0123456789abcdef')).toThrow(StartupError);
    expect(() => loadOrCreateMasterSecret(d, 'the-first-secret-0123456789abcdef')).toThrow(/^cannot use .*secret\.fingerprint \(EISDIR\)/);
  });

  it('a data dir from before fingerprints adopts the secret it is started with', () => {
    const d = fresh();
    mkdirSync(join(d, 'log'));
    const m = loadOrCreateMasterSecret(d, 'the-first-secret-0123456789abcdef');
    expect(loadOrCreateMasterSecret(d, 'the-first-secret-0123456789abcdef').equals(m)).toBe(true);
    expect(() => loadOrCreateMasterSecret(d, 'another-secret-0123456789abcdef')).toThrow(StartupError);
  });

  it('a damaged secret is refused', () => {
    const d = fresh();
    writeFileSync(join(d, 'secret'), 'not hex\n');
    expect(() => loadOrCreateMasterSecret(d, undefined)).toThrow(/is not a 32-byte hex secret/);
  });
});
