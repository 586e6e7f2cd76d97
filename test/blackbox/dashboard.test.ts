/**
 * GET /dashboard against the real built server: the page and its assets over HTTP (no key,
 * strict CSP), then the page in a real headless Chromium: enter the key, wait for the charts,
 * and check what it shows against /v1/stats, that it refreshes, stays in a narrow window, and
 * leaves no console error, CSP violation or key in a URL. Saves screenshots under
 * test-output/dashboard/ (gitignored) and prints their paths.
 *
 * Without Chromium installed the browser part skips with a one-line reason; .ci/run installs
 * it and fails if the browser part was skipped there.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_PATH, launchChromium } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { population } from '../helpers/population.ts';
import { API_KEYS_ENV, call, KEYS, startServer, type RunningServer } from '../helpers/server.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const OUTPUT = join(REPO_ROOT, 'test-output', 'dashboard');
const WAVE_DOMAIN = 'dash-wave-shop.com';

/** A note that would be markup if the page wrote it as HTML. */
const RULE_NOTE = '<img src=x> not <b>HTML</b>';
const RULE_EMAIL = 'vip.person@gmail.com';
const ENV = { MAILSIFT_RATE_LIMIT_RPS: '100000', MAILSIFT_RATE_LIMIT_BURST: '100000' };
// Nine real people to each fake: acme's personal model is held back until its outcomes hold
// about 125 real people (the verdict guard's sampling bound); 150 of them (135 real) do, and
// stay under the shared model's 200.
const PEOPLE = population(160, 9);
const BEFORE_MODEL = 150;

let server: RunningServer;
let dataDir: string;

