/**
 * Where a personal model's scores sit once its per-domain effects fade (pure). The verdict guard
 * set the model's level with its effects: a strong effect that lowers the account's fakes'
 * domains also lowers the few people there, and the guard raises the whole model until it blocks
 * no larger share of the held-out people than the baseline. Without the effects those people are
 * no longer lowered, and the raise that was theirs lets fakes through; or, where the effects
 * raised the account's people, the model without them blocks more people than the guard allowed.
 * Neither their absence (0) nor their mean is the level the guard set for a model without them.
 *
 * So the model without its effects is placed among the same held-out people as the model with
 * them: the block cut falls at the same rank among their scores (with k of them blocked as
 * served, between its k-th and (k+1)-th lowest, at the same fraction of that gap; with none
 * blocked, as far below its lowest as it is below the served model's lowest). The shift that does
 * so is what every check at a faded effect's factor f gets (1 − f) of (score.ts interceptAt): it
 * blocks as many of the held-out people as the guard allowed, whatever the fade.
 */

/**
 * The shift that places the cut `cut` (a logit) among `without` (the held-out people's served
 * logits without the effects) where it falls among `withEffects` (the same people's served
 * logits, with them). 0 when there are none.
 */
export function effectsOffShift(withEffects: readonly number[], without: readonly number[], cut: number): number {
  if (withEffects.length !== without.length) throw new Error('effectsOffShift: one logit of each per person');
  if (withEffects.length === 0) return 0;
  const a = [...withEffects].sort((x, y) => x - y);
  const b = [...without].sort((x, y) => x - y);
  const k = a.filter((z) => z < cut).length;
  if (k === 0) return cut - (b[0]! - (a[0]! - cut));
  if (k === a.length) return cut - (b[k - 1]! + (cut - a[k - 1]!));
  const gap = a[k]! - a[k - 1]!;
  const t = gap > 0 ? (cut - a[k - 1]!) / gap : 0.5;
  return cut - (b[k - 1]! + t * (b[k]! - b[k - 1]!));
}
