/** The model follower keeps every published version's time and owner: /v1/stats marks them per day. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createCodecs } from '../../src/bus/codecs.ts';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../../src/bus/embedded-registry.ts';
import { ALL_TOPICS, TOPICS } from '../../src/bus/topics.ts';
import type { ModelPublished } from '../../src/domain/events.ts';
import { startModelFollower } from '../../src/roles/model-follower.ts';
import { removeDir } from '../helpers/pipeline.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const model = (version: number, trained_at: number, account: string | null): ModelPublished => ({
  version, feature_version: 999, intercept: 0, weights: [], trained_at, examples: 200, trained_through: 0, humans: 100, fakes: 100, l2: 1, train_log_loss: 0.5, holdout_log_loss: 0.5, baseline_holdout_log_loss: 0.6, account,
});

describe('model follower: published versions', () => {
  it('lists the shared versions and the asking account\'s personal ones, oldest first, never another account\'s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-follower-'));
    const bus = await openEmbeddedBus(join(dir, 'log'), ALL_TOPICS);
    cleanups.push(async () => {
      await bus.close();
      removeDir(dir);
    });
    const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
    const producer = bus.producer();
    for (const m of [model(1, 1000, null), model(2, 2000, 'acme'), model(3, 3000, 'globex'), model(4, 4000, null)]) {
      await producer.send(TOPICS.models.name, [{ key: Buffer.from('model'), value: codecs.models.encode(m), timestamp: m.trained_at, partition: 0 }]);
    }
    const follower = await startModelFollower({ bus, codecs, groupId: 'test-models', logger: pino({ level: 'silent' }) });
    cleanups.push(() => follower.stop());
    expect(await follower.caughtUp(5_000)).toBe(true);
    expect(follower.published('acme')).toEqual([
      { version: 1, at: 1000, personal: false },
      { version: 2, at: 2000, personal: true },
      { version: 4, at: 4000, personal: false },
    ]);
    expect(follower.published('initech').map((p) => p.version)).toEqual([1, 4]);
  });
});
