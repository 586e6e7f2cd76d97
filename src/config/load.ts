/**
 * Reads the environment once, validates every setting, and returns a frozen Config.
 * The only reader of process.env in the service. A bad value is a ConfigError naming the
 * variable and the rule; main.ts prints it and exits.
 */
import { SETTINGS, type Config, type SettingKey } from './schema.ts';

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOWER_CASE_TOO = new Set(['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, setting] of Object.entries(SETTINGS) as [SettingKey, (typeof SETTINGS)[SettingKey]][]) {
    // The proxy variables are read in lower case too, as curl and most tools read them.
    const raw = env[setting.env] ?? (LOWER_CASE_TOO.has(setting.env) ? env[setting.env.toLowerCase()] : undefined) ?? setting.default;
    if (raw === undefined) {
      out[key] = undefined;
      continue;
    }
    try {
      out[key] = setting.parse(raw);
    } catch (err) {
      problems.push(`${setting.env}: ${(err as Error).message}`);
    }
  }
  const mode = out.kafkaBrokers ? 'kafka' : 'embedded';
  if (mode === 'kafka') {
    if (!out.schemaRegistryUrl) problems.push('SCHEMA_REGISTRY_URL: is required when KAFKA_BROKERS is set');
    if (!out.secret) problems.push('MAILSIFT_SECRET: is required when KAFKA_BROKERS is set (instances must share it)');
  } else if (out.roles && (out.roles as string[]).length !== 3 && !problems.some((p) => p.startsWith('KAFKA_BROKERS:'))) {
    problems.push('MAILSIFT_ROLES: embedded mode runs api, streams and trainer in one process; set KAFKA_BROKERS to split roles');
  }
  // As an account's own thresholds (PATCH /v1/settings): equal leaves no review band.
  if ((out.verdictReview as number) > (out.verdictAllow as number)) {
    problems.push(`MAILSIFT_VERDICT_REVIEW: must be at most MAILSIFT_VERDICT_ALLOW (${out.verdictAllow as number})`);
  }
  if (problems.length) throw new ConfigError(problems.join('\n'));
  return Object.freeze({ ...out, mode }) as Config;
}
