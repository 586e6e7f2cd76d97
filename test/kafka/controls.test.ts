/**
 * Customer controls in Kafka mode: separate processes (one streams, two APIs) on the real broker
 * and registry; `mailsift keys` writes to the controls topic directly, and every change made
 * through one API instance must work on the other within 2 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { CONTROL_KEYS_ENV, CONTROL_ZONE, controlsSuite } from '../blackbox/controls.suite.ts';
import { runCli } from '../helpers/cli.ts';
import { startCluster } from '../helpers/cluster.ts';
import { startDnsServer } from '../helpers/dns-server.ts';
import { KAFKA } from '../helpers/kafka.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

if (KAFKA) {
  controlsSuite(async () => {
    const dns = await startDnsServer(CONTROL_ZONE);
    const extra = { MAILSIFT_API_KEYS: CONTROL_KEYS_ENV, MAILSIFT_DNS: 'on', MAILSIFT_DNS_SERVERS: dns.server, MAILSIFT_DNS_CANARY: 'off', MAILSIFT_DOMAIN_AGE: 'off', MAILSIFT_RATE_LIMIT_RPS: '1000', MAILSIFT_RATE_LIMIT_BURST: '1000' };
    const c = await startCluster('controls', extra);
    const cliDir = mkdtempSync(join(tmpdir(), 'ms-cli-'));
    let a: RunningServer = c.a;
    return {
      a: c.a.url,
      b: c.b.url,
      cli: (args) => runCli(args, { ...c.env, MAILSIFT_DATA_DIR: cliDir }),
      async restart() {
        await a.stop();
        a = await startServer({ ...c.env, MAILSIFT_ROLES: 'api', MAILSIFT_INSTANCE_ID: `${c.namespace}-a` }, c.dirs.a);
        return { a: a.url, b: c.b.url };
      },
      async stop() {
        await a.stop();
        await c.stop();
        rmSync(cliDir, { recursive: true, force: true });
        await dns.close();
      },
    };
  });
} else {
  describe.skip('customer controls on Kafka (skipped: set KAFKA_BROKERS and SCHEMA_REGISTRY_URL)', () => undefined);
}
