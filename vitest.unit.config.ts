import { tmpdir } from 'node:os'
import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'
import { guardMs } from './test/support/hostile.js'
import { INSTRUMENTED } from './test/support/mutation.js'

// The unit tests alone: what `npm run mutation` runs against every mutant (the end-to-end tests spawn
// the bundle, which a mutant of src/ does not change). Not mergeConfig: it would add to `include`, not replace it.
// Without the run's own temporary folder and its check for leftovers (test/support/temp-folder.ts): a mutant may
// well leave a file behind (that is what it breaks), and the check would fail the whole mutation run for it at the
// end. `npm test` runs these same tests with the check. Under Stryker the code is instrumented and slower: the
// tests' time limit grows as the linear-time guards' do (test/support/hostile.ts), and property tests keep one
// seed (test/support/fixed-seed.ts).
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/unit/**/*.test.ts'],
    globalSetup: [],
    env: { RUNNER_TEMP: tmpdir() },
    testTimeout: guardMs(base.test?.testTimeout ?? 30_000),
    setupFiles: INSTRUMENTED ? ['test/support/fixed-seed.ts'] : []
  }
})
