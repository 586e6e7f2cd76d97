/**
 * Proves the local infrastructure (infra/, npm run infra:up) is real and usable by our client libraries:
 * explicit topics on a broker with auto-create off, an idempotent acks=all producer, a consumer group that commits,
 * Avro in Confluent wire format through the schema registry, and BACKWARD compatibility enforced by the registry.
 * Runs only with KAFKA_BROKERS and SCHEMA_REGISTRY_URL set (npm run infra:up && source .kafka-local/env).
 */
import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import avro from 'avsc';
import { ConfigResourceTypes, Kafka, logLevel, Partitioners, type Admin } from 'kafkajs';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared.ts';

const brokers = process.env.KAFKA_BROKERS?.split(',').filter(Boolean) ?? [];
const registryUrl = process.env.SCHEMA_REGISTRY_URL ?? '';
const enabled = brokers.length > 0 && registryUrl !== '';
const skipReason = 'set KAFKA_BROKERS and SCHEMA_REGISTRY_URL (npm run infra:up && source .kafka-local/env)';
if (!enabled) console.warn(`[test/kafka/infra] skipped: ${skipReason}`);

const runId = `${Date.now().toString(36)}-${process.pid}`;
const kafka = new Kafka({ clientId: 'infra-test', brokers, logLevel: logLevel.ERROR, retry: { retries: 5 } });
// for requests that are meant to fail (unknown topic, stopped broker): no error logs, no long retries
const quiet = new Kafka({
  clientId: 'infra-test-quiet', brokers, logLevel: logLevel.NOTHING, connectionTimeout: 1000, requestTimeout: 2000, retry: { retries: 0 },
});

const eventV1 = {
  type: 'record', name: 'DomainSeen', namespace: 'io.mailsift.infratest',
  fields: [{ name: 'domain', type: 'string' }, { name: 'count', type: 'long' }],
};
// BACKWARD-compatible: a new optional field (union with null first, default null)
const eventV2 = { ...eventV1, fields: [...eventV1.fields, { name: 'source', type: ['null', 'string'], default: null }] };
// incompatible: a new required field (no default), and a type change of an existing field
const requiredAdded = { ...eventV1, fields: [...eventV1.fields, { name: 'weight', type: 'double' }] };
const typeChanged = { ...eventV1, fields: [{ name: 'domain', type: 'string' }, { name: 'count', type: 'string' }] };
const avroSchema = (schema: object) => ({ type: SchemaType.AVRO as const, schema: JSON.stringify(schema) });

