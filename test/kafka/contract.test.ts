/**
 * The same public contract suite as embedded mode, against a Kafka deployment of separate
 * processes (one streams, two APIs), through API instance A.
 */
import { describe } from 'vitest';
import { contractSuite } from '../blackbox/contract.suite.ts';
import { startCluster } from '../helpers/cluster.ts';
import { KAFKA } from '../helpers/kafka.ts';

if (KAFKA) {
  contractSuite(async () => {
    const c = await startCluster('contract');
    return { url: c.a.url, stop: () => c.stop() };
  });
} else {
  describe.skip('contract on Kafka (skipped: set KAFKA_BROKERS and SCHEMA_REGISTRY_URL)', () => undefined);
}
