/**
 * Embedded mode: starts the operator endpoint (api/operator-app.ts) on 127.0.0.1 at a free port
 * and tells `mailsift keys` and `mailsift retrain` where it is and its token through `<data dir>/operator.json`, written
 * owner-only (0600) and removed when the server stops. The token is new at every start, so a
 * copy of an old file is worth nothing.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidatorFactory } from '@fastify/ajv-compiler';
import { buildOperatorApp, type OperatorRetrainReport } from '../api/operator-app.ts';
import type { KeysService } from '../service/keys-service.ts';
import type { Context } from './context.ts';

export const OPERATOR_FILE = 'operator.json';

export interface OperatorFile {
  url: string;
  token: string;
  pid: number;
}

export async function startOperatorEndpoint(
  ctx: Context,
  keys: KeysService,
  retrain: () => Promise<OperatorRetrainReport>,
  validators?: ValidatorFactory,
): Promise<{ url: string; close(): Promise<void> }> {
  const token = randomBytes(32).toString('base64url');
  // Its listening line would read like the API's: only warnings and errors are logged.
  const app = await buildOperatorApp({ logger: ctx.logger.child({ component: 'operator' }, { level: 'warn' }), metrics: ctx.metrics, keys, token, retrain, ...(validators ? { validators } : {}) });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const file = join(ctx.dataDir, OPERATOR_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify({ url, token, pid: process.pid } satisfies OperatorFile) + '\n', { mode: 0o600 });
    renameSync(tmp, file);
  } catch (err) {
    await app.close();
    throw err;
  }
  return {
    url,
    async close() {
      await app.close();
      // Only our own file: another server may have started on the data dir since (it cannot
      // while we hold it, but a file left by a crash is replaced at its next start).
      try {
        if ((JSON.parse(readFileSync(file, 'utf8')) as OperatorFile).token === token) rmSync(file, { force: true });
      } catch {
        // already gone
      }
    },
  };
}

export function readOperatorFile(dataDir: string): OperatorFile | undefined {
  try {
    const f = JSON.parse(readFileSync(join(dataDir, OPERATOR_FILE), 'utf8')) as Partial<OperatorFile>;
    return typeof f.url === 'string' && typeof f.token === 'string' ? (f as OperatorFile) : undefined;
  } catch {
    return undefined;
  }
}
