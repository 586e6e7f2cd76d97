/** The aggregation suite of embedded mode, on a real broker and schema registry. */
import { kafkaBusFactory, KAFKA } from '../helpers/kafka.ts';
import { historySuite } from '../streams/history.suite.ts';
import { describe } from 'vitest';

if (KAFKA) historySuite('Kafka', kafkaBusFactory);
else describe.skip('history on Kafka (skipped: set KAFKA_BROKERS and SCHEMA_REGISTRY_URL)', () => undefined);
