/**
 * examples/analytics runs against a real Kafka-mode deployment: it decodes the check events
 * through the registry and its per-domain figures match the checks made.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeKafka, KAFKA, uniqueNamespace } from '../helpers/kafka.ts';
import { call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const run = promisify(execFile);

describeKafka('examples/analytics/domain-stats.ts', () => {
  const namespace = uniqueNamespace('analytics');
  const dir = mkdtempSync(join(tmpdir(), 'ms-analytics-'));
  let s: RunningServer;

  beforeAll(async () => {
    s = await startServer({ KAFKA_BROKERS: KAFKA!.brokers.join(','), SCHEMA_REGISTRY_URL: KAFKA!.registry, MAILSIFT_SECRET: `analytics-secret-${namespace}-0123456789`, MAILSIFT_KAFKA_NAMESPACE: namespace }, dir);
  }, 120_000);

  afterAll(async () => {
    await s?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints per-domain checks, distinct inboxes, verdicts and accounts from the registry-encoded events', async () => {
    const checks: [string, string][] = [
      [KEYS.acme, 'grace.hopper@gmail.com'],
      [KEYS.acme, 'g.r.a.c.e.hopper@gmail.com'], // same inbox, another spelling
      [KEYS.globex, 'alan.turing@gmail.com'],
      [KEYS.acme, 'ada.lovelace@outlook.com'],
    ];
    for (const [key, email] of checks) expect((await call(s.url, 'POST', '/v1/check', { key, body: { email } })).status).toBe(200);
    const bulk = await call(s.url, 'POST', '/v1/check/bulk', { body: { emails: ['xk7qz9vbt2@outlook.com', 'not an address'] } });
    expect(bulk.status).toBe(200);

    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'examples', 'analytics', 'domain-stats.ts'), '--once', '--json'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', KAFKA_BROKERS: KAFKA!.brokers.join(','), SCHEMA_REGISTRY_URL: KAFKA!.registry, MAILSIFT_KAFKA_NAMESPACE: namespace },
      timeout: 60_000,
    });
    const rows = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, number | string>[];
    const gmail = rows.find((r) => r.domain === 'gmail.com')!;
    const outlook = rows.find((r) => r.domain === 'outlook.com')!;
    expect(rows.map((r) => r.domain)).toEqual(['gmail.com', 'outlook.com']);
    expect(gmail).toMatchObject({ checks: 3, inboxes: 2, accounts: 2, bulk_share: 0 });
    expect(outlook).toMatchObject({ checks: 2, inboxes: 2, accounts: 1, bulk_share: 0.5 });
    expect(Number(gmail.allow) + Number(gmail.review) + Number(gmail.block)).toBe(3);
    expect(Number(outlook.mean_human_probability)).toBeGreaterThan(0);
    expect(Number(outlook.mean_human_probability)).toBeLessThan(1);
    // Only hashes travel in the events: no address reaches the output.
    for (const [, email] of checks) expect(stdout).not.toContain(email.split('@')[0]);
  }, 120_000);
});
