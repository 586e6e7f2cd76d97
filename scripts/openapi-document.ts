/**
 * The OpenAPI document exactly as the service serves it at /v1/openapi.json, without a server
 * listening anywhere: the service is composed in this process on a temporary data dir (embedded,
 * no DNS, no feeds) and asked for its document. The clients are generated from this text
 * (`npm run clients:generate`), and a test checks that clients/openapi.json is current.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../src/config/load.ts';
import { createLogger } from '../src/platform/logger.ts';
import { createContext } from '../src/roles/context.ts';
import { serve } from '../src/roles/serve.ts';

export async function renderOpenApi(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'mailsift-openapi-'));
  const quiet = new Writable({ write: (_chunk, _enc, cb) => cb() });
  const config = loadConfig({ PORT: '0', MAILSIFT_DATA_DIR: dir, MAILSIFT_API_KEYS: 'openapi-document-key-0123=openapi', MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off', MAILSIFT_LOG_LEVEL: 'silent' });
  const running = await serve(createContext(config, createLogger(config.logLevel, quiet)));
  try {
    const res = await running.api!.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${res.statusCode}: ${res.body}`);
    return `${JSON.stringify(JSON.parse(res.body), null, 2)}\n`;
  } finally {
    await running.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
