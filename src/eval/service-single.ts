/**
 * `npm run eval -- --service --single`: a labelled file through a fresh running service as a judge
 * may send it, every address its own `POST /v1/check` (with `explain`, so the answer names each
 * signal's part), in a planned order (replay-plan.ts: the file's or shuffled, possibly enlarged
 * with made-up inboxes) with a few checks in flight, with no IP or one fixed IP for every check
 * (a judge's own machine). Every earlier check of the replay is history of the later ones,
 * exactly as sign-ups arriving are. The server is service.ts's (fresh data dir in a temp dir,
 * removed afterwards). Shell: processes, network.
 */
import { VERDICTS, type Verdict } from '../domain/check.ts';
import { packageRoot } from '../platform/package-root.ts';
import type { ReplayPlan } from './replay-plan.ts';
import type { RowAnswer } from './service-diff.ts';
import { ensureBuilt, withServer, type EvalServer } from './service.ts';

export interface SingleOptions {
  /** Checks in flight at once. */
  readonly concurrency: number;
  /** Sent as every check's `ip` (a judge's machine); absent: no IP. */
  readonly ip?: string;
}

/** The answers to the plan's file rows (not its made-up copies), one per row of `rows` in file order; undefined: refused as invalid. */
export async function answersFromSingleChecks(rows: number, plan: ReplayPlan, o: SingleOptions, root: string = packageRoot()): Promise<(RowAnswer | undefined)[]> {
  if (!Number.isInteger(o.concurrency) || o.concurrency < 1) throw new Error('concurrency must be a whole number from 1');
  ensureBuilt(root);
  return withServer(root, async (server) => {
    const answers = new Array<RowAnswer | undefined>(rows).fill(undefined);
    const answered = new Array<boolean>(rows).fill(false);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < plan.checks.length) {
        const check = plan.checks[next++]!;
        const answer = await checkOne(server, check.email, o.ip);
        if (!check.copy) {
          answers[check.row] = answer;
          answered[check.row] = true;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.concurrency, plan.checks.length) }, worker));
    server.assertRunning();
    const missing = answered.indexOf(false);
    if (missing >= 0) throw new Error(`the plan sent no check for row ${missing + 1}`);
    return answers;
  });
}

async function checkOne(server: EvalServer, email: string, ip: string | undefined): Promise<RowAnswer | undefined> {
  let res: Response;
  try {
    res = await fetch(`${server.baseUrl}/v1/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, explain: true, ...(ip === undefined ? {} : { ip }) }),
    });
  } catch (err) {
    server.assertRunning();
    throw err;
  }
  const body = (await res.json()) as { error?: unknown };
  // The address, as check-file's output has it: a 400 naming `email` is an invalid row.
  if (res.status === 400 && typeof body.error === 'string' && body.error.startsWith('email')) return undefined;
  if (res.status !== 200) throw new Error(`POST /v1/check answered ${res.status}: ${typeof body.error === 'string' ? body.error.replace(email, '<address>') : ''}`);
  return readCheckAnswer(body);
}

/** A `POST /v1/check` answer's score, verdict, reasons and evidence. */
export function readCheckAnswer(v: unknown): RowAnswer {
  const o = v as { human_score?: unknown; verdict?: unknown; reasons?: unknown; evidence?: unknown };
  if (typeof o.human_score !== 'number' || !VERDICTS.includes(o.verdict as Verdict) || !Array.isArray(o.reasons) || !Array.isArray(o.evidence)) {
    throw new Error('POST /v1/check: an answer without human_score, verdict, reasons and evidence');
  }
  const evidence = (o.evidence as { signal?: unknown; impact?: unknown }[]).map((e) => {
    if (typeof e.signal !== 'string' || typeof e.impact !== 'number') throw new Error('POST /v1/check: an evidence item without signal and impact');
    return { signal: e.signal, impact: e.impact };
  });
  return { humanScore: o.human_score, verdict: o.verdict as Verdict, reasons: o.reasons as string[], evidence };
}
