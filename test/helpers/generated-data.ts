/**
 * Vitest global setup: the generated data modules src/ imports exist before any test file loads
 * (a fresh clone has not built yet; `npm test` builds first, a targeted `npx vitest run` may not).
 * src/data/name-lists-data.ts: scripts/generate-name-lists.ts, written only when missing;
 * test/data/name-lists.test.ts says when it is stale.
 */
import { writeNameListsModule } from '../../scripts/generate-name-lists.ts';

export default function setup(): void {
  writeNameListsModule(true);
}
