// What a test must know of `npm run mutation`: whether it runs there, and where the source as written is then.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/**
 * Whether the tests run under `npm run mutation`: Stryker's test runner process sets STRYKER_MUTATOR_WORKER, and
 * the test workers it starts inherit it. There every statement of src/ also counts itself and asks whether it is
 * the mutant under test, which makes a loop over a mebibyte several times slower (5 to 10 s on two loaded cores).
 */
export const INSTRUMENTED = process.env.STRYKER_MUTATOR_WORKER !== undefined

/**
 * A test's time limit under `npm run mutation` (vitest.unit.config.ts), where a mutant that makes a test hang fails
 * it here rather than at Stryker's own timer, which waits the initial run's whole overhead and then replaces the
 * test runner process.
 */
export const MUTATION_TEST_LIMIT_MS = 15_000

/**
 * The part of its limit a test may take in Stryker's initial run, which collects coverage per test: a fifth. Machines
 * differ by 1.4 times and more, and a loaded one by more again (issue 34: a test at 2.3 s without the instrumentation
 * timed out at 15 s on a machine 1.4 times slower); a test within a fifth on one machine stays within its limit on
 * one five times slower. test/support/initial-run-check.ts fails a test of the initial run that takes more.
 */
export const LIMIT_SHARE = 5

/** The root of the tree the tests run in: the checkout, or under Stryker its sandbox. */
const here = resolve(import.meta.dirname, '../..')

/**
 * The checkout's root, for tests that read src/ as text. Under Stryker the tests run in a sandbox, a copy of the
 * checkout in stryker.config.json's `tempDirName` (.tmp/stryker/sandbox-…) whose src/ is instrumented: every
 * mutant written into each module behind a switch. The source as written is in the checkout the copy was made from.
 */
export const checkout = ((): string => {
  if (!INSTRUMENTED) return here
  const outer = resolve(here, '../../..')
  const config = join(outer, 'stryker.config.json')
  if (!existsSync(config)) return here
  const { tempDirName } = JSON.parse(readFileSync(config, 'utf8')) as { tempDirName?: string }
  return tempDirName !== undefined && resolve(outer, tempDirName) === dirname(here) ? outer : here
})()
