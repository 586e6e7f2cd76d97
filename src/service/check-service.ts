/**
 * The check path, shared by single and bulk checks (shell; every decision is in a pure call):
 *   parse -> DNS facts (cached, single-flight, budgeted) -> address signals -> IP facts
 *   -> history (local state + own pending events) -> features + score -> signed check_id
 *   -> check event written and durable -> CheckResult.
 * Policy: the response waits for the event (README: Errors, 503; docs/architecture.md: Consistency). If the log cannot
 * take it within MAILSIFT_EVENT_TIMEOUT_MS the check answers 503 and nothing was billed.
 *
 * Customer controls (read from memory): the account's verdict thresholds turn human_score into
 * the verdict, and its most specific matching rule, if any, sets the verdict instead (the score
 * stays the model's). A test key's check is judged the same way but writes no event (not
 * billed, not counted, not learned from) and carries `test: true`; at mailsift.test it gets
 * the fixed answers of controls/test-addresses.ts.
 */
import { partitionFor } from '../bus/partitioner.ts';
import type { Codecs } from '../bus/codecs.ts';
import { TOPICS } from '../bus/topics.ts';
import { buildCheckResult } from '../check/result.ts';
import { CHECK_ID_FLAGS, type CheckIdSigner } from '../domain/check-id.ts';
import type { BulkErrorEntry, CheckResultBody } from '../domain/check-result.ts';
import { verdictFor, type DnsFacts, type HistoryFacts, type IpFacts, type ParsedAddress, type Score, type Verdict, type VerdictThresholds } from '../domain/check.ts';
import type { AccountRules } from '../controls/rule-index.ts';
import type { RuleAction, RuleType } from '../controls/rules.ts';
import { fixedAnswer, type FixedAnswer } from '../controls/test-addresses.ts';
import { unavailable } from '../domain/errors.ts';
import type { TestChecks } from './test-checks.ts';
import type { CheckScored } from '../domain/events.ts';
import type { KeyedHasher } from '../domain/keyed-hash.ts';
import { modelLabel } from '../model/learned.ts';
import type { Scorecard } from '../model/score.ts';
import type { OwnEvents, Sighting } from '../streams/own-events.ts';
import type { EventWriter } from './event-writer.ts';
import type { FairShare } from './fair-share.ts';
import type { ModelChoice } from './model-serving.ts';
import type { CheckAnswer, CheckOptions, CheckService } from './ports.ts';

/** The pure judgement, bound to its lookup tables by the composition root. */
export interface AddressPipeline {
  parse(input: string): { ok: true; address: ParsedAddress } | { ok: false; error: string };
  analyze(address: ParsedAddress, dns: DnsFacts | undefined): AddressView;
  /** Features and the baseline's score. */
  judge(view: AddressView, facts: { dns?: DnsFacts; ip?: IpFacts; history?: HistoryFacts }): { features: ArrayLike<number>; featureVersion: number; score: Score };
  /** The same features scored by another scorecard (a learned model). */
  score(features: ArrayLike<number>, card: Scorecard): Score;
}

/** What the check path needs to read out of an analysis (the rest stays opaque to it). */
export interface AddressView {
  readonly canonical: string;
  readonly didYouMean?: string;
  readonly accountType: CheckScored['account_type'] & import('../domain/check.ts').AccountType;
  readonly roleAccount: boolean;
  readonly disposable: boolean;
  readonly relay: boolean;
  readonly localShape: string;
}

export interface IpIntel {
  /** Null-free: `ignored` for unusable input. `canonical` is the form that gets hashed. */
  facts(ip: string): { facts: IpFacts; canonical?: string };
}

export interface HistoryKeys {
  readonly account: string;
  readonly domain: string;
  readonly inboxHash: Buffer;
  readonly spellingHash: Buffer;
  readonly ipHash: Buffer | null;
  readonly localShape: string;
  readonly accountType: string;
  readonly time: number;
  /**
   * Addresses earlier in the same bulk request at this domain and of this inbox: counted as if
   * the bulk were checked in input order (their own events may not be written yet).
   */
  readonly earlier?: EarlierInBulk;
  /** The request the check belongs to (a bulk's addresses share one): other requests' checks in flight count, its own do not. */
  readonly request?: object;
}

/** What the windowed counts need of an earlier address of the same bulk request (as of a check in flight). */
export type BulkSibling = Sighting;

