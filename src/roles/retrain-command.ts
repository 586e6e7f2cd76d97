/**
 * `mailsift retrain`: fits the shared learned model on every labelled check now, and each
 * account's personal model on its own, and publishes them as the next versions, even when
 * fewer new outcomes arrived than the trainer waits for (each still needs the minimum per
 * training-policy.ts).
 *  - Kafka mode: it runs beside the deployment (the API instances pick the version up within a
 *    second).
 *  - Embedded mode with a server running: the server owns the data dir, so the command asks it,
 *    through its operator endpoint, to retrain with its own trainer (operator-endpoint.ts).
 *    With no server running it opens the data dir itself.
 */
import { errorCodes } from '../platform/level-open.ts';
import { instanceId, openBus, type OpenedBus } from './bus.ts';
import type { Context } from './context.ts';
import { operatorCall, OperatorError, runningOperator } from './operator-client.ts';
import { RETRAIN_CATCH_UP_MS, retrainNow, retrainReport, type RetrainReport } from './retrain.ts';
import { startTrainer } from './trainer.ts';

/** A fit of the shared model takes seconds to minutes; the catch-up before it is bounded apart. */
const OPERATOR_RETRAIN_TIMEOUT_MS = RETRAIN_CATCH_UP_MS + 20 * 60_000;

export async function retrainCommand(ctx: Context, out: (line: string) => void): Promise<number> {
  let report: RetrainReport | undefined;
  try {
    report = ctx.config.mode === 'embedded' ? await viaRunningServer(ctx) : undefined;
  } catch (e) {
    if (!(e instanceof OperatorError)) throw e;
    out(`mailsift retrain: ${e.message}`);
    return 1;
  }
  const r = report ?? (await inThisProcess(ctx));
  if (r === 'locked') {
    out(`mailsift retrain: the data dir ${ctx.dataDir} is in use by a running server, but its operator endpoint (operator.json in the data dir) did not answer: is the server still starting? Run the command again once it listens.`);
    return 1;
  }
  for (const line of r.lines) out(line);
  return r.ok ? 0 : 1;
}

/** The running embedded server's trainer, if a server holds the data dir. */
async function viaRunningServer(ctx: Context): Promise<RetrainReport | undefined> {
  const file = await runningOperator(ctx.dataDir);
  if (!file) return undefined;
  const r = await operatorCall(file, 'POST', '/operator/retrain', {}, OPERATOR_RETRAIN_TIMEOUT_MS);
  return r.body as RetrainReport;
}

async function inThisProcess(ctx: Context): Promise<RetrainReport | 'locked'> {
  let opened: OpenedBus;
  try {
    opened = await openBus(ctx);
  } catch (err) {
    if (ctx.config.mode === 'embedded' && errorCodes(err).includes('LEVEL_LOCKED')) return 'locked';
    throw err;
  }
  try {
    const trainer = await startTrainer({
      bus: opened.bus,
      codecs: opened.codecs,
      groupId: `mailsift-retrain-${instanceId(ctx)}`,
      logger: ctx.logger.child({ role: 'trainer' }),
      now: ctx.now,
      intervalMs: 0,
      blockBelow: ctx.config.verdictReview,
      allowAtLeast: ctx.config.verdictAllow,
      maxAccountShare: ctx.config.maxAccountShare,
    });
    try {
      return retrainReport(await retrainNow(trainer));
    } finally {
      await trainer.stop();
    }
  } finally {
    await opened.bus.close();
  }
}
