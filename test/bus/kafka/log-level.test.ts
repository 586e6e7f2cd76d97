import { logLevel } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { kafkaLogLevel } from '../../../src/bus/kafka/log-level.ts';

describe('kafkaLogLevel', () => {
  it('a broker response with a retriable error (kafkajs retries it) is debug, not error', () => {
    for (const error of [
      'This server is not the leader for that topic-partition',
      'There is no leader for this topic-partition as we are in the middle of a leadership election',
      'This server does not host this topic-partition',
      "The coordinator is loading and hence can't process requests for this group",
    ]) {
      expect(kafkaLogLevel(logLevel.ERROR, { message: 'Response ListOffsets(key: 2, version: 3)', error })).toBe('debug');
    }
  });

  it('a response with a non-retriable error, or a retriable fault, stays an error', () => {
    expect(kafkaLogLevel(logLevel.ERROR, { message: 'Response Produce(key: 0, version: 7)', error: 'Disk error when trying to access log file on the disk' })).toBe('error');
    expect(kafkaLogLevel(logLevel.ERROR, { message: 'Response Produce(key: 0, version: 7)', error: 'Messages are rejected since there are fewer in-sync replicas than required' })).toBe('error');
    expect(kafkaLogLevel(logLevel.ERROR, { message: 'Response Produce(key: 0, version: 7)', error: 'Not authorized to access topics: [Topic authorization failed]' })).toBe('error');
    expect(kafkaLogLevel(logLevel.ERROR, { message: 'Response CreateTopics(key: 19, version: 3)', error: 'Replication-factor is invalid' })).toBe('error');
  });

  it('other entries keep their level, even when their error reads like a retriable one', () => {
    expect(kafkaLogLevel(logLevel.ERROR, { message: 'Crash: KafkaJSNumberOfRetriesExceeded: This server is not the leader for that topic-partition', error: 'This server is not the leader for that topic-partition' })).toBe('error');
    expect(kafkaLogLevel(logLevel.ERROR, { message: 'Connection error: connect ECONNREFUSED 127.0.0.1:9092' })).toBe('error');
    expect(kafkaLogLevel(logLevel.WARN, { message: 'Response Metadata(key: 3, version: 6)', error: 'Topic authorization failed' })).toBe('warn');
    expect(kafkaLogLevel(logLevel.WARN, { message: 'KafkaJS v2.0.0 switched default partitioner' })).toBe('warn');
  });
});
