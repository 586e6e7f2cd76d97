/**
 * A vitest reporter (beside the default one) that ends a run with one line per reason tests were
 * skipped for, e.g. `67 tests skipped: ../shared is absent (...)`, so a run on a bare clone says
 * why instead of only counting. Skipped suites and tests name their reason as "(skipped: ...)"
 * (test/helpers/shared.ts, test/helpers/kafka.ts).
 */
import { resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class SkipReasonReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = new Map<string, number>();
    for (const module of modules) {
      for (const test of module.children.allTests('skipped')) {
        const reason = /\(skipped: ([^)]*)\)/.exec(test.fullName)?.[1];
        if (reason === undefined) continue;
        // Every ../shared/<part> absent: one reason, the folder.
        const key = reason.startsWith('../shared/') ? SHARED_ABSENT : reason;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    for (const [reason, n] of counts) process.stdout.write(`${n} test${n === 1 ? '' : 's'} skipped: ${reason}\n`);
  }
}

const SHARED_ABSENT = `../shared is absent (${process.env.MAILSIFT_SHARED_DIR ?? resolve(process.cwd(), '..', 'shared')}: corpora, fixtures and labelled data kept beside the repository, not in it; set MAILSIFT_SHARED_DIR to use another copy)`;
