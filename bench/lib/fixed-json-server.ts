/**
 * The framework ceiling: Fastify answering POST /v1/check with a fixed, pre-serialised JSON body
 * after parsing the request body (as the peers harness measures it). Run in its own process.
 */
import Fastify from 'fastify';

const BODY = JSON.stringify({
  email: 'john.doe@gmail.com',
  canonical: 'johndoe@gmail.com',
  account_type: 'free',
  human_score: 88,
  verdict: 'allow',
  reasons: ['natural_name'],
  check_id: 'chk_' + 'A'.repeat(119),
  model: 'baseline',
});
const app = Fastify({ logger: false });
app.post('/v1/check', (_req, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(BODY);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
