/**
 * The rule limit per account, over the real controls log (embedded): creations racing on one
 * instance cannot pass it, replacing a rule in its slot is not a new rule, deleting frees a
 * slot, and each account has its own limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodecs } from '../../src/bus/codecs.ts';
import { openEmbeddedBus } from '../../src/bus/embedded-bus.ts';
import { createEmbeddedRegistry } from '../../src/bus/embedded-registry.ts';
import { ALL_TOPICS } from '../../src/bus/topics.ts';
import { ControlTable } from '../../src/controls/control-table.ts';
import { createControlLog } from '../../src/service/control-log.ts';
import { createEventWriter } from '../../src/service/event-writer.ts';
import { createRulesService, type RulesService } from '../../src/service/rules-service.ts';

const root = mkdtempSync(join(tmpdir(), 'mailsift-rules-'));
let bus: Awaited<ReturnType<typeof openEmbeddedBus>>;
let rules: RulesService;
let deps: Parameters<typeof createRulesService>[0];
beforeAll(async () => {
  bus = await openEmbeddedBus(join(root, 'log'), ALL_TOPICS);
  const codecs = await createCodecs(createEmbeddedRegistry(bus.log.db));
  const table = new ControlTable();
  const writer = createEventWriter(bus.producer(), { timeoutMs: 5_000, confirmGraceMs: 1_000, onWritten: () => undefined });
  deps = {
    table,
    log: createControlLog({ writer, codec: codecs.controls, table }),
    inboxHashOf: async () => ({ ok: true, inboxHash: randomBytes(16) }),
    now: Date.now,
    random: randomBytes,
    maxRules: 3,
  };
  rules = createRulesService(deps);
});
afterAll(async () => {
  await bus.close();
  rmSync(root, { recursive: true, force: true });
});

describe('rules: at most maxRules per account', () => {
  it('holds under concurrent creation; replacing, deleting and other accounts behave', async () => {
    const made = await Promise.allSettled(['a.com', 'b.com', 'c.com', 'd.com', 'e.com'].map((value) => rules.create('acme', { action: 'block', type: 'domain', value })));
    expect(made.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of made.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 400, message: 'rules: at most 3 rules per account (delete some first)' });
    }
    const kept = rules.list('acme');
    expect(kept).toHaveLength(3);
    // Full, yet a rule for a value that has one replaces it.
    const replaced = await rules.create('acme', { action: 'allow', type: 'domain', value: kept[0]!.value! });
    expect(rules.list('acme').map((r) => r.id)).toContain(replaced.id);
    expect(rules.list('acme')).toHaveLength(3);
    // Another account is not affected.
    await rules.create('globex', { action: 'block', type: 'tld', value: 'xyz' });
    // Deleting frees a slot.
    await rules.remove('acme', replaced.id);
    await rules.create('acme', { action: 'review', type: 'email', value: 'someone@example.com' });
    expect(rules.list('acme')).toHaveLength(3);
    await expect(rules.create('acme', { action: 'review', type: 'tld', value: 'top' })).rejects.toMatchObject({ status: 400 });
    await expect(rules.remove('globex', kept[1]!.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("rules: the contract's limit when none is given", () => {
  it('is 10,000 per account: the 10,001st is refused, naming the limit', async () => {
    const { maxRules: _, ...unlimited } = deps;
    const service = createRulesService(unlimited);
    for (let i = 0; i < 10_000; i += 500) {
      await Promise.all(Array.from({ length: 500 }, (_, j) => service.create('initech', { action: 'block', type: 'domain', value: `shop-${i + j}.com` })));
    }
    expect(service.list('initech')).toHaveLength(10_000);
    await expect(service.create('initech', { action: 'block', type: 'domain', value: 'one-more.com' })).rejects.toMatchObject({
      status: 400,
      message: 'rules: at most 10,000 rules per account (delete some first)',
    });
  }, 60_000);
});
