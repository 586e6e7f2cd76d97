/**
 * A downstream consumer of Mailsift's check events, written the way any team would write one:
 * plain kafkajs and the Confluent schema-registry client, nothing from Mailsift's code. It reads
 * `checks.scored.v1` (Avro, Confluent wire format; the writer schema comes from the registry by
 * id) and prints per-domain statistics: checks, distinct inboxes, verdicts, mean human
 * probability, accounts, bulk share. The events carry no address or IP (only keyed hashes),
 * so neither does this output.
 *
 *   KAFKA_BROKERS=127.0.0.1:19092 SCHEMA_REGISTRY_URL=http://127.0.0.1:18081/apis/ccompat/v7 \
 *     npx tsx examples/analytics/domain-stats.ts [--from-beginning] [--once] [--top 20] [--json]
 *
 * --once reads up to the end of the topic as of start, prints, and exits; without it the
 * table is printed every 10 s until Ctrl-C. MAILSIFT_KAFKA_NAMESPACE selects a namespaced
 * deployment (topics and subjects prefixed `<namespace>.`).
 */
import { SchemaRegistry } from '@kafkajs/confluent-schema-registry';
import { Kafka, logLevel } from 'kafkajs';

interface CheckEvent {
  account: string;
  domain: string;
  inbox_hash: Buffer;
  served_probability: number;
  verdict: string;
  bulk: boolean;
}

interface DomainStats {
  checks: number;
  inboxes: Set<string>;
  verdicts: Record<string, number>;
  probabilitySum: number;
  accounts: Set<string>;
  bulk: number;
}

const args = process.argv.slice(2);
const flag = (name: string): boolean => args.includes(name);
const top = Number(args[args.indexOf('--top') + 1]) || 20;
const brokers = process.env.KAFKA_BROKERS?.split(',');
const registryUrl = process.env.SCHEMA_REGISTRY_URL;
if (!brokers || !registryUrl) {
  console.error('set KAFKA_BROKERS and SCHEMA_REGISTRY_URL');
  process.exit(2);
}
const prefix = process.env.MAILSIFT_KAFKA_NAMESPACE ? `${process.env.MAILSIFT_KAFKA_NAMESPACE}.` : '';
const topic = `${prefix}checks.scored.v1`;

const kafka = new Kafka({ clientId: 'mailsift-analytics-example', brokers, logLevel: logLevel.ERROR });
const registry = new SchemaRegistry({ host: registryUrl });
const byDomain = new Map<string, DomainStats>();

function add(e: CheckEvent): void {
  let s = byDomain.get(e.domain);
  if (!s) byDomain.set(e.domain, (s = { checks: 0, inboxes: new Set(), verdicts: {}, probabilitySum: 0, accounts: new Set(), bulk: 0 }));
  s.checks++;
  s.inboxes.add(e.inbox_hash.toString('hex'));
  s.verdicts[e.verdict] = (s.verdicts[e.verdict] ?? 0) + 1;
  s.probabilitySum += e.served_probability;
  s.accounts.add(e.account);
  if (e.bulk) s.bulk++;
}

function rows() {
  return [...byDomain]
    .sort((a, b) => b[1].checks - a[1].checks || a[0].localeCompare(b[0]))
    .slice(0, top)
    .map(([domain, s]) => ({
      domain,
      checks: s.checks,
      inboxes: s.inboxes.size,
      allow: s.verdicts.allow ?? 0,
      review: s.verdicts.review ?? 0,
      block: s.verdicts.block ?? 0,
      mean_human_probability: Math.round((s.probabilitySum / s.checks) * 1000) / 1000,
      accounts: s.accounts.size,
      bulk_share: Math.round((s.bulk / s.checks) * 1000) / 1000,
    }));
}

function print(): void {
  if (flag('--json')) {
    console.log(JSON.stringify(rows()));
    return;
  }
  console.table(rows());
}

const admin = kafka.admin();
await admin.connect();
// --once: where the topic ends now; the consumer stops when every partition reached it.
const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)]));
await admin.disconnect();
const reached = new Map<number, number>();
const done = (): boolean => [...ends].every(([p, end]) => (reached.get(p) ?? 0) >= end);

const consumer = kafka.consumer({ groupId: `${prefix}mailsift-analytics-example-${process.pid}` });
await consumer.connect();
await consumer.subscribe({ topic, fromBeginning: flag('--from-beginning') || flag('--once') });
let finish: () => void = () => undefined;
const finished = new Promise<void>((r) => (finish = r));
await consumer.run({
  eachMessage: async ({ partition, message }) => {
    if (message.value) add((await registry.decode(message.value)) as CheckEvent);
    reached.set(partition, Number(message.offset) + 1);
    if (flag('--once') && done()) finish();
  },
});
if (flag('--once')) {
  if (!done()) await finished;
  print();
} else {
  const timer = setInterval(print, 10_000);
  await new Promise<void>((r) => process.once('SIGINT', () => r()));
  clearInterval(timer);
  print();
}
await consumer.disconnect();
