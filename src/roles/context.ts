/**
 * What every role of one process shares: validated config, logger, metrics, data dir, the
 * master secret and what is derived from it (keyed hasher, check-id signer), the clock.
 */
import { accessSync, constants, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.ts';
import { createCheckIdSigner, type CheckIdSigner } from '../domain/check-id.ts';
import { createKeyedHasher, type KeyedHasher } from '../domain/keyed-hash.ts';
import { createLogger, prettyLogs } from '../platform/logger.ts';
import { createMetrics, type Metrics } from '../platform/metrics.ts';
import { createOutboundFetch, type HttpFetch } from '../platform/outbound-http.ts';
import { restrictToOwner } from '../platform/owner-only.ts';
import { deriveKey, loadOrCreateMasterSecret } from '../platform/secrets.ts';
import { StartupError } from '../platform/startup-error.ts';

export interface Context {
  readonly config: Config;
  readonly logger: Logger;
  readonly metrics: Metrics;
  readonly dataDir: string;
  readonly hasher: KeyedHasher;
  readonly signer: CheckIdSigner;
  /** Key that seals secrets an account gives us to keep (its sign-up hook secret): derived from MAILSIFT_SECRET. */
  readonly sealKey: Buffer;
  readonly now: () => number;
  /** Outbound HTTP (feeds, RDAP): honours HTTP_PROXY, HTTPS_PROXY and NO_PROXY. */
  readonly fetch: HttpFetch;
}

export function createContext(config: Config, logger: Logger = createLogger(config.logLevel, undefined, { pretty: prettyLogs(config.logFormat) })): Context {
  const dataDir = resolve(config.dataDir);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    accessSync(dataDir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'it (or a parent) is a file, not a directory' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (err as Error).message;
    throw new StartupError(`MAILSIFT_DATA_DIR: cannot use ${dataDir} as the data dir: ${why}`, { cause: err });
  }
  restrictToOwner(dataDir, (path, err) => logger.warn({ path, code: err.code }, 'data dir: cannot make this owner-only (chmod); other users of this host may read it'));
  const master = loadOrCreateMasterSecret(dataDir, config.secret);
  const checkIdKeys = config.checkIdKeys?.map((k) => ({ id: k.id, secret: deriveKey(Buffer.from(k.secret, 'utf8'), 'check-id') })) ?? [
    { id: 1, secret: deriveKey(master, 'check-id/1') },
  ];
  return {
    config,
    logger,
    metrics: createMetrics(),
    dataDir,
    hasher: createKeyedHasher(deriveKey(master, 'keyed-hash')),
    signer: createCheckIdSigner(checkIdKeys),
    sealKey: deriveKey(master, 'sealed-secrets'),
    now: Date.now,
    fetch: createOutboundFetch({ httpProxy: config.httpProxy, httpsProxy: config.httpsProxy, noProxy: config.noProxy }),
  };
}
