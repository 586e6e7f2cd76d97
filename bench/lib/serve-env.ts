/**
 * How the benches start `mailsift serve`: loopback, any port, no DNS lookups or feed downloads,
 * and the per-account rate limits lifted, so that a bench measures the service's work and not
 * its limiter (every bench's load comes from one or two accounts).
 */

/** The four rate limits (requests and addresses, rate and burst) set far above any bench's load. */
export const LIFTED_RATE_LIMITS = {
  MAILSIFT_RATE_LIMIT_RPS: '1000000',
  MAILSIFT_RATE_LIMIT_BURST: '1000000',
  MAILSIFT_RATE_LIMIT_ADDRESSES: '1000000',
  MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '1000000',
} as const;

/** The environment of a benched `mailsift serve` with these `MAILSIFT_API_KEYS`; `over` adds or replaces variables. */
export function benchServeEnv(apiKeys: string, over: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    MAILSIFT_API_KEYS: apiKeys,
    MAILSIFT_DNS: 'off',
    MAILSIFT_FEEDS: 'off',
    MAILSIFT_LOG_LEVEL: 'info',
    ...LIFTED_RATE_LIMITS,
    ...over,
  };
}

/** The API's "listening" log line, with its URL, whichever order pino writes the fields in. */
export const API_LISTENING = /"address":"(http:\/\/[^"]+)"[^\n]*mailsift API listening|mailsift API listening[^\n]*"address":"(http:\/\/[^"]+)"/;

/** The URL of the API listening line in a process's output (after `startProcess` matched API_LISTENING). */
export function listeningUrl(output: string): string {
  return API_LISTENING.exec(output)!.slice(1).find(Boolean)!;
}
