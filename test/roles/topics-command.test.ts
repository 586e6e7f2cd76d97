import { describe, expect, it } from 'vitest';
import { topicsCommand } from '../../src/roles/topics-command.ts';
import type { Context } from '../../src/roles/context.ts';

/** `topics plan` reads only the configuration. */
const ctxWith = (config: Partial<Context['config']>): Context => ({ config: { mode: 'embedded', kafkaReplicationFactor: 1, ...config } }) as unknown as Context;

async function plan(config: Partial<Context['config']>): Promise<{ name: string; partitions: number }[]> {
  const lines: string[] = [];
  expect(await topicsCommand(ctxWith(config), 'plan', (l) => lines.push(l))).toBe(0);
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
