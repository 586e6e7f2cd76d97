/**
 * A Kafka-mode deployment of the built service in separate processes: one streams process and
 * two API processes, sharing the broker, the registry, a secret and a namespace of their own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KAFKA, uniqueNamespace } from './kafka.ts';
import { startServer, type RunningServer } from './server.ts';

export interface Cluster {
  namespace: string;
  streams: RunningServer;
  a: RunningServer;
  b: RunningServer;
  env: Record<string, string>;
  dirs: { streams: string; a: string; b: string };
  /** Starts the streams process again on its data dir (after a kill). */
  restartStreams(): Promise<RunningServer>;
  /** Stops API instance B with `signal` and starts it again on its data dir, with the same instance id. */
  restartB(signal: NodeJS.Signals): Promise<RunningServer>;
  stop(): Promise<void>;
}

export async function startCluster(label: string, extra: Record<string, string> = {}): Promise<Cluster> {
  if (!KAFKA) throw new Error('KAFKA_BROKERS and SCHEMA_REGISTRY_URL are required');
  const namespace = uniqueNamespace(label);
  const env = {
    KAFKA_BROKERS: KAFKA.brokers.join(','),
    SCHEMA_REGISTRY_URL: KAFKA.registry,
    MAILSIFT_SECRET: `cluster-secret-${namespace}-0123456789abcdef`,
    MAILSIFT_KAFKA_NAMESPACE: namespace,
    ...extra,
  };
  const dirs = { streams: mkdtempSync(join(tmpdir(), 'ms-streams-')), a: mkdtempSync(join(tmpdir(), 'ms-api-a-')), b: mkdtempSync(join(tmpdir(), 'ms-api-b-')) };
  const startStreams = () => startServer({ ...env, MAILSIFT_ROLES: 'streams' }, dirs.streams, /mailsift streams running/);
  let streams = await startStreams();
  const startB = () => startServer({ ...env, MAILSIFT_ROLES: 'api', MAILSIFT_INSTANCE_ID: `${namespace}-b` }, dirs.b);
  const [a, firstB] = await Promise.all([startServer({ ...env, MAILSIFT_ROLES: 'api', MAILSIFT_INSTANCE_ID: `${namespace}-a` }, dirs.a), startB()]);
  let b = firstB;
  const cluster: Cluster = {
    namespace,
    get streams() {
      return streams;
    },
    a,
    get b() {
      return b;
    },
    env,
    dirs,
    async restartStreams() {
      streams = await startStreams();
      return streams;
    },
    async restartB(signal) {
      await b.stop(signal);
      b = await startB();
      return b;
    },
    async stop() {
      // Every process stopped and every dir removed, whichever stop fails.
      const stopped = await Promise.allSettled([a.stop(), b.stop(), streams.stop()]);
      for (const d of Object.values(dirs)) rmSync(d, { recursive: true, force: true });
      const failed = stopped.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
    },
  };
  return cluster;
}
