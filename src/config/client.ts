/**
 * What the client commands (`mailsift check-file`) read from the environment: where the service
 * is and the key to call it with. Separate from the service's settings: a client machine has
 * none of those, and a mistake in them must not stop a client.
 */
import { ConfigError } from './load.ts';

export interface ClientConfig {
  readonly baseUrl: string;
  readonly apiKey: string;
}

export const DEFAULT_URL = 'http://127.0.0.1:8080';

export function loadClientConfig(env: NodeJS.ProcessEnv = process.env): ClientConfig {
  const problems: string[] = [];
  const raw = env.MAILSIFT_URL?.trim() || DEFAULT_URL;
  let baseUrl = raw;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') problems.push('MAILSIFT_URL: must be an http:// or https:// URL');
    baseUrl = u.toString();
  } catch {
    problems.push('MAILSIFT_URL: must be an http:// or https:// URL');
  }
  const apiKey = env.MAILSIFT_API_KEY?.trim() ?? '';
  if (!apiKey) problems.push('MAILSIFT_API_KEY: is required (the key to call the service with)');
  if (problems.length) throw new ConfigError(problems.join('\n'));
  return Object.freeze({ baseUrl, apiKey });
}
