/**
 * The operator endpoint of an embedded-mode server: how `mailsift keys` acts on a running
 * service, which owns the data dir (LevelDB lets one process open it). Loopback only, on a port
 * of its own (never the API's HOST), and every request needs the token the server wrote to
 * `<data dir>/operator.json` (mode 0600, readable only by the user that runs the service). It
 * takes keys (creating, listing and revoking them) and `mailsift retrain` (a fit by the server's
 * own trainer, the report it prints).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from './typebox.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ValidatorFactory } from '@fastify/ajv-compiler';
import type { Logger } from 'pino';
import { ServiceError, notFound } from '../domain/errors.ts';
import { MAX_KEY_NAME } from '../controls/api-keys.ts';
import type { Metrics } from '../platform/metrics.ts';
import type { KeysService } from '../service/keys-service.ts';
import { serverOptions } from './app.ts';
import { installErrorHandlers } from './errors.ts';

const NewKey = Type.Object(
  {
    account: Type.String({ minLength: 1, maxLength: 64 }),
    scopes: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { minItems: 1, maxItems: 8 })),
    test: Type.Optional(Type.Boolean()),
    name: Type.Optional(Type.String({ maxLength: MAX_KEY_NAME })),
  },
  { additionalProperties: false },
);

/** `mailsift retrain`'s report (roles/retrain.ts): whether a model was published, the lines to print. */
export interface OperatorRetrainReport {
  ok: boolean;
  lines: string[];
}

export async function buildOperatorApp(d: {
  logger: Logger;
  metrics: Metrics;
  keys: KeysService;
  token: string;
  /** Fits now with the server's trainer (or says why it cannot). */
  retrain: () => Promise<OperatorRetrainReport>;
  /** The request validators the build compiled (validators-prebuilt.ts); Fastify compiles them otherwise. */
  validators?: ValidatorFactory;
}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions({ logger: d.logger, metrics: d.metrics, ...(d.validators ? { validators: d.validators } : {}) })).withTypeProvider<TypeBoxTypeProvider>();
  installErrorHandlers(app);
  const expected = createHash('sha256').update(d.token).digest();
  app.addHook('onRequest', async (request) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    // Compared as hashes: constant time whatever the length presented.
    if (!m || !timingSafeEqual(createHash('sha256').update(m[1]!).digest(), expected)) {
      throw new ServiceError('MS_ERR_UNAUTHORIZED', 'authorization: the operator token from operator.json in the data dir is required');
    }
  });
  app.get('/operator/health', async () => ({ status: 'ok' }));
  app.post('/operator/keys', { schema: { body: NewKey } }, async (req, reply) => {
    const { key, view } = await d.keys.create(req.body);
    return reply.code(201).send({ ...view, key });
  });
  app.get('/operator/keys', { schema: { querystring: Type.Object({ account: Type.Optional(Type.String()) }, { additionalProperties: false }) } }, async (req) => ({ keys: d.keys.list(req.query.account) }));
  app.delete('/operator/keys/:id', { schema: { params: Type.Object({ id: Type.String() }) } }, async (req) => {
    const revoked = await d.keys.revoke(req.params.id);
    if (!revoked) throw notFound(`id: no key ${req.params.id.slice(0, 40)}`);
    return { ...revoked, revoked: true };
  });
  app.post('/operator/retrain', { schema: { body: Type.Optional(Type.Object({}, { additionalProperties: false })) } }, async () => d.retrain());
  return app;
}
