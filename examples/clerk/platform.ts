/**
 * The HTTP route for Clerk's webhooks (Fastify here; any framework that gives the raw body works)
 * and Clerk's Backend API (@clerk/backend). In Clerk's dashboard add an endpoint for `user.created`
 * and `user.updated` and set its signing secret as CLERK_WEBHOOK_SECRET. Environment also:
 * CLERK_SECRET_KEY, MAILSIFT_API_KEY, MAILSIFT_URL, MAILSIFT_DENY_REVIEW. Not compiled in this
 * repository: logic.ts is, and it is tested against a real Mailsift (test/examples/recipes.test.ts).
 */
import { createClerkClient } from '@clerk/backend';
import Fastify from 'fastify';
import { createMailsift } from 'mailsift-client';
import { handleClerkWebhook, type ClerkBackend } from './logic.ts';

const clerkClient = createClerkClient({ secretKey: process.env.CLERK_SECRET_KEY ?? '' });
const clerk: ClerkBackend = {
  updatePrivateMetadata: async (userId, privateMetadata) => void (await clerkClient.users.updateUserMetadata(userId, { privateMetadata })),
  banUser: async (userId) => void (await clerkClient.users.banUser(userId)),
};
const mailsift = createMailsift({ apiKey: process.env.MAILSIFT_API_KEY ?? '', baseUrl: process.env.MAILSIFT_URL ?? '', retries: 0 });

const app = Fastify();
// The signature is over the exact bytes: keep the body as text.
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
app.post('/webhooks/clerk', async (req, reply) => {
  const answer = await handleClerkWebhook(req.body as string, req.headers as Record<string, string>, {
    secret: process.env.CLERK_WEBHOOK_SECRET ?? '',
    mailsift,
    clerk,
    denyReview: process.env.MAILSIFT_DENY_REVIEW === 'true',
  });
  return reply.code(answer.status).send(answer.body);
});
await app.listen({ port: Number(process.env.PORT ?? 3000), host: '0.0.0.0' });
