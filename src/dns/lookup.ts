/**
 * One DNS question through `node:dns` (c-ares), mapped to a LookupOutcome, with our own
 * timeout and one hedged retry. Never rejects.
 *
 * Why our own timers: Node polls c-ares timeouts on a coarse interval timer, so a c-ares
 * `timeout` of T fires anywhere between T and 2T, and c-ares doubles it on each retry.
 * So c-ares gets `tries: 1` and we send a second query if the first has not answered
 * after `timeoutMs` (a late answer to the first still counts), and give up at
 * `tries * timeoutMs`. Errors other than a timeout (SERVFAIL, REFUSED, unreachable
 * server) are final at once: retrying them would only delay the `null`.
 */
import type { Resolver } from 'node:dns/promises';
import type { AddressRecord, LookupOutcome, MxRecord, UnknownReason } from '../signals/deliverability.ts';

export type QueryType = 'MX' | 'A' | 'AAAA';
export interface RecordOf {
  MX: MxRecord;
  A: AddressRecord;
  AAAA: AddressRecord;
}
export type AnyOutcome = LookupOutcome<MxRecord> | LookupOutcome<AddressRecord>;
export type SendQuery = (type: QueryType, name: string) => Promise<AnyOutcome>;

const UNKNOWN_BY_CODE: Record<string, UnknownReason> = {
  ETIMEOUT: 'timeout',
  ESERVFAIL: 'servfail',
  EREFUSED: 'refused',
  ECONNREFUSED: 'unreachable',
  ECANCELLED: 'cancelled',
  EDESTRUCTION: 'cancelled',
};

/** Maps a `node:dns` rejection to an outcome. */
export function outcomeOfError(err: unknown): AnyOutcome {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ENODATA') return { kind: 'nodata' };
  // ENOTFOUND is NXDOMAIN. EBADNAME: c-ares refuses the name, so no server can hold it.
  if (code === 'ENOTFOUND' || code === 'EBADNAME') return { kind: 'nxdomain' };
  return { kind: 'unknown', reason: (typeof code === 'string' && UNKNOWN_BY_CODE[code]) || 'error' };
}

/** One attempt at one question: `onSend` is called for every query put on the wire. */
export function createQuerySender(resolver: Resolver, onSend: () => void): SendQuery {
  return async (type, name) => {
    onSend();
    try {
      const records =
        type === 'MX' ? await resolver.resolveMx(name) : type === 'A' ? await resolver.resolve4(name, { ttl: true }) : await resolver.resolve6(name, { ttl: true });
      return records.length > 0 ? ({ kind: 'answer', records } as AnyOutcome) : { kind: 'nodata' };
    } catch (err) {
      return outcomeOfError(err);
    }
  };
}

/**
 * Asks `send` up to `tries` times: a new attempt after each `timeoutMs` without an answer
 * (or at once when an attempt reports a timeout early), the first definitive outcome wins,
 * and the whole lookup ends by `tries * timeoutMs`.
 */
export function hedgedLookup(send: () => Promise<AnyOutcome>, timeoutMs: number, tries: number): Promise<AnyOutcome> {
  return new Promise((resolve) => {
    let started = 0;
    let failed = 0;
    let done = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (outcome: AnyOutcome) => {
      if (done) return;
      done = true;
      for (const t of timers) clearTimeout(t);
      resolve(outcome);
    };
    const start = () => {
      started++;
      send().then((outcome) => {
        if (outcome.kind !== 'unknown' || outcome.reason !== 'timeout') return finish(outcome);
        failed++;
        if (started < tries) start();
        else if (failed === started) finish(outcome);
      });
    };
    for (let i = 1; i < tries; i++) timers.push(setTimeout(() => started <= i && start(), i * timeoutMs));
    timers.push(setTimeout(() => finish({ kind: 'unknown', reason: 'timeout' }), tries * timeoutMs));
    start();
  });
}
