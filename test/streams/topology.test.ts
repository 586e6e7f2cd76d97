import { describe, expect, it } from 'vitest';
import { RETIRED_STORES, storesOf, storesToDrop, TOPOLOGY, EMBEDDED_TOPOLOGY } from '../../src/streams/topology.ts';
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

  it('a state drops the retired stores in both modes, and the short windows in embedded mode only', () => {
    expect(storesToDrop('kafka').map((s) => s.name)).toEqual(RETIRED_STORES.map((s) => s.name));
    expect(storesToDrop('embedded').map((s) => s.name).sort()).toEqual([...RETIRED_STORES.map((s) => s.name), 'domain-signups-10m', 'ip-signups-1h'].sort());
    expect(storesToDrop('embedded').map((s) => s.id)).toContain(DOMAIN_SIGNUPS.id);
  });

  it('a retired store id is never used again', () => {
    const reuse: Aggregation<unknown> = { name: 'x', stores: [timedStore(RETIRED_STORES[0]!.id, 'something-new', 1000)], reads: () => undefined, apply: () => undefined };
    const node = { name: 'n', source: 'checks', aggregations: [reuse], timeOf: () => 0 } as unknown as ProcessorNode;
    expect(() => storesOf([node])).toThrow(/retired/);
  });
});
