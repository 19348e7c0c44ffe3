// Where property tests get fast-check: the one module of test/ that imports it (an ESLint rule sees to that).
// Under `npm run mutation` it fixes the seed before any property test is named. Stryker runs for a mutant the
// tests that covered it in the initial run, found by their names, and @fast-check/vitest names a property test
// after its seed ("… (with seed=…)"): with a seed drawn anew in each run, no property test would be found again,
// none would run against a mutant, and incremental mode would take each one for a new test. `npm test` draws a
// seed each run. Here, not in a setup file of every test: loading fast-check takes about 140 ms, which a setup
// file charged to each of the some 10,000 mutant runs, four in five of which run no property test.
import { fc, test } from '@fast-check/vitest'
import { INSTRUMENTED } from './mutation.js'

if (INSTRUMENTED) fc.configureGlobal({ seed: 24 })

export { fc, test }
