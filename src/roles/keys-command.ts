/**
 * `mailsift keys create | list | revoke`: API keys as data, on the running service.
 *  - Embedded mode: the server owns the data dir, so the command calls its operator endpoint
 *    (loopback, token from <data dir>/operator.json; see operator-endpoint.ts). With no server
 *    running it opens the data dir itself and writes to the log directly.
 *  - Kafka mode: it writes to (and, to list or revoke, reads) the controls topic directly.
 * Either way a created or revoked key works, or stops working, on every running instance within
 * 2 seconds. Text output is for people (`create` prints the key alone on its last line); --json
 * is for machines.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { TOPICS } from '../bus/topics.ts';
import { ControlTable } from '../controls/control-table.ts';
import type { NewKeyInput } from '../controls/api-keys.ts';
import type { KeysArgs } from './keys-args.ts';
import { errorLine } from './cli-messages.ts';
import { ServiceError } from '../domain/errors.ts';
import { errorCodes } from '../platform/level-open.ts';
import { createControlLog } from '../service/control-log.ts';
import { createEventWriter } from '../service/event-writer.ts';
import { createKeysService, type KeyView } from '../service/keys-service.ts';
import { openBus, type OpenedBus } from './bus.ts';
import type { Context } from './context.ts';
import { startControlsFollower } from './controls-follower.ts';
import type { OperatorFile } from './operator-endpoint.ts';
import { operatorCall, OperatorError, runningOperator } from './operator-client.ts';

/** What the command does, wherever the keys are (the operator endpoint or the log). */
interface KeysBackend {
  create(input: NewKeyInput): Promise<{ key: string; view: KeyView }>;
  list(account?: string): Promise<KeyView[]>;
  revoke(id: string): Promise<KeyView | undefined>;
  close(): Promise<void>;
}

export async function keysCommand(ctx: Context, args: KeysArgs, out: (line: string) => void, errText: (line: string) => void): Promise<number> {
  const err = (message: string): void => errText(errorLine(message, args.json));
  let backend: KeysBackend;
  try {
    backend = await openBackend(ctx, args.op !== 'create');
  } catch (e) {
    err(`mailsift keys: ${(e as Error).message}`);
    return 1;
  }
  try {
    switch (args.op) {
      case 'create': {
        const { key, view } = await backend.create(args.input);
        if (args.json) out(JSON.stringify({ ...view, key }));
        else {
          out(`created ${view.test ? 'test ' : ''}key ${view.id} for account ${view.account} (scopes ${view.scopes.join(',')}${view.name ? `, name ${view.name}` : ''}); it is shown only now, only its hash is kept:`);
          out(key);
        }
        return 0;
      }
      case 'list': {
        const keys = await backend.list(args.account);
        if (args.json) out(JSON.stringify({ keys }));
        else for (const line of table(keys)) out(line);
        return 0;
      }
      case 'revoke': {
        const revoked = await backend.revoke(args.id);
        if (!revoked) {
          err(`mailsift keys revoke: no key ${args.id} (mailsift keys list shows them)`);
          return 1;
        }
        if (args.json) out(JSON.stringify({ ...revoked, revoked: true }));
        else out(`revoked key ${revoked.id} of account ${revoked.account}: it stops working within 2 seconds`);
        return 0;
      }
    }
  } catch (e) {
    const message = e instanceof ServiceError || e instanceof OperatorError ? e.message : `${(e as Error).message}`;
    err(`mailsift keys ${args.op}: ${message}`);
    return e instanceof ServiceError && e.status === 400 ? 2 : 1;
  } finally {
    await backend.close();
  }
}

/** One line per key: id, account, name (- when none), scopes, creation time; `test` for a test key. */
function table(keys: readonly KeyView[]): string[] {
  const rows = keys.map((k) => [k.id, k.account, k.name === '' ? '-' : k.name, k.scopes.join(','), k.created_at, ...(k.test ? ['test'] : [])]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(0, ...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i < 4 ? c.padEnd(widths[i]!) : c)).join('  ').trimEnd());
}

async function openBackend(ctx: Context, needTable: boolean): Promise<KeysBackend> {
  if (ctx.config.mode === 'embedded') {
    const file = await runningOperator(ctx.dataDir);
    if (file) return operatorBackend(file);
  }
  let opened: OpenedBus;
  try {
    opened = await openBus(ctx);
  } catch (e) {
    if (ctx.config.mode === 'embedded' && errorCodes(e).includes('LEVEL_LOCKED')) {
      throw new Error(`the data dir ${ctx.dataDir} is in use by a running server, but its operator endpoint (operator.json in the data dir) did not answer: is the server still starting? Run the command again once it listens`);
    }
    throw e;
  }
  return directBackend(ctx, opened, needTable);
}

function operatorBackend(file: OperatorFile): KeysBackend {
  const call = (method: string, path: string, body?: unknown) => operatorCall(file, method, path, body);
  return {
    async create(input) {
      const r = await call('POST', '/operator/keys', input);
      const { key, ...view } = r.body as KeyView & { key: string };
      return { key, view };
    },
    list: async (account) => (await call('GET', `/operator/keys${account === undefined ? '' : `?account=${encodeURIComponent(account)}`}`)).body.keys as KeyView[],
    async revoke(id) {
      const r = await call('DELETE', `/operator/keys/${encodeURIComponent(id)}`);
      if (r.status === 404) return undefined;
      const { revoked: _, ...view } = r.body as KeyView & { revoked: boolean };
      return view;
    },
    close: async () => undefined,
  };
}

async function directBackend(ctx: Context, opened: OpenedBus, needTable: boolean): Promise<KeysBackend> {
  const groupId = `mailsift-keys-${hostname()}-${process.pid}-${Date.now()}`;
  const follower = needTable ? await startControlsFollower({ bus: opened.bus, codecs: opened.codecs, groupId, logger: ctx.logger.child({ component: 'keys' }) }) : undefined;
  try {
    if (follower && !(await follower.caughtUp(60_000))) throw new Error(`could not read the keys (${TOPICS.controls.name}) within 60 s`);
  } catch (e) {
    await follower?.stop();
    await opened.bus.close();
    throw e;
  }
  const table = follower?.table ?? new ControlTable();
  const writer = createEventWriter(opened.bus.producer(), { timeoutMs: Math.max(ctx.config.eventTimeoutMs, 10_000), confirmGraceMs: 1_000, onWritten: () => undefined });
  const keys = createKeysService({ table, log: createControlLog({ writer, codec: opened.codecs.controls, table }), now: ctx.now, random: randomBytes });
  return {
    create: (input) => keys.create(input),
    list: async (account) => keys.list(account),
    revoke: (id) => keys.revoke(id),
    async close() {
      await follower?.stop();
      await opened.bus.close();
    },
  };
}
