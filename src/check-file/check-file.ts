/**
 * `mailsift check-file`: IN's rows through POST /v1/check/bulk, into OUT in input order with the
 * result columns (README, "Clean a list"). Streams: IN is read as batches are sent, at
 * most `concurrency` requests are in flight and at most twice that many batches are in memory
 * (answered ones waiting for an earlier one), so memory does not grow with the file.
 *
 * Resume: OUT's rows are never checked again. A rerun with the same arguments skips as many
 * rows of IN as OUT holds (checking that the last of them is the same address) and takes the
 * answers of `OUT.pending` instead of asking again. SIGINT/SIGTERM: nothing new is sent, the
 * requests in flight are answered and written, and the command exits (130/143).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { BulkRequestError, createBulkCaller, StoppedBeforeSending, type BulkCaller } from './bulk-requests.ts';
import type { CheckFileArgs } from './args.ts';
import { openOut } from './out-file.ts';
import { openPending } from './pending.ts';
import { createProgress } from './progress.ts';
import { errorValues, resultValues, type ResultValues } from './result-columns.ts';
import { encodingProblem } from './encoding.ts';
import { InputError, openCsv, openJsonl, type Row } from './rows.ts';

export interface CheckFileIo {
  baseUrl: string;
  apiKey: string;
  stdout: (line: string) => void;
  stderr: NodeJS.WriteStream;
  /** Subscribes to SIGINT/SIGTERM; returns the unsubscribe. */
  onStopSignal: (handler: (signal: NodeJS.Signals) => void) => () => void;
  now: () => number;
  /** Tests replace the HTTP caller only to count; by default the real one. */
  caller?: BulkCaller;
}

/** Addresses per request: the bulk API's maximum. */
const BATCH_ADDRESSES = 1000;
/** Rows per batch in all (rows answered without a request count too): bounds memory on files of errors. */
const BATCH_ROWS = 5000;
/** Request body budget, well under the API's 1 MiB. */
const BATCH_BYTES = 512 * 1024;

interface Batch {
  seq: number;
  first: number;
  rows: Row[];
  values: (ResultValues | undefined)[];
  ask: number[];
  bytes: number;
}

