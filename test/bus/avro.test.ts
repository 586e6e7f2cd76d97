import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import avro from 'avsc';
import { ClassicLevel } from 'classic-level';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventCodec, readSchema } from '../../src/bus/avro.ts';
import { createEmbeddedRegistry } from '../../src/bus/embedded-registry.ts';
import { TOPICS, type SchemaName } from '../../src/bus/topics.ts';
import type { AccountControl, CheckLabelled, CheckScored, DomainSighting, FeedbackReceived, ModelPublished } from '../../src/domain/events.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const schemasDir = join(REPO_ROOT, 'schemas');
const h16 = (b: number): Buffer => Buffer.alloc(16, b);

const samples: { [K in SchemaName]: object } = {
  'check-scored': {
    check_uuid: h16(1), account: 'acme', time: 1_700_000_000_000, domain: 'example.com', inbox_hash: h16(2),
    spelling_hash: h16(3), ip_hash: null, local_shape: 'first.last', account_type: 'work', feature_version: 1,
    features: [0.5, 1, -2], baseline_probability: 0.8, served_model: 'baseline', served_probability: 0.8, learned_probability: null,
    personal_probability: 0.6, verdict: 'allow', bulk: false, reasons: ['natural_name', 'work_domain'], stem_hash: h16(4),
  } satisfies CheckScored,
  'feedback-received': {
    check_uuid: h16(1), account: 'acme', time: 2, check_time: 1, inbox_hash: h16(2), outcome: 'fake', via: 'email', learned_probability: 0.3, personal_probability: 0.4,
  } satisfies FeedbackReceived,
  'check-labelled': {
    check_uuid: h16(1), account: 'acme', domain: 'example.com', check_time: 1, label_time: 2, outcome: 'real',
    human: true, feature_version: 1, features: [1], baseline_probability: 0.4, served_model: 'baseline',
    served_probability: 0.4, learned_probability: 0.7, personal_probability: null, local_shape: 'first.last', reporter_outcomes: 57,
  } satisfies CheckLabelled,
  'domain-sighting': { domain: 'example.com', inbox_hash: h16(2), local_shape: 'flast', account_type: 'work', time: 3 } satisfies DomainSighting,
  'account-control': {
    account: 'acme', time: 4, api_key: null, settings: null,
    rule: { id: 'rule_abcdefghijklmnop', action: 'block', type: 'email', value: null, inbox_hash: h16(2), note: 'a note', created_at: 3 },
  } satisfies AccountControl,
  'model-published': { version: 2, feature_version: 1, intercept: 0.5, weights: [0.25, -1], trained_at: 9, examples: 300, trained_through: 8, humans: 200, fakes: 100, l2: 10, train_log_loss: 0.3, holdout_log_loss: 0.35, baseline_holdout_log_loss: 0.4, account: 'acme', effective_examples: 120.5, calibration_shift: 0.25, calibration_scale: 0.75, held_out_humans_blocked: 0.02, baseline_held_out_humans_blocked: 0.025, held_back: null, withheld_accounts: ['globex'], held_out_fakes_caught: 0.81, baseline_held_out_fakes_caught: 0.8, adjusted: ['over_blocking', 'over_allowing'], held_out_humans_effective: 180.5, domain_effects: [{ domain: 'example.com', effect: -1.25, share: 0.125 }], effects_off_shift: -0.375, shape_shares: [{ shape: 'first.last', share: 0.625 }, { shape: 'numeric', share: 0.375 }], left_out_accounts: ['initech'], followed_account: 'hooli' } satisfies ModelPublished,
};

const topicOf = (s: SchemaName) => Object.values(TOPICS).find((t) => t.schema === s)!;

