/** GET /v1/stats against the real built server in embedded mode. */
import { startServer } from '../helpers/server.ts';
import { statsSuite } from './stats.suite.ts';

statsSuite(async () => {
  const s = await startServer();
  return {
    writeUrl: s.url,
    readUrl: s.url,
    async stop() {
      await s.stop();
      s.cleanup();
    },
  };
});
