/**
 * Vitest global setup: the generated data modules src/ imports exist before any test file loads
 * (a fresh clone has not built yet; `npm test` builds first, a targeted `npx vitest run` may not).
 * src/data/name-lists-data.ts and src/data/mailchecker-data.ts: scripts/generate-data.ts, written
 * only when missing; test/data/name-lists.test.ts and test/data/mailchecker-list.test.ts say when
 * they are stale.
 */
import { writeDataModules } from '../../scripts/generate-data.ts';

export default function setup(): void {
  writeDataModules(true);
}
