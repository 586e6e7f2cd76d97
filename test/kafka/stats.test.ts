/**
 * GET /v1/stats in Kafka mode (one streams process, two API instances): checks and feedback go
 * to instance A, stats are read from instance B, whose figures come from its changelog replica
 * only. Also: the Kafka-only metric the Grafana dashboard queries is exported by an API instance.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { statsSuite } from '../blackbox/stats.suite.ts';
import { startCluster, type Cluster } from '../helpers/cluster.ts';
import { GRAFANA_KAFKA_ONLY, metricNamesInText } from '../helpers/grafana.ts';
import { KAFKA } from '../helpers/kafka.ts';
import { call } from '../helpers/server.ts';

if (KAFKA) {
  let cluster: Cluster;
  statsSuite(async () => {
    cluster = await startCluster('stats');
    const cliDir = mkdtempSync(join(tmpdir(), 'ms-cli-'));
    return {
      writeUrl: cluster.a.url,
      readUrl: cluster.b.url,
      cli: (args) => runCli(args, { ...cluster.env, MAILSIFT_DATA_DIR: cliDir }),
      async stop() {
        await cluster.stop();
        rmSync(cliDir, { recursive: true, force: true });
      },
    };
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
