import { describe, expect, it } from 'vitest';
import { IN_MEMORY_STORES, RETIRED_STORES, storesOf, storesToDrop, TOPOLOGY, EMBEDDED_TOPOLOGY } from '../../src/streams/topology.ts';
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
    expect(storesToDrop().map((s) => s.name).sort()).toEqual([...RETIRED_STORES.map((s) => s.name), 'domain-signups-10m', 'ip-signups-1h'].sort());
    expect(IN_MEMORY_STORES.map((s) => s.id).sort()).toEqual([DOMAIN_SIGNUPS.id, IP_SIGNUPS.id].sort());
  });

  it('a retired store id is never used again', () => {
    const reuse: Aggregation<unknown> = { name: 'x', stores: [timedStore(RETIRED_STORES[0]!.id, 'something-new', 1000)], reads: () => undefined, apply: () => undefined };
    const node = { name: 'n', source: 'checks', aggregations: [reuse], timeOf: () => 0 } as unknown as ProcessorNode;
    expect(() => storesOf([node])).toThrow(/retired/);
    const windows: Aggregation<unknown> = { name: 'y', stores: [timedStore(IP_SIGNUPS.id, 'ip-signups-1h', 1000)], reads: () => undefined, apply: () => undefined };
    expect(() => storesOf([{ ...node, aggregations: [windows] } as unknown as ProcessorNode])).toThrow(/memory/);
  });
});
