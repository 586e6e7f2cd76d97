/**
 * The app's dependencies for tests of the HTTP layer alone (app.ts built in-process): one
 * account's key, no-op logger and fresh metrics; every service the test does not exercise throws
 * if called. A test overrides what it exercises.
 */
import { Writable } from 'node:stream';
import type { AppDeps } from '../../src/api/app.ts';
import { createKeyResolver } from '../../src/api/auth.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { createMetrics } from '../../src/platform/metrics.ts';
import { hashApiKey } from '../../src/platform/secrets.ts';
import { ReplayGuard } from '../../src/signup-hooks/replay-guard.ts';

const unused = async (): Promise<never> => {
  throw new Error('not used');
};

export function standInAppDeps(account: string, key: string, over: Partial<AppDeps> = {}): AppDeps {
  return {
    logger: createLogger('silent', new Writable({ write: (_c, _e, done) => done() })),
    keys: createKeyResolver([{ account, sha256: hashApiKey(key) }]),
    rateLimits: () => ({ requests: { rate: 100, burst: 200 }, addresses: { rate: 500, burst: 2000 } }),
    now: Date.now,
    checks: { check: unused, bulk: unused },
    feedback: { report: unused },
    model: { stats: unused },
    rules: { create: unused, list: () => [], remove: unused },
    settings: { get: () => ({ verdict_allow: 60, verdict_review: 30 }) as never, patch: unused },
    stats: { stats: unused },
    dashboard: [],
    signupHooks: { secretFor: () => undefined, rejectReview: () => false, check: unused, deadlineMs: 2000, replay: new ReplayGuard(), now: Date.now },
    usage: { usage: unused },
    health: { readiness: async () => ({ ready: true, checks: {} }) },
    metrics: createMetrics(),
    version: 'test',
    ...over,
  };
}
