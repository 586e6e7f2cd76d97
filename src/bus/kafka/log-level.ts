/**
 * The level a kafkajs log entry goes out at. kafkajs logs every broker response that carries an
 * error code at ERROR, then retries the request when the code is retriable: right after topics
 * are created each ListOffsets meets "not the leader" until the partitions' leaders are elected,
 * a wall of ERROR lines on a normal first start. Responses whose error kafkajs retries and which
 * only say the cluster is moving (a leader or coordinator being elected or loaded, metadata or a
 * fetch session out of date) go out at debug; when retrying runs out, the call fails and its
 * caller reports that. Retriable faults (a disk error, a corrupt message, too few replicas) and
 * everything else keep kafkajs's level.
 */
import { createRequire } from 'node:module';
import { logLevel } from 'kafkajs';

/** kafkajs's table of broker error codes (its entries carry the message, not the code). */
const { errorCodes } = createRequire(import.meta.url)('kafkajs/src/protocol/error.js') as {
  errorCodes: readonly { type: string; message: string; retriable: boolean }[];
};
const MOVING = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'LEADER_NOT_AVAILABLE',
  'NOT_LEADER_FOR_PARTITION',
  'REPLICA_NOT_AVAILABLE',
  'GROUP_LOAD_IN_PROGRESS',
  'GROUP_COORDINATOR_NOT_AVAILABLE',
  'NOT_COORDINATOR_FOR_GROUP',
  'NOT_CONTROLLER',
  'FENCED_LEADER_EPOCH',
  'UNKNOWN_LEADER_EPOCH',
  'OFFSET_NOT_AVAILABLE',
  'FETCH_SESSION_ID_NOT_FOUND',
  'INVALID_FETCH_SESSION_EPOCH',
]);
const RETRIED_MOVING = new Set(errorCodes.filter((e) => e.retriable && MOVING.has(e.type)).map((e) => e.message));

export type KafkaLogLevel = 'error' | 'warn' | 'debug';

/** `message` and `error` as kafkajs's connection logs them: `Response <api>(...)` and the broker error's message. */
export function kafkaLogLevel(level: logLevel, log: { message?: string; error?: unknown }): KafkaLogLevel {
  const retriedResponse = typeof log.message === 'string' && log.message.startsWith('Response ') && typeof log.error === 'string' && RETRIED_MOVING.has(log.error);
  if (retriedResponse) return 'debug';
  return level <= logLevel.ERROR ? 'error' : 'warn';
}
