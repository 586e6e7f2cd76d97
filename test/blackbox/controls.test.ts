/** Customer controls against the real built server in embedded mode (one instance; `mailsift keys` through its operator endpoint). */
import { rmSync } from 'node:fs';
import { runCli } from '../helpers/cli.ts';
import { startDnsServer } from '../helpers/dns-server.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { CONTROL_KEYS_ENV, CONTROL_ZONE, controlsSuite } from './controls.suite.ts';

controlsSuite(async () => {
  const dns = await startDnsServer(CONTROL_ZONE);
  const env = { MAILSIFT_API_KEYS: CONTROL_KEYS_ENV, MAILSIFT_DNS: 'on', MAILSIFT_DNS_SERVERS: dns.server, MAILSIFT_DNS_CANARY: 'off', MAILSIFT_DOMAIN_AGE: 'off', MAILSIFT_RATE_LIMIT_RPS: '1000', MAILSIFT_RATE_LIMIT_BURST: '1000' };
  let s: RunningServer = await startServer(env);
  const dataDir = s.dataDir;
  const cliEnv = { ...env, MAILSIFT_DATA_DIR: dataDir, MAILSIFT_FEEDS: 'off' };
  return {
    a: s.url,
    b: s.url,
    cli: (args) => runCli(args, cliEnv),
    async restart() {
      expect0(await s.stop());
      s = await startServer(env, dataDir);
      return { a: s.url, b: s.url };
    },
    async stop() {
      await s.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await dns.close();
    },
  };
});

function expect0(code: number | null): void {
  if (code !== 0) throw new Error(`server exited with ${code}`);
}
