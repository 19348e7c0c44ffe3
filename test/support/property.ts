// Where property tests get fast-check: the one module of test/ that imports it (an ESLint rule sees to that).
// Under `npm run mutation` it fixes the seed before any property test is named. Stryker runs for a mutant the
// tests that covered it in the initial run, found by their names, and @fast-check/vitest names a property test
// after its seed ("… (with seed=…)"): with a seed drawn anew in each run, no property test would be found again,
// none would run against a mutant, and incremental mode would take each one for a new test. `npm test` draws a
// seed each run. Here, not in a setup file of every test: loading fast-check takes about 140 ms, which a setup
// file charged to each of the some 10,000 mutant runs, four in five of which run no property test.
//
// There each property also runs a quarter of fast-check's 100 cases: every statement of src/ counts itself under the
// instrumentation, and a property over inputs, run 100 times on a loaded or slower machine, came near its 15 s limit
// in the initial run (issue 34: "a key that cannot be a header value" timed out there, 2.3 s without it) and so
// stopped the whole run. With one seed the 25 cases are the same in every run, so a mutant is judged the same way.
import { fc, test } from '@fast-check/vitest'
import { INSTRUMENTED } from './mutation.js'

/** Cases per property under `npm run mutation` (fast-check's default, 100, elsewhere). */
export const MUTATION_RUNS = 25

if (INSTRUMENTED) fc.configureGlobal({ seed: 24, numRuns: MUTATION_RUNS })

export { fc, test }