describe('Avro schemas and codecs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mailsift-avro-'));
  let db: ClassicLevel<Buffer, Buffer>;
  beforeAll(async () => {
    db = new ClassicLevel<Buffer, Buffer>(dir, { keyEncoding: 'buffer', valueEncoding: 'buffer' });
    await db.open();
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has one schema file per topic schema and no other', () => {
    const files = readdirSync(schemasDir).filter((f) => f.endsWith('.avsc')).map((f) => f.replace('.avsc', '')).sort();
    expect(files).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.keys(samples) as SchemaName[])('%s: TS shape matches the .avsc fields and round-trips in wire format', async (name) => {
    const schema = readSchema(schemasDir, name) as { fields: { name: string }[] };
    expect(Object.keys(samples[name]).sort()).toEqual(schema.fields.map((f) => f.name).sort());
    const codec = await createEventCodec(createEmbeddedRegistry(db), topicOf(name) as never, schema);
    const buf = codec.encode(samples[name] as never);
    expect(buf[0]).toBe(0);
    expect(buf.readUInt32BE(1)).toBe(codec.schemaId);
    const back = (await codec.decode(buf)) as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(samples[name])) {
      if (k === 'features') expect((back[k] as number[]).map((x) => Math.fround(x))).toEqual((v as number[]).map((x) => Math.fround(x)));
      else expect(back[k]).toEqual(v);
    }
  });

  it("encodes avsc's bytes behind the wire header, each value in a buffer of its own, however large", async () => {
    const schema = readSchema(schemasDir, 'check-scored');
    const codec = await createEventCodec(createEmbeddedRegistry(db), TOPICS.checks, schema);
    const type = avro.Type.forSchema(schema as avro.Schema);
    const header = Buffer.alloc(5);
    header.writeUInt32BE(codec.schemaId, 1);
    const wire = (v: object) => Buffer.concat([header, type.toBuffer(v)]);
    const small = samples['check-scored'] as CheckScored;
    const large = { ...small, features: Array.from({ length: 3000 }, (_, i) => i / 7), reasons: Array.from({ length: 50 }, () => 'natural_name') };
    const encoded = [small, large, small, { ...small, account: 'globex' }].map((v) => [v, codec.encode(v)] as const);
    for (const [v, buf] of encoded) expect(buf.equals(wire(v))).toBe(true);
    expect(encoded[0]![1].length).toBeLessThan(encoded[1]![1].length);
  });

  it('registry: same schema -> same id; evolved optional field accepted; incompatible refused', async () => {
    const registry = createEmbeddedRegistry(db);
    const base = readSchema(schemasDir, 'domain-sighting') as { fields: object[] };
    const subject = 'evolve-test-value';
    const id1 = await registry.register(subject, base);
    expect(await registry.register(subject, base)).toBe(id1);
    const evolved = { ...base, fields: [...base.fields, { name: 'region', type: ['null', 'string'], default: null }] };
    const id2 = await registry.register(subject, evolved);
    expect(id2).not.toBe(id1);
    const incompatible = { ...evolved, fields: [...evolved.fields, { name: 'required_new', type: 'string' }] };
    await expect(registry.register(subject, incompatible)).rejects.toThrow(/BACKWARD/);
  });

  it('a newer reader decodes events written with the older schema', async () => {
    const registry = createEmbeddedRegistry(db);
    const base = readSchema(schemasDir, 'domain-sighting') as { fields: object[] };
    const topic = { ...TOPICS.domainSightings, name: 'evolution.read.v1' };
    const oldCodec = await createEventCodec(registry, topic, base);
    const written = oldCodec.encode(samples['domain-sighting'] as DomainSighting);
    const evolved = { ...base, fields: [...base.fields, { name: 'region', type: ['null', 'string'], default: null }] };
    const newCodec = await createEventCodec(registry, topic, evolved);
    expect(newCodec.schemaId).not.toBe(oldCodec.schemaId);
    const read = (await newCodec.decode(written)) as DomainSighting & { region: string | null };
    expect(read.domain).toBe('example.com');
    expect(read.region).toBeNull();
  });

  it('decodes synchronously what it can without the registry: its own schema, and an older one once resolved', async () => {
    const registry = createEmbeddedRegistry(db);
    const base = readSchema(schemasDir, 'domain-sighting') as { fields: object[] };
    const topic = { ...TOPICS.domainSightings, name: 'evolution.known.v1' };
    const oldCodec = await createEventCodec(registry, topic, base);
    const written = oldCodec.encode(samples['domain-sighting'] as DomainSighting);
    const newCodec = await createEventCodec(registry, topic, { ...base, fields: [...base.fields, { name: 'region', type: ['null', 'string'], default: null }] });
    expect(oldCodec.decodeKnown(written)).toEqual(await oldCodec.decode(written));
    expect(newCodec.decodeKnown(written)).toBeUndefined(); // the writer's schema is not resolved yet
    const read = await newCodec.decode(written);
    expect(newCodec.decodeKnown(written)).toEqual(read);
    expect(newCodec.decodeKnown(newCodec.encode({ ...(samples['domain-sighting'] as DomainSighting), region: 'eu' } as DomainSighting))).toMatchObject({ region: 'eu' });
  });

  it('model records published before the verdict guard and tenant shares read with their defaults', async () => {
    const registry = createEmbeddedRegistry(db);
    const current = readSchema(schemasDir, 'model-published') as { fields: { name: string }[] };
    const added = ['effective_examples', 'calibration_shift', 'calibration_scale', 'held_out_humans_blocked', 'baseline_held_out_humans_blocked', 'held_back', 'withheld_accounts', 'held_out_fakes_caught', 'baseline_held_out_fakes_caught', 'adjusted', 'held_out_humans_effective', 'domain_effects', 'effects_off_shift', 'shape_shares', 'left_out_accounts', 'followed_account'];
    const older = { ...current, fields: current.fields.filter((f) => !added.includes(f.name)) };
    const topic = { ...TOPICS.models, name: 'evolution.models.v1' };
    const oldCodec = await createEventCodec(registry, topic, older);
    const { effective_examples, calibration_shift, calibration_scale, held_out_humans_blocked, baseline_held_out_humans_blocked, held_back, withheld_accounts, held_out_fakes_caught, baseline_held_out_fakes_caught, adjusted, held_out_humans_effective, domain_effects, effects_off_shift, shape_shares, left_out_accounts, followed_account, ...before } = samples['model-published'] as ModelPublished;
    const written = oldCodec.encode(before as ModelPublished);
    const read = await (await createEventCodec(registry, topic, current)).decode(written);
    expect(read).toMatchObject({ ...before, effective_examples: null, calibration_shift: 0, calibration_scale: 1, held_out_humans_blocked: null, held_back: null, withheld_accounts: [], held_out_fakes_caught: null, baseline_held_out_fakes_caught: null, adjusted: [], held_out_humans_effective: null, domain_effects: [], effects_off_shift: 0, shape_shares: [], left_out_accounts: [], followed_account: null });
  });

  /** Codecs of checks.labelled as written before `field` existed and as now, registered in that order, and the sample without the field. */
  async function labelledBefore(field: keyof CheckLabelled, topicName: string) {
    const registry = createEmbeddedRegistry(db);
    const current = readSchema(schemasDir, 'check-labelled') as { fields: { name: string }[] };
    const topic = { ...TOPICS.labelled, name: topicName };
    const oldCodec = await createEventCodec(registry, topic, { ...current, fields: current.fields.filter((f) => f.name !== field) });
    const newCodec = await createEventCodec(registry, topic, current);
    expect(newCodec.schemaId).not.toBe(oldCodec.schemaId);
    const before = { ...(samples['check-labelled'] as CheckLabelled) };
    delete before[field];
    return { oldCodec, newCodec, before, read: (await newCodec.decode(oldCodec.encode(before))) as CheckLabelled };
  }

  it('labelled checks written before they carried the local-part shape read with none (null)', async () => {
    const { before, read } = await labelledBefore('local_shape', 'evolution.labelled-shape.v1');
    expect(read).toMatchObject({ check_uuid: before.check_uuid, personal_probability: null, local_shape: null });
  });

  it("labelled checks written before they carried the reporter's outcome count read with none (null: the domain's tally keeps what it knew)", async () => {
    expect((samples['check-labelled'] as CheckLabelled).reporter_outcomes).toBe(57);
    const { oldCodec, newCodec, before, read } = await labelledBefore('reporter_outcomes', 'evolution.labelled-reporter.v1');
    expect(read).toMatchObject({ check_uuid: before.check_uuid, local_shape: 'first.last', reporter_outcomes: null });
    // And a reader of the older schema reads the new events (the field left out).
    expect(await oldCodec.decode(newCodec.encode(samples['check-labelled'] as CheckLabelled))).toMatchObject({ check_uuid: before.check_uuid, local_shape: 'first.last' });
  });

  it("per-domain effects written before their shares read with share 0 (unknown: served without the drift measure)", async () => {
    const registry = createEmbeddedRegistry(db);
    type Field = { name: string; type: unknown };
    const current = readSchema(schemasDir, 'model-published') as { fields: Field[] };
    const older = {
      ...current,
      fields: current.fields.map((f) => {
        if (f.name !== 'domain_effects') return f;
        const array = f.type as { items: { fields: Field[] } };
        return { ...f, type: { ...array, items: { ...array.items, fields: array.items.fields.filter((x) => x.name !== 'share') } } };
      }),
    };
    const topic = { ...TOPICS.models, name: 'evolution.models-shares.v1' };
    const oldCodec = await createEventCodec(registry, topic, older);
    const sample = samples['model-published'] as ModelPublished;
    const written = oldCodec.encode({ ...sample, domain_effects: [{ domain: 'example.com', effect: -1.25 }] });
    const read = (await (await createEventCodec(registry, topic, current)).decode(written)) as ModelPublished;
    expect(read.domain_effects).toEqual([{ domain: 'example.com', effect: -1.25, share: 0 }]);
  });

  it('account settings written before the per-account rate limits read with their defaults (the service\'s limits)', async () => {
    const registry = createEmbeddedRegistry(db);
    type Field = { name: string; type: unknown };
    const current = readSchema(schemasDir, 'account-control') as { fields: Field[] };
    const added = ['rate_limit_requests_per_second', 'rate_limit_request_burst', 'rate_limit_addresses_per_second', 'rate_limit_address_burst'];
    const older = {
      ...current,
      fields: current.fields.map((f) => {
        if (f.name !== 'settings') return f;
        const [nul, record] = f.type as [string, { fields: Field[] }];
        return { ...f, type: [nul, { ...record, fields: record.fields.filter((x) => !added.includes(x.name)) }] };
      }),
    };
    const topic = { ...TOPICS.controls, name: 'evolution.controls.v1' };
    const oldCodec = await createEventCodec(registry, topic, older);
    const settings = { verdict_allow: 70, verdict_review: 20, signup_hook_secret: null, signup_hook_reject_review: true };
    const written = oldCodec.encode({ account: 'acme', time: 5, api_key: null, rule: null, settings } as AccountControl);
    const read = (await (await createEventCodec(registry, topic, current)).decode(written)) as AccountControl;
    expect(read.settings).toEqual({ ...settings, rate_limit_requests_per_second: null, rate_limit_request_burst: null, rate_limit_addresses_per_second: null, rate_limit_address_burst: null });
  });
});