function retrain(dir: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'src', 'main.js'), 'retrain'], {
    env: { PATH: process.env.PATH ?? '', MAILSIFT_DATA_DIR: dir, MAILSIFT_API_KEYS: API_KEYS_ENV, MAILSIFT_LOG_LEVEL: 'warn', MAILSIFT_FEEDS: 'off', MAILSIFT_DNS: 'off' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

const cliEnv = (): Record<string, string> => ({ MAILSIFT_DATA_DIR: dataDir, MAILSIFT_API_KEYS: API_KEYS_ENV, MAILSIFT_DNS: 'off', MAILSIFT_FEEDS: 'off' });

async function waitForOutcomes(n: number): Promise<void> {
  for (let i = 0; i < 150 && (await call(server.url, 'GET', '/v1/model')).body.feedback_examples < n; i++) await new Promise((r) => setTimeout(r, 100));
  expect((await call(server.url, 'GET', '/v1/model')).body.feedback_examples).toBe(n);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mailsift-dashboard-'));
  server = await startServer(ENV, dataDir);
  // On a loaded machine the service may answer 503 (overloaded, Retry-After: nothing recorded): wait and send again.
  const post = async (path: string, body: unknown, key = KEYS.acme) => {
    for (let attempt = 1; ; attempt++) {
      const r = await call(server.url, 'POST', path, { body, key });
      if (r.status !== 503 || attempt === 5) return r;
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(r.headers.get('retry-after') ?? 1)));
    }
  };
  const report = async (ids: string[], people: { human: boolean }[]) => {
    for (let i = 0; i < ids.length; i++) expect((await post('/v1/feedback', { check_id: ids[i], outcome: people[i]!.human ? 'real' : 'fake' })).status).toBe(202);
  };
  // A wave of new inboxes at one domain, sign-ups of people and of generated inboxes, and
  // outcomes for them: enough for the trainer to fit acme a personal model.
  const wave = Array.from({ length: 24 }, (_, i) => `${['zq', 'xv', 'kj'][i % 3]}${i}w${(i * 3) % 7}@${WAVE_DOMAIN}`);
  // A request's own addresses make no wave (a customer's list): the last comes as a sign-up does.
  expect((await post('/v1/check/bulk', { emails: wave.slice(0, 23) })).status).toBe(200);
  expect((await post('/v1/check', { email: wave[23] })).status).toBe(200);
  const bulk = await post('/v1/check/bulk', { emails: PEOPLE.map((p) => p.email) });
  expect(bulk.status).toBe(200);
  const ids = (bulk.body.results as { check_id: string }[]).map((r) => r.check_id);
  await report(ids.slice(0, BEFORE_MODEL), PEOPLE);
  // Another account's traffic, which acme's page must never show.
  expect((await post('/v1/check', { email: 'someone@globex-only-domain.com' }, KEYS.globex)).status).toBe(200);
  await waitForOutcomes(BEFORE_MODEL);
  expect(await server.stop()).toBe(0);
  // A model version published today: acme's personal model (the service owns the data dir while it runs).
  const fitted = retrain(dataDir);
  expect(fitted.out).toMatch(/published personal model of acme v1/);
  server = await startServer(ENV, dataDir);
  // Outcomes reported after it: the personal model is scored on them too.
  await report(ids.slice(BEFORE_MODEL), PEOPLE.slice(BEFORE_MODEL));
  await waitForOutcomes(PEOPLE.length);
  // Rules of the account (the page shows them to a key with the admin scope).
  expect((await post('/v1/rules', { action: 'block', type: 'domain', value: 'blocked-by-rule.com', note: RULE_NOTE })).status).toBe(201);
  expect((await post('/v1/rules', { action: 'allow', type: 'email', value: RULE_EMAIL, note: 'our CEO' })).status).toBe(201);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /dashboard over HTTP', () => {
  it('serves the page and its assets without a key, with a strict Content-Security-Policy', async () => {
    for (const [path, type] of [
      ['/dashboard', 'text/html'],
      ['/dashboard/dashboard.js', 'text/javascript'],
      ['/dashboard/dashboard.css', 'text/css'],
      ['/dashboard/vendor/chart.umd.min.js', 'text/javascript'],
      ['/dashboard/favicon.svg', 'image/svg+xml'],
    ]) {
      const r = await call(server.url, 'GET', path!, { key: null });
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toContain(type);
      const csp = r.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      const again = await call(server.url, 'GET', path!, { key: null, headers: { 'if-none-match': r.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    const page = (await call(server.url, 'GET', '/dashboard', { key: null })).text;
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
    expect(page).not.toMatch(/\sstyle=|<style/); // no inline style
    expect(page).not.toMatch(/https?:\/\//); // nothing from other origins
    expect((await call(server.url, 'HEAD', '/dashboard', { key: null })).status).toBe(200);
    expect((await call(server.url, 'GET', '/dashboard/../package.json', { key: null })).status).toBe(404);
    expect((await call(server.url, 'GET', '/dashboard/nothing.js', { key: null })).body).toEqual({ error: 'route: GET /dashboard/nothing.js does not exist' });
  });
});

/** Sums of the verdict datasets of the verdict chart, as the page drew them. */
const drawnVerdicts = (page: Page) =>
  page.evaluate(() => {
    const chart = (globalThis as unknown as { Chart: { getChart(id: string): { data: { datasets: { label: string; data: number[] }[] } } } }).Chart.getChart('verdicts-chart');
    return Object.fromEntries(chart.data.datasets.map((d) => [d.label, d.data.reduce((a, b) => a + b, 0)]));
  });

const datasets = (page: Page, id: string) =>
  page.evaluate((canvas) => {
    const chart = (globalThis as unknown as { Chart: { getChart(id: string): { data: { labels: string[]; datasets: { label: string; data: (number | null)[] }[] } } | undefined } }).Chart.getChart(canvas);
    return chart ? { labels: chart.data.labels, series: chart.data.datasets.map((d) => ({ label: d.label, points: d.data.filter((x) => x !== null).length, sum: d.data.reduce<number>((a, b) => a + (b ?? 0), 0) })) } : undefined;
  }, id);

async function statsTotals(): Promise<{ allow: number; review: number; block: number }> {
  const stats = (await call(server.url, 'GET', '/v1/stats')).body as { days: { checks: Record<string, number> }[] };
  const totals = { allow: 0, review: 0, block: 0 };
  for (const d of stats.days) for (const v of ['allow', 'review', 'block'] as const) totals[v] += d.checks[v]!;
  return totals;
}

describe.skipIf(!CHROMIUM)(`the dashboard in headless Chromium${CHROMIUM ? '' : ` (skipped: no Chromium at ${CHROMIUM_PATH}; apt-get install chromium)`}`, () => {
  it('asks for the key, draws the account\'s figures as /v1/stats gives them, refreshes, and stays within its CSP', async () => {
    mkdirSync(OUTPUT, { recursive: true });
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      const problems: string[] = [];
      const urls: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
      page.on('request', (r) => urls.push(r.url()));
      // (Browser-side code as strings: this project's TypeScript has no DOM library.)
      await page.addInitScript({ content: "window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));" });
      // The page's timers run on a clock the test moves: the 30 s refresh without waiting 30 s.
      await page.clock.install({ time: new Date() });

      const res = await page.goto(`${server.url}/dashboard`);
      expect(res?.status()).toBe(200);
      await page.waitForSelector('body[data-state="locked"]');
      expect(await page.isVisible('#key')).toBe(true);
      await page.fill('#key', KEYS.acme);
      await page.click('#key-form button[type="submit"]');
      await page.waitForSelector('body[data-state="loaded"]', { timeout: 20_000 });

      // Verdicts: drawn series and the summary equal /v1/stats.
      const want = await statsTotals();
      expect(want.allow + want.review + want.block).toBe(24 + PEOPLE.length);
      expect(await drawnVerdicts(page)).toEqual(want);
      const summary = page.locator('#verdicts-summary');
      for (const v of ['allow', 'review', 'block'] as const) expect(await summary.getAttribute(`data-${v}`)).toBe(String(want[v]));
      expect(await summary.textContent()).toBe(`30 days: ${want.allow} allow, ${want.review} review, ${want.block} block.`);

      // Every chart has its series.
      const usage = await datasets(page, 'usage-chart');
      expect(usage?.series).toEqual([{ label: 'billed emails', points: 30, sum: 24 + PEOPLE.length }]);
      const accuracy = await datasets(page, 'accuracy-chart');
      // baseline and the personal model scored on today's outcomes; today's version marked
      expect(accuracy?.series.map((s) => [s.label, s.points])).toEqual([['baseline', 1], ['personal', 1], ['new version published', 1]]);
      expect((await datasets(page, 'logloss-chart'))?.series.map((s) => [s.label, s.points])).toEqual([['baseline', 1], ['personal', 1], ['new version published', 1]]);
      expect(await page.textContent('#accuracy-summary')).toContain(`Published: personal v1 on ${new Date().toISOString().slice(0, 10)}.`);
      const outcomes = await datasets(page, 'outcomes-chart');
      expect(outcomes?.series.map((s) => [s.label, s.sum])).toEqual([['real', 144], ['fake', 16], ['share fake (%)', 10]]);
      const reasons = await datasets(page, 'reasons-chart');
      expect(reasons?.labels).toContain('signup_wave');
      expect(await page.textContent('#outcomes-summary')).toBe('160 outcomes reported: 144 real, 16 fake (10% fake).');
      // Waves and the model, in words.
      expect(await page.locator('#waves-body td').first().textContent()).toBe(WAVE_DOMAIN);
      expect(await page.textContent('#model-status')).toMatch(/^Model mode auto: .* Your checks are answered by the baseline\. Learned model v1 is not healthy yet .* 160 outcomes reported by 1 customer in all\.$/);
      expect((await page.textContent('#model-recommendation'))!.length).toBeGreaterThan(20);
      expect(await page.textContent('body')).not.toContain('globex');
      // The rules (an all-scope key): as text, an email rule without its address.
      const rules = await page.$$eval('#rules-body tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
      expect(rules.map((r) => r.slice(0, 4))).toEqual([
        ['allow', 'email', 'an address (only a keyed hash of it is kept)', 'our CEO'],
        ['block', 'domain', 'blocked-by-rule.com', RULE_NOTE],
      ]);
      expect(await page.locator('#rules-body img, #rules-body b').count()).toBe(0);
      expect(await page.textContent('#rules-status')).toBe('2 rules, newest first.');
      expect(await page.content()).not.toContain(RULE_EMAIL);

      // Axes are labelled.
      const titles = await page.evaluate(() => {
        const C = (globalThis as unknown as { Chart: { getChart(id: string): { options: { scales: Record<string, { title?: { display: boolean; text: string } }> } } } }).Chart;
        return ['verdicts-chart', 'usage-chart', 'accuracy-chart', 'logloss-chart', 'outcomes-chart', 'reasons-chart'].map((id) => Object.values(C.getChart(id).options.scales).every((s) => s?.title?.display === true && s.title.text.length > 0));
      });
      expect(titles).toEqual([true, true, true, true, true, true]);

      await page.screenshot({ path: join(OUTPUT, 'dashboard.png'), fullPage: true });

      // Refresh: a new check shows after the next 30 s tick.
      expect((await call(server.url, 'POST', '/v1/check', { body: { email: 'paula.martin@gmail.com' } })).status).toBe(200);
      await page.evaluate("document.body.dataset.state = 'stale'");
      await page.clock.runFor(30_000);
      await page.waitForSelector('body[data-state="loaded"]', { timeout: 20_000 });
      expect(await drawnVerdicts(page)).toEqual(await statsTotals());
      expect(Object.values(await drawnVerdicts(page)).reduce((a, b) => a + b, 0)).toBe(24 + PEOPLE.length + 1);

      // Many rules (an account may have 10,000): the newest 100 are listed, and the page says so.
      for (let i = 0; i < 120; i++) expect((await call(server.url, 'POST', '/v1/rules', { body: { action: 'review', type: 'domain', value: `many-rules-${i}.com` } })).status).toBe(201);
      await page.evaluate("document.body.dataset.state = 'stale'");
      await page.clock.runFor(30_000);
      await page.waitForSelector('body[data-state="loaded"]', { timeout: 20_000 });
      expect(await page.locator('#rules-body tr').count()).toBe(100);
      expect(await page.textContent('#rules-body tr:first-child td:nth-child(3)')).toBe('many-rules-119.com');
      expect(await page.textContent('#rules-body tr:last-child td:nth-child(3)')).toBe('many-rules-20.com');
      expect(await page.textContent('#rules-status')).toBe('122 rules; the 100 newest are shown (GET /v1/rules lists every one).');

      // A narrow window: the key survives a reload (same tab), nothing overflows sideways.
      await page.setViewportSize({ width: 380, height: 800 });
      await page.reload();
      await page.waitForSelector('body[data-state="loaded"]', { timeout: 20_000 });
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await page.screenshot({ path: join(OUTPUT, 'dashboard-narrow.png'), fullPage: true });

      // The key: in this tab's session storage only, never in a URL, no request left the origin.
      expect(await page.evaluate("[sessionStorage.getItem('mailsift.apiKey'), localStorage.length, document.cookie]")).toEqual([KEYS.acme, 0, '']);
      expect(urls.length).toBeGreaterThan(5);
      for (const u of urls) {
        expect(u.startsWith(server.url)).toBe(true);
        expect(u).not.toContain(KEYS.acme);
      }
      expect(problems).toEqual([]);
      expect(await page.evaluate('window.__csp')).toEqual([]);

      // The policy is enforced: a string written as HTML is refused (Trusted Types).
      expect(await page.evaluate("(() => { try { document.body.innerHTML = '<b>x</b>'; return 'written'; } catch { return 'refused'; } })()")).toBe('refused');

      // Forgetting the key locks the page and empties the storage.
      await page.click('#forget');
      await page.waitForSelector('body[data-state="locked"]');
      expect(await page.evaluate('sessionStorage.length')).toBe(0);

      // A key with the read scope only: the figures, and why no rules are shown (GET /v1/rules
      // answered 403 once, which the browser logs; nothing else may be).
      const made = await runCli(['keys', 'create', '--account', 'acme', '--scopes', 'read'], cliEnv());
      expect(made.code, made.stderr).toBe(0);
      problems.length = 0;
      await page.fill('#key', made.stdout.trimEnd().split('\n').at(-1)!);
      await page.click('#key-form button[type="submit"]');
      await page.waitForSelector('body[data-state="loaded"]', { timeout: 20_000 });
      expect(await drawnVerdicts(page)).toEqual(await statsTotals());
      expect(await page.textContent('#rules-status')).toBe('This key cannot read the rules: that needs a key with the admin scope.');
      expect(await page.isVisible('#rules-table')).toBe(false);
      await page.evaluate("document.body.dataset.state = 'stale'");
      await page.clock.runFor(30_000); // a refresh does not ask again
      await page.waitForSelector('body[data-state="loaded"]', { timeout: 20_000 });
      expect(problems).toEqual(['console error: Failed to load resource: the server responded with a status of 403 (Forbidden)']);

      console.log(`dashboard screenshots: ${join(OUTPUT, 'dashboard.png')} and ${join(OUTPUT, 'dashboard-narrow.png')}`);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
