/**
 * The arguments of `mailsift keys`, checked before anything is opened (a light module: main.ts
 * loads the command itself only when it runs).
 */
import { parseArgs } from 'node:util';
import { validateNewKey, type NewKeyInput } from '../controls/api-keys.ts';
import { parseScopes } from '../controls/scopes.ts';

export const KEYS_USAGE = `usage:
  mailsift keys create --account <account> [--scopes check,feedback,read,admin] [--test] [--name <name>] [--json]
  mailsift keys list [--account <account>] [--json]
  mailsift keys revoke <key id> [--json]`;

export type KeysArgs =
  | { op: 'create'; input: NewKeyInput; json: boolean }
  | { op: 'list'; account?: string; json: boolean }
  | { op: 'revoke'; id: string; json: boolean };

/** Parses the arguments after `keys`; an error names the option and the rule. */
export function parseKeysArgs(argv: readonly string[]): { ok: true; args: KeysArgs } | { ok: false; error: string } {
  const [op, ...rest] = argv;
  try {
    if (op === 'create') {
      const { values, positionals } = parseArgs({ args: rest, strict: true, allowPositionals: true, options: { account: { type: 'string' }, scopes: { type: 'string' }, test: { type: 'boolean' }, name: { type: 'string' }, json: { type: 'boolean' } } });
      if (positionals.length) return { ok: false, error: `unexpected argument "${positionals[0]}"` };
      if (values.account === undefined) return { ok: false, error: '--account: is required' };
      let scopes: string[] | undefined;
      if (values.scopes !== undefined) {
        const p = parseScopes(values.scopes);
        if (!p.ok) return { ok: false, error: `--${p.error}` };
        scopes = p.scopes;
      }
      const input = { account: values.account, ...(scopes ? { scopes } : {}), test: values.test === true, ...(values.name !== undefined ? { name: values.name } : {}) };
      const valid = validateNewKey(input);
      if (!valid.ok) return { ok: false, error: `--${valid.error}` };
      return { ok: true, args: { op, json: values.json === true, input } };
    }
    if (op === 'list') {
      const { values, positionals } = parseArgs({ args: rest, strict: true, allowPositionals: true, options: { account: { type: 'string' }, json: { type: 'boolean' } } });
      if (positionals.length) return { ok: false, error: `unexpected argument "${positionals[0]}"` };
      return { ok: true, args: { op, json: values.json === true, ...(values.account !== undefined ? { account: values.account } : {}) } };
    }
    if (op === 'revoke') {
      const { values, positionals } = parseArgs({ args: rest, strict: true, allowPositionals: true, options: { json: { type: 'boolean' } } });
      if (positionals.length !== 1) return { ok: false, error: 'revoke takes exactly one key id (mailsift keys list shows them)' };
      return { ok: true, args: { op, id: positionals[0]!, json: values.json === true } };
    }
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  return { ok: false, error: op === undefined ? 'a subcommand is required' : `unknown subcommand "${op}"` };
}

