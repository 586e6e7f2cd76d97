/**
 * package.json `overrides`: light-my-request (Fastify's inject) asks for cookie 2, which needs
 * Node 22; cookie 1.1 has the one function it calls (stringifySetCookie with a cookie object)
 * and runs on Node 20, so `npm ci` installs it without an engine warning. This checks that
 * inject still sends cookies with the version installed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.ts';

describe('dependency overrides', () => {
  it('installs, for light-my-request, a cookie that runs on the Node version package.json promises', () => {
    const fromInject = createRequire(createRequire(join(REPO_ROOT, 'package.json')).resolve('light-my-request'));
    const cookie = JSON.parse(readFileSync(fromInject.resolve('cookie/package.json'), 'utf8')) as { version: string; engines?: { node?: string } };
    expect(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).engines.node).toBe('>=20.19');
    expect(cookie.engines?.node, `cookie ${cookie.version}`).toBe('>=18');
  });

  it("Fastify's inject sends cookies with it", async () => {
    const app = Fastify();
    app.get('/', async (req) => ({ cookie: req.headers.cookie }));
    const res = await app.inject({ method: 'GET', url: '/', cookies: { a: '1', b: 'x y' } });
    expect(res.json()).toEqual({ cookie: 'a=1; b=x%20y' });
    await app.close();
  });
});
