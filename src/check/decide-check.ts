/**
 * The decision of one check (pure): from what the shell prepared (the address, its analysis,
 * DNS and IP facts, keyed hashes), the history read for it, the models that apply, the
 * account's controls, and the check's ids and time as values, it scores the features with every
 * model that applies, picks the one that answers, applies the account's thresholds and its most
 * specific rule, and returns the CheckResult shown and the event to record. No I/O, clock, env
 * or randomness: the shell (service/check-service.ts) reads prepare -> query -> decide ->
 * append -> reply.
 */
import type { CheckResultBody } from '../domain/check-result.ts';
import { verdictFor, type AccountType, type DnsFacts, type HistoryFacts, type IpFacts, type ParsedAddress, type Score, type Verdict, type VerdictThresholds } from '../domain/check.ts';
import type { CheckScored } from '../domain/events.ts';
import type { AccountRules } from '../controls/rule-index.ts';
import type { RuleAction, RuleType } from '../controls/rules.ts';
import { modelLabel } from '../model/learned.ts';
import type { Scorecard } from '../model/score.ts';
import type { ServedModel } from '../model/serving.ts';
import { buildCheckResult } from './result.ts';

/** What the check path reads out of an address's analysis (the rest stays opaque to it). */
export interface AddressView {
  readonly canonical: string;
  readonly didYouMean?: string;
  readonly accountType: CheckScored['account_type'] & AccountType;
  readonly roleAccount: boolean;
  readonly disposable: boolean;
  readonly relay: boolean;
  readonly localShape: string;
}

/** The pure judgement, bound to its lookup tables and the baseline scorecard (roles/address-pipeline.ts). */
export interface Judgement {
  /** Features and the baseline's score. */
  judge(view: AddressView, facts: { dns?: DnsFacts; ip?: IpFacts; history?: HistoryFacts }): { features: ArrayLike<number>; featureVersion: number; score: Score };
  /**
   * The same features scored by another scorecard (a learned model), for a check at `domain`,
   * under the account's verdict thresholds (absent: the service's): a free-mail provider's effect
   * is held at the block cut the verdict is decided with (score.ts providerEffectHeld).
   */
  score(features: ArrayLike<number>, card: Scorecard, domain: string | undefined, thresholds?: VerdictThresholds): Score;
}

/** The learned models that apply to an account's checks, and which one answers. */
export interface ModelChoice {
  /** The shared learned model, scored alongside the baseline (for prequential stats) once it exists. */
  readonly shared: Scorecard | undefined;
  /** The account's personal model, likewise scored on each of the account's checks once it exists. */
  readonly personal: Scorecard | undefined;
  /** Which one answers. */
  readonly served: ServedModel;
}

/** What a check knows before it reads any history. */
export interface PreparedCheck {
  readonly address: ParsedAddress;
  /** Absent when DNS is off. */
  readonly dns: DnsFacts | undefined;
  readonly view: AddressView;
  /** Present when the request carried an `ip`. */
  readonly ip: IpFacts | undefined;
  readonly inboxHash: Buffer;
  readonly spellingHash: Buffer;
  /** Null without a usable IP. */
  readonly ipHash: Buffer | null;
  /** The inbox's numbered stem, keyed and hashed (signals/numbered-stem.ts); null or absent: it has none. */
  readonly stemHash?: Buffer | null;
}

export interface CheckDecisionInput {
  readonly account: string;
  readonly prepared: PreparedCheck;
  /** The windowed history, domain age included when known. */
  readonly history: HistoryFacts;
  readonly models: ModelChoice;
  /** The account's verdict thresholds; absent: the scorecard's own verdicts. */
  readonly thresholds?: VerdictThresholds;
  /** The account's rules; absent: none. */
  readonly rules?: AccountRules;
  readonly explain: boolean;
  /** Part of a bulk request (recorded in the event). */
  readonly bulk: boolean;
  /** A test key's check: judged alike, recorded nowhere. */
  readonly test: boolean;
  readonly uuid: Buffer;
  /** The signed id of (account, uuid, inbox, now, test flag). */
  readonly checkId: string;
  readonly now: number;
}

