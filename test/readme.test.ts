/** README is part of the contract: its lists must match the code's closed lists. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/config/schema.ts';
import { EVIDENCE_SIGNALS, REASON_CODES } from '../src/model/reasons.ts';
import { REPO_ROOT } from './helpers/shared.ts';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const section = (title: string): string => {
  const start = readme.indexOf(title);
  const next = readme.indexOf('\n#', start + title.length);
  return readme.slice(start, next < 0 ? undefined : next);
};

describe('README', () => {
  it('documents every configuration variable with its default', () => {
    const table = section('## Configuration');
    for (const s of Object.values(SETTINGS)) {
      const row = table.split('\n').find((l) => l.startsWith(`| \`${s.env}\` |`));
      expect(row, s.env).toBeDefined();
      if (s.default !== undefined) expect(row, s.env).toContain(`\`${s.default}\``);
    }
  });

  it('lists exactly the reason codes and evidence signal names of the code', () => {
    const codes = [...section('### Reason codes').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(codes).toEqual([...REASON_CODES]);
    const signals = [...section('### Evidence signal names').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(signals).toEqual([...EVIDENCE_SIGNALS]);
  });

  it('gives the two commands and the verdict thresholds', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm test');
    expect(readme).toMatch(/`allow` when `human_score` ≥ 60, `review` for 30-59,\s+`block` below 30/);
  });

  it('has a curl example for every endpoint', () => {
    for (const p of ['/v1/check ', '/v1/check?', '/v1/check/bulk', '/v1/feedback', '/v1/model', '/v1/usage', '/v1/openapi.json', '/healthz', '/readyz', '/metrics']) {
      expect(readme.split('\n').some((l) => l.includes('curl') && l.includes(p.trim() === '/v1/check' ? 'localhost:8080/v1/check ' : p)), p).toBe(true);
    }
  });
});

describe('docs/development.md', () => {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'development.md'), 'utf8');
  const layout = /## Layout\n+```\n([\s\S]*?)```/.exec(doc)![1]!;

  it('its layout names only paths that exist, and every folder of src/', () => {
    let top = '';
    const named: string[] = [];
    for (const line of layout.split('\n')) {
      const m = /^( *)(\S+)/.exec(line);
      if (!m || m[1]!.length > 2) continue; // description continued
      if (m[1] === '') top = m[2]!;
      const path = m[1] === '' ? m[2]! : top + m[2]!;
      named.push(path.replace(/\/$/, ''));
      expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
    }
    for (const d of readdirSync(join(REPO_ROOT, 'src'), { withFileTypes: true })) if (d.isDirectory()) expect(named, `src/${d.name}`).toContain(`src/${d.name}`);
  });

  it('names no source file that does not exist', () => {
    const files = new Set<string>();
    const walk = (dir: string): void => {
      for (const d of readdirSync(dir, { withFileTypes: true })) {
        if (d.isDirectory()) walk(join(dir, d.name));
        else files.add(d.name);
      }
    };
    walk(join(REPO_ROOT, 'src'));
    walk(join(REPO_ROOT, 'test'));
    // (Not the import example `./x.ts`, nor test file examples.)
    for (const [name] of doc.matchAll(/(?<![\w.-])(?<!\.\/)[\w-]+(?:\.[\w-]+)*\.ts\b/g)) if (!name.includes('.test.')) expect(files.has(name), name).toBe(true);
  });
});
