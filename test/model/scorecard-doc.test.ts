/** docs/scorecard.md is the customer-facing list of reasons and signals: keep it in step with the code. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASELINE_SCORECARD } from '../../src/model/baseline.ts';
import { FEATURE_NAMES } from '../../src/model/features.ts';
import { REASON_CODES } from '../../src/model/reasons.ts';
import { REPO_ROOT } from '../helpers/shared.ts';
import baselineDoc from '../../src/model/weights/baseline-v1.json' with { type: 'json' };

const doc = readFileSync(join(REPO_ROOT, 'docs', 'scorecard.md'), 'utf8');

describe('docs/scorecard.md', () => {
  it('describes every reason code', () => {
    for (const code of REASON_CODES) expect(doc, code).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'));
  });

  it('lists every evidence signal at its column with its hand-set weight, the intercept and the calibration', () => {
    const handSet = baselineDoc.weights as Record<string, number>;
    FEATURE_NAMES.forEach((name, i) => {
      const row = doc.match(new RegExp(`^\\| ${i} \\| \`${name}\` \\|[^|]*\\| ([-+]?[0-9.]+) \\|`, 'm'));
      expect(row, name).not.toBeNull();
      expect(Number(row![1]), name).toBe(handSet[name]);
    });
    expect(doc).toContain(`Intercept: **${baselineDoc.intercept >= 0 ? '+' : ''}${baselineDoc.intercept}**`);
    expect(doc).toContain(`Calibration: **scale ${baselineDoc.calibration.scale}**`);
    expect(BASELINE_SCORECARD.weights.length).toBe(FEATURE_NAMES.length);
  });
});
