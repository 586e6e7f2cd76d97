#!/usr/bin/env node
/**
 * The `mailsift` command. `serve` (the default) runs the service; `feeds update` refreshes the
 * IP feeds in the data dir once. Configuration is the environment (README: Configuration).
 */
import { isAbsolute, relative } from 'node:path';
import { configWarnings, unknownVariables } from './config/warnings.ts';
import { ConfigError, loadConfig } from './config/load.ts';
import { StartupError } from './platform/startup-error.ts';
import { errorLine, warningLine } from './roles/cli-messages.ts';
import { ensureCanListen } from './roles/listen.ts';
import { devKeyNotice } from './roles/dev-key-notice.ts';
import { KEYS_USAGE, parseKeysArgs, type KeysArgs } from './roles/keys-args.ts';

const USAGE = `usage: mailsift [command]

commands:
  serve          run the service (default): API, stream processors and trainer per MAILSIFT_ROLES
  feeds update   download, validate and store every configured IP feed now, then exit
  retrain        fit a learned model on the labelled checks now and publish it (embedded: server stopped)
  topics plan    print every Kafka topic the service uses (partitions, retention, compaction); --json for machines
  topics apply   create the missing topics on KAFKA_BROKERS, then exit; --delete-retired also deletes the retired ones
  check-file IN  check every address of a CSV or JSON-lines file through the API (see check-file --help)
  keys create    create an API key (--account A [--scopes ...] [--test] [--name N] [--json]); prints it once
  keys list      list API keys (id, account, name, scopes, creation time; never the key)
  keys revoke    revoke an API key by its id (works on the running service within 2 s)
  help           show this text

Configuration is read from environment variables; see README.md.`;

/** Every command with the arguments it takes; anything else is refused before the data dir is touched. */
const COMMANDS = ['serve', 'feeds update', 'retrain', 'topics plan', 'topics plan --json', 'topics apply', 'topics apply --delete-retired'];
const HELP = new Set(['help', '--help', '-h']);

/** A command given --json prints its errors as JSON too (check-file has no --json; its options are its own). */
const wantsJson = (argv: readonly string[]): boolean => argv[0] !== 'check-file' && argv.includes('--json');

async function main(argv: string[]): Promise<number> {
  // A client of the API: it reads MAILSIFT_URL and MAILSIFT_API_KEY, never the service's settings.
  if (argv[0] === 'check-file') {
    const { checkFileCommand, CHECK_FILE_USAGE } = await import('./roles/check-file-command.ts');
    if (argv.slice(1).some((a) => HELP.has(a))) {
      process.stdout.write(`${CHECK_FILE_USAGE}\n`);
      return 0;
    }
    return checkFileCommand(argv.slice(1));
  }
  if (argv.some((a) => HELP.has(a))) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // `keys` takes options; its arguments are checked here, before the data dir is touched.
  const json = wantsJson(argv);
  let keys: KeysArgs | undefined;
  if (argv[0] === 'keys') {
    const parsed = parseKeysArgs(argv.slice(1));
    if (!parsed.ok) {
      process.stderr.write(`${errorLine(`mailsift keys: ${parsed.error}`, json)}\n${json ? '' : `\n${KEYS_USAGE}\n`}`);
      return 2;
    }
    keys = parsed.args;
  }
  const command = argv.length === 0 ? 'serve' : keys ? 'keys' : argv.join(' ');
  if (!keys && !COMMANDS.includes(command)) {
    process.stderr.write(`${errorLine(`mailsift: unknown command "${command}"`, json)}\n${json ? '' : `\n${USAGE}\n`}`);
    return 2;
  }
  const [cmd, sub, flag] = command.split(' ') as [string, string | undefined, string | undefined];
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      const text = json ? `mailsift: invalid configuration: ${err.message}` : `mailsift: invalid configuration\n  ${err.message.split('\n').join('\n  ')}`;
      process.stderr.write(`${errorLine(text, json)}\n`);
      return 2;
    }
    throw err;
  }
  for (const warning of [...unknownVariables(process.env), ...configWarnings(config)]) process.stderr.write(`${warningLine(warning, json)}\n`);
  // Before the data dir, a development key or a feed download: a taken port fails the start at once.
  if (cmd === 'serve') await ensureCanListen(config.host, config.port);
  // The service's modules (TensorFlow.js, kafkajs, LevelDB...) load only for the commands that
  // use them: a client command such as check-file starts in a fraction of the time, and `serve`
  // loads none of the other commands' modules (topics' Kafka clients: about 3 s of CPU).
  const [{ createContext }, { createLogger }] = await Promise.all([import('./roles/context.ts'), import('./platform/logger.ts')]);
  // `keys` prints for people and machines on stdout (a key alone on the last line): its logs go to stderr.
  const ctx = keys ? createContext(config, createLogger(config.logLevel, process.stderr)) : createContext(config);
  if (keys) return (await import('./roles/keys-command.ts')).keysCommand(ctx, keys, (line) => process.stdout.write(`${line}\n`), (line) => process.stderr.write(`${line}\n`));
  if (cmd === 'feeds' && sub === 'update') {
    const [{ runFeedsUpdate }, { feedUrls }] = await Promise.all([import('./feeds/feeds-update-command.ts'), import('./roles/feed-source.ts')]);
    // Its table says how each feed fared: no log lines among its rows.
    return runFeedsUpdate({ dataDir: ctx.dataDir, urls: feedUrls(ctx), fetch: ctx.fetch });
  }
  if (cmd === 'retrain') return (await import('./roles/retrain-command.ts')).retrainCommand(ctx, (line) => process.stdout.write(`${line}\n`));
  if (cmd === 'topics') return (await import('./roles/topics-command.ts')).topicsCommand(ctx, sub as 'plan' | 'apply', (line) => process.stdout.write(`${line}\n`), { json: flag === '--json', deleteRetired: flag === '--delete-retired', err: (line) => process.stderr.write(`${line}\n`) });
  const { serve } = await import('./roles/serve.ts');
  const running = await serve(ctx);
  let closing = false;
  const stop = (signal: string): void => {
    if (closing) return;
    closing = true;
    ctx.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    running.close().then(
      () => {
        clearTimeout(force);
        process.exit(0);
      },
      (err: unknown) => {
        ctx.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const api = running.api;
  if (api?.devKey) {
    // Last, after the start-up log lines (the first feed round's among them, if it ends soon).
    const key = api.devKey;
    void Promise.race([api.settled(), new Promise((r) => setTimeout(r, SETTLE_WAIT_MS).unref())])
      .then(() => {
        if (!closing) process.stderr.write(devKeyNotice({ key: key.key, account: key.account, address: api.address, keysFile: shownPath(key.file) }));
      });
  }
  return -1; // keep running
}

/** How long the dev key notice waits for the start-up feed downloads to report. */
const SETTLE_WAIT_MS = 5_000;

/** A path as the operator would type it: relative to the working dir when under it. */
function shownPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err: unknown) => {
    // The message (which says what failed and what to do) first; the stack after it, for a bug
    // report, unless the failure is one the operator fixes from the message alone.
    const message = err instanceof Error ? err.message : String(err);
    const stack = err instanceof Error && err.stack && !(err instanceof StartupError) ? `\n\n${err.stack}` : '';
    if (wantsJson(process.argv.slice(2))) process.stderr.write(`${errorLine(`mailsift: ${message}`, true)}\n`);
    else process.stderr.write(`mailsift: ${message}${stack}\n`);
    process.exit(1);
  },
);
