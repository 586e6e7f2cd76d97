/**
 * Black-box steps shared by the tests that report outcomes to the built server and fit the
 * learned models with `mailsift retrain` (tenant fairness, shared-model agreement).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { call as callOnce, type Reply } from './server.ts';
import { REPO_ROOT } from './shared.ts';

/** A request, retried as a client should while the service says 503 (a loaded machine can trip its overload guard). */
export async function call(base: string, method: string, path: string, opts: Parameters<typeof callOnce>[3] = {}): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    const r = await callOnce(base, method, path, opts);
    if (r.status !== 503 || attempt === 20) return r;
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}

/** `mailsift retrain` on a data dir no server holds, with the service's environment `env`: its standard output. */
export function retrain(dir: string, env: Record<string, string>): string {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'src', 'main.js'), 'retrain'], {
    env: { PATH: process.env.PATH ?? '', MAILSIFT_DATA_DIR: dir, MAILSIFT_LOG_LEVEL: 'warn', MAILSIFT_FEEDS: 'off', MAILSIFT_DNS: 'off', ...env },
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  return r.stdout;
}

/** Reports outcomes in parallel batches (order does not matter here). */
export async function reportAll(url: string, key: string, reports: readonly { check_id: string; outcome: string }[]): Promise<void> {
  for (let i = 0; i < reports.length; i += 25) {
    const replies = await Promise.all(reports.slice(i, i + 25).map((body) => call(url, 'POST', '/v1/feedback', { key, body })));
    for (const r of replies) expect(r.status).toBe(202);
  }
}

/** Waits until /v1/model (asked with `key`) counts `n` outcomes in all. */
export async function waitForExamples(url: string, key: string, n: number): Promise<void> {
  for (let i = 0; i < 300 && (await call(url, 'GET', '/v1/model', { key })).body.feedback_examples < n; i++) await new Promise((r) => setTimeout(r, 100));
  expect((await call(url, 'GET', '/v1/model', { key })).body.feedback_examples).toBe(n);
}
