/**
 * One bounded HTTP(S) GET for a feed: redirects followed (fetch's default, at most 20), a
 * deadline covering headers and body, and a byte cap enforced while streaming so a huge or
 * endless body is cut off without being buffered. Never throws; failures come back as text.
 */

export type DownloadResult =
  | { readonly ok: true; readonly body: Uint8Array; readonly status: number }
  | { readonly ok: false; readonly error: string };

export interface DownloadOptions {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** Aborts the download early (the updater's stop()). */
  readonly signal?: AbortSignal;
  /** The fetch to use (the service's honours HTTP(S)_PROXY); default the built-in one. */
  readonly fetch?: typeof globalThis.fetch;
}

/** Origin and path only: a configured URL may carry a token in its query or user info. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

function describeFailure(err: unknown, timeoutMs: number, signal?: AbortSignal): string {
  const e = err as { name?: string; cause?: { code?: string; message?: string } } | undefined;
  if (e?.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`;
  if (e?.name === 'AbortError') return signal?.aborted ? 'aborted (updater stopped)' : `timed out after ${timeoutMs} ms`;
  const code = e?.cause?.code ?? e?.cause?.message ?? (err instanceof Error ? err.message : String(err));
  return `network error: ${code}`;
}

export async function downloadFeed(url: string, opts: DownloadOptions): Promise<DownloadResult> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, error: 'URL is not valid' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, error: 'URL must be http(s)' };
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal === undefined ? timeout : AbortSignal.any([timeout, opts.signal]);
  try {
    const res = await (opts.fetch ?? fetch)(parsed, { redirect: 'follow', signal, headers: { 'user-agent': 'mailsift-feeds' } });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, error: `HTTP ${res.status}` };
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > opts.maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      return { ok: false, error: `body larger than ${opts.maxBytes} bytes` };
    }
    if (res.body === null) return { ok: false, error: 'empty body' };
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > opts.maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, error: `body larger than ${opts.maxBytes} bytes` };
      }
      chunks.push(value);
    }
    return { ok: true, body: Buffer.concat(chunks, total), status: res.status };
  } catch (err) {
    return { ok: false, error: describeFailure(err, opts.timeoutMs, opts.signal) };
  }
}