async function waitFor(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The stop/restart helpers act on the broker infra/up.sh started (state in .kafka-local or INFRA_STATE_DIR), so
// that part runs only when KAFKA_BROKERS points at that broker, never at someone else's.
const stateDir = process.env.INFRA_STATE_DIR ?? join(REPO_ROOT, '.kafka-local');
function brokerRestartable(list: string[]): boolean {
  const envFile = join(stateDir, 'env');
  return existsSync(join(stateDir, 'kafka.pid')) && existsSync(envFile)
    && readFileSync(envFile, 'utf8').includes(`KAFKA_BROKERS=${list.join(',')}\n`);
}

async function runInfraScript(script: string, ...args: string[]): Promise<void> {
  await promisify(execFile)('bash', [join(REPO_ROOT, 'infra', script), ...args], { timeout: 180_000 });
}

async function registryGet(path: string): Promise<unknown> {
  const res = await fetch(registryUrl + path, { headers: { accept: 'application/vnd.schemaregistry.v1+json' } });
  expect(res.status, `GET ${path}`).toBe(200);
  return res.json();
}

async function registryCall(method: 'POST' | 'PUT', path: string, body: object): Promise<{ status: number; body: unknown }> {
  const res = await fetch(registryUrl + path, {
    method, body: JSON.stringify(body), headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
  });
  return { status: res.status, body: await res.json() };
}

async function refusedStatus(promise: Promise<unknown>): Promise<number> {
  const err: unknown = await promise.then(() => new Error('accepted'), (e: unknown) => e);
  expect(err).toHaveProperty('status');
  return (err as { status: number }).status;
}

describe.skipIf(!enabled)(enabled ? 'infra: real Kafka broker + schema registry' : `infra (skipped: ${skipReason})`, () => {
  let admin: Admin;
  const registry = new SchemaRegistry({ host: registryUrl });

  beforeAll(async () => {
    admin = kafka.admin();
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.disconnect();
  });

  it('has topic auto-creation switched off on the broker', async () => {
    const { brokers: nodes } = await admin.describeCluster();
    const described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.BROKER, name: String(nodes[0]?.nodeId), configNames: ['auto.create.topics.enable'] }],
    });
    expect(described.resources[0]?.configEntries[0]).toMatchObject({ configName: 'auto.create.topics.enable', configValue: 'false' });

    const topic = `infra-test-absent-${runId}`;
    const producer = quiet.producer({ allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
    await producer.connect();
    await expect(producer.send({ topic, messages: [{ value: 'x' }] })).rejects.toThrow();
    await producer.disconnect();
    expect(await admin.listTopics()).not.toContain(topic);
  });

  it('registry: global compatibility is BACKWARD', async () => {
    expect(await registryGet('/config')).toMatchObject({ compatibilityLevel: 'BACKWARD' });
  });

  it('creates a topic, produces idempotently with acks=all, and a consumer group consumes, decodes and commits', async () => {
    const topic = `infra-test-events-${runId}`;
    const groupId = `infra-test-group-${runId}`;
    expect(await admin.createTopics({ topics: [{ topic, numPartitions: 3, replicationFactor: 1 }], waitForLeaders: true })).toBe(true);
    expect((await admin.fetchTopicMetadata({ topics: [topic] })).topics[0]?.partitions).toHaveLength(3);

    const { id } = await registry.register(avroSchema(eventV1), { subject: `${topic}-value` });
    const producer = kafka.producer({
      idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    const domains = ['example.com', 'example.org', 'example.net', 'test.invalid', 'mailsift.test'];
    const sent = Array.from({ length: 30 }, (_, i) => ({ domain: domains[i % domains.length]!, count: i }));
    const messages = await Promise.all(sent.map(async (e) => ({ key: e.domain, value: await registry.encode(id, e) })));
    const acks = await producer.send({ topic, acks: -1, messages });
    await producer.disconnect();
    expect(acks.every((a) => a.errorCode === 0)).toBe(true);

    const received: { partition: number; domain: string; count: number }[] = [];
    const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        const value = (await registry.decode(message.value!)) as { domain: string; count: number };
        received.push({ partition, ...value });
        // commit after processing, as the stream runtime will (offset = next record to read)
        await consumer.commitOffsets([{ topic, partition, offset: (BigInt(message.offset) + 1n).toString() }]);
      },
    });
    await waitFor(() => received.length >= sent.length, 60_000, 'all 30 records consumed');
    await consumer.disconnect();

    expect(received.map((r) => r.count).sort((a, b) => a - b)).toEqual(sent.map((e) => e.count));
    // keyed partitioning: one domain, one partition
    for (const d of domains) expect(new Set(received.filter((r) => r.domain === d).map((r) => r.partition)).size).toBe(1);
    const committed = (await admin.fetchOffsets({ groupId, topics: [topic] }))[0]!.partitions;
    const ends = await admin.fetchTopicOffsets(topic);
    // every partition committed up to its end; one no key hashed to has nothing to commit (-1)
    for (const p of ends) expect(committed.find((c) => c.partition === p.partition)?.offset).toBe(p.high === '0' ? '-1' : p.high);
    expect(committed.reduce((n, c) => n + Math.max(0, Number(c.offset)), 0)).toBe(30);
  });

  it('registry: Avro in Confluent wire format round-trips through a fresh client (schema fetched by id)', async () => {
    const subject = `infra-test-wire-${runId}-value`;
    const { id } = await registry.register(avroSchema(eventV1), { subject });
    const payload = { domain: 'example.com', count: 7 };
    const wire = await registry.encode(id, payload);
    expect(wire[0]).toBe(0); // magic byte
    expect(wire.readInt32BE(1)).toBe(id); // 4-byte big-endian schema id
    expect(wire.subarray(5)).toEqual(avro.Type.forSchema(eventV1 as avro.Schema).toBuffer(payload));
    expect(await new SchemaRegistry({ host: registryUrl }).decode(wire)).toEqual(payload);
  });

  it('registry: BACKWARD accepts a new optional field and refuses a new required field or a type change', async () => {
    const subject = `infra-test-evolve-${runId}-value`;
    const v1 = await registry.register(avroSchema(eventV1), { subject });
    expect(await registryGet(`/config/${subject}`)).toMatchObject({ compatibilityLevel: 'BACKWARD' });
    const oldRecord = await registry.encode(v1.id, { domain: 'example.org', count: 1 });

    const v2 = await registry.register(avroSchema(eventV2), { subject });
    expect(v2.id).not.toBe(v1.id);
    expect(await registryGet(`/subjects/${subject}/versions`)).toEqual([1, 2]);
    // what BACKWARD means: the new reader schema reads data written with the old one
    const v2Type = avro.Type.forSchema(eventV2 as avro.Schema);
    const resolver = v2Type.createResolver(avro.Type.forSchema(eventV1 as avro.Schema));
    expect(v2Type.fromBuffer(oldRecord.subarray(5), resolver)).toMatchObject({ domain: 'example.org', count: 1, source: null });

    expect(await refusedStatus(registry.register(avroSchema(requiredAdded), { subject }))).toBe(409);
    expect(await refusedStatus(registry.register(avroSchema(typeChanged), { subject }))).toBe(409);
    expect(await registryGet(`/subjects/${subject}/versions`)).toEqual([1, 2]);
  });

  it('registry: the global BACKWARD default applies without a subject config, and a subject config PUT overrides it', async () => {
    const subject = `infra-test-raw-${runId}-value`;
    const post = (schema: object) => registryCall('POST', `/subjects/${subject}/versions`, { schema: JSON.stringify(schema) });
    expect((await post(eventV1)).status).toBe(200);
    expect((await post(requiredAdded)).status).toBe(409); // no subject config here: the global BACKWARD refused it

    // FORWARD (old readers read new data) allows exactly what BACKWARD refused: a new field without a default.
    // (Not NONE: Apicurio 3.0.x stores NONE as "no subject rule" and the global BACKWARD still applies.)
    const put = await registryCall('PUT', `/config/${subject}`, { compatibility: 'FORWARD' });
    expect(put.status).toBe(200); // Confluent echoes {compatibility}, Apicurio 3.0.x {compatibilityLevel}
    expect(await registryGet(`/config/${subject}`)).toMatchObject({ compatibilityLevel: 'FORWARD' });
    expect((await post(requiredAdded)).status).toBe(200);
    expect(await registryGet(`/subjects/${subject}/versions`)).toEqual([1, 2]);
  });
});

