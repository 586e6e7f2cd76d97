/**
 * The model follower of every API instance: the newest shared and personal models it may
 * serve, never a version the trainer held back for over-blocking (the one before keeps
 * serving), the shared model's accounts it must not be served to, and every version that
 * served with its time and owner (/v1/stats marks them per day).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createCodecs } from '../../src/bus/codecs.ts';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../../src/bus/embedded-registry.ts';
import { ALL_TOPICS, TOPICS } from '../../src/bus/topics.ts';
import type { ModelPublished } from '../../src/domain/events.ts';
import { FEATURE_NAMES, FEATURE_VERSION } from '../../src/model/features.ts';
import { startModelFollower } from '../../src/roles/model-follower.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const model = (version: number, over: Partial<ModelPublished> = {}): ModelPublished => ({
  version,
  feature_version: FEATURE_VERSION,
  intercept: version / 10,
  weights: FEATURE_NAMES.map(() => 0.1),
  trained_at: version,
  examples: 300,
  trained_through: version,
  humans: 150,
  fakes: 150,
  l2: 10,
  train_log_loss: 0.4,
  holdout_log_loss: 0.4,
  baseline_holdout_log_loss: 0.5,
  account: null,
  ...over,
});

describe('model follower', () => {
  it('never takes up a held-back version: the one before keeps serving, and the held-back one is reported as such', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-follower-'));
    dirs.push(dir);
    const bus = await openEmbeddedBus(join(dir, 'log'), ALL_TOPICS);
    try {
      const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
      const records = [
        model(1, { withheld_accounts: ['globex'] }),
        model(2, { held_back: 'over_blocking', calibration_shift: 2.5 }),
        model(3, { account: 'acme' }),
        model(4, { account: 'acme', held_back: 'over_blocking' }),
      ];
      await bus.producer().send(TOPICS.models.name, records.map((m) => ({ key: Buffer.from('model'), value: codecs.models.encode(m), timestamp: m.trained_at, partition: 0 })));
      const f = await startModelFollower({ bus, codecs, groupId: 'test-follower', logger: pino({ level: 'silent' }) });
      try {
        expect(await f.caughtUp()).toBe(true);
        expect(f.shared()?.version).toBe(1);
        expect(f.shared()?.withheldFrom).toEqual(new Set(['globex']));
        expect(f.heldBack?.(undefined)?.version).toBe(2);
        expect(f.personal('acme')?.version).toBe(3);
        expect(f.heldBack?.('acme')?.version).toBe(4);
        expect(f.heldBack?.('globex')).toBeUndefined();
        // The trainer numbers the next version after the newest record of any kind.
        expect(f.latestPublished()?.version).toBe(4);
        // A later version that serves clears the held-back note of its scope.
        await bus.producer().send(TOPICS.models.name, [{ key: Buffer.from('model'), value: codecs.models.encode(model(5)), timestamp: 5, partition: 0 }]);
        expect(await f.caughtUp()).toBe(true);
        expect(f.shared()?.version).toBe(5);
        expect(f.shared()?.withheldFrom).toBeUndefined();
        expect(f.heldBack?.(undefined)).toBeUndefined();
      } finally {
        await f.stop();
      }
    } finally {
      await bus.close();
    }
  });

  it('lists the shared versions and the asking account\'s personal ones that served, oldest first, never another account\'s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-follower-'));
    dirs.push(dir);
    const bus = await openEmbeddedBus(join(dir, 'log'), ALL_TOPICS);
    try {
      const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
      const records = [
        model(1, { trained_at: 1000 }),
        model(2, { trained_at: 2000, account: 'acme' }),
        model(3, { trained_at: 3000, account: 'globex' }),
        model(4, { trained_at: 4000 }),
        model(5, { trained_at: 5000, held_back: 'over_blocking' }),
      ];
      await bus.producer().send(TOPICS.models.name, records.map((m) => ({ key: Buffer.from('model'), value: codecs.models.encode(m), timestamp: m.trained_at, partition: 0 })));
      const f = await startModelFollower({ bus, codecs, groupId: 'test-published', logger: pino({ level: 'silent' }) });
      try {
        expect(await f.caughtUp(5_000)).toBe(true);
        expect(f.published('acme')).toEqual([
          { version: 1, at: 1000, personal: false },
          { version: 2, at: 2000, personal: true },
          { version: 4, at: 4000, personal: false },
        ]);
        expect(f.published('initech').map((p) => p.version)).toEqual([1, 4]);
      } finally {
        await f.stop();
      }
    } finally {
      await bus.close();
    }
  });
});
