/**
 * The shipped baseline scorecard, validated at import: a broken weights file stops the
 * process at start rather than scoring with garbage. Pure (the JSON is a module import).
 */
import doc from './weights/baseline-v1.json' with { type: 'json' };
import { loadScorecard, type Scorecard } from './score.ts';

export const BASELINE_SCORECARD: Scorecard = loadScorecard(doc);
