import { defineConfig } from 'vitest/config';

// The Kafka suite (npm run test:kafka): runs against the real broker + registry started by `npm run infra:up`
// (KAFKA_BROKERS, SCHEMA_REGISTRY_URL). One file at a time in one fork: the files share one broker, and some
// stop/restart it. Timeouts are long because a broker restart or a consumer-group join takes seconds.
export default defineConfig({
  test: {
    include: ['test/kafka/**/*.test.ts'],
    exclude: ['node_modules/**'],
    // Generated data modules (src/data/name-lists-data.ts) written when missing.
    globalSetup: ['./test/helpers/generated-data.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
