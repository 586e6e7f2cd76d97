/**
 * `mailsift topics apply` on a real broker: it creates the plan's topics, and the retired ones
 * (changelogs of stores this version no longer keeps) stay with their data unless
 * `--delete-retired` is given.
 */
import { Kafka, logLevel } from 'kafkajs';
import { expect, it } from 'vitest';
import { topicsCommand } from '../../src/roles/topics-command.ts';
import type { Context } from '../../src/roles/context.ts';
import { describeKafka, KAFKA, quietLogger, uniqueNamespace } from '../helpers/kafka.ts';

describeKafka('mailsift topics apply (real broker)', () => {
  it('keeps a retired changelog topic and says so; deletes it only with --delete-retired', async () => {
    const namespace = uniqueNamespace('topics');
    const ctx = { config: { mode: 'kafka', kafkaBrokers: KAFKA!.brokers, kafkaNamespace: namespace, kafkaReplicationFactor: 1 }, logger: quietLogger } as unknown as Context;
    const admin = new Kafka({ clientId: namespace, brokers: KAFKA!.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const retired = `${namespace}.mailsift-ip-signups-1h-changelog`;
      await admin.createTopics({ topics: [{ topic: retired, numPartitions: 1, replicationFactor: 1 }], waitForLeaders: true });
      const out: string[] = [];
      expect(await topicsCommand(ctx, 'apply', (l) => out.push(l))).toBe(0);
      expect(out[0]).toMatch(/^\d+ topics present$/);
      expect(out[1]).toBe(`1 retired topics kept (nothing uses them; \`mailsift topics apply --delete-retired\` deletes them): ${retired}`);
      const topics = await admin.listTopics();
      expect(topics).toContain(retired);
      expect(topics).toContain(`${namespace}.checks.scored.v1`);
      expect(topics).not.toContain(`${namespace}.mailsift-domain-signups-10m-changelog`); // retired: never created
      const deleted: string[] = [];
      expect(await topicsCommand(ctx, 'apply', (l) => deleted.push(l), { deleteRetired: true })).toBe(0);
      expect(deleted[1]).toBe(`1 retired topics deleted: ${retired}`);
      for (let i = 0; i < 50 && (await admin.listTopics()).includes(retired); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await admin.listTopics()).not.toContain(retired);
    } finally {
      await admin.disconnect();
    }
  });
});
