/**
 * The commands' side of an embedded server's operator endpoint (operator-endpoint.ts): whether a
 * server holding the data dir answers there, and a call to it with the token it wrote.
 */
import { errorCodes } from '../platform/level-open.ts';
import { readOperatorFile, type OperatorFile } from './operator-endpoint.ts';

/** The endpoint refused a call (its error message), or answered something unexpected. */
export class OperatorError extends Error {}

/** The operator endpoint of the server running on the data dir, or undefined when none answers. */
export async function runningOperator(dataDir: string): Promise<OperatorFile | undefined> {
  const file = readOperatorFile(dataDir);
  if (!file) return undefined;
  try {
    await fetch(`${file.url}/operator/health`, { headers: { authorization: `Bearer ${file.token}` }, signal: AbortSignal.timeout(5_000) });
    return file;
  } catch (e) {
    // A file left by a server that is gone: nobody listens there any more.
    if (errorCodes(e).includes('ECONNREFUSED')) return undefined;
    throw e;
  }
}

/** One call; a 4xx/5xx other than 404 throws its error message (404 is the caller's to read). */
export async function operatorCall(file: OperatorFile, method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<{ status: number; body: any }> {
  const res = await fetch(file.url + path, {
    method,
    headers: { authorization: `Bearer ${file.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const parsed = (await res.json().catch(() => ({}))) as any;
  if (res.status >= 400 && res.status !== 404) throw new OperatorError(String(parsed?.error ?? `the server answered ${res.status}`));
  return { status: res.status, body: parsed };
}