/**
 * The first `atDomainCount` of `atDomain` (the request's addresses at this domain, in input
 * order) and the first `ofInboxCount` of `ofInbox` (of this inbox): prefixes of lists shared by
 * the whole request, so a bulk of n addresses at one domain copies nothing per address.
 */
export interface EarlierInBulk {
  readonly atDomain: readonly BulkSibling[];
  readonly atDomainCount: number;
  readonly ofInbox: readonly BulkSibling[];
  readonly ofInboxCount: number;
}

export interface HistoryReader {
  /** Counters as they will be once this check is counted too (read-your-writes included). */
  history(keys: HistoryKeys): Promise<HistoryFacts>;
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
  history: HistoryReader;
  models: { choice(account: string): ModelChoice };
  hasher: KeyedHasher;
  signer: CheckIdSigner;
  writer: EventWriter;
  codecs: Codecs;
  own: OwnEvents;
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
  /** What a check knows before it reads any history: the address, its DNS facts, its keyed hashes. */
  interface Prepared {
    readonly address: ParsedAddress;
    readonly dns: DnsFacts | undefined;
    readonly view: AddressView;
    readonly ipInfo: ReturnType<IpIntel['facts']> | undefined;
    readonly inboxHash: Buffer;
    readonly spellingHash: Buffer;
    readonly ipHash: Buffer | null;
  }

