/**
 * GET /v1/stats in Kafka mode (one streams process, two API instances): checks and feedback go
 * to instance A, stats are read from instance B, whose figures come from its changelog replica
 * only. Also: the Kafka-only metric the Grafana dashboard queries is exported by an API instance.
 */
import { describe, expect, it } from 'vitest';
import { statsSuite } from '../blackbox/stats.suite.ts';
import { startCluster, type Cluster } from '../helpers/cluster.ts';
import { GRAFANA_KAFKA_ONLY, metricNamesInText } from '../helpers/grafana.ts';
import { KAFKA } from '../helpers/kafka.ts';
import { call } from '../helpers/server.ts';

if (KAFKA) {
  let cluster: Cluster;
  statsSuite(async () => {
    cluster = await startCluster('stats');
    return { writeUrl: cluster.a.url, readUrl: cluster.b.url, stop: () => cluster.stop() };
  });
  describe('metrics of a Kafka-mode API instance', () => {
    it('exports what the Grafana dashboard reads only in Kafka mode', async () => {
      const names = metricNamesInText((await call(cluster.b.url, 'GET', '/metrics', { key: null })).text);
      for (const m of GRAFANA_KAFKA_ONLY) expect(names.has(m), m).toBe(true);
    });
  });
} else {
  describe.skip('stats on Kafka (skipped: set KAFKA_BROKERS and SCHEMA_REGISTRY_URL)', () => undefined);
}
