import { tmpdir } from 'node:os'
import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'
import CheapestFirst from './test/support/cheapest-first.js'
import { INSTRUMENTED, MUTATION_TEST_LIMIT_MS } from './test/support/mutation.js'

// The unit tests alone: what `npm run mutation` runs against every mutant (the end-to-end tests spawn
// the bundle, which a mutant of src/ does not change). Not mergeConfig: it would add to `include`, not replace it.
// Without the run's own temporary folder and its check for leftovers (test/support/temp-folder.ts): a mutant may
// well leave a file behind (that is what it breaks), and the check would fail the whole mutation run for it at the
// end. `npm test` runs these same tests with the check. Under Stryker property tests keep one seed
// (test/support/property.ts), and a test gets 15 s (MUTATION_TEST_LIMIT_MS), of which its initial run, which also
// collects coverage per test, may take a fifth: a mutant that makes a test hang fails it there, rather than at
// Stryker's own timer, which waits the initial run's whole overhead (22.5 s) on top of the tests' time and then
// replaces the test runner process. Adversarial input is a sixteenth as long there (test/support/hostile.ts).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/unit/**/*.test.ts'],
    globalSetup: [],
    env: { RUNNER_TEMP: tmpdir() },
    testTimeout: INSTRUMENTED ? MUTATION_TEST_LIMIT_MS : (base.test?.testTimeout ?? 30_000),
    // Under Stryker its initial run fails when a test takes more than a fifth of its limit (test/support/initial-run-check.ts).
    ...(INSTRUMENTED ? { setupFiles: ['test/support/initial-run-check.ts'] } : {}),
    // Under Stryker a mutant's own test files first, then the cheapest, so that the quickest test that can kills it (test/support/cheapest-first.ts).
    ...(INSTRUMENTED ? { sequence: { sequencer: CheapestFirst } } : {})
  }
})