export interface CheckDecision {
  readonly result: CheckResultBody;
  /** The verdict given: the matching rule's, else the served model's under the account's thresholds. */
  readonly verdict: Verdict;
  /** Which kind of model answered (the metrics' label). */
  readonly servedBy: 'baseline' | 'learned';
  /** The rule that set the verdict, if one matched. */
  readonly rule?: { readonly action: RuleAction; readonly type: RuleType };
  /** The event to record; absent for a test key's check. */
  readonly event?: CheckScored;
}

export function decideCheck(input: CheckDecisionInput, judgement: Judgement): CheckDecision {
  const { account, prepared: p, history, models: choice, thresholds, explain, test, now } = input;
  const { address, dns, view, ip, inboxHash } = p;
  const judged = judgement.judge(view, { dns, ip, history });
  const baseline = judged.score;
  // Each learned model that applies scores every check once it exists, served or not: its
  // prequential figures (and `auto` health) need its probability on checks that later get outcomes.
  const shared = choice.shared ? judgement.score(judged.features, choice.shared, address.domain, thresholds) : undefined;
  const personal = choice.personal ? judgement.score(judged.features, choice.personal, address.domain, thresholds) : undefined;
  const servedCard = choice.served === 'personal' ? choice.personal : choice.served === 'shared' ? choice.shared : undefined;
  const served = (choice.served === 'personal' ? personal : choice.served === 'shared' ? shared : undefined) ?? baseline;
  const model = served === baseline ? 'baseline' : modelLabel(servedCard);
  // feedback_wanted weighs the served answer against the other side: the baseline when a
  // learned model answers, else the learned model that would answer next. Verdicts are the
  // account's (its thresholds); a rule overrides the verdict shown, not the model's.
  const verdictOf = (score: Score): Verdict => (thresholds ? verdictFor(score.humanScore, thresholds) : score.verdict);
  const other = served === baseline ? (personal ?? shared) : baseline;
  const otherVerdict = other ? verdictOf(other) : undefined;
  const modelVerdict = verdictOf(served);
  const rule = input.rules?.match({ inboxHash, domain: address.domain, ...(dns?.mailProvider !== undefined ? { mailProvider: dns.mailProvider } : {}) });
  const verdict = rule?.action ?? modelVerdict;
  const result = buildCheckResult({
    email: address.email,
    canonical: view.canonical,
    didYouMean: view.didYouMean,
    accountType: view.accountType,
    roleAccount: view.roleAccount,
    disposable: view.disposable,
    relay: view.relay,
    dns,
    ip,
    history,
    score: modelVerdict === served.verdict ? served : { ...served, verdict: modelVerdict },
    explain,
    checkId: input.checkId,
    model,
    otherVerdict,
    rule: rule ? { id: rule.id, action: rule.action } : undefined,
    test,
  });
  const decision = { result, verdict, servedBy: served === baseline ? 'baseline' : 'learned', ...(rule ? { rule: { action: rule.action, type: rule.type } } : {}) } as const;
  if (test) return decision;
  const event: CheckScored = {
    check_uuid: input.uuid,
    account,
    time: now,
    domain: address.domain,
    inbox_hash: inboxHash,
    spelling_hash: p.spellingHash,
    ip_hash: p.ipHash,
    local_shape: view.localShape,
    account_type: view.accountType,
    feature_version: judged.featureVersion,
    features: toArray(judged.features),
    baseline_probability: baseline.probability,
    served_model: model,
    served_probability: served.probability,
    learned_probability: shared?.probability ?? null,
    personal_probability: personal?.probability ?? null,
    verdict,
    bulk: input.bulk,
    // What the answer says (rule_* codes included), so per-account statistics count reasons as the caller saw them.
    reasons: result.reasons,
    stem_hash: p.stemHash ?? null,
  };
  return { ...decision, event };
}

/**
 * The features as a plain array for the event. Array.from on a typed array goes through its
 * iterator (a result object and a boxed number per element): ~7x the bytes and ~40x the time of
 * this copy (docs/architecture.md, issue 19, tenth round).
 */
function toArray(x: ArrayLike<number>): number[] {
  const out = new Array<number>(x.length);
  for (let i = 0; i < x.length; i++) out[i] = x[i]!;
  return out;
}
