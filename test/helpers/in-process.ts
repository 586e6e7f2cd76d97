/** The whole embedded service in this process (for inject()-based tests): temp data dir, real roles. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config/load.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createContext, type Context } from '../../src/roles/context.ts';
import { serve, type Running } from '../../src/roles/serve.ts';
import { API_KEYS_ENV } from './server.ts';

export interface InProcess {
  ctx: Context;
  running: Running;
  logs(): string;
  close(): Promise<void>;
}

export async function startInProcess(env: Record<string, string> = {}): Promise<InProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'mailsift-inproc-'));
  let logs = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs += chunk.toString();
      cb();
    },
  });
  const config = loadConfig({ PORT: '0', MAILSIFT_DATA_DIR: dir, MAILSIFT_API_KEYS: API_KEYS_ENV, MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off', MAILSIFT_LOG_LEVEL: 'warn', ...env });
  const ctx = createContext(config, createLogger(config.logLevel, sink));
  const running = await serve(ctx);
  return {
    ctx,
    running,
    logs: () => logs,
    async close() {
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
