/**
 * README is part of the contract: its lists must match the code's closed lists, and its
 * commands and curl examples work when pasted (run here, on a clean copy of the repository).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBody, startFeedServer } from './feeds/feed-server.ts';
import { SETTINGS } from '../src/config/schema.ts';
import { EVIDENCE_SIGNALS, REASON_CODES } from '../src/model/reasons.ts';
import { REPO_ROOT } from './helpers/shared.ts';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const section = (title: string): string => {
  const start = readme.indexOf(title);
  const next = readme.indexOf('\n#', start + title.length);
  return readme.slice(start, next < 0 ? undefined : next);
};

describe('README', () => {
  it('documents every configuration variable with its default', () => {
    const table = section('## Configuration');
    for (const s of Object.values(SETTINGS)) {
      const row = table.split('\n').find((l) => l.startsWith(`| \`${s.env}\` |`));
      expect(row, s.env).toBeDefined();
      if (s.default !== undefined) expect(row, s.env).toContain(`\`${s.default}\``);
    }
  });

  it('lists exactly the reason codes and evidence signal names of the code', () => {
    const codes = [...section('### Reason codes').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(codes).toEqual([...REASON_CODES]);
    const signals = [...section('### Evidence signal names').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(signals).toEqual([...EVIDENCE_SIGNALS]);
  });

  it('gives the two commands and the verdict thresholds', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm test');
    expect(readme).toMatch(/`allow` when `human_score` ≥ 60, `review` for 30-59,\s+`block` below 30/);
  });

  it('has a curl example for every endpoint', () => {
    for (const p of ['/v1/check ', '/v1/check?', '/v1/check/bulk', '/v1/feedback', '/v1/model', '/v1/usage', '/v1/stats', '/v1/rules ', '/v1/rules/', '/v1/settings', '/v1/openapi.json', '/healthz', '/readyz', '/metrics']) {
      expect(readme.split('\n').some((l) => l.includes('curl') && l.includes(p.trim() === '/v1/check' ? 'localhost:8080/v1/check ' : p)), p).toBe(true);
    }
  });
});

describe('npm test on a bare clone', () => {
  it('says in one line how many tests were skipped for want of ../shared, as README says', async () => {
    expect(section('## Run it')).toMatch(/skipped when it is absent, and the run ends with\s+one line saying how many were skipped and why/);
    const r = await new Promise<{ code: number | null; out: string }>((resolvePromise) => {
      // One file that reads ../shared, with the shared dir pointed at nothing.
      const p = spawn(process.execPath, [join(REPO_ROOT, 'node_modules/vitest/vitest.mjs'), 'run', 'test/feeds/feeds-update-command.test.ts'], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MAILSIFT_SHARED_DIR: '/nonexistent/shared' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      p.stdout.on('data', (b: Buffer) => (out += b.toString()));
      p.stderr.on('data', (b: Buffer) => (out += b.toString()));
      p.on('close', (code) => resolvePromise({ code, out }));
    });
    expect(r.code, r.out).toBe(0);
    const lines = r.out.split('\n').filter((l) => l.includes('skipped: '));
    expect(lines).toEqual(['2 tests skipped: ../shared is absent (/nonexistent/shared: corpora, fixtures and labelled data kept beside the repository, not in it; set MAILSIFT_SHARED_DIR to use another copy)']);
  }, 60_000);
});

describe('docs/development.md', () => {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'development.md'), 'utf8');
  const layout = /## Layout\n+```\n([\s\S]*?)```/.exec(doc)![1]!;

  it('its layout names only paths that exist, and every folder of src/', () => {
    let top = '';
    const named: string[] = [];
    for (const line of layout.split('\n')) {
      const m = /^( *)(\S+)/.exec(line);
      if (!m || m[1]!.length > 2) continue; // description continued
      if (m[1] === '') top = m[2]!;
      const path = m[1] === '' ? m[2]! : top + m[2]!;
      named.push(path.replace(/\/$/, ''));
      expect(existsSync(join(REPO_ROOT, path)), path).toBe(true);
    }
    for (const d of readdirSync(join(REPO_ROOT, 'src'), { withFileTypes: true })) if (d.isDirectory()) expect(named, `src/${d.name}`).toContain(`src/${d.name}`);
  });

  it('names no source file that does not exist', () => {
    const files = new Set<string>();
    const walk = (dir: string): void => {
      for (const d of readdirSync(dir, { withFileTypes: true })) {
        if (d.isDirectory()) walk(join(dir, d.name));
        else files.add(d.name);
      }
    };
    walk(join(REPO_ROOT, 'src'));
    walk(join(REPO_ROOT, 'test'));
    // (Not the import example `./x.ts`, nor test file examples.)
    for (const [name] of doc.matchAll(/(?<![\w.-])(?<!\.\/)[\w-]+(?:\.[\w-]+)*\.ts\b/g)) if (!name.includes('.test.')) expect(files.has(name), name).toBe(true);
  });
});

/** Every command line of README's ```sh blocks (continuation lines joined), with the section it is in. */
function shellCommands(): { section: string; command: string }[] {
  const out: { section: string; command: string }[] = [];
  let section = '';
  let inSh = false;
  let pending = '';
  for (const line of readme.split('\n')) {
    if (!inSh && /^#{2,3} /.test(line)) section = line.replace(/^#+ /, '');
    if (line.startsWith('```')) {
      inSh = !inSh && line === '```sh';
      continue;
    }
    if (!inSh) continue;
    pending += pending ? `\n${line}` : line;
    if (line.endsWith('\\')) continue;
    if (pending.trim() !== '') out.push({ section, command: pending });
    pending = '';
  }
  return out;
}

/**
 * Commands README shows but this test does not run, each with the reason. Anything else in a
 * ```sh block is run as written (only the port and the key are filled in).
 */
const NOT_RUN: [RegExp, string][] = [
  [/^npm test\b/, 'this is it'],
  [/^npm run eval\b/, 'needs labelled files of your own (the development sets are in ../shared, absent from a clean copy)'],
  [/^npm run (infra:up|infra:down|test:kafka)\b/, 'the Kafka suite: CI runs it after npm test'],
  [/^npm run bench/, 'benchmarks: minutes of load, run by hand'],
  [/signup_hook_secret":"v1,whsec_\.\.\./, 'needs the secret Supabase generates (test/blackbox/signup-hooks.test.ts sets a real one)'],
];

const API_SECTIONS = /^(The API|Check one address|Check with query parameters|Check 1 to 1,000|Report an outcome|Model accuracy|Usage|Statistics|Dashboard|Operations|Clean a list|API keys and scopes|Rules:|Settings:|Test keys)/;

/**
 * CI (.ci/run) runs `npm ci` on its clean clone first and names its output here: that install is
 * the one README's `npm ci` makes, so the copy links it instead of installing a second time (a
 * minute of CI's two cores), and the no-warning claim is read off CI's own install. Anywhere else
 * the copy installs as README says.
 */
const CI_NPM_CI_LOG = process.env.MAILSIFT_CI_NPM_CI_LOG;

describe('README, run as written on a clean copy of the repository', () => {
  // The copy holds what a clone would (tracked files and new ones not ignored; no node_modules,
  // no dist, no data), in a temp dir with no ../shared beside it.
  let root: string;
  let repo: string;
  let server: ReturnType<typeof spawn> | undefined;
  let serverOut = '';
  let serverErr = '';
  let port = 0;
  let key = '';
  const env = (): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
    // Hermetic: no DNS or feed traffic from a test (the README's example output is with DNS off).
    MAILSIFT_DNS: 'off',
    MAILSIFT_FEEDS: 'off',
    PORT: String(port),
  });
  /** Runs a shell script in the copy (asynchronously: a loopback server of this process may have to answer it). */
  const bash = (script: string, extraEnv: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      const p = spawn('bash', ['-c', script], { cwd: repo, env: { ...env(), ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      p.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
      p.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      p.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  /** Stops `npm start` (its process group: npm and the service) and waits for it; SIGKILL past 20 s. */
  const stopServer = async (): Promise<void> => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server!.once('exit', r));
    process.kill(-server.pid!, 'SIGTERM');
    const force = setTimeout(() => process.kill(-server!.pid!, 'SIGKILL'), 20_000);
    await exited;
    clearTimeout(force);
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mailsift-readme-'));
    repo = join(root, 'mailsift');
    const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
    for (const f of files) if (existsSync(join(REPO_ROOT, f))) cpSync(join(REPO_ROOT, f), join(repo, f));
    port = await freePort();
  }, 60_000);

  afterAll(async () => {
    await stopServer();
    // node_modules is tens of thousands of files: minutes on a loaded machine, so not in the way of other tests.
    await rm(root, { recursive: true, force: true });
  }, 300_000);

  it('npm ci installs without a warning (from the local npm cache when it has the packages)', async () => {
    expect(readme).toContain('npm ci && npm start');
    if (CI_NPM_CI_LOG) {
      const log = readFileSync(CI_NPM_CI_LOG, 'utf8');
      expect(log).toMatch(/^added \d+ packages/m);
      expect(log).not.toMatch(/npm warn|EBADENGINE/i);
      // (rm of the copy removes the link, never what it points to)
      symlinkSync(join(REPO_ROOT, 'node_modules'), join(repo, 'node_modules'), 'dir');
      return;
    }
    const r = await bash('npm ci --prefer-offline --no-audit --no-fund');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/npm warn|EBADENGINE/i);
  }, 240_000);

  it('npm start builds and starts; the dev key block comes last, on stderr', async () => {
    server = spawn('npm', ['start'], { cwd: repo, env: env(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (b: Buffer) => (serverOut += b.toString()));
    server.stderr!.on('data', (b: Buffer) => (serverErr += b.toString()));
    const deadline = Date.now() + 180_000;
    const started = (): boolean => /─{78}\n$/.test(serverErr) && /"msg":"mailsift API listening"/.test(serverOut);
    while (!started() && server.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    key = /^ {4}export KEY=(msk_dev_\S+)$/m.exec(serverErr)?.[1] ?? '';
    expect(key, serverOut + serverErr).toMatch(/^msk_dev_/);
    expect(serverOut).toMatch(/"msg":"mailsift API listening"/);
  }, 240_000);

  it('every curl example of The API answers as README says', async () => {
    expect(key).not.toBe('');
    const commands = shellCommands().filter((c) => API_SECTIONS.test(c.section));
    expect(commands.length).toBeGreaterThan(10);
    // One shell, in README order (the feedback example uses the bulk example's check); each
    // command's output and status in files of its own.
    const out = join(root, 'out');
    const script = commands
      .map(({ command }, i) => {
        // Filled in: the port this test's server listens on, and its key where README has a placeholder.
        const asRun = command
          .replaceAll('localhost:8080', `localhost:${port}`)
          .replaceAll('127.0.0.1:8080', `127.0.0.1:${port}`)
          .replace(/^export KEY=msk_dev_\.\.\..*$/m, `export KEY=${key}`)
          .replaceAll('MAILSIFT_API_KEY=msk_...', `MAILSIFT_API_KEY=${key}`);
        return `{\n${asRun}\n} > ${out}.${i} 2>&1; echo $? > ${out}.${i}.rc`;
      })
      .join('\n');
    // The lists the check-file example cleans: yours, in README.
    writeFileSync(join(repo, 'customers.csv'), 'email,name\nana.silva@gmail.com,Ana\nbroken@,B\n');
    writeFileSync(join(repo, 'leads.jsonl'), '{"email":"tom.berg@yahoo.com"}\n');
    const run = await bash(script);
    expect(run.status, run.stderr).toBe(0);
    const results = commands.map(({ command }, i) => ({ command, rc: readFileSync(`${out}.${i}.rc`, 'utf8').trim(), text: readFileSync(`${out}.${i}`, 'utf8') }));
    for (const r of results) expect(r.rc, `${r.command}\n${r.text}`).toBe('0');
    const json = (fragment: string): Record<string, any> => {
      const r = results.find((x) => x.command.includes(fragment));
      expect(r, fragment).toBeDefined();
      return JSON.parse(r!.text) as Record<string, any>;
    };

    // The single check answers what README shows (DNS off, as it says), but for its check id.
    const shown = JSON.parse(/### Check one address[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)![1]!.replace('"chk_AQAB..."', '"x"')) as Record<string, unknown>;
    const single = json('"explain":true');
    expect({ ...single, check_id: 'x' }).toEqual(shown);
    expect(json('/v1/check?email=')).toMatchObject({ email: 'jane.doe+news@gmail.com', canonical: 'janedoe@gmail.com' });
    const bulk = json('/v1/check/bulk');
    expect(bulk.results).toHaveLength(3);
    expect(bulk.results[1]).toMatchObject({ input: 'broken@', error: expect.stringMatching(/^email: /) });
    const feedback = results.filter((r) => r.command.includes('/v1/feedback'));
    expect(feedback).toHaveLength(2);
    for (const f of feedback) expect(JSON.parse(f.text), f.command).toMatchObject({ status: 'accepted', check_id: expect.stringMatching(/^chk_/) });
    const model = json('/v1/model');
    for (const k of ['baseline', 'learned']) expect(Object.keys(model[k]).sort()).toEqual(['accuracy', 'log_loss', 'recent_log_loss']);
    const today = new Date().toISOString().slice(0, 10);
    for (const r of results.filter((x) => x.command.includes('/v1/usage'))) {
      const usage = JSON.parse(r.text) as { total: number; to: string; days: { date: string; emails: number }[] };
      expect(usage.to, r.command).toBe(today);
      expect(usage.total, r.command).toBeGreaterThanOrEqual(1);
    }
    for (const r of results.filter((x) => x.command.includes('/v1/stats'))) {
      const stats = JSON.parse(r.text) as { to: string; days: { date: string; checks: Record<string, number> }[]; waves: unknown[] };
      expect(stats.to, r.command).toBe(today);
      const checks = stats.days.find((d) => d.date === today)!.checks;
      expect(checks.allow! + checks.review! + checks.block!, r.command).toBeGreaterThanOrEqual(1);
      expect(stats.waves, r.command).toEqual([]);
    }
    const page = results.find((r) => r.command.includes('/dashboard'))!.text;
    expect(page).toMatch(/^HTTP\/1\.1 200/);
    expect(page).toMatch(/^content-security-policy: default-src 'none'/im);
    expect(json('/v1/openapi.json').openapi).toBe('3.1.0');
    expect(json('/healthz')).toEqual({ status: 'ok' });
    expect(json('/readyz').status).toMatch(/^(ready|degraded)$/);
    expect(results.find((r) => r.command.includes('/metrics'))!.text).toMatch(/^mailsift_checks_total\{/m);
    const cleaned = readFileSync(join(repo, 'customers.checked.csv'), 'utf8').trim().split('\n');
    expect(cleaned).toHaveLength(3);
    expect(cleaned[0]).toMatch(/^email,name,human_score,verdict,/);
    expect(JSON.parse(readFileSync(join(repo, 'leads.out.jsonl'), 'utf8'))).toMatchObject({ email: 'tom.berg@yahoo.com', verdict: expect.any(String) });
    // Customer controls: keys made on the running service, rules, settings, a test key's fixed answer.
    const created = results.find((r) => r.command.includes('--name "signup form"'))!;
    expect(created.text.trimEnd().split('\n').at(-1)).toMatch(/^msk_live_/);
    const listed = results.find((r) => r.command.startsWith('npx mailsift keys list'))!.text;
    expect(listed).toMatch(/^key_\S+\s+acme\s+signup form\s+check,feedback\s+\S+Z$/m);
    expect(listed).toMatch(/\s+check,feedback,read\s+\S+Z\s+test$/m);
    expect(results.find((r) => r.command.startsWith('npx mailsift keys revoke'))!.text).toMatch(/^revoked key key_/);
    expect(json('"partner-company.com"')).toMatchObject({ id: expect.stringMatching(/^rule_/), action: 'allow', type: 'domain', value: 'partner-company.com' });
    const rules = results.find((r) => r.command.startsWith('curl -s localhost') && r.command.includes('/v1/rules -H') && !r.command.includes('-d '))!;
    expect((JSON.parse(rules.text) as { rules: { type: string; value: string | null }[] }).rules.map((x) => [x.type, x.value])).toEqual([['domain', 'partner-company.com'], ['email', null]]);
    expect(results.find((r) => r.command.includes('-X DELETE'))!.text).toBe('');
    expect(json('"verdict_allow":70')).toEqual({
      verdict_allow: 70,
      verdict_review: 40,
      signup_hook_secret_set: false,
      signup_hook_reject_review: false,
      // The account's own rate limits: the service's defaults (CONTRACT.md: 100 requests/s, burst 200).
      rate_limit_requests_per_second: 100,
      rate_limit_request_burst: 200,
      rate_limit_addresses_per_second: 500,
      rate_limit_address_burst: 2000,
    });
    expect(json('disposable@mailsift.test')).toMatchObject({ verdict: 'block', disposable: true, test: true });
    // No example answered an error.
    for (const r of results) if (r.text.startsWith('{')) expect(JSON.parse(r.text), r.command).not.toHaveProperty('error');
  }, 180_000);

  it('the commands of Run it, as written (feed downloads from a loopback server; retrain by the running server)', async () => {
    const commands = shellCommands().filter((c) => c.section === 'Run it' && c.command.startsWith('npx mailsift'));
    expect(commands.map((c) => c.command.split('#')[0]!.trim())).toEqual(['npx mailsift help', 'npx mailsift topics plan', 'npx mailsift feeds update', 'npx mailsift retrain']);
    const run = (c: string, extra: Record<string, string> = {}) => bash(c, extra);
    const help = await run(commands[0]!.command);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: mailsift \[command\]/);
    const plan = await run(commands[1]!.command);
    expect(plan.status).toBe(0);
    expect(plan.stdout).toMatch(/^topic\s+kind\s+partitions\s+replicas\s+cleanup\s+retention\n/);
    const feeds = await startFeedServer();
    try {
      feeds.route('/tor.txt', sendBody(Array.from({ length: 150 }, (_, i) => `185.220.101.${i + 1}\n`).join('')));
      const off = { MAILSIFT_FEEDS_URL_AWS: 'off', MAILSIFT_FEEDS_URL_GOOGLE_CLOUD: 'off', MAILSIFT_FEEDS_URL_DIGITAL_OCEAN: 'off', MAILSIFT_FEEDS_URL_RDAP: 'off' };
      const update = await run(commands[2]!.command, { ...off, MAILSIFT_FEEDS_URL_TOR: feeds.url('/tor.txt') });
      expect(update.status, update.stdout + update.stderr).toBe(0);
      expect(update.stdout).toMatch(/^tor\s+ok\s+150 entries from /m);
      expect(update.stdout.trimEnd().split('\n')).toHaveLength(6);
    } finally {
      await feeds.close();
    }
    // Embedded mode with the server running: its trainer answers (README).
    const retrain = await run(commands[3]!.command);
    expect(retrain.status).toBe(1); // two outcomes: far from enough
    expect(retrain.stdout).toMatch(/mailsift retrain: no model fitted: shared model: [0-2] labelled examples, 200 needed/);
    expect(retrain.stdout).toContain('A shared learned model needs 200 outcomes in all, at least 20 of each kind');
    await stopServer();
  }, 120_000);

  it('runs every command of README (or says here why not)', () => {
    for (const { section, command } of shellCommands()) {
      const ran = API_SECTIONS.test(section) || (section === 'Run it' && (command.startsWith('npx mailsift') || command.startsWith('npm ci && npm start')));
      const skipped = NOT_RUN.some(([re]) => re.test(command));
      expect(ran || skipped, `${section}: ${command}`).toBe(true);
    }
  });
});

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}
