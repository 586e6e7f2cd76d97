/**
 * The shipped baseline scorecard, validated at import: a broken weights file stops the
 * process at start rather than scoring with garbage. Pure (the JSON is a module import).
 */
import doc from './weights/baseline-v1.json' with { type: 'json' };
import { loadScorecard, type Scorecard } from './score.ts';

/** What checks are scored with: the hand-set weights with the file's calibration written in. */
export const BASELINE_SCORECARD: Scorecard = loadScorecard(doc);

/** The file's calibration scale (1 when it has none): learned models inherit it (train.ts). */
export const BASELINE_CALIBRATION_SCALE: number = BASELINE_SCORECARD.calibrationScale ?? 1;

/**
 * The hand-set weights before the calibration: a learned model's prior. It is fitted from them
 * and then calibrated as the baseline is, so that with few outcomes it is the baseline again
 * (fitted from the calibrated weights and calibrated once more, it would be shrunk twice).
 */
export const BASELINE_AS_SET: Scorecard = loadScorecard({ ...doc, calibration: undefined });
