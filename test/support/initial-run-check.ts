// A setup file of vitest.unit.config.ts under `npm run mutation` only: in Stryker's initial test run, a test that takes
// more than a fifth of its limit fails, and with it the run, before any mutant is tried (see LIMIT_SHARE). In the runs
// of the mutants it does nothing: there a mutant that slows a test is caught by the limit itself, or survives.
import { afterEach, beforeEach, inject } from 'vitest'
import { LIMIT_SHARE } from './mutation.js'

declare module 'vitest' {
  interface ProvidedContext {
    /** Set by Stryker's vitest runner (@stryker-mutator/vitest-runner): its initial run, or the run of one mutant. */
    mode?: 'dry-run' | 'mutant'
  }
}

/** A test of Stryker's initial run that took more than a fifth of its limit: it would come near the limit on a slower machine. */
export class SlowTestError extends Error {
  override name = 'SlowTestError'
}

/** The error for a test that took `tookMs` of its limit `limitMs`, or undefined when it stayed within a fifth of it. */
export function slowTest(tookMs: number, limitMs: number): SlowTestError | undefined {
  if (tookMs * LIMIT_SHARE <= limitMs) return undefined
  return new SlowTestError(
    `took ${(tookMs / 1000).toFixed(2)} s in Stryker's initial run, more than a fifth of its ${limitMs / 1000} s limit (${limitMs / LIMIT_SHARE / 1000} s): ` +
      'on a slower machine it would come near the limit and stop the run. Size it down under mutation (INSTRUMENTED, test/support/mutation.ts).'
  )
}

if (inject('mode') === 'dry-run') {
  let started = 0
  beforeEach(() => {
    started = performance.now()
  })
  afterEach(({ task }) => {
    const error = slowTest(performance.now() - started, task.timeout)
    if (error !== undefined) throw error
  })
}
