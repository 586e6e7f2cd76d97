/**
 * The check path, shared by single and bulk checks (shell; every decision is in a pure call):
 *   prepare: parse -> DNS facts (cached, single-flight, budgeted) -> address signals -> IP facts -> keyed hashes
 *   query:   history (HistoryQueries: local state + own pending events + checks in flight)
 *   decide:  check/decide-check.ts (features, every model's score, thresholds, rules -> result and event)
 *   append:  the check event, durable (CheckEvents) -> reply with the CheckResult.
 * Policy: the response waits for the event (README: Errors, 503; docs/architecture.md: Consistency). If the log cannot
 * take it within MAILSIFT_EVENT_TIMEOUT_MS the check answers 503 and nothing was billed.
 *
 * Customer controls (read from memory): the account's verdict thresholds turn human_score into
 * the verdict, and its most specific matching rule, if any, sets the verdict instead (the score
 * stays the model's). A test key's check is judged the same way but writes no event (not
 * billed, not counted, not learned from) and carries `test: true`; at mailsift.test it gets
 * the fixed answers of controls/test-addresses.ts.
 */
import { decideCheck, type AddressView, type Judgement, type ModelChoice, type PreparedCheck } from '../check/decide-check.ts';
import { CHECK_ID_FLAGS, type CheckIdSigner } from '../domain/check-id.ts';
import type { BulkErrorEntry, CheckResultBody } from '../domain/check-result.ts';
import type { DnsFacts, IpFacts, ParsedAddress, VerdictThresholds } from '../domain/check.ts';
import type { AccountRules } from '../controls/rule-index.ts';
import type { RuleAction, RuleType } from '../controls/rules.ts';
import { fixedAnswer, type FixedAnswer } from '../controls/test-addresses.ts';
import { unavailable } from '../domain/errors.ts';
import type { KeyedHasher } from '../domain/keyed-hash.ts';
import type { TestChecks } from './test-checks.ts';
import type { FairShare } from './fair-share.ts';
import type { CheckAnswer, CheckEvents, CheckOptions, CheckService, EarlierInBulk, HistoryQueries, Sighting } from './ports.ts';

/** The pure judgement bound to its lookup tables (roles/address-pipeline.ts), with the parsing and analysis before it. */
export interface AddressPipeline extends Judgement {
  parse(input: string): { ok: true; address: ParsedAddress } | { ok: false; error: string };
  analyze(address: ParsedAddress, dns: DnsFacts | undefined): AddressView;
}

export interface IpIntel {
  /** Null-free: `ignored` for unusable input. `canonical` is the form that gets hashed. */
  facts(ip: string): { facts: IpFacts; canonical?: string };
}

export interface DomainFactsSource {
  /** `budgetMs`: how long the caller can still wait; none left = a cached answer or "unknown". */
  domainFacts(domain: string, budgetMs?: number): Promise<DnsFacts>;
}

export interface CheckDeps {
  pipeline: AddressPipeline;
  dns: DomainFactsSource | undefined;
  ip: IpIntel;
  /** Days since the domain was registered, once a background lookup has answered (RDAP). */
  domainAge?: { ageDays(domain: string, now: number): number | undefined };
  history: HistoryQueries;
  models: { choice(account: string): ModelChoice };
  hasher: KeyedHasher;
  signer: CheckIdSigner;
  events: CheckEvents;
  now: () => number;
  uuid: () => Buffer;
  bulkConcurrency: number;
  /** Where bulk addresses are analysed and judged: bounded slots shared round-robin by accounts. */
  fairShare: FairShare;
  /**
   * DNS time one bulk request may spend in all: past it, addresses at domains not answered yet
   * get `deliverable_domain: null` at once, so a slow resolver cannot hold a bulk for
   * (addresses / concurrency) x the per-check budget.
   */
  bulkDnsBudgetMs: number;
  /** The account's thresholds and rules (customer controls); absent: the pipeline's verdicts, no rules. */
  controls?: AccountControls;
  /** Recent test-key checks, for feedback by email with a test key. */
  testChecks?: TestChecks;
  onChecked?: (verdict: string, model: string) => void;
  onInvalid?: (kind: 'single' | 'bulk') => void;
  onRuleHit?: (action: RuleAction, type: RuleType) => void;
  onTestCheck?: (verdict: string) => void;
}

export interface AccountControls {
  thresholds(account: string): VerdictThresholds;
  rules(account: string): AccountRules | undefined;
}

const UNAVAILABLE_TEST = 'service: unavailable (unavailable@mailsift.test always answers 503 to a test key: a simulated outage), retry later';