  /**
   * `slot`: where the analysis runs (a bulk's: in the account's fair share; its DNS wait holds
   * no slot, so a bulk still resolves its domains MAILSIFT_BULK_CONCURRENCY at a time).
   */
  async function prepare(email: string, ip: string | undefined, bulk: boolean, dnsUntil?: number, slot?: <T>(fn: () => T) => Promise<T>): Promise<{ ok: true; p: Prepared } | { ok: false; error: string }> {
    const parsed = d.pipeline.parse(email);
    if (!parsed.ok) {
      d.onInvalid?.(bulk ? 'bulk' : 'single');
      return parsed;
    }
    const address = parsed.address;
    const dns = d.dns ? await d.dns.domainFacts(address.domain, dnsUntil === undefined ? undefined : dnsUntil - d.now()) : undefined;
    const analyse = (): Prepared => {
      const view = d.pipeline.analyze(address, dns);
      const ipInfo = ip === undefined ? undefined : d.ip.facts(ip);
      const inboxHash = d.hasher.hash('inbox', view.canonical);
      const spellingHash = d.hasher.hash('spelling', address.email);
      const ipHash = ipInfo?.canonical !== undefined ? d.hasher.hash('ip', ipInfo.canonical) : null;
      return { address, dns, view, ipInfo, inboxHash, spellingHash, ipHash };
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
  async function finish(account: string, p: Prepared, explain: boolean, bulk: boolean, request: object, test: boolean, earlier?: EarlierInBulk): Promise<CheckAnswer> {
    const { address, view, inboxHash, spellingHash, ipHash } = p;
    const now = d.now();
    if (test) return judgeAndWrite(account, p, explain, bulk, now, request, earlier, true);
    const sighting = { inbox_hash: inboxHash, spelling_hash: spellingHash, account_type: view.accountType, local_shape: view.localShape, time: now };
    const landed = d.own.beginCheck(account, address.domain, ipHash, sighting, request);
    try {
      return await judgeAndWrite(account, p, explain, bulk, now, request, earlier, false);
    } finally {
      landed();
    }
  }

  async function judgeAndWrite(account: string, p: Prepared, explain: boolean, bulk: boolean, now: number, request: object, earlier: EarlierInBulk | undefined, test: boolean): Promise<CheckAnswer> {
    const { address, dns, view, ipInfo, inboxHash, spellingHash, ipHash } = p;
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
    const history = domainAgeDays === undefined ? windowed : { ...windowed, domainAgeDays };
    const judged = d.pipeline.judge(view, { ...(dns ? { dns } : {}), ...(ipInfo ? { ip: ipInfo.facts } : {}), history });
    const baseline = judged.score;
    // Each learned model that applies scores every check once it exists, served or not: its
    // prequential figures (and `auto` health) need its probability on checks that later get outcomes.
    const choice = d.models.choice(account);
    const shared = choice.shared ? d.pipeline.score(judged.features, choice.shared) : undefined;
    const personal = choice.personal ? d.pipeline.score(judged.features, choice.personal) : undefined;
    const servedCard = choice.served === 'personal' ? choice.personal : choice.served === 'shared' ? choice.shared : undefined;
    const served = (choice.served === 'personal' ? personal : choice.served === 'shared' ? shared : undefined) ?? baseline;
    const model = served === baseline ? 'baseline' : modelLabel(servedCard);
    // feedback_wanted weighs the served answer against the other side: the baseline when a
    // learned model answers, else the learned model that would answer next. Verdicts are the
    // account's (its thresholds); a rule overrides the verdict shown, not the model's.
    const thresholds = d.controls?.thresholds(account);
    const verdictOf = (score: Score): Verdict => (thresholds ? verdictFor(score.humanScore, thresholds) : score.verdict);
    const other = served === baseline ? (personal ?? shared) : baseline;
    const otherVerdict = other ? verdictOf(other) : undefined;
    const modelVerdict = verdictOf(served);
    const rule = d.controls?.rules(account)?.match({ inboxHash, domain: address.domain, ...(dns?.mailProvider !== undefined ? { mailProvider: dns.mailProvider } : {}) });
    const verdict = rule?.action ?? modelVerdict;
    if (rule) d.onRuleHit?.(rule.action, rule.type);
    const uuid = d.uuid();
    const checkId = d.signer.sign(account, uuid, inboxHash, now, test ? CHECK_ID_FLAGS.test : 0);
    const result: CheckResultBody = buildCheckResult({
      email: address.email,
      canonical: view.canonical,
      ...(view.didYouMean !== undefined ? { didYouMean: view.didYouMean } : {}),
      accountType: view.accountType,
      roleAccount: view.roleAccount,
      disposable: view.disposable,
      relay: view.relay,
      ...(dns ? { dns } : {}),
      ...(ipInfo ? { ip: ipInfo.facts } : {}),
      history,
      score: modelVerdict === served.verdict ? served : { ...served, verdict: modelVerdict },
      explain,
      checkId,
      model,
      ...(otherVerdict !== undefined ? { otherVerdict } : {}),
      ...(rule ? { rule: { id: rule.id, action: rule.action } } : {}),
      ...(test ? { test } : {}),
    });
    if (test) {
      d.testChecks?.add(account, inboxHash, uuid, now);
      d.onTestCheck?.(verdict);
    } else {
      const event: CheckScored = {
        check_uuid: uuid,
        account,
        time: now,
        domain: address.domain,
        inbox_hash: inboxHash,
        spelling_hash: spellingHash,
        ip_hash: ipHash,
        local_shape: view.localShape,
        account_type: view.accountType,
        feature_version: judged.featureVersion,
        features: Array.from(judged.features),
        baseline_probability: baseline.probability,
        served_model: model,
        served_probability: served.probability,
        learned_probability: shared?.probability ?? null,
        personal_probability: personal?.probability ?? null,
        verdict,
        bulk,
        // What the answer says (rule_* codes included), so per-account statistics count reasons as the caller saw them.
        reasons: result.reasons,
      };
      const key = Buffer.from(account);
      const partition = partitionFor(key, TOPICS.checks.partitions);
      const pos = await d.writer.write(TOPICS.checks.name, key, d.codecs.checks.encode(event), now, partition);
      d.own.addCheck({ event, ...pos });
      d.onChecked?.(verdict, served === baseline ? 'baseline' : 'learned');
    }
    return { ok: true, result };
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
      const prepared = new Array<Prepared | undefined>(emails.length);
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
  const byDomain = new Map<string, BulkSibling[]>();
  const byInbox = new Map<string, BulkSibling[]>();
  const listOf = (m: Map<string, BulkSibling[]>, key: string): BulkSibling[] => {
    let list = m.get(key);
    if (!list) m.set(key, (list = []));
    return list;
  };
  return prepared.map((p) => {
    if (!p) return undefined;
    const atDomain = listOf(byDomain, p.address.domain);
    const ofInbox = listOf(byInbox, p.inboxHash.toString('latin1'));
    const mine: EarlierInBulk = { atDomain, atDomainCount: atDomain.length, ofInbox, ofInboxCount: ofInbox.length };
    const me: BulkSibling = { inbox_hash: p.inboxHash, spelling_hash: p.spellingHash, account_type: p.view.accountType, local_shape: p.view.localShape, time };
    atDomain.push(me);
    ofInbox.push(me);
    return mine;
  });
}
