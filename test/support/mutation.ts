// What a test must know of `npm run mutation`: whether it runs there, and where the source as written is then.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/**
 * Whether the tests run under `npm run mutation`: Stryker's test runner process sets STRYKER_MUTATOR_WORKER, and
 * the test workers it starts inherit it. There every statement of src/ also counts itself and asks whether it is
 * the mutant under test, which makes a loop over a mebibyte several times slower (5 to 10 s on two loaded cores).
 */
export const INSTRUMENTED = process.env.STRYKER_MUTATOR_WORKER !== undefined

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
