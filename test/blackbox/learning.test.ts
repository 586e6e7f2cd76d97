/**
 * The learning loop end to end on the real server: outcomes reported through /v1/feedback
 * become labelled checks, the trainer fits and publishes a learned model, the API serves it
 * (mode on), /v1/model reports it; `mailsift retrain` publishes the next version offline and
 * refuses, clearly, to share a data dir with a running server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_KEYS_ENV, call, startServer } from '../helpers/server.ts';
import { population } from '../helpers/population.ts';
import { REPO_ROOT } from '../helpers/shared.ts';

const ENV = { MAILSIFT_MODEL_MODE: 'on', MAILSIFT_TRAIN_INTERVAL_S: '1', MAILSIFT_RATE_LIMIT_RPS: '100000', MAILSIFT_RATE_LIMIT_BURST: '100000' };

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
      const s = await startServer(ENV, dir);
      try {
        const before = await call(s.url, 'GET', '/v1/model');
        expect(before.body.learned_version).toBe(0);
        expect(before.body.serving).toBe('baseline');

        // 248 checks before any learned model exists; outcomes for 240 of them train it.
        const people = population(248);
        const bulk = await call(s.url, 'POST', '/v1/check/bulk', { body: { emails: people.map((p) => p.email) } });
        expect(bulk.status).toBe(200);
        const results = bulk.body.results as { check_id: string }[];
        for (let i = 0; i < 240; i++) {
          const r = await call(s.url, 'POST', '/v1/feedback', { body: { check_id: results[i]!.check_id, outcome: people[i]!.human ? 'confirmed' : 'fake' } });
          expect(r.status).toBe(202);
        }

        const deadline = Date.now() + 90_000;
        let model = before.body;
        while (Date.now() < deadline && model.learned_version < 1) {
          await new Promise((r) => setTimeout(r, 250));
          model = (await call(s.url, 'GET', '/v1/model')).body;
        }
        expect(model.learned_version).toBe(1);
        expect(model.serving).toBe('learned');
        expect(model.feedback_examples).toBe(240);
        expect(model.learned).toBeUndefined(); // no outcome was reported while it existed

        // Outcomes of the other 8 early checks, reported now: the learned model scores each as
        // it arrives (it has not learned from them), so it is measured on them. (Few: the
        // trainer may have fitted v1 on as few as 200 outcomes, and 50 new ones start v2.)
        for (let i = 240; i < 248; i++) {
          const r = await call(s.url, 'POST', '/v1/feedback', { body: { check_id: results[i]!.check_id, outcome: people[i]!.human ? 'confirmed' : 'fake' } });
          expect(r.status).toBe(202);
        }
        for (let i = 0; i < 200 && model.feedback_examples < 248; i++) {
          await new Promise((r) => setTimeout(r, 100));
          model = (await call(s.url, 'GET', '/v1/model')).body;
        }
        expect(model.feedback_examples).toBe(248);
        expect(model.learned_version).toBe(1);
        expect(model.learned).toBeDefined();
        expect(model.learned.log_loss).toBeGreaterThan(0);
        expect(model.learned.accuracy).toBeGreaterThan(0.5);
        expect(model.recommendation).toMatch(/measured on 8 of the 50 outcomes needed to judge it/);

        const served = await call(s.url, 'POST', '/v1/check', { body: { email: 'ines.novak@gmail.com' } });
        expect(served.body.model).toBe('learned-v1');

        // The running server owns the data dir: retrain says so instead of failing obscurely.
        const locked = retrain(dir);
        expect(locked.status).toBe(1);
        expect(locked.out).toMatch(/in use by a running server/);
      } finally {
        expect(await s.stop()).toBe(0);
      }

      const offline = retrain(dir);
      expect(offline.out).toMatch(/published learned model v2: 248 examples \(124 real, 124 fake\)/);
      expect(offline.status).toBe(0);

      const again = await startServer(ENV, dir);
      try {
        expect((await call(again.url, 'GET', '/v1/model')).body.learned_version).toBe(2);
        expect((await call(again.url, 'POST', '/v1/check', { body: { email: 'kenji.rossi@outlook.com' } })).body.model).toBe('learned-v2');
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
