/**
 * Runs the built `mailsift` command (`node dist/src/main.js <args>`) with an environment of
 * the test's choosing (the service's: same data dir, or the same Kafka settings) and collects
 * its exit code and output.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './shared.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[], env: Record<string, string>, timeoutMs = 120_000): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(REPO_ROOT, 'dist', 'src', 'main.js'), ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MAILSIFT_LOG_LEVEL: 'warn', ...env }, timeout: timeoutMs },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
