/**
 * HTTP/1.1 pipelining with a bad request behind good ones (issue 21): one write of valid
 * requests followed by bytes that are not HTTP. The valid ones are billed, so each must be
 * answered, in order, before the refusal and the close. The refusal used to be written at
 * once and the socket destroyed: the client got only `400 method: not a valid HTTP method`
 * while the check was billed.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';

let s: RunningServer;
beforeAll(async () => {
  s = await startServer({}, undefined);
}, 60_000);
afterAll(async () => {
  await s?.stop();
  s?.cleanup();
});

function request(method: string, path: string, body: unknown, key: string): string {
  const text = JSON.stringify(body);
  return `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
}

/** Writes `bytes` in one write and collects everything until the server closes the connection. */
function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    let got = '';
    const sock = connect(Number(port), hostname, () => sock.write(bytes));
    sock.on('data', (b) => (got += b.toString()));
    sock.on('close', () => resolve(got));
    sock.on('error', reject);
    setTimeout(() => {
      sock.destroy();
      reject(new Error(`no close within 20 s; got:\n${got}`));
    }, 20_000);
  });
}

/** Status lines and bodies of the HTTP/1.1 responses in `text`, in order. */
function responses(text: string): { status: number; body: string }[] {
  const out: { status: number; body: string }[] = [];
  let rest = text;
  while (rest.length > 0) {
    const head = rest.indexOf('\r\n\r\n');
    if (head < 0) throw new Error(`truncated response: ${rest}`);
    const lines = rest.slice(0, head).split('\r\n');
    const length = Number(/^content-length:\s*(\d+)/im.exec(lines.join('\n'))?.[1] ?? 0);
    out.push({ status: Number(lines[0]!.split(' ')[1]), body: rest.slice(head + 4, head + 4 + length) });
    rest = rest.slice(head + 4 + length);
  }
  return out;
}

const usage = async (key: string): Promise<number> => (await call(s.url, 'GET', '/v1/usage', { key })).body.total as number;

describe('pipelined requests followed by bytes that are not HTTP', () => {
  it('answers every billed request, in order, then refuses the garbage and closes', async () => {
    const before = await usage(KEYS.globex);
    const got = await rawExchange(
      request('POST', '/v1/check', { email: 'lena.vogel@gmail.com' }, KEYS.globex) +
        request('POST', '/v1/check/bulk', { emails: ['omar.haddad@yahoo.com', 'not-an-address', 'sara.lund@outlook.com'] }, KEYS.globex) +
        request('POST', '/v1/check', { email: 'jonas.berg@gmail.com' }, KEYS.globex) +
        'GARBAGE\r\n\r\n',
    );
    const r = responses(got);
    expect(r.map((x) => x.status)).toEqual([200, 200, 200, 400]);
    expect(JSON.parse(r[0]!.body).email).toBe('lena.vogel@gmail.com');
    expect(JSON.parse(r[1]!.body).results).toHaveLength(3);
    expect(JSON.parse(r[2]!.body).email).toBe('jonas.berg@gmail.com');
    expect(JSON.parse(r[3]!.body)).toEqual({ error: 'method: not a valid HTTP method' });
    // Billed: 1 + 2 + 1, exactly what was answered.
    expect((await usage(KEYS.globex)) - before).toBe(4);
  });

  it('a malformed request line after a check: the check is answered first', async () => {
    const before = await usage(KEYS.acme);
    const got = await rawExchange(request('POST', '/v1/check', { email: 'ada.moreau@gmail.com' }, KEYS.acme) + 'GET /\x01 HTTP/1.1\r\n\r\n');
    const r = responses(got);
    expect(r.map((x) => x.status)).toEqual([200, 400]);
    expect((await usage(KEYS.acme)) - before).toBe(1);
  });

  it('garbage alone is still refused at once', async () => {
    const r = responses(await rawExchange('GARBAGE\r\n\r\n'));
    expect(r).toEqual([{ status: 400, body: JSON.stringify({ error: 'method: not a valid HTTP method' }) }]);
  });
});
