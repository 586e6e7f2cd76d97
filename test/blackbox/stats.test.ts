/** GET /v1/stats against the real built server in embedded mode. */
import { runCli } from '../helpers/cli.ts';
import { API_KEYS_ENV, startServer } from '../helpers/server.ts';
import { statsSuite } from './stats.suite.ts';

statsSuite(async () => {
  const s = await startServer();
  return {
    writeUrl: s.url,
    readUrl: s.url,
    cli: (args) => runCli(args, { MAILSIFT_DATA_DIR: s.dataDir, MAILSIFT_API_KEYS: API_KEYS_ENV, MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off' }),
    async stop() {
      await s.stop();
      s.cleanup();
    },
  };
});
