import { describe, expect, it } from 'vitest';
import { duration, topicsCommand } from '../../src/roles/topics-command.ts';
import type { Context } from '../../src/roles/context.ts';

/** `topics plan` reads only the configuration. */
const ctxWith = (config: Partial<Context['config']>): Context => ({ config: { mode: 'embedded', kafkaReplicationFactor: 1, ...config } }) as unknown as Context;

async function plan(config: Partial<Context['config']>): Promise<{ name: string; partitions: number }[]> {
  const lines: string[] = [];
  expect(await topicsCommand(ctxWith(config), 'plan', (l) => lines.push(l), { json: true })).toBe(0);
  return JSON.parse(lines.join('\n')) as { name: string; partitions: number }[];
}

describe('mailsift topics plan', () => {
  it('prints every topic by the name it has on the broker', async () => {
    const bare = await plan({});
    expect(bare.map((t) => t.name)).toContain('checks.scored.v1');
    const named = await plan({ kafkaNamespace: 'acme' });
    expect(named.map((t) => t.name)).toEqual(bare.map((t) => `acme.${t.name}`));
    expect(named.map((t) => t.partitions)).toEqual(bare.map((t) => t.partitions));
  });
});

describe('mailsift topics plan (table)', () => {
  it('prints a table for people by default: one row per topic, retention in days, hours and minutes', async () => {
    const lines: string[] = [];
    expect(await topicsCommand(ctxWith({}), 'plan', (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toMatch(/^topic\s+kind\s+partitions\s+replicas\s+cleanup\s+retention$/);
    expect(lines.find((l) => l.startsWith('checks.scored.v1 '))).toMatch(/^checks\.scored\.v1\s+event\s+\d+\s+1\s+delete\s+91 d$/);
    expect(lines.find((l) => l.startsWith('mailsift-account-waves-1h-changelog '))).toMatch(/compact,delete\s+\d+ h( \d+ min)?$/);
    // The short windows are held in the API thread's memory: their changelogs are retired, kept unless deleted on purpose.
    expect(lines.find((l) => l.startsWith('mailsift-ip-signups-1h-changelog '))).toMatch(/retired\s+-\s+-\s+-\s+kept until topics apply --delete-retired$/);
    expect(lines.find((l) => l.startsWith('mailsift-domain-signups-10m-changelog '))).toMatch(/retired/);
    // The domain's volume and shapes became one record per domain: their changelogs are retired too.
    for (const old of ['domain-volume-7d', 'domain-shapes-180d']) expect(lines.find((l) => l.startsWith(`mailsift-${old}-changelog `))).toMatch(/retired/);
    expect(lines.find((l) => l.startsWith('mailsift-domain-records-180d-changelog '))).toMatch(/changelog\s+\d+\s+1\s+compact,delete\s+\d+ d/);
    expect(lines.find((l) => l.startsWith('mailsift-model-stats-changelog '))).toMatch(/compact\s+forever \(compacted\)$/);
    expect(lines.join('\n')).not.toMatch(/retention\.ms"|\d{7,}/);
    expect(lines.at(-1)).toMatch(/^\d+ topics, 6 retired\. `mailsift topics plan --json`/);
  });

  it.each([
    [4_800_000, '1 h 20 min'],
    [91 * 86_400_000, '91 d'],
    [612_000_000, '7 d 2 h'],
    [1_020_000, '17 min'],
    [30_000, '30 s'],
  ])('duration(%d) = %s', (ms, text) => expect(duration(ms)).toBe(text));
});
