/**
 * account-waves-1h: per account, the domains at which its checks of about the last hour were
 * judged part of a sign-up wave (the answer carried `signup_wave`: many new inboxes at the
 * domain in 10 minutes, across customers, against the domain's own normal rate), each with the
 * time of the newest such check. GET /v1/stats lists them with the domain's recent_signups at
 * the time of asking. Domains only, never an address.
 *
 * Written only by checks that carry the reason (rare), held whole (a few hundred bytes per
 * account that saw a wave), bounded to the MAX_WAVE_DOMAINS most recent domains.
 */
import avro from 'avsc';
import type { CheckScored } from '../../domain/events.ts';
import { HOUR } from '../../domain/time.ts';
import type { Aggregation } from '../aggregation.ts';
import { accountKey } from '../stores/key-layout.ts';
import { timedStore, type TypedStore } from '../stores/store-spec.ts';

export const WAVES_WINDOW_MS = HOUR;
export const MAX_WAVE_DOMAINS = 32;
export const WAVE_REASON = 'signup_wave';

export const wavesKey = accountKey;

export interface WaveDomain {
  domain: string;
  /** Time of the account's newest check at the domain that carried the reason. */
  last: number;
}

const WavesType = avro.Type.forSchema({
  type: 'record',
  name: 'AccountWaves',
  fields: [{ name: 'domains', type: { type: 'array', items: { type: 'record', name: 'WaveDomain', fields: [{ name: 'domain', type: 'string' }, { name: 'last', type: 'long' }] } } }],
});

export function decodeWaves(b: Buffer | undefined): WaveDomain[] {
  return b ? (WavesType.fromBuffer(b) as { domains: WaveDomain[] }).domains : [];
}

export const encodeWaves = (domains: readonly WaveDomain[]): Buffer => WavesType.toBuffer({ domains });

/**
 * Held decoded between commits, encoded once per commit: while an account is in a wave nearly
 * every one of its checks carries the reason, and each decoded and re-encoded the account's
 * list (6% of the stream worker's time under `npm run bench`, docs/architecture.md, issue 19's
 * eighteenth round). The stored bytes are the same: `addWaveCheck` on the decoded list is what
 * a decode before and an encode after each check gave.
 */
export const ACCOUNT_WAVES_1H: TypedStore<readonly WaveDomain[]> = {
  ...timedStore(33, 'account-waves-1h', WAVES_WINDOW_MS + HOUR),
  cacheAll: true,
  codec: {
    decode: decodeWaves,
    encode: encodeWaves,
    // addWaveCheck never changes a list or its elements: it returns a new list.
    clone: (d) => d,
    size: (d) => 64 + 64 * d.length,
  },
};

/** The domains seen in a wave within the window before `now`, newest first (pure). */
export function liveWaveDomains(domains: readonly WaveDomain[], now: number): WaveDomain[] {
  return domains.filter((d) => d.last > now - WAVES_WINDOW_MS && d.last <= now).sort((a, b) => b.last - a.last || (a.domain < b.domain ? -1 : 1));
}

/** The list after a check at `domain` at `time` that carried the reason (pure). */
export function addWaveCheck(domains: readonly WaveDomain[], domain: string, time: number): WaveDomain[] {
  const others = domains.filter((d) => d.domain !== domain && d.last > time - WAVES_WINDOW_MS);
  // The list is newest first: a check newer than all of it goes first, the rest keep their order.
  if (domains.length === 0 || time > domains[0]!.last) {
    others.unshift({ domain, last: time });
    if (others.length > MAX_WAVE_DOMAINS) others.length = MAX_WAVE_DOMAINS;
    return others;
  }
  const prev = domains.find((d) => d.domain === domain);
  const next = [{ domain, last: Math.max(time, prev?.last ?? 0) }, ...others];
  return next.sort((a, b) => b.last - a.last || (a.domain < b.domain ? -1 : 1)).slice(0, MAX_WAVE_DOMAINS);
}

const inWave = (e: CheckScored): boolean => e.reasons?.includes(WAVE_REASON) === true;

export const accountWaves1h: Aggregation<CheckScored> = {
  name: 'account-waves-1h',
  stores: [ACCOUNT_WAVES_1H],
  reads(e, rs) {
    if (inWave(e)) rs.add(ACCOUNT_WAVES_1H, wavesKey(e.account));
  },
  apply(e, tx) {
    if (!inWave(e)) return;
    const key = wavesKey(e.account);
    tx.set(ACCOUNT_WAVES_1H, key, addWaveCheck(tx.open(ACCOUNT_WAVES_1H, key) ?? [], e.domain, e.time), e.time);
  },
};
