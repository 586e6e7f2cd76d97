/**
 * Kafka test support: the suite runs only when KAFKA_BROKERS and SCHEMA_REGISTRY_URL point at a
 * real broker and registry (`npm run infra:up`); each test gets its own namespace so topics,
 * groups and subjects never collide on the shared broker.
 */
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { describe } from 'vitest';
import { createCodecs } from '../../src/bus/codecs.ts';
import { openKafkaBus } from '../../src/bus/kafka/kafka-bus.ts';
import { confluentRegistry } from '../../src/bus/kafka/registry.ts';
import { topicPlan } from '../../src/streams/topic-plan.ts';
import { storesOf, TOPOLOGY } from '../../src/streams/topology.ts';
import type { BusFactory } from './pipeline.ts';

export const KAFKA = process.env.KAFKA_BROKERS && process.env.SCHEMA_REGISTRY_URL
  ? { brokers: process.env.KAFKA_BROKERS.split(','), registry: process.env.SCHEMA_REGISTRY_URL }
  : undefined;

export function describeKafka(name: string, fn: () => void): void {
  if (KAFKA) describe(name, fn);
  else describe.skip(`${name} (skipped: set KAFKA_BROKERS and SCHEMA_REGISTRY_URL, e.g. npm run infra:up)`, fn);
}

export const uniqueNamespace = (label: string): string => `t-${label}-${randomBytes(4).toString('hex')}`;

export const quietLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

type BusLogger = Parameters<typeof openKafkaBus>[0]['logger'];

/**
 * A logger that keeps what it is given, one short line each (seconds since it was made, level,
 * message, the error's message), for a failing assertion to show on one line: CI prints a
 * failure's first line only. kafkajs's own warnings and errors come through it.
 */
export function recordingLogger(): { logger: BusLogger; lines: string[] } {
  const lines: string[] = [];
  const t0 = Date.now();
  const keep = (level: string) => (obj: object, msg?: string): void => {
    const o = obj as { err?: unknown; kafka?: { error?: unknown } };
    const err = o.err instanceof Error ? o.err.message : (o.kafka?.error ?? '');
    lines.push(`${((Date.now() - t0) / 1000).toFixed(1)}s ${level} ${msg ?? ''}${err ? `: ${String(err)}` : ''}`);
  };
  return { logger: { debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') }, lines };
}

/** A pipeline bus on Kafka whose namespace derives from the pipeline dir (reopen = same topics). */
export const kafkaBusFactory: BusFactory = async (dir) => {
  const namespace = `t-${basename(dir).replace(/[^A-Za-z0-9._-]/g, '')}`;
  const bus = await openKafkaBus({ brokers: KAFKA!.brokers, clientId: namespace, topics: topicPlan(storesOf(TOPOLOGY)), logger: quietLogger, maxQueueMs: 5_000, namespace });
  const codecs = await createCodecs(confluentRegistry(KAFKA!.registry), undefined, `${namespace}.`);
  return { bus, codecs };
};
