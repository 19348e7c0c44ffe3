// A reporter of `npm run mutation` (stryker.config.json's `plugins` and `reporters`): once Stryker's initial test run
// has passed, the ten slowest tests of it with their times, before any mutant is tried. Under the instrumentation every
// statement of src/ counts itself and coverage is collected per test, so these are the tests that come nearest their
// limit; test/support/initial-run-check.ts fails that run when one takes more than a fifth of its limit.
import { relative } from 'node:path'
import type { DryRunCompletedEvent, Reporter } from '@stryker-mutator/api/report'
import { LIMIT_SHARE, MUTATION_TEST_LIMIT_MS } from '../test/support/mutation.ts'

/** What the table needs of a test of the initial run (Stryker's TestResult). */
export interface TimedTest {
  name: string
  fileName?: string
  timeSpentMs: number
}

/** The `count` slowest tests, slowest first; tests that took the same time by file and name. */
export function slowest<T extends TimedTest>(tests: readonly T[], count = 10): T[] {
  const key = (test: TimedTest): string => `${test.fileName ?? ''} ${test.name}`
  return [...tests].sort((a, b) => b.timeSpentMs - a.timeSpentMs || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).slice(0, count)
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`

/** The lines printed: a heading, then one line per test, its time first, its file relative to `root`. */
export function renderSlowest(tests: readonly TimedTest[], root: string, count = 10): string {
  const rows = slowest(tests, count).map((test) => {
    const file = test.fileName === undefined ? '' : `${relative(root, test.fileName).split('\\').join('/')} > `
    return `  ${seconds(test.timeSpentMs).padStart(8)}  ${file}${test.name}`
  })
  return [
    `The ${rows.length} slowest of the ${tests.length} tests of the initial run (a test fails that run past a fifth of its limit: ` +
      `${MUTATION_TEST_LIMIT_MS / LIMIT_SHARE / 1000} s of the usual ${MUTATION_TEST_LIMIT_MS / 1000} s):`,
    ...rows
  ].join('\n')
}

class SlowestTestsReporter implements Reporter {
  onDryRunCompleted({ result }: DryRunCompletedEvent): void {
    console.log(renderSlowest(result.tests, process.cwd()))
  }
}

/** How Stryker finds the reporter (its plugin API's `declareClassPlugin`, written out: @stryker-mutator/api is not a dependency of its own). */
export const strykerPlugins = [{ kind: 'Reporter', name: 'slowest-tests', injectableClass: SlowestTestsReporter }]