const restartable = enabled && brokerRestartable(brokers);
describe.skipIf(!restartable)(
  restartable ? 'infra: broker stop/pause and restart keep the data'
    : `infra restart (skipped: ${enabled ? `KAFKA_BROKERS is not the broker infra/up.sh started in ${stateDir}` : skipReason})`,
  () => {
    it('a topic, its records and the group offsets survive kafka-stop.sh + kafka-start.sh; a paused broker resumes', async () => {
      const topic = `infra-test-restart-${runId}`;
      const groupId = `infra-test-restart-group-${runId}`;
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic, numPartitions: 1, replicationFactor: 1 }], waitForLeaders: true });
      const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
      await producer.connect();
      await producer.send({ topic, acks: -1, messages: Array.from({ length: 5 }, (_, i) => ({ value: `r${i}` })) });
      await producer.disconnect();
      await admin.setOffsets({ groupId, topic, partitions: [{ partition: 0, offset: '3' }] });
      await admin.disconnect();

      await runInfraScript('kafka-stop.sh');
      const down = quiet.admin();
      await expect(down.connect()).rejects.toThrow();

      await runInfraScript('kafka-start.sh');
      const after = kafka.admin();
      await after.connect();
      expect(await after.fetchTopicOffsets(topic)).toMatchObject([{ partition: 0, high: '5' }]);
      expect((await after.fetchOffsets({ groupId, topics: [topic] }))[0]?.partitions).toMatchObject([{ partition: 0, offset: '3' }]);
      await after.disconnect();

      await runInfraScript('kafka-stop.sh', '--pause');
      const frozen = quiet.admin();
      await expect(frozen.connect().then(() => frozen.describeCluster())).rejects.toThrow();
      await frozen.disconnect().catch(() => {});
      await runInfraScript('kafka-start.sh');
      const resumed = kafka.admin();
      await resumed.connect();
      expect(await resumed.fetchTopicOffsets(topic)).toMatchObject([{ partition: 0, high: '5' }]);
      await resumed.disconnect();
    });
  },
);
