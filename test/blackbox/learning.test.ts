/**
 * The learning loop end to end on the real server: outcomes reported through /v1/feedback
 * become labelled checks, the trainer fits and publishes a learned model, the API serves it
 * (mode on), /v1/model reports it; `mailsift retrain` publishes the next version through the
 * running server (which owns the data dir) and offline.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_KEYS_ENV, call, KEYS, startServer } from '../helpers/server.ts';
import { population } from '../helpers/population.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const ENV = { MAILSIFT_MODEL_MODE: 'on', MAILSIFT_TRAIN_INTERVAL_S: '1', MAILSIFT_RATE_LIMIT_RPS: '100000', MAILSIFT_RATE_LIMIT_BURST: '100000', MAILSIFT_RATE_LIMIT_ADDRESSES: '100000', MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '100000' };

// Six customers, each with fewer than the 50 outcomes of a personal model: only the shared
// model is fitted, so its version numbers are the test's to predict.
const CUSTOMERS = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'vandelay'];
const keyOf = (account: string): string => (account === 'acme' ? KEYS.acme : account === 'globex' ? KEYS.globex : `${account}-test-key-0123456789`);
const SHARED_ENV = { ...ENV, MAILSIFT_API_KEYS: CUSTOMERS.map((a) => `${keyOf(a)}=${a}`).join(',') };

function retrain(dir: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'dist', 'src', 'main.js'), 'retrain'], {
    env: { PATH: process.env.PATH ?? '', MAILSIFT_DATA_DIR: dir, MAILSIFT_API_KEYS: API_KEYS_ENV, MAILSIFT_LOG_LEVEL: 'warn', MAILSIFT_FEEDS: 'off', MAILSIFT_DNS: 'off' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('learning from reported outcomes', () => {
  it('trains, publishes and serves a learned model; retrain publishes the next version', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-learn-'));
    try {
      const s = await startServer(SHARED_ENV, dir);
      try {
        const before = await call(s.url, 'GET', '/v1/model');
        expect(before.body.learned_version).toBe(0);
        expect(before.body.serving).toBe('baseline');

        // 248 checks before any learned model exists; outcomes for 240 of them train it. Two real
        // people to each fake: a version is held back until its outcomes hold about 125 real
        // people (the verdict guard's sampling bound), and the trainer may fit v1 on 200 of them.
        const people = population(248, 2);
        const accountOf = (i: number): string => CUSTOMERS[Math.floor(i / 3) % CUSTOMERS.length]!; // two real people and a fake each
        const results: { check_id: string }[] = [];
        for (const account of CUSTOMERS) {
          const mine = people.map((p, i) => ({ p, i })).filter(({ i }) => accountOf(i) === account);
          const bulk = await call(s.url, 'POST', '/v1/check/bulk', { key: keyOf(account), body: { emails: mine.map(({ p }) => p.email) } });
          expect(bulk.status).toBe(200);
          mine.forEach(({ i }, j) => (results[i] = bulk.body.results[j]));
        }
        const report = (i: number) => call(s.url, 'POST', '/v1/feedback', { key: keyOf(accountOf(i)), body: { check_id: results[i]!.check_id, outcome: people[i]!.human ? 'confirmed' : 'fake' } });
        for (let i = 0; i < 240; i++) expect((await report(i)).status).toBe(202);

        const deadline = Date.now() + 90_000;
        let model = before.body;
        while (Date.now() < deadline && (model.learned_version < 1 || model.feedback_examples < 240)) {
          await new Promise((r) => setTimeout(r, 250));
          model = (await call(s.url, 'GET', '/v1/model')).body;
        }
        expect(model.learned_version).toBe(1);
        expect(model.serving).toBe('learned');
        expect(model.feedback_examples).toBe(240);

        // Outcomes of the other 8 early checks, reported now: the learned model scores each as
        // it arrives (it has not learned from them), so it is measured on them. (Few: the
        // trainer may have fitted v1 on as few as 200 outcomes, and 50 new ones start v2.)
        for (let i = 240; i < 248; i++) expect((await report(i)).status).toBe(202);
        for (let i = 0; i < 200 && model.feedback_examples < 248; i++) {
          await new Promise((r) => setTimeout(r, 100));
          model = (await call(s.url, 'GET', '/v1/model')).body;
        }
        expect(model.feedback_examples).toBe(248);
        expect(model.learned_version).toBe(1);
        expect(model.learned).toBeDefined();
        expect(model.learned.log_loss).toBeGreaterThan(0);
        expect(model.learned.accuracy).toBeGreaterThan(0.5);
        // At least the 8 reported after v1 existed (more if the trainer fitted v1 before all 240 arrived).
        const measured = /measured on (\d+) of the 50 outcomes needed to judge it/.exec(model.recommendation);
        expect(Number(measured?.[1])).toBeGreaterThanOrEqual(8);

        const served = await call(s.url, 'POST', '/v1/check', { body: { email: 'ines.novak@gmail.com' } });
        expect(served.body.model).toBe('learned-v1');

        // The running server owns the data dir: retrain asks its trainer (operator endpoint), which
        // fits on every outcome now (8 new ones are fewer than a scheduled round waits for).
        const live = retrain(dir);
        expect(live.out).toMatch(/published learned model v2: 248 examples \(166 real, 82 fake\)/);
        expect(live.out).not.toMatch(/in use by a running server/);
        expect(live.status).toBe(0);
        for (let i = 0; i < 100 && model.learned_version < 2; i++) {
          await new Promise((r) => setTimeout(r, 100));
          model = (await call(s.url, 'GET', '/v1/model')).body;
        }
        expect(model.learned_version).toBe(2);
        expect((await call(s.url, 'POST', '/v1/check', { body: { email: 'ines.novak@gmail.com' } })).body.model).toBe('learned-v2');
      } finally {
        expect(await s.stop()).toBe(0);
      }

      // With the server stopped, the command opens the data dir itself.
      const offline = retrain(dir);
      expect(offline.out).toMatch(/published learned model v3: 248 examples \(166 real, 82 fake\)/);
      expect(offline.status).toBe(0);

      const again = await startServer(SHARED_ENV, dir);
      try {
        expect((await call(again.url, 'GET', '/v1/model')).body.learned_version).toBe(3);
        expect((await call(again.url, 'POST', '/v1/check', { body: { email: 'kenji.rossi@outlook.com' } })).body.model).toBe('learned-v3');
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('an account with about 125 real people among its outcomes gets a personal model before the shared one, judged on its own outcomes only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailsift-personal-'));
    // No trainer rounds during the test (the first is 300 s away): `retrain` fits on demand.
    const auto = { MAILSIFT_MODEL_MODE: 'auto', MAILSIFT_RATE_LIMIT_RPS: '100000', MAILSIFT_RATE_LIMIT_BURST: '100000', MAILSIFT_RATE_LIMIT_ADDRESSES: '100000', MAILSIFT_RATE_LIMIT_ADDRESS_BURST: '100000' };
    // Eight real people to each fake: a personal model is held back until the account's outcomes
    // hold about 125 real people (the verdict guard's sampling bound), and 145 outcomes of acme
    // (129 real) with globex's 12 stay under the shared model's 200.
    const people = population(203, 8);
    const acmeEarly: string[] = [];
    const waitForExamples = async (url: string, n: number) => {
      for (let i = 0; i < 150 && (await call(url, 'GET', '/v1/model')).body.feedback_examples < n; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await call(url, 'GET', '/v1/model')).body.feedback_examples).toBe(n);
    };
    const check = async (url: string, key: string, batch: { email: string }[]): Promise<string[]> => {
      const bulk = await call(url, 'POST', '/v1/check/bulk', { key, body: { emails: batch.map((p) => p.email) } });
      expect(bulk.status).toBe(200);
      return bulk.body.results.map((r: { check_id: string }) => r.check_id);
    };
    const report = async (url: string, key: string, ids: string[], batch: { human: boolean }[]) => {
      for (let i = 0; i < ids.length; i++) {
        expect((await call(url, 'POST', '/v1/feedback', { key, body: { check_id: ids[i], outcome: batch[i]!.human ? 'real' : 'fake' } })).status).toBe(202);
      }
    };
    try {
      const s = await startServer(auto, dir);
      try {
        acmeEarly.push(...(await check(s.url, KEYS.acme, people.slice(0, 153))));
        await report(s.url, KEYS.acme, acmeEarly.slice(0, 145), people.slice(0, 145));
        const globex = population(12);
        await report(s.url, KEYS.globex, await check(s.url, KEYS.globex, globex), globex);
        await waitForExamples(s.url, 157);
      } finally {
        expect(await s.stop()).toBe(0);
      }

      const offline = retrain(dir);
      expect(offline.status).toBe(0);
      expect(offline.out).toMatch(/published personal model of acme v1: 145 examples \(129 real, 16 fake\)/);
      expect(offline.out).not.toMatch(/globex|published learned model|HELD BACK/); // 12 outcomes; 157 in all, 200 for a shared model
      expect(offline.out).toMatch(/^1 model in \d+ ms$/m);

      const again = await startServer(auto, dir);
      try {
        // Not measured yet: auto keeps the baseline, and says what it waits for.
        let acme = (await call(again.url, 'GET', '/v1/model')).body;
        expect(acme).toMatchObject({ serving: 'baseline', learned_version: 1, healthy: false });
        expect(acme.recommendation).toMatch(/^Your personal learned model v1 \(fitted on your own outcomes\) exists\. It has been measured on 0 of the 50 outcomes of yours/);

        // Outcomes of acme's 8 early checks: the personal model scores each as it is reported.
        await report(again.url, KEYS.acme, acmeEarly.slice(145), people.slice(145, 153));
        await waitForExamples(again.url, 165);
        acme = (await call(again.url, 'GET', '/v1/model')).body;
        expect(acme.recommendation).toMatch(/measured on 8 of the 50 outcomes of yours/);
        expect(acme.learned.accuracy).toBeGreaterThan(0.5);
        // globex has no personal model and there is no shared one: nothing of acme's shows.
        const globex = (await call(again.url, 'GET', '/v1/model', { key: KEYS.globex })).body;
        expect(globex).toMatchObject({ serving: 'baseline', learned_version: 0, healthy: false, feedback_examples: 165, customers: 2 });
        // No model for globex yet: its `learned` is the baseline it would start from, on everyone's outcomes.
        expect(globex.learned).toEqual(globex.baseline);

        // 50 more checks (scored by the personal model as they are made) and their outcomes:
        // now it is judged, and served exactly when it beats the baseline on acme's outcomes.
        const more = people.slice(153);
        await report(again.url, KEYS.acme, await check(again.url, KEYS.acme, more), more);
        await waitForExamples(again.url, 215);
        let verdict = '';
        for (let i = 0; i < 50 && !/outcomes of yours(?! needed)/.test(verdict); i++) {
          await new Promise((r) => setTimeout(r, 100));
          acme = (await call(again.url, 'GET', '/v1/model')).body;
          verdict = acme.recommendation;
        }
        expect(acme.recommendation).toMatch(/(beats the baseline on the last \d+ outcomes of yours and is served|is not beating the baseline on recent outcomes of yours)/);
        expect(acme.serving).toBe(acme.healthy ? 'learned' : 'baseline');
        expect(acme.healthy).toBe(acme.learned.recent_log_loss < acme.baseline.recent_log_loss);
        // Health is refreshed on state commits (at most every 500 ms): the check agrees once it has been.
        let model = '';
        for (let i = 0; i < 30 && model !== (acme.healthy ? 'learned-v1' : 'baseline'); i++) {
          await new Promise((r) => setTimeout(r, 100));
          model = (await call(again.url, 'POST', '/v1/check', { body: { email: 'sofia.larsen@gmail.com' } })).body.model;
        }
        expect(model).toBe(acme.healthy ? 'learned-v1' : 'baseline');
      } finally {
        await again.stop();
      }

      // Mode on: acme is served its personal model, globex the baseline.
      const on = await startServer({ ...auto, MAILSIFT_MODEL_MODE: 'on' }, dir);
      try {
        expect((await call(on.url, 'POST', '/v1/check', { body: { email: 'sofia.larsen@gmail.com' } })).body.model).toBe('learned-v1');
        expect((await call(on.url, 'POST', '/v1/check', { key: KEYS.globex, body: { email: 'sofia.larsen@gmail.com' } })).body.model).toBe('baseline');
        expect((await call(on.url, 'GET', '/v1/model', { key: KEYS.globex })).body).toMatchObject({ serving: 'baseline', learned_version: 0 });
      } finally {
        await on.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
