#!/usr/bin/env node
/**
 * The `mailsift` command. `serve` (the default) runs the service; `feeds update` refreshes the
 * IP feeds in the data dir once. Configuration is the environment (README: Configuration).
 */
import './platform/threadpool.ts';
import { ConfigError, loadConfig } from './config/load.ts';
import { runFeedsUpdate } from './feeds/feeds-update-command.ts';
import { createContext } from './roles/context.ts';
import { feedUrls } from './roles/feed-source.ts';
import { serve } from './roles/serve.ts';
import { retrainCommand } from './roles/retrain-command.ts';
import { topicsCommand } from './roles/topics-command.ts';

const USAGE = `usage: mailsift [command]

commands:
  serve          run the service (default): API, stream processors and trainer per MAILSIFT_ROLES
  feeds update   download, validate and store every configured IP feed now, then exit
  retrain        fit a learned model on the labelled checks now and publish it (embedded: server stopped)
  topics plan    print every Kafka topic the service uses (partitions, retention, compaction)
  topics apply   create the missing topics on KAFKA_BROKERS, then exit
  help           show this text

Configuration is read from environment variables; see README.md.`;

async function main(argv: string[]): Promise<number> {
  const [cmd = 'serve', sub] = argv;
  if (cmd === 'help' || cmd === '--help' || cmd === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`mailsift: invalid configuration\n  ${err.message.split('\n').join('\n  ')}\n`);
      return 2;
    }
    throw err;
  }
  const ctx = createContext(config);
  if (cmd === 'feeds' && sub === 'update') {
    return runFeedsUpdate({ dataDir: ctx.dataDir, urls: feedUrls(ctx), logger: ctx.logger });
  }
  if (cmd === 'retrain') return retrainCommand(ctx, (line) => process.stdout.write(`${line}\n`));
  if (cmd === 'topics') return topicsCommand(ctx, sub, (line) => process.stdout.write(`${line}\n`));
  if (cmd !== 'serve') {
    process.stderr.write(`mailsift: unknown command "${argv.join(' ')}"\n\n${USAGE}\n`);
    return 2;
  }
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
  return -1; // keep running
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`mailsift: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
