/**
 * `mailsift keys` in embedded mode around the running server: the operator endpoint is loopback
 * only, owner-only, and refuses any other token; with no server running (stopped, or killed so
 * that its operator.json is left behind) the command writes to the data dir itself, and the next
 * start serves what it wrote.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { call, startServer, type RunningServer } from '../helpers/server.ts';

let s: RunningServer;
let env: Record<string, string>;
beforeAll(async () => {
  s = await startServer();
  env = { MAILSIFT_DATA_DIR: s.dataDir, MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off' };
}, 60_000);
afterAll(async () => {
  await s?.stop();
  // The restarts below reuse the first server's data dir, so no later server owns it.
  if (s) rmSync(s.dataDir, { recursive: true, force: true });
});

const lastLine = (out: string): string => out.trimEnd().split('\n').at(-1)!;

describe('the operator endpoint of a running embedded server', () => {
  it('is announced in an owner-only operator.json, listens on loopback only, and takes only its token', async () => {
    const file = join(s.dataDir, 'operator.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const op = JSON.parse(readFileSync(file, 'utf8')) as { url: string; token: string; pid: number };
    expect(op.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(op.url).not.toBe(s.url);
    expect(op.pid).toBe(s.proc.pid);
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${op.token}x`, op.token]) {
      const r = await fetch(`${op.url}/operator/keys`, { headers: authorization ? { authorization } : {} });
      expect(r.status, String(authorization)).toBe(401);
      expect(await r.json()).toEqual({ error: 'authorization: the operator token from operator.json in the data dir is required' });
    }
    expect((await fetch(`${op.url}/operator/keys`, { headers: { authorization: `Bearer ${op.token}` } })).status).toBe(200);
    // An API key is no operator token, and the API serves no operator route.
    expect((await call(s.url, 'GET', '/operator/keys')).status).toBe(404);
  });
});

describe('with no server running, mailsift keys writes to the data dir itself', () => {
  it('a key created while stopped works after the start; one revoked while stopped does not', async () => {
    const early = lastLine((await runCli(['keys', 'create', '--account', 'acme'], env)).stdout);
    const doomed = JSON.parse((await runCli(['keys', 'create', '--account', 'acme', '--json'], env)).stdout) as { id: string; key: string };
    expect((await call(s.url, 'GET', '/v1/usage', { key: doomed.key })).status).toBe(200);
    expect(await s.stop()).toBe(0);
    expect(() => statSync(join(s.dataDir, 'operator.json'))).toThrow(); // removed at shutdown

    const offline = await runCli(['keys', 'create', '--account', 'globex', '--scopes', 'read'], env);
    expect(offline.code, offline.stderr).toBe(0);
    const late = lastLine(offline.stdout);
    expect((await runCli(['keys', 'revoke', doomed.id], env)).code).toBe(0);

    s = await startServer({}, s.dataDir);
    expect((await call(s.url, 'GET', '/v1/usage', { key: late })).body.account).toBe('globex');
    expect((await call(s.url, 'GET', '/v1/usage', { key: early })).status).toBe(200);
    expect((await call(s.url, 'GET', '/v1/usage', { key: doomed.key })).status).toBe(401);
  }, 120_000);

  it('a server killed with SIGKILL leaves operator.json behind: the command notices nobody answers and writes itself', async () => {
    expect(await s.stop('SIGKILL')).toBe(null);
    expect(statSync(join(s.dataDir, 'operator.json')).isFile()).toBe(true);
    const r = await runCli(['keys', 'create', '--account', 'acme', '--name', 'after a crash'], env);
    expect(r.code, r.stderr).toBe(0);
    const key = lastLine(r.stdout);
    s = await startServer({}, s.dataDir);
    expect((await call(s.url, 'GET', '/v1/usage', { key })).status).toBe(200);
    expect((await runCli(['keys', 'list'], env)).stdout).toMatch(/\bacme\s+after a crash\s+check,feedback,read\b/);
  }, 120_000);
});
