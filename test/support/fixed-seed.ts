// A setup file of `npm run mutation` alone (vitest.unit.config.ts): one seed for every property test.
// Stryker runs for a mutant the tests that covered it in the initial run, found by their names, and
// @fast-check/vitest names a property test after its seed ("… (with seed=…)"): with a seed drawn anew in each
// run, no property test would be found again, none would run against a mutant, and incremental mode would take
// each one for a new test. `npm test` draws a seed each run, as before.
import { fc } from '@fast-check/vitest'

fc.configureGlobal({ seed: 24 })
