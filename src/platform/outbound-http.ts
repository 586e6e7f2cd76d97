/**
 * The fetch every outbound HTTP request of the service uses (feed downloads, RDAP lookups):
 * undici's, through its EnvHttpProxyAgent, so HTTP_PROXY / HTTPS_PROXY / NO_PROXY are honoured
 * as curl and most tools honour them (Node's built-in fetch ignores them). The values come from
 * the validated configuration rather than from process.env.
 */
import type { Dispatcher, fetch as UndiciFetch } from 'undici';

export type HttpFetch = typeof globalThis.fetch;

export interface ProxySettings {
  readonly httpProxy?: string | undefined;
  readonly httpsProxy?: string | undefined;
  readonly noProxy?: string | undefined;
}

export function createOutboundFetch(p: ProxySettings): HttpFetch {
  // undici loads on the first request, not at start: a start with feeds and DNS off (every test
  // server, most development runs) never sends one, and loading it costs about 0.3 s of CPU.
  let ready: Promise<{ fetch: typeof UndiciFetch; dispatcher: Dispatcher }> | undefined;
  const client = () =>
    (ready ??= import('undici').then(({ EnvHttpProxyAgent, fetch }) => ({
      fetch,
      // Every value explicit ('' = none: direct connections, like the built-in fetch): given
      // undefined, the agent would read process.env itself. HTTPS_PROXY unset falls back to
      // HTTP_PROXY for https URLs, as curl does.
      dispatcher: new EnvHttpProxyAgent({
        httpProxy: p.httpProxy ?? '',
        httpsProxy: p.httpsProxy ?? p.httpProxy ?? '',
        noProxy: p.noProxy ?? '',
      }),
    })));
  return (async (input: Parameters<HttpFetch>[0], init?: Parameters<HttpFetch>[1]) => {
    const { fetch, dispatcher } = await client();
    return fetch(input as Parameters<typeof UndiciFetch>[0], { ...(init as Parameters<typeof UndiciFetch>[1]), dispatcher });
  }) as unknown as HttpFetch;
}
