import { describe, expect, it } from 'vitest';
import { CONVERTED_STORES, IN_MEMORY_STORES, RETIRED_STORES, stateStoresOf, storesOf, storesToDrop, storesWithRetiredChangelogs, TOPOLOGY, EMBEDDED_TOPOLOGY } from '../../src/streams/topology.ts';
import { DOMAIN_RECORDS, DOMAIN_SHAPES_V1, DOMAIN_VOLUME_V1 } from '../../src/streams/aggregations/domain-records-180d.ts';
import { IP_SIGNUPS } from '../../src/streams/aggregations/ip-signups-1h.ts';
import { DOMAIN_SIGNUPS } from '../../src/streams/aggregations/domain-signups-10m.ts';
import { INBOX_RECORDS } from '../../src/streams/aggregations/inbox-records-90d.ts';
import { timedStore } from '../../src/streams/stores/store-spec.ts';
import type { Aggregation, ProcessorNode } from '../../src/streams/aggregation.ts';

describe('topology stores', () => {
  it('one record per account and inbox replaces the two retired inbox stores, in both modes', () => {
    for (const nodes of [TOPOLOGY, EMBEDDED_TOPOLOGY]) {
      const ids = storesOf(nodes).map((s) => s.id);
      expect(ids).toContain(INBOX_RECORDS.id);
      for (const r of RETIRED_STORES) expect(ids).not.toContain(r.id);
    }
  });

  it('neither mode keeps the short windows as stores (the API thread holds them): a state drops them and the retired stores', () => {
    for (const nodes of [TOPOLOGY, EMBEDDED_TOPOLOGY]) expect(storesOf(nodes).map((s) => s.id)).not.toContain(DOMAIN_SIGNUPS.id);
    for (const nodes of [TOPOLOGY, EMBEDDED_TOPOLOGY]) expect(storesOf(nodes).map((s) => s.id)).not.toContain(IP_SIGNUPS.id);
    expect(storesOf(TOPOLOGY).map((s) => s.id).sort()).toEqual(storesOf(EMBEDDED_TOPOLOGY).map((s) => s.id).sort());
    expect(storesToDrop().map((s) => s.name).sort()).toEqual([...RETIRED_STORES.map((s) => s.name), 'domain-signups-10m', 'ip-signups-1h', 'domain-volume-7d', 'domain-shapes-180d'].sort());
    expect(IN_MEMORY_STORES.map((s) => s.id).sort()).toEqual([DOMAIN_SIGNUPS.id, IP_SIGNUPS.id].sort());
  });

  it('one record per domain replaces the volume and shapes stores, in both modes: a streams state keeps them open to convert them, a replica drops them', () => {
    expect(CONVERTED_STORES.map((s) => s.id).sort()).toEqual([DOMAIN_VOLUME_V1.id, DOMAIN_SHAPES_V1.id].sort());
    for (const nodes of [TOPOLOGY, EMBEDDED_TOPOLOGY]) {
      const ids = storesOf(nodes).map((s) => s.id);
      expect(ids).toContain(DOMAIN_RECORDS.id);
      for (const c of CONVERTED_STORES) expect(ids).not.toContain(c.id);
      const state = stateStoresOf(nodes);
      for (const c of CONVERTED_STORES) expect(state.map((s) => s.id)).toContain(c.id);
      expect(storesToDrop(state).map((s) => s.id)).not.toContain(DOMAIN_VOLUME_V1.id);
      expect(storesToDrop(state).map((s) => s.id)).not.toContain(DOMAIN_SHAPES_V1.id);
    }
    // Their changelogs are retired: nothing writes them any more.
    expect(storesWithRetiredChangelogs().map((s) => s.name)).toEqual(expect.arrayContaining(['domain-volume-7d', 'domain-shapes-180d']));
    // Kafka mode converts partition by partition (the repartition topic is keyed by domain); embedded mode every key at once.
    const conversion = (nodes: readonly ProcessorNode[]) => nodes.flatMap((n) => n.aggregations).find((a) => a.converts)?.converts;
    expect(conversion(TOPOLOGY)?.partitionOf).toBeDefined();
    expect(conversion(EMBEDDED_TOPOLOGY)?.partitionOf).toBeUndefined();
    const reuse: Aggregation<unknown> = { name: 'x', stores: [DOMAIN_SHAPES_V1], reads: () => undefined, apply: () => undefined };
    expect(() => storesOf([{ name: 'n', source: 'checks', aggregations: [reuse], timeOf: () => 0 } as unknown as ProcessorNode])).toThrow(/converted/);
  });

  it('a retired store id is never used again', () => {
    const reuse: Aggregation<unknown> = { name: 'x', stores: [timedStore(RETIRED_STORES[0]!.id, 'something-new', 1000)], reads: () => undefined, apply: () => undefined };
    const node = { name: 'n', source: 'checks', aggregations: [reuse], timeOf: () => 0 } as unknown as ProcessorNode;
    expect(() => storesOf([node])).toThrow(/retired/);
    const windows: Aggregation<unknown> = { name: 'y', stores: [timedStore(IP_SIGNUPS.id, 'ip-signups-1h', 1000)], reads: () => undefined, apply: () => undefined };
    expect(() => storesOf([{ ...node, aggregations: [windows] } as unknown as ProcessorNode])).toThrow(/memory/);
  });
});
