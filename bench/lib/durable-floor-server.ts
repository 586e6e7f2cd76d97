/**
 * The durability floor of a check: what every check has to do before it may answer (ARCHITECTURE
 * decisions 4 and 5), with none of its judgement and no windowed state. Fastify parses and
 * validates the body with the real route schemas, the bearer key is looked up, the inbox and
 * spelling are keyed-hashed, a check id is signed, a check event of the real shape is
 * Avro-encoded and group-committed (fsync) to the embedded log, and a CheckResult goes back.
 * Nothing reads the log: no stream materialisation.
 *
 * `npm run bench` measures it beside fixed JSON and the real check, so the gap splits into what
 * durability costs and what the judgement, the windowed state and its materialisation cost.
 * Run in its own process; prints `listening <url>`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { CheckBody, CheckResult } from '../../src/api/schemas.ts';
import { createCodecs } from '../../src/bus/codecs.ts';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../../src/bus/embedded-registry.ts';
import { partitionFor } from '../../src/bus/partitioner.ts';
import { ALL_TOPICS, TOPICS } from '../../src/bus/topics.ts';
import { createCheckIdSigner } from '../../src/domain/check-id.ts';
import { createKeyedHasher } from '../../src/domain/keyed-hash.ts';
import { FEATURE_NAMES, FEATURE_VERSION } from '../../src/model/features.ts';

const dir = mkdtempSync(join(tmpdir(), 'mailsift-floor-'));
const bus = await openEmbeddedBus(join(dir, 'log'), ALL_TOPICS);
const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
const producer = bus.producer();
const hasher = createKeyedHasher(randomBytes(32));
const signer = createCheckIdSigner([{ id: 1, secret: randomBytes(32) }]);
const accounts = new Map((process.env.FLOOR_API_KEYS ?? '').split(',').filter(Boolean).map((kv) => kv.split('=') as [string, string]));
const features = FEATURE_NAMES.map(() => 0.5);

const app = Fastify({ logger: false });
app.post('/v1/check', { schema: { body: CheckBody, response: { 200: CheckResult } } }, async (req) => {
  const account = accounts.get(req.headers.authorization?.slice('Bearer '.length) ?? '');
  if (!account) throw Object.assign(new Error('authorization: unknown API key'), { statusCode: 401 });
  const email = (req.body as { email: string }).email.trim().toLowerCase();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const now = Date.now();
  const uuid = randomBytes(16);
  const inboxHash = hasher.hash('inbox', email);
  const value = codecs.checks.encode({
    check_uuid: uuid,
    account,
    time: now,
    domain,
    inbox_hash: inboxHash,
    spelling_hash: hasher.hash('spelling', email),
    ip_hash: null,
    local_shape: 'other',
    account_type: 'free',
    feature_version: FEATURE_VERSION,
    features,
    baseline_probability: 0.8,
    served_model: 'baseline',
    served_probability: 0.8,
    learned_probability: null,
    personal_probability: null,
    verdict: 'allow',
    bulk: false,
  });
  const key = Buffer.from(account);
  await producer.send(TOPICS.checks.name, [{ key, value, timestamp: now, partition: partitionFor(key, TOPICS.checks.partitions) }]);
  return { email, canonical: email, account_type: 'free', human_score: 80, verdict: 'allow', reasons: ['natural_name'], check_id: signer.sign(account, uuid, inboxHash, now), model: 'baseline' };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => bus.close())
    .finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
});
