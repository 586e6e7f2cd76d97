/**
 * The one judgement path of a check: analyze (address + local-part signals) then judge
 * (features + scorecard). The API's check service and the eval tool both call exactly
 * these two functions, so what the eval measures is what customers get. Pure: tables and
 * the model are passed in, facts (DNS, IP, history) are optional and a missing one
 * contributes nothing.
 */
import { DEFAULT_THRESHOLDS, type DnsFacts, type HistoryFacts, type IpFacts, type ParsedAddress, type Score, type VerdictThresholds } from '../domain/check.ts';
import { buildFeatures, type FeatureVector } from '../model/features.ts';
import { scoreFeatures, type Scorecard } from '../model/score.ts';
import { addressSignals, type AddressSignals } from '../signals/address-signals.ts';
import { buildAddressTables, type AddressTables, type DisposableOverrides } from '../signals/address-tables.ts';
import { buildNameTables, localPartSignals, type LocalPartSignals, type NameTables, type PrebuiltNameTables } from '../signals/local-part.ts';

export interface JudgeTables {
  readonly address: AddressTables;
  readonly names: NameTables;
}

export interface Analysis {
  readonly parsed: ParsedAddress;
  readonly address: AddressSignals;
  readonly local: LocalPartSignals;
}

export interface JudgeFacts {
  readonly dns?: DnsFacts;
  readonly ip?: IpFacts;
  readonly history?: HistoryFacts;
}

/**
 * Builds every lookup table a judgement needs (once per process; about 0.3 s of CPU, a few tens
 * of ms with the name tables the build computed: `prebuilt`).
 */
export function buildJudgeTables(overrides: DisposableOverrides = {}, prebuilt?: PrebuiltNameTables): JudgeTables {
  return { address: buildAddressTables(overrides), names: buildNameTables(prebuilt) };
}

/** Signals of the address itself. `dns` refines provider-dependent ones (canonical folding, work vs unknown). */
export function analyze(parsed: ParsedAddress, tables: JudgeTables, dns?: DnsFacts): Analysis {
  return {
    parsed,
    address: addressSignals(parsed, tables.address, dns, tables.names.trie, tables.names),
    local: localPartSignals(parsed.local, tables.names),
  };
}

/** Features and score of an analysed address given whatever facts are known. */
export function judge(
  a: Analysis,
  facts: JudgeFacts,
  model: Scorecard,
  thresholds: VerdictThresholds = DEFAULT_THRESHOLDS,
): { features: FeatureVector; score: Score } {
  const features = buildFeatures({ address: a.address, local: a.local, dns: facts.dns, ip: facts.ip, history: facts.history });
  return { features, score: scoreFeatures(features, model, thresholds) };
}
