import { expect, it } from 'vitest'
import { writeReport } from '../../../src/report/index.js'
import { reportEnv } from '../../support/report-env.js'
import { runResult } from '../../support/run-result.js'

// The outputs cut to fit, in a file of their own: a module graph where no secret is registered (the tests of
// index.test.ts register some), so the masking does not read each of these bytes again for each secret. Under a
// mutation run's instrumentation that took the test past a fifth of its limit (4.1 s, then 3.3 s, on a loaded machine).
// A file of its own rather than vi.resetModules(): a module graph loaded inside a test makes every module-level
// constant look covered by that test alone, and a whole mutation run then counts them as survivors.

const { linesOf } = reportEnv('cdn-purge-cut-')

it('warns of each output cut to fit, naming it', async () => {
  // Past 512 KiB with 600 long URLs rather than 6,000 short ones: the same bytes, and a tenth of the work per URL.
  const stale = Array.from({ length: 600 }, (_, i) => `https://example.com/${String(i).padStart(5, '0')}/${'p'.repeat(1000)}`)
  await writeReport(runResult({ staleFiles: stale }), true, { ...process.env })
  expect(linesOf('warning')).toEqual([
    '::warning::Output "stale-files" was cut to stay under 512 KiB, the most an output can carry.',
    '::warning::Output "result" was cut to stay under 512 KiB, the most an output can carry.'
  ])
  expect(linesOf('error')).toEqual([])
})
