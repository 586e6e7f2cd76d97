/**
 * The service composed in this process, as `mailsift serve` composes it, on a temporary data dir
 * (embedded, no DNS, no feeds, nothing logged), for the build scripts that read what the running
 * service has (its OpenAPI document, the request schemas Fastify compiled). Closed and removed after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../src/config/load.ts';
import type { ApiRole } from '../src/roles/api.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createContext } from '../src/roles/context.ts';
import { serve } from '../src/roles/serve.ts';

export async function withComposedApi<T>(use: (api: ApiRole) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'mailsift-composed-'));
  const quiet = new Writable({ write: (_chunk, _enc, cb) => cb() });
  const config = loadConfig({ PORT: '0', MAILSIFT_DATA_DIR: dir, MAILSIFT_API_KEYS: 'openapi-document-key-0123=openapi', MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off', MAILSIFT_LOG_LEVEL: 'silent' });
  const running = await serve(createContext(config, createLogger(config.logLevel, quiet)));
  try {
    return await use(running.api!);
  } finally {
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
