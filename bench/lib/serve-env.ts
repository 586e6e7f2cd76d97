/** How the benches start `mailsift serve`: shared with `npm run eval -- --service` (src/platform/serve-process.ts). */
export { API_LISTENING, benchServeEnv, LIFTED_RATE_LIMITS, listeningUrl } from '../../src/platform/serve-process.ts';
