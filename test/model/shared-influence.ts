/**
 * A test-sized simulation of what one honest account is served by the shared model (mode on)
 * when other accounts report outcomes: made-up addresses scored as the check path scores them
 * (DNS off, no history), composed into the shared fit as the trainer composes it
 * (src/model/shared-fit.ts), fitted (src/model/train.ts) and the honest account's probes scored
 * by the model as served, or by the baseline when the version is held back or withheld from it.
 * Every address here is made up (never from the eval set).
 */
import { analyze, buildJudgeTables, judge, type JudgeTables } from '../../src/check/judge.ts';
import { DEFAULT_THRESHOLDS } from '../../src/domain/check.ts';
import { accountsWorseOff } from '../../src/model/account-guard.ts';
import { BASELINE_AS_SET, BASELINE_CALIBRATION_SCALE, BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { humanScoreOf } from '../../src/model/score.ts';
import { sharedFit, sharedVersion } from '../../src/model/shared-fit.ts';
import { predict, trainModel, type LinearModel } from '../../src/model/train.ts';
import { trainingDue } from '../../src/model/training-policy.ts';
import type { TrainingExample } from '../../src/model/training-set.ts';
import { parseAddress } from '../../src/signals/syntax.ts';
import { parkMiller } from './fixtures.ts';

let tables: JudgeTables | undefined;

/** The features and the baseline's P(human) the check path gives `email` (DNS off, no history). */
export function checked(email: string): { features: Float64Array; baselineProbability: number } {
  tables ??= buildJudgeTables();
  const p = parseAddress(email);
  if (!p.ok) throw new Error(`made-up address must parse: ${email}`);
  const { features, score } = judge(analyze(p.address, tables), {}, BASELINE_SCORECARD);
  return { features, baselineProbability: score.probability };
}

const FIRST = ['anton', 'beatriz', 'cosmin', 'delia', 'eamon', 'fabiola', 'gustav', 'heloise', 'ivo', 'jolanda', 'kasimir', 'ludmila', 'magnus', 'noemi', 'orsolya', 'piet', 'quirina', 'radu', 'saskia', 'teodor'];
const LAST = ['achterberg', 'bellini', 'cervantes', 'dalgaard', 'eriksen', 'fontaine', 'grimaldi', 'hartmann', 'ionescu', 'jakobsen', 'kovacs', 'lombardi', 'mertens', 'nakamura', 'oliveira', 'petrescu', 'quaresma', 'rasmussen', 'schreiber', 'tamminen'];

/** The i-th made-up natural name at `domain` (400 first/last pairs, three spellings). */
export function natural(i: number, domain = 'gmail.com'): string {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const sep = ['.', '', '_'][Math.floor(i / (FIRST.length * LAST.length)) % 3]!;
  return `${first}${sep}${last}@${domain}`;
}

/** The i-th made-up name with two digits at `domain` (a first name, a last name, a number). */
export function nameDigits(i: number, domain = 'gmail.com'): string {
  return `${FIRST[i % FIRST.length]!}${LAST[Math.floor(i / FIRST.length) % LAST.length]!}${10 + ((i * 37) % 90)}@${domain}`;
}

/** `n` generated strings (10 consonants and digits) at `domain`. */
export function generated(seed: number, n: number, domain = 'gmail.com'): string[] {
  const r = parkMiller(seed);
  const chars = 'bcdfghjklmnpqrstvwxz0123456789';
  return Array.from({ length: n }, () => `${Array.from({ length: 10 }, () => chars[Math.floor(r() * chars.length)]).join('')}@${domain}`);
}

export type Row = readonly [email: string, human: boolean];

/** An honest account's rows: `real` natural names from `from`, `fake` generated strings. */
export const honest = (from: number, real: number, seed: number, fake: number): Row[] => [
  ...Array.from({ length: real }, (_, i) => [natural(from + i), true] as const),
  ...generated(seed, fake).map((e) => [e, false] as const),
];

/** Each account's rows as the trainer's examples, the accounts reporting side by side (each account's rows spread over the same period, in order). */
export function examplesOf(accounts: readonly (readonly [string, readonly Row[]])[]): TrainingExample[] {
  const placed = accounts.flatMap(([account, rows]) => rows.map((row, i) => ({ account, row, at: (i + 0.5) / rows.length, i })));
  placed.sort((x, y) => x.at - y.at || (x.account < y.account ? -1 : 1));
  return placed.map(({ account, row, i }, t) => {
    const c = checked(row[0]);
    return { id: `${account}:${i}`, account, human: row[1], time: 1_000 + t, features: c.features, baselineProbability: c.baselineProbability, domain: row[0].split('@')[1]! };
  });
}

export interface Served {
  /** What served the probes: 'shared' or 'baseline' (held back, withheld or not due). */
  readonly by: 'shared' | 'baseline';
  /** Accounts whose outcomes the version served was not fitted on (sorted): left out (account-agreement.ts) or the one a fit on everyone's followed. */
  readonly leftOut: readonly string[];
  /** The account a fit on every account's outcomes followed at the others' expense (sharedVersion), when one did. */
  readonly followed?: string;
  readonly heldBack: boolean;
  /** Why held back ('disagreement', or what the guards adjusted for), when it was. */
  readonly why?: string;
  /** The probes' human_score as served. */
  readonly scores: number[];
  readonly model?: LinearModel;
}

/** Fits the shared model as the trainer does on these accounts' rows and scores `probes` for `account` as mode on serves it. */
export async function servedTo(account: string, accounts: readonly (readonly [string, readonly Row[]])[], probes: readonly string[]): Promise<Served> {
  const examples = examplesOf(accounts);
  const baseline = probes.map((e) => humanScoreOf(checked(e).baselineProbability));
  const humans = examples.filter((e) => e.human).length;
  const all = sharedFit(examples);
  if (!trainingDue({ humans, fakes: examples.length - humans, newSinceModel: examples.length }).due || !all.fittable) {
    return { by: 'baseline', leftOut: all.leftOut, heldBack: false, scores: baseline };
  }
  const v = await sharedVersion(
    examples,
    (fit) => trainModel(fit.examples, BASELINE_AS_SET, { blockBelow: DEFAULT_THRESHOLDS.reviewAtLeast, allowAtLeast: DEFAULT_THRESHOLDS.allowAtLeast, servingScale: BASELINE_CALIBRATION_SCALE }),
    (m, e) => predict(m, e.features),
  );
  const { fit, model: m } = v;
  const leftOut = [...fit.leftOut, ...(v.followed !== undefined ? [v.followed] : [])].sort();
  const heldBack = fit.tooFew || m.heldBack || v.worseForOthers;
  const why = fit.tooFew ? 'disagreement' : m.heldBack ? (m.tooFewHumans ? 'few_humans' : m.adjusted.join('+')) : 'worse_for_others';
  const followed = v.followed !== undefined ? { followed: v.followed } : {};
  if (heldBack || accountsWorseOff([...m.heldOut, ...v.followedScored]).includes(account)) return { by: 'baseline', leftOut, heldBack, ...followed, ...(heldBack ? { why } : {}), scores: baseline };
  return { by: 'shared', leftOut, heldBack, ...followed, scores: probes.map((e) => humanScoreOf(predict(m, checked(e).features))), model: m };
}