export function createCheckService(d: CheckDeps): CheckService {
  /**
   * `slot`: where the analysis runs (a bulk's: in the account's fair share; its DNS wait holds
   * no slot, so a bulk still resolves its domains MAILSIFT_BULK_CONCURRENCY at a time).
   */
  async function prepare(email: string, ip: string | undefined, bulk: boolean, dnsUntil?: number, slot?: <T>(fn: () => T) => Promise<T>): Promise<{ ok: true; p: PreparedCheck } | { ok: false; error: string }> {
    const parsed = d.pipeline.parse(email);
    if (!parsed.ok) {
      d.onInvalid?.(bulk ? 'bulk' : 'single');
      return parsed;
    }
    const address = parsed.address;
    const dns = d.dns ? await d.dns.domainFacts(address.domain, dnsUntil === undefined ? undefined : dnsUntil - d.now()) : undefined;
    const analyse = (): PreparedCheck => {
      const view = d.pipeline.analyze(address, dns);
      const ipInfo = ip === undefined ? undefined : d.ip.facts(ip);
      const inboxHash = d.hasher.hash('inbox', view.canonical);
      const spellingHash = d.hasher.hash('spelling', address.email);
      const ipHash = ipInfo?.canonical !== undefined ? d.hasher.hash('ip', ipInfo.canonical) : null;
      return { address, dns, view, ip: ipInfo?.facts, inboxHash, spellingHash, ipHash };
    };
    return { ok: true, p: slot ? await slot(analyse) : analyse() };
  }

  async function checkOne(account: string, email: string, ip: string | undefined, explain: boolean, test: boolean): Promise<CheckAnswer> {
    if (test) {
      const fixed = fixedAnswer(email);
      if (fixed) return { ok: true, result: fixedResult(account, fixed) };
    }
    const prepared = await prepare(email, ip, false);
    return prepared.ok ? finish(account, prepared.p, explain, false, {}, test) : prepared;
  }

  /** A test key's answer at mailsift.test: fixed, judged by nothing, recorded nowhere. */
  function fixedResult(account: string, fixed: FixedAnswer): CheckResultBody {
    if (fixed.kind === 'unavailable') throw unavailable(UNAVAILABLE_TEST, 1);
    const now = d.now();
    const uuid = d.uuid();
    const inboxHash = d.hasher.hash('inbox', fixed.email);
    d.testChecks?.add(account, inboxHash, uuid, now);
    d.onTestCheck?.(fixed.verdict);
    return {
      email: fixed.email,
      canonical: fixed.email,
      account_type: fixed.disposable ? 'disposable' : 'unknown',
      role_account: false,
      disposable: fixed.disposable,
      relay: false,
      human_score: fixed.humanScore,
      verdict: fixed.verdict,
      reasons: fixed.disposable ? ['test_address', 'disposable_domain'] : ['test_address'],
      check_id: d.signer.sign(account, uuid, inboxHash, now, CHECK_ID_FLAGS.test),
      model: 'baseline',
      test: true,
    };
  }

  /**
   * `request`: the identity the check's request has (a bulk's addresses share one). A test check
   * is not registered as in flight: no other check counts it.
   */
  async function finish(account: string, p: PreparedCheck, explain: boolean, bulk: boolean, request: object, test: boolean, earlier?: EarlierInBulk): Promise<CheckAnswer> {
    const { address, view, inboxHash, spellingHash, ipHash } = p;
    const now = d.now();
    if (test) return judgeAndWrite(account, p, explain, bulk, now, request, earlier, true);
    const sighting: Sighting = { inbox_hash: inboxHash, spelling_hash: spellingHash, account_type: view.accountType, local_shape: view.localShape, time: now };
    const landed = d.events.begin(account, address.domain, ipHash, sighting, request);
    try {
      return await judgeAndWrite(account, p, explain, bulk, now, request, earlier, false);
    } finally {
      landed();
    }
  }

  /** query -> decide -> append; the answer once the event is durable (a test check's at once: it is recorded nowhere). */
  async function judgeAndWrite(account: string, p: PreparedCheck, explain: boolean, bulk: boolean, now: number, request: object, earlier: EarlierInBulk | undefined, test: boolean): Promise<CheckAnswer> {
    const { address, view, inboxHash, spellingHash, ipHash } = p;
    const windowed = await d.history.history({
      account,
      domain: address.domain,
      inboxHash,
      spellingHash,
      ipHash,
      localShape: view.localShape,
      accountType: view.accountType,
      time: now,
      request,
      ...(earlier && earlier.atDomainCount + earlier.ofInboxCount > 0 ? { earlier } : {}),
    });
    const domainAgeDays = d.domainAge?.ageDays(address.domain, now);
    const uuid = d.uuid();
    const rules = d.controls?.rules(account);
    const thresholds = d.controls?.thresholds(account);
    const decision = decideCheck(
      {
        account,
        prepared: p,
        history: domainAgeDays === undefined ? windowed : { ...windowed, domainAgeDays },
        models: d.models.choice(account),
        ...(thresholds ? { thresholds } : {}),
        ...(rules ? { rules } : {}),
        explain,
        bulk,
        test,
        uuid,
        checkId: d.signer.sign(account, uuid, inboxHash, now, test ? CHECK_ID_FLAGS.test : 0),
        now,
      },
      d.pipeline,
    );
    if (decision.rule) d.onRuleHit?.(decision.rule.action, decision.rule.type);
    if (decision.event) {
      await d.events.append(decision.event);
      d.onChecked?.(decision.verdict, decision.servedBy);
    } else {
      d.testChecks?.add(account, inboxHash, uuid, now);
      d.onTestCheck?.(decision.verdict);
    }
    return { ok: true, result: decision.result };
  }

  /** Runs `task` for 0..n-1, at most `d.bulkConcurrency` at a time. */
  async function pool(n: number, task: (i: number) => Promise<void>): Promise<void> {
    let next = 0;
    const worker = async (): Promise<void> => {
      for (let i = next++; i < n; i = next++) await task(i);
    };
    await Promise.all(Array.from({ length: Math.min(d.bulkConcurrency, n) }, worker));
  }

  return {
    check: (account, req, opts?: CheckOptions) => checkOne(account, req.email, req.ip, req.explain, opts?.test === true),

    async bulk(account, emails, opts?: CheckOptions) {
      const test = opts?.test === true;
      const out = new Array<CheckResultBody | BulkErrorEntry>(emails.length);
      // A test key's fixed answers first: one unavailable@ makes the whole request 503, as an outage would.
      const fixed = test ? emails.map((e) => fixedAnswer(e)) : [];
      if (fixed.some((f) => f?.kind === 'unavailable')) throw unavailable(UNAVAILABLE_TEST, 1);
      const dnsUntil = d.now() + d.bulkDnsBudgetMs;
      // First every address's DNS and analysis, in parallel; then each is judged as if the
      // bulk were checked in input order: its windowed counts include the earlier addresses
      // of the request (four spellings of one inbox in one bulk are alias variants).
      // Every address's analysis and judgement runs in the account's fair share of the bulk
      // slots (fair-share.ts): one account's bulk yields to other requests between addresses.
      const slot = <T>(fn: () => T): Promise<T> => d.fairShare.run(account, async () => fn());
      const prepared = new Array<PreparedCheck | undefined>(emails.length);
      await pool(emails.length, async (i) => {
        const f = fixed[i];
        if (f) {
          out[i] = fixedResult(account, f);
          return;
        }
        const r = await prepare(emails[i]!, undefined, true, dnsUntil, slot);
        if (r.ok) prepared[i] = r.p;
        else out[i] = { input: emails[i]!, error: r.error };
      });
      const earlier = earlierSiblings(prepared, d.now());
      const request = {};
      await pool(emails.length, async (i) => {
        const p = prepared[i];
        if (!p) return;
        const answer = await d.fairShare.run(account, () => finish(account, p, false, true, request, test, earlier[i]));
        out[i] = answer.ok ? answer.result : { input: emails[i]!, error: answer.error };
      });
      return out;
    },
  };
}

/** For each address of a bulk, the earlier ones at its domain and of its inbox (input order). */
function earlierSiblings(prepared: readonly ({ address: ParsedAddress; view: AddressView; inboxHash: Buffer; spellingHash: Buffer } | undefined)[], time: number): (EarlierInBulk | undefined)[] {
  const byDomain = new Map<string, Sighting[]>();
  const byInbox = new Map<string, Sighting[]>();
  const listOf = (m: Map<string, Sighting[]>, key: string): Sighting[] => {
    let list = m.get(key);
    if (!list) m.set(key, (list = []));
    return list;
  };
  return prepared.map((p) => {
    if (!p) return undefined;
    const atDomain = listOf(byDomain, p.address.domain);
    const ofInbox = listOf(byInbox, p.inboxHash.toString('latin1'));
    const mine: EarlierInBulk = { atDomain, atDomainCount: atDomain.length, ofInbox, ofInboxCount: ofInbox.length };
    const me: Sighting = { inbox_hash: p.inboxHash, spelling_hash: p.spellingHash, account_type: p.view.accountType, local_shape: p.view.localShape, time };
    atDomain.push(me);
    ofInbox.push(me);
    return mine;
  });
}
