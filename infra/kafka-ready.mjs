// Broker readiness probe used by infra/up.sh and infra/kafka-start.sh.
// "Ready" means a real kafkajs admin round-trip works AND the group coordinator answers: FindCoordinator makes the
// broker create __consumer_offsets, which otherwise happens lazily on the first consumer's join and makes it fail
// with "The group coordinator is not available" for a while (tulios/kafkajs#1752).
// It also connects an idempotent producer: its InitProducerId makes the broker fetch its first producer-id block
// from the controller, which a fresh broker answers with "coordinator is loading" until done.
// Usage: node infra/kafka-ready.mjs <host:port> [timeoutSeconds=60]; exit 0 when ready, 1 on timeout.
import kafkajs from 'kafkajs';

const { Kafka, logLevel } = kafkajs;
const broker = process.argv[2] ?? '127.0.0.1:19092';
const timeoutMs = Number(process.argv[3] ?? 60) * 1000;

const kafka = new Kafka({
  clientId: 'mailsift-infra-ready',
  brokers: [broker],
  logLevel: logLevel.NOTHING,
  connectionTimeout: 1000,
  requestTimeout: 5000,
  retry: { retries: 2, initialRetryTime: 200 },
});

const started = Date.now();
let lastError = 'no attempt';
while (Date.now() - started < timeoutMs) {
  const admin = kafka.admin();
  try {
    await admin.connect();
    const { brokers, controller } = await admin.describeCluster();
    const [group] = (await admin.describeGroups(['mailsift-infra-ready'])).groups;
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    await producer.connect();
    await producer.disconnect();
    if (brokers.length > 0 && group !== undefined) {
      const ms = Date.now() - started;
      console.log(`kafka ready at ${broker}: ${brokers.length} broker(s), controller ${controller}, group coordinator and producer ids up (${ms} ms)`);
      await admin.disconnect();
      process.exit(0);
    }
    lastError = 'empty cluster description';
  } catch (err) {
    lastError = err instanceof Error ? err.message : String(err);
  }
  await admin.disconnect().catch(() => {});
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.error(`kafka not ready at ${broker} after ${timeoutMs / 1000}s: ${lastError}`);
process.exit(1);
