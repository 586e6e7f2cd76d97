/**
 * Runs the sign-up example: `npx tsx examples/signup-flow/server.ts` (from the repository root) with
 * MAILSIFT_URL (default http://127.0.0.1:8080) and MAILSIFT_API_KEY set; PORT (default 3000).
 */
import { createMailsift } from 'mailsift-client';
import { buildSignupApp } from './app.ts';

const apiKey = process.env.MAILSIFT_API_KEY;
if (!apiKey) {
  console.error('signup-flow: set MAILSIFT_API_KEY (a key with the check and feedback scopes; a --test key bills nothing)');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 3000);
const app = buildSignupApp({
  mailsift: createMailsift({ apiKey, baseUrl: process.env.MAILSIFT_URL ?? 'http://127.0.0.1:8080' }),
  publicUrl: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
  denyReview: process.env.DENY_REVIEW === 'true',
});
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`sign-up example on http://127.0.0.1:${port}`);
