/**
 * `mailsift check-file ...`: the arguments and the client environment (MAILSIFT_URL,
 * MAILSIFT_API_KEY) wired to the check-file run, with this process's signals and streams.
 */
import { parseCheckFileArgs } from '../check-file/args.ts';
import { checkFile } from '../check-file/check-file.ts';
import { loadClientConfig } from '../config/client.ts';
import { ConfigError } from '../config/load.ts';

export const CHECK_FILE_USAGE = `usage: mailsift check-file IN [--column email] [--out OUT] [--jsonl] [--concurrency 4]

Checks every row of IN (CSV with a header row, or JSON lines with --jsonl) through the bulk API
and writes OUT (default: IN with .checked before its extension): every row in input order plus
human_score, verdict, reasons, canonical, did_you_mean, account_type, check_id, error.
Interrupted, it writes what was answered; run it again to continue (no row is checked twice).
Environment: MAILSIFT_URL (default http://127.0.0.1:8080), MAILSIFT_API_KEY.`;

export async function checkFileCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseCheckFileArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`mailsift check-file: ${parsed.error}\n\n${CHECK_FILE_USAGE}\n`);
    return 2;
  }
  let client;
  try {
    client = loadClientConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`mailsift check-file: ${err.message.split('\n').join('\n  ')}\n`);
    return 2;
  }
  return checkFile(parsed.args, {
    ...client,
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: process.stderr,
    now: () => Date.now(),
    onStopSignal: (handler) => {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
      };
    },
  });
}