export async function checkFile(args: CheckFileArgs, io: CheckFileIo): Promise<number> {
  const unreadable = inputProblem(args.input);
  if (unreadable !== undefined) {
    io.stderr.write(`mailsift check-file: IN: ${unreadable}\n`);
    return 2;
  }
  const encoding = await encodingProblem(args.input, args.format);
  if (encoding !== undefined) {
    io.stderr.write(`mailsift check-file: IN: ${encoding}\n`);
    return 2;
  }
  let source;
  let out;
  try {
    source = args.format === 'csv' ? await openCsv(args.input, args.column) : openJsonl(args.input, args.column);
    out = await openOut(args.output, args.format, source.header, args.column);
  } catch (err) {
    source?.close();
    if (err instanceof InputError || isFsError(err)) {
      io.stderr.write(`mailsift check-file: ${(err as Error).message}\n`);
      return 2;
    }
    throw err;
  }
  const pending = openPending(`${args.output}.pending`, out.written);
  const call = io.caller ?? createBulkCaller({ baseUrl: io.baseUrl, apiKey: io.apiKey, onWait: (why, ms) => progress.note(`waiting ${Math.ceil(ms / 1000)} s (${why.slice(0, 60)})`) });
  const progress = createProgress({ totalBytes: statSync(args.input).size, startBytes: 0, tty: io.stderr.isTTY === true, stream: io.stderr, now: io.now });

  const stopping = new AbortController();
  let stopSignal: NodeJS.Signals | undefined;
  let failure: Error | undefined;
  const unsubscribe = io.onStopSignal((signal) => {
    if (stopSignal) process.exit(signal === 'SIGINT' ? 130 : 143); // a second signal: stop now
    stopSignal = signal;
    stopping.abort();
  });

  const started = io.now();
  let checkedRows = 0; // rows written by this run
  let requests = 0;
  let inFlight = 0;
  let nextSeq = 0;
  let nextToWrite = 0;
  const held = new Map<number, Batch>();
  const flights = new Set<Promise<void>>();
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  stopping.signal.addEventListener('abort', notify);

  const writeReady = (): void => {
    for (let b = held.get(nextToWrite); b; b = held.get(nextToWrite)) {
      held.delete(nextToWrite);
      out.append(b.rows.map((row, i) => ({ row, values: b.values[i]! })));
      checkedRows += b.rows.length;
      nextToWrite++;
      progress.update(b.rows[b.rows.length - 1]!.endByte, checkedRows);
    }
    if (held.size === 0) pending.caughtUp();
  };

  const complete = (b: Batch): void => {
    held.set(b.seq, b);
    if (b.seq !== nextToWrite) pending.record(b.first, b.values as ResultValues[]);
    writeReady();
    notify();
  };

  const send = (b: Batch): void => {
    if (b.ask.length === 0) return complete(b);
    inFlight++;
    requests++;
    const flight = call(b.ask.map((i) => b.rows[i]!.email), stopping.signal).then(
      (entries) => {
        entries.forEach((e, k) => (b.values[b.ask[k]!] = resultValues(e)));
        complete(b);
      },
      (err: unknown) => {
        if (!(err instanceof StoppedBeforeSending)) {
          failure ??= err instanceof Error ? err : new Error(String(err));
          stopping.abort();
        }
      },
    );
    const tracked = flight.finally(() => {
      inFlight--;
      flights.delete(tracked);
      notify();
    });
    flights.add(tracked);
  };

  /** Resolves when another batch may be sent (or when stopping). */
  const slot = async (): Promise<void> => {
    while (!stopping.signal.aborted && (inFlight >= args.concurrency || nextSeq - nextToWrite >= 2 * args.concurrency)) {
      await new Promise<void>((r) => (wake = r));
    }
  };

  let batch: Batch | undefined;
  let index = 0;
  try {
    for await (const row of source.rows) {
      if (stopping.signal.aborted) break;
      if (index < out.written) {
        if (index === out.written - 1 && out.lastEmail !== undefined && row.email !== out.lastEmail) {
          throw new InputError(`--out: ${args.output} holds ${out.written} rows, but its last is not row ${out.written} of ${args.input}: it was made from another file (delete it, or choose another --out)`);
        }
        index++;
        continue;
      }
      batch ??= { seq: nextSeq, first: index, rows: [], values: [], ask: [], bytes: 0 };
      const known = row.error !== undefined ? errorValues(row.error) : pending.take(index);
      batch.rows.push(row);
      batch.values.push(known);
      if (known === undefined) {
        batch.ask.push(batch.rows.length - 1);
        batch.bytes += Buffer.byteLength(row.email) + 4;
      }
      index++;
      if (batch.ask.length >= BATCH_ADDRESSES || batch.bytes >= BATCH_BYTES || batch.rows.length >= BATCH_ROWS) {
        await slot();
        if (stopping.signal.aborted) break;
        nextSeq++;
        send(batch);
        batch = undefined;
      }
    }
    if (batch && !stopping.signal.aborted) {
      await slot();
      if (!stopping.signal.aborted) {
        nextSeq++;
        send(batch);
      }
    }
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    failure = err;
    stopping.abort();
  } finally {
    source.close();
    await Promise.all([...flights]);
    progress.stop();
    unsubscribe();
  }

  const done = !stopping.signal.aborted && held.size === 0;
  pending.close(done);
  out.close();
  const total = out.written + checkedRows;
  const secs = (io.now() - started) / 1000;
  const rate = secs > 0 ? Math.round(checkedRows / secs) : 0;
  const summary = `${checkedRows} rows checked in ${secs.toFixed(1)} s (${rate} rows/s, ${requests} requests)${out.written ? `, ${out.written} already in ${args.output} from before` : ''}`;
  if (failure) {
    io.stderr.write(`mailsift check-file: ${failure.message}\n${summary}; ${args.output} has ${total} rows: ${resumeAdvice(failure)}\n`);
    return failure instanceof InputError ? 2 : 1;
  }
  if (stopSignal) {
    io.stderr.write(`mailsift check-file: stopped (${stopSignal}). ${summary}; ${args.output} has ${total} rows: run the same command again to continue\n`);
    return stopSignal === 'SIGINT' ? 130 : 143;
  }
  io.stdout(`${summary}; ${args.output} has all ${total} rows`);
  return 0;
}

/**
 * Why IN cannot be read, if it cannot: asked before any stream opens, because a read stream
 * reports a missing file later, as an error event, after the command has begun.
 */
function inputProblem(path: string): string | undefined {
  try {
    if (statSync(path).isDirectory()) return `${path} is a directory, not a file`;
    accessSync(path, constants.R_OK);
    return undefined;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ENOENT') return `no such file: ${path}`;
    if (code === 'EACCES') return `${path} cannot be read (permission denied)`;
    return `${path} cannot be read (${(err as Error).message})`;
  }
}

const isFsError = (err: unknown): boolean => typeof (err as { code?: unknown })?.code === 'string' && typeof (err as { syscall?: unknown }).syscall === 'string';

/**
 * What to do before running the command again: a refused key is refused again, so a rerun alone
 * helps only when the stop was the service's or the network's.
 */
export function resumeAdvice(failure: Error): string {
  const status = failure instanceof BulkRequestError ? failure.status : undefined;
  if (status === 401) return 'set MAILSIFT_API_KEY to a key the service knows, then run the same command again to continue';
  if (status === 403) return 'set MAILSIFT_API_KEY to a key allowed to check addresses, then run the same command again to continue';
  return 'run the same command again to continue';
}
