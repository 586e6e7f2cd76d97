/**
 * The one-shot commands as an operator runs them (the built `mailsift` binary): what they print
 * on standard output is for people, without log lines among it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared.ts';
import { API_KEYS_ENV, startServer } from '../helpers/server.ts';
import { sendBody, startFeedServer, status, type FeedServer } from '../feeds/feed-server.ts';

/** Runs `mailsift <args>` in a fresh data dir, or in `dataDir` (async: the feed server answers in this process). */
function mailsift(args: string[], env: Record<string, string> = {}, dataDir?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'mailsift-cmd-'));
  const proc = spawn(process.execPath, [join(REPO_ROOT, 'dist/src/main.js'), ...args], {
    env: { PATH: process.env.PATH ?? '', MAILSIFT_DATA_DIR: dir, MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  proc.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) =>
    proc.on('close', (code) => {
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
      resolve({ status: code, stdout, stderr });
    }),
  );
}

describe('mailsift feeds update', () => {
  let server: FeedServer;
  beforeAll(async () => {
    server = await startFeedServer();
    // A made-up exit list, as long as the validator wants a real one to be.
    server.route('/tor.txt', sendBody(Array.from({ length: 150 }, (_, i) => `185.220.101.${i + 1}\n`).join('')));
    server.route('/gone', status(404));
  });
  afterAll(() => server.close());

  it('prints its table and nothing else: a failed feed is a row, not a JSON warning among the rows', async () => {
    const r = await mailsift(['feeds', 'update'], {
      MAILSIFT_FEEDS_URL_TOR: server.url('/tor.txt'),
      MAILSIFT_FEEDS_URL_AWS: server.url('/gone'),
      MAILSIFT_FEEDS_URL_GOOGLE_CLOUD: 'off',
      MAILSIFT_FEEDS_URL_DIGITAL_OCEAN: 'off',
      MAILSIFT_FEEDS_URL_RDAP: 'off',
    });
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines.find((l) => l.startsWith('aws'))).toMatch(/^aws\s+FAILED\s+HTTP 404; no good copy yet$/);
    expect(lines.find((l) => l.startsWith('tor'))).toMatch(/^tor\s+ok\s+150 entries from /);
    expect(r.stdout + r.stderr).not.toContain('{"level"');
  });
});

describe('mailsift retrain', () => {
  it('with too few outcomes: says what is missing and the whole rule', async () => {
    const r = await mailsift(['retrain']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('mailsift retrain: no model fitted: shared model: 0 labelled examples, 200 needed');
    expect(r.stdout).toContain('A shared learned model needs 200 outcomes in all, at least 20 of each kind');
    expect(r.stdout).toContain("An account's personal model needs 50 of that account's own outcomes, at least 10 of each kind");
  });

  // The running embedded server owns the data dir: the command asks its trainer (the worker
  // thread's in learning.test.ts; here the API thread's).
  it('while a server runs with its streams in the API thread: its trainer answers, with the same report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-cmd-'));
    try {
      const s = await startServer({ MAILSIFT_STREAMS_THREAD: 'off' }, dir);
      try {
        const r = await mailsift(['retrain'], { MAILSIFT_API_KEYS: API_KEYS_ENV }, dir);
        expect(r.stdout).toContain('mailsift retrain: no model fitted: shared model: 0 labelled examples, 200 needed');
        expect(r.stdout).toContain('A shared learned model needs 200 outcomes in all');
        expect(r.status).toBe(1);
      } finally {
        expect(await s.stop()).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('mailsift topics plan', () => {
  it('prints a table with readable retention by default, JSON with --json', async () => {
    const table = await mailsift(['topics', 'plan']);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/^topic\s+kind\s+partitions\s+replicas\s+cleanup\s+retention\n/);
    expect(table.stdout).toMatch(/^checks\.scored\.v1\s+event\s+\d+\s+1\s+delete\s+91 d$/m);
    const json = await mailsift(['topics', 'plan', '--json']);
    expect(json.status).toBe(0);
    const plan = JSON.parse(json.stdout) as { name: string; configs: Record<string, string> }[];
    expect(plan.find((t) => t.name === 'checks.scored.v1')?.configs['retention.ms']).toBe(String(91 * 86_400_000));
  });

  it('topics apply without KAFKA_BROKERS: the refusal on stderr, nothing on stdout, exit 2', async () => {
    const r = await mailsift(['topics', 'apply']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('mailsift topics apply: KAFKA_BROKERS is not set (embedded mode keeps its log in the data dir)\n');
  });
});

describe('--json errors', () => {
  // A script that asked for JSON parses standard error too: every line there is a JSON object.
  const jsonLines = (stderr: string): unknown[] => stderr.trimEnd().split('\n').map((l) => JSON.parse(l) as unknown);

  it('every command given --json prints its errors as {"error"} lines, with the same exit codes as in text', async () => {
    for (const [args, env, status, text] of [
      [['keys', 'revoke', 'key_AAAAAAAAAAAAAAAA', '--json'], {}, 1, 'mailsift keys revoke: no key key_AAAAAAAAAAAAAAAA (mailsift keys list shows them)'],
      [['keys', 'revoke', '--json'], {}, 2, 'mailsift keys: revoke takes exactly one key id (mailsift keys list shows them)'],
      [['keys', 'create', '--account', 'a/b', '--json'], {}, 2, 'mailsift keys: --account: must match'],
      [['keys', 'list', '--json', '--colour'], {}, 2, "mailsift keys: Unknown option '--colour'"],
      [['keys', 'list', '--json'], { PORT: 'eighty', MAILSIFT_LOG_LEVEL: 'loud' }, 2, 'mailsift: invalid configuration: PORT: '],
      [['topics', 'plan', '--json', '--wide'], {}, 2, 'mailsift: unknown command "topics plan --json --wide"'],
    ] as const) {
      const r = await mailsift([...args], env);
      const label = args.join(' ');
      expect(r.status, label).toBe(status);
      expect(r.stdout, label).toBe('');
      const lines = jsonLines(r.stderr);
      expect(lines, label).toEqual([{ error: expect.stringContaining(text) }]);
    }
  });

  it('several configuration problems are one error; a warning is a {"warning"} line', async () => {
    const bad = await mailsift(['keys', 'list', '--json'], { PORT: 'eighty', MAILSIFT_LOG_LEVEL: 'loud' });
    expect((jsonLines(bad.stderr)[0] as { error: string }).error).toMatch(/^mailsift: invalid configuration: PORT: .+; MAILSIFT_LOG_LEVEL: .+$/);
    const warned = await mailsift(['keys', 'list', '--json'], { MAILSIFT_FEEDS_URL_TORR: 'off' });
    expect(warned.status).toBe(0);
    expect(JSON.parse(warned.stdout)).toEqual({ keys: [] });
    expect(jsonLines(warned.stderr)).toEqual([{ warning: expect.stringContaining('MAILSIFT_FEEDS_URL_TORR') }]);
  });

  it('without --json, errors stay text for people, with the usage after an argument error', async () => {
    const r = await mailsift(['keys', 'revoke']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^mailsift keys: revoke takes exactly one key id .*\n\nusage:\n {2}mailsift keys create/);
    const gone = await mailsift(['keys', 'revoke', 'key_AAAAAAAAAAAAAAAA']);
    expect(gone.status).toBe(1);
    expect(gone.stderr).toBe('mailsift keys revoke: no key key_AAAAAAAAAAAAAAAA (mailsift keys list shows them)\n');
  });
});
