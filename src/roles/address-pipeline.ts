/**
 * Binds the pure judgement (check/judge.ts) to its lookup tables and the baseline scorecard,
 * in the shape the check service calls. Built once per process, with the name tables the build
 * computed when they are there (name-tables-file.ts).
 */
import { analyze, buildJudgeTables, judge, type Analysis } from '../check/judge.ts';
import { FEATURE_VERSION } from '../model/features.ts';
import { BASELINE_SCORECARD } from '../model/baseline.ts';
import { scoreFeatures } from '../model/score.ts';
import type { AddressView } from '../check/decide-check.ts';
import type { AddressPipeline } from '../service/check-service.ts';
import type { DisposableOverrides } from '../signals/address-tables.ts';
import { parseWithTypoHint } from '../check/typo-hint.ts';
import { readPrebuiltNameTables } from './name-tables-file.ts';

type View = AddressView & { readonly analysis: Analysis };

export function buildAddressPipeline(thresholds: { allow: number; review: number }, overrides: DisposableOverrides = {}): AddressPipeline {
  const tables = buildJudgeTables(overrides, readPrebuiltNameTables());
  const t = { allowAtLeast: thresholds.allow, reviewAtLeast: thresholds.review };
  return {
    parse: (input) => parseWithTypoHint(input, tables.address.typo),
    analyze(address, dns): View {
      const analysis = analyze(address, tables, dns);
      const a = analysis.address;
      return {
        analysis,
        canonical: a.canonical,
        ...(a.didYouMean !== undefined ? { didYouMean: a.didYouMean } : {}),
        accountType: a.accountType,
        roleAccount: a.roleAccount,
        disposable: a.disposable,
        relay: a.relay,
        localShape: analysis.local.shape,
      };
    },
    judge(view, facts) {
      const { features, score } = judge((view as View).analysis, facts, BASELINE_SCORECARD, t);
      return { features, featureVersion: FEATURE_VERSION, score };
    },
    score: (features, card, domain, thresholds = t) => scoreFeatures(features, card, thresholds, domain),
  };
}
