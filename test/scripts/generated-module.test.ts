import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type GeneratedModule, isCurrent, isScriptMain, runGenerator, writeGeneratedModule } from '../../scripts/generated-module.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mailsift-generated-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A module whose text is `text` and that counts how often it was built. */
function fake(text: string): GeneratedModule & { builds: number } {
  const m = { path: join(dir, 'made-up-data.ts'), builds: 0, text: () => (m.builds++, text) };
  return m;
}

describe('writeGeneratedModule', () => {
  it('writes a missing module, then leaves an unchanged one untouched', () => {
    const m = fake('export const A = 1;\n');
    expect(writeGeneratedModule(m)).toBe(true);
    expect(readFileSync(m.path, 'utf8')).toBe('export const A = 1;\n');
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(m.path, old, old);
    expect(writeGeneratedModule(m)).toBe(false);
    expect(statSync(m.path).mtimeMs).toBe(old.getTime());
  });

  it('rewrites a module that differs from its sources', () => {
    const m = fake('export const A = 2;\n');
    writeFileSync(m.path, 'export const A = 1;\n');
    expect(writeGeneratedModule(m)).toBe(true);
    expect(readFileSync(m.path, 'utf8')).toBe('export const A = 2;\n');
  });

  it('with ifMissing, neither builds the text nor writes when the file is there, stale or not', () => {
    const m = fake('export const A = 2;\n');
    writeFileSync(m.path, 'export const A = 1;\n');
    expect(writeGeneratedModule(m, true)).toBe(false);
    expect(m.builds).toBe(0);
    expect(readFileSync(m.path, 'utf8')).toBe('export const A = 1;\n');
    rmSync(m.path);
    expect(writeGeneratedModule(m, true)).toBe(true);
    expect(isCurrent(m)).toBe(true);
  });
});

describe('runGenerator', () => {
  const script = new URL('../../scripts/generate-made-up.ts', import.meta.url).href;

  it('--check: 0 when current, 1 with the fix named when missing or stale, and it writes nothing', () => {
    const m = fake('export const A = 1;\n');
    const lines: string[] = [];
    expect(runGenerator(m, script, ['--check'], (l) => lines.push(l))).toBe(1);
    expect(lines[0]).toMatch(/made-up-data\.ts is missing or stale: run npx tsx scripts\/generate-made-up\.ts\n$/);
    expect(() => statSync(m.path)).toThrow();
    writeFileSync(m.path, 'stale');
    expect(runGenerator(m, script, ['--check'], (l) => lines.push(l))).toBe(1);
    expect(readFileSync(m.path, 'utf8')).toBe('stale');
    writeFileSync(m.path, 'export const A = 1;\n');
    expect(runGenerator(m, script, ['--check'], (l) => lines.push(l))).toBe(0);
    expect(lines).toHaveLength(2);
  });

  it('writes and says so only when it wrote; --if-missing keeps a stale file', () => {
    const m = fake('export const A = 1;\n');
    const lines: string[] = [];
    expect(runGenerator(m, script, [], (l) => lines.push(l))).toBe(0);
    expect(runGenerator(m, script, [], (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual([`wrote ${m.path}\n`]);
    writeFileSync(m.path, 'stale');
    expect(runGenerator(m, script, ['--if-missing'], (l) => lines.push(l))).toBe(0);
    expect(readFileSync(m.path, 'utf8')).toBe('stale');
    expect(lines).toHaveLength(1);
  });
});

describe('isScriptMain', () => {
  it('is false for a module node was not started with', () => {
    expect(isScriptMain(import.meta.url)).toBe(false);
  });
});
