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
import { ipCountKey } from '../check/ip-count-key.ts';
import { numberedStem } from '../signals/numbered-stem.ts';
import { decideCheck, type AddressView, type CheckDecision, type Judgement, type ModelChoice, type PreparedCheck } from '../check/decide-check.ts';
import { CHECK_ID_FLAGS, type CheckIdSigner } from '../domain/check-id.ts';
import type { CheckResultBody } from '../domain/check-result.ts';
import type { DnsFacts, HistoryFacts, IpFacts, ParsedAddress, VerdictThresholds } from '../domain/check.ts';
import type { AccountRules } from '../controls/rule-index.ts';
import type { RuleAction, RuleType } from '../controls/rules.ts';
import { fixedAnswer, testKeyError, type FixedAnswer } from '../controls/test-addresses.ts';
import { unavailable } from '../domain/errors.ts';
import type { KeyedHasher } from '../domain/keyed-hash.ts';
import type { TestChecks } from './test-checks.ts';
import type { SeenCheck } from './recent-traffic.ts';
import { bulkChecks } from './bulk-checks.ts';
import type { FairShare } from './fair-share.ts';
import type { CheckAnswer, CheckEvents, CheckOptions, CheckService, EarlierInBulk, HistoryKeys, HistoryQueries, Sighting } from './ports.ts';

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
  /** `seen`: the check's domain and local-part shape, counted in the account's recent traffic (absent: a test check; model-serving.ts). */
  models: { choice(account: string, seen?: SeenCheck): ModelChoice };
  hasher: KeyedHasher;
  signer: CheckIdSigner;
  events: CheckEvents;
  now: () => number;
  uuid: () => Buffer;
  /** Distinct domains of one bulk request looked up in DNS at a time. */
  bulkConcurrency: number;
  /** Where bulk slices are analysed, judged and recorded: bounded slots shared round-robin by accounts. */
  fairShare: FairShare;
  /** Addresses of a bulk request judged together in one slot (one state read, one durable append). */
  bulkSlice: number;
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
  /** The analysis of a parsed address (pure lookups, keyed hashes): what the history read and the decision need. */
  function analyse(address: ParsedAddress, dns: DnsFacts | undefined, ip: string | undefined): PreparedCheck {
    const view = d.pipeline.analyze(address, dns);
    const ipInfo = ip === undefined ? undefined : d.ip.facts(ip);
    const inboxHash = d.hasher.hash('inbox', view.canonical);
    const spellingHash = d.hasher.hash('spelling', address.email);
    // Counted per source (an IPv6 address's /64: check/ip-count-key.ts), keyed and hashed: never stored in clear.
    const ipHash = ipInfo?.canonical !== undefined ? d.hasher.hash('ip', ipCountKey(ipInfo.canonical)) : null;
    // A numbered inbox's stem (annaberg0001 -> annaberg#): keyed and hashed, as the inbox is.
    const stem = numberedStem(view.canonical);
    const stemHash = stem === undefined ? null : d.hasher.hash('stem', stem);
    return { address, dns, view, ip: ipInfo?.facts, inboxHash, spellingHash, ipHash, stemHash };
  }

  async function checkOne(account: string, email: string, ip: string | undefined, explain: boolean, test: boolean): Promise<CheckAnswer> {
    const release = d.fairShare.foreground();
    try {
      return await checkSingle(account, email, ip, explain, test);
    } finally {
      release();
    }
  }

  async function checkSingle(account: string, email: string, ip: string | undefined, explain: boolean, test: boolean): Promise<CheckAnswer> {
    if (test) {
      const fixed = fixedAnswer(email);
      if (fixed) return { ok: true, result: fixedResult(account, fixed) };
    }
    const parsed = d.pipeline.parse(email);
    if (!parsed.ok) {
      d.onInvalid?.('single');
      return test ? { ok: false, error: testKeyError(email, parsed.error) } : parsed;
    }
    const address = parsed.address;
    const dns = d.dns ? await d.dns.domainFacts(address.domain) : undefined;
    return finish(account, analyse(address, dns, ip), explain, test);
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
   * query -> decide -> append; the answer once the event is durable (a test check's at once: it
   * is recorded nowhere). A test check is not registered as in flight: no other check counts it.
   */
  async function finish(account: string, p: PreparedCheck, explain: boolean, test: boolean): Promise<CheckAnswer> {
    const now = d.now();
    const request = {};
    const landed = test ? undefined : d.events.begin(account, p.address.domain, p.ipHash, sightingOf(account, p, now), request);
    try {
      const decision = decide(account, p, await d.history.history(historyKeys(account, p, now, request, undefined)), explain, false, test, now);
      if (decision.event) await d.events.append(decision.event);
      recorded(account, p, decision, now);
      return { ok: true, result: decision.result };
    } finally {
      landed?.();
    }
  }

  /** The decision of one check (pure, decide-check.ts) with the account's controls and the check's ids. */
  function decide(account: string, p: PreparedCheck, windowed: HistoryFacts, explain: boolean, bulk: boolean, test: boolean, now: number): CheckDecision & { uuid: Buffer } {
    const domainAgeDays = d.domainAge?.ageDays(p.address.domain, now);
    const uuid = d.uuid();
    const rules = d.controls?.rules(account);
    const thresholds = d.controls?.thresholds(account);
    const decision = decideCheck(
      {
        account,
        prepared: p,
        history: domainAgeDays === undefined ? windowed : { ...windowed, domainAgeDays },
        models: d.models.choice(account, test ? undefined : { domain: p.address.domain, shape: p.view.localShape }),
        thresholds,
        rules,
        explain,
        bulk,
        test,
        uuid,
        checkId: d.signer.sign(account, uuid, p.inboxHash, now, test ? CHECK_ID_FLAGS.test : 0),
        now,
      },
      d.pipeline,
    );
    if (decision.rule) d.onRuleHit?.(decision.rule.action, decision.rule.type);
    return { ...decision, uuid };
  }

  /** After the event is durable (or, for a test check, at once): the metrics, and a test check is kept for feedback. */
  function recorded(account: string, p: PreparedCheck, decision: CheckDecision & { uuid: Buffer }, now: number): void {
    if (decision.event) {
      d.onChecked?.(decision.verdict, decision.servedBy);
    } else {
      d.testChecks?.add(account, p.inboxHash, decision.uuid, now);
      d.onTestCheck?.(decision.verdict);
    }
  }

  const bulk = bulkChecks(d, { analyse, decide, recorded, fixedResult, sightingOf, historyKeys });

  return {
    check: (account, req, opts?: CheckOptions) => checkOne(account, req.email, req.ip, req.explain, opts?.test === true),
    bulk: (account, emails, opts?: CheckOptions) => bulk(account, emails, opts?.test === true),
  };
}

/** What the windowed counts need of a check, in flight or earlier in its bulk request. */
function sightingOf(account: string, p: PreparedCheck, time: number): Sighting {
  return { account, domain: p.address.domain, inbox_hash: p.inboxHash, spelling_hash: p.spellingHash, stem_hash: p.stemHash ?? null, account_type: p.view.accountType, local_shape: p.view.localShape, time };
}

/** The history read's keys; `earlier`: the addresses before it in its bulk request (none: left out). */
function historyKeys(account: string, p: PreparedCheck, now: number, request: object, earlier: EarlierInBulk | undefined): HistoryKeys {
  const { address, view, inboxHash, spellingHash, ipHash } = p;
  return {
    account,
    domain: address.domain,
    inboxHash,
    spellingHash,
    ipHash,
    stemHash: p.stemHash ?? null,
    localShape: view.localShape,
    accountType: view.accountType,
    time: now,
    request,
    earlier: earlier && earlier.atDomainCount + earlier.ofInboxCount > 0 ? earlier : undefined,
  };
}
