/**
 * Locates the workplace's shared data (`../shared` beside the repo, or MAILSIFT_SHARED_DIR).
 * Tests that need it call `describeShared(...)`/`sharedPath(...)` and skip when it is absent,
 * so the suite runs on a bare clone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const SHARED_DIR = process.env.MAILSIFT_SHARED_DIR ?? resolve(repoRoot, '..', 'shared');

export function sharedPath(...parts: string[]): string {
  return join(SHARED_DIR, ...parts);
}

export function hasShared(...parts: string[]): boolean {
  return existsSync(sharedPath(...parts));
}

export function readSharedJson<T>(...parts: string[]): T {
  return JSON.parse(readFileSync(sharedPath(...parts), 'utf8')) as T;
}

/** `describe` that is skipped (with the reason in its title) when the shared file is missing. */
export function describeShared(parts: string[], name: string, fn: () => void): void {
  if (hasShared(...parts)) describe(name, fn);
  else describe.skip(`${name} (skipped: ../shared/${parts.join('/')} absent)`, fn);
}

export const REPO_ROOT = repoRoot;
