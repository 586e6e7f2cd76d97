/** The public contract against the real built server in embedded mode. */
import { startServer } from '../helpers/server.ts';
import { contractSuite } from './contract.suite.ts';

contractSuite(async () => {
  const s = await startServer();
  return {
    url: s.url,
    async stop() {
      await s.stop();
      s.cleanup();
    },
  };
});
