// What the report says of a cancelled run (src/report/cancelled.ts), from a result that holds only what the test
// gives it: the title of the annotation, the sentence of where it stopped and what became of the URLs and tags, and
// what to do next.
import { describe, expect, it } from 'vitest'
import type * as Cancelled from '../../../src/report/cancelled.js'
import { AFTER_CANCEL, cancelSentence, cancelTitle } from '../../../src/report/cancelled.js'
import type { CancelReport, CancelTally } from '../../../src/run/result/cancelled.js'
import type { RunResult } from '../../../src/run/result/index.js'
import { loadAfresh } from '../../support/fresh.js'
import { runResult, sentRequest } from '../../support/run-result.js'

const none: CancelTally = { confirmed: 0, notConfirmed: 0, notSent: 0 }
const cancel = (over: Partial<CancelReport> = {}): CancelReport => ({
  signal: 'SIGINT',
  phase: 'sending the purge requests',
  afterMs: 4200,
  files: none,
  tags: none,
  ...over
})
/** A cancelled run's result: failed, with the cancel as its error. */
const cancelledRun = (over: Partial<CancelReport> = {}, result: Partial<RunResult> = {}): RunResult =>
  runResult({
    ok: false,
    stoppedAt: `${over.phase ?? 'sending the purge requests'} failed`,
    errors: ['The run was cancelled (SIGINT) at: sending the purge requests'],
    cancelled: cancel(over),
    ...result
  })
const LEAD = 'Cancelled (SIGINT) 4.2 s in, at: sending the purge requests.'

describe('cancelTitle', () => {
  it('names the signal and the phase it came in', () => {
    expect(cancelTitle(cancelledRun())).toBe('Cancelled (SIGINT) at: sending the purge requests')
    expect(cancelTitle(cancelledRun({ signal: 'SIGTERM', phase: 'the zone lookup' }))).toBe('Cancelled (SIGTERM) at: the zone lookup')
  })

  it('is undefined when the run was not cancelled', () => {
    expect(cancelTitle(runResult())).toBeUndefined()
    expect(cancelTitle(runResult({ ok: false, stoppedAt: 'the zone lookup failed (HTTP 401)' }))).toBeUndefined()
  })
})

describe('cancelSentence', () => {
  it('is undefined when the run was not cancelled', () => {
    expect(cancelSentence(runResult())).toBeUndefined()
    expect(cancelSentence(runResult({ ok: false, failedFiles: ['u'], errors: ['e'] }))).toBeUndefined()
  })

  it('says where and when, then the URLs confirmed, not confirmed (in flight) and not sent', () => {
    const sent = [sentRequest()]
    expect(cancelSentence(cancelledRun({ files: { confirmed: 60, notConfirmed: 30, notSent: 210 } }, { sent }))).toBe(
      `${LEAD} 300 URLs: 60 confirmed, 30 not confirmed (in flight), 210 not sent.`
    )
  })

  it('gives the tags after the URLs, and leaves out a count of none but the confirmed', () => {
    const sent = [sentRequest()]
    expect(
      cancelSentence(
        cancelledRun(
          { files: { confirmed: 2, notConfirmed: 1, notSent: 0 }, tags: { confirmed: 0, notConfirmed: 0, notSent: 3 } },
          { sent }
        )
      )
    ).toBe(`${LEAD} 3 URLs: 2 confirmed, 1 not confirmed (in flight); 3 tags: 0 confirmed, 3 not sent.`)
    expect(cancelSentence(cancelledRun({ tags: { confirmed: 1, notConfirmed: 0, notSent: 0 } }))).toBe(`${LEAD} 1 tag: 1 confirmed.`)
  })

  it('writes large counts with thousands separators, and the time to a tenth of a second', () => {
    const said = cancelSentence(
      cancelledRun({ afterMs: 61_249, files: { confirmed: 1200, notConfirmed: 1500, notSent: 2300 } }, { sent: [sentRequest()] })
    )
    expect(said).toMatch(/^Cancelled \(SIGINT\) 61\.2 s in, at: sending the purge requests\. /)
    expect(said).toMatch(/ URLs: 1,200 confirmed, 1,500 not confirmed \(in flight\), 2,300 not sent\.$/)
    expect(cancelSentence(cancelledRun({ afterMs: 0, signal: 'SIGBREAK', phase: 'reading the inputs' }))).toBe(
      'Cancelled (SIGBREAK) 0.0 s in, at: reading the inputs. Nothing was purged.'
    )
  })

  it('writes the total with a thousands separator too, as its parts', () => {
    expect(cancelSentence(cancelledRun({ files: { confirmed: 1200, notConfirmed: 1500, notSent: 2300 } }, { sent: [sentRequest()] }))).toBe(
      `${LEAD} 5,000 URLs: 1,200 confirmed, 1,500 not confirmed (in flight), 2,300 not sent.`
    )
  })

  it('says nothing was purged when nothing was confirmed and no request was sent', () => {
    expect(cancelSentence(cancelledRun({ files: { confirmed: 0, notConfirmed: 0, notSent: 1 } }))).toBe(
      `${LEAD} Nothing was purged. 1 URL: 0 confirmed, 1 not sent.`
    )
  })

  it('does not say nothing was purged once something was confirmed, or sent', () => {
    const notSent = { confirmed: 0, notConfirmed: 0, notSent: 1 }
    const one = { confirmed: 1, notConfirmed: 0, notSent: 0 }
    const said = [
      cancelSentence(cancelledRun({ files: one, tags: notSent })),
      cancelSentence(cancelledRun({ files: notSent, tags: one })),
      cancelSentence(cancelledRun({ files: notSent }, { settingsApplied: true })),
      cancelSentence(cancelledRun({ files: notSent }, { sent: [sentRequest({ ok: false, status: null, error: 'no answer' })] })),
      cancelSentence(cancelledRun({}, { purgeEverythingRequested: true, purgedEverything: true }))
    ]
    expect(said).toEqual([
      `${LEAD} 1 URL: 1 confirmed; 1 tag: 0 confirmed, 1 not sent.`,
      `${LEAD} 1 URL: 0 confirmed, 1 not sent; 1 tag: 1 confirmed.`,
      `${LEAD} 1 URL: 0 confirmed, 1 not sent.`,
      `${LEAD} 1 URL: 0 confirmed, 1 not sent.`,
      `${LEAD} Purge of everything: confirmed.`
    ])
  })

  it('says whether a purge of everything was confirmed, last', () => {
    expect(cancelSentence(cancelledRun({}, { purgeEverythingRequested: true }))).toBe(
      `${LEAD} Nothing was purged. Purge of everything: not confirmed.`
    )
    expect(cancelSentence(cancelledRun({}, { purgeEverythingRequested: true, sent: [sentRequest({ ok: false })] }))).toBe(
      `${LEAD} Purge of everything: not confirmed.`
    )
  })

  it('says no more than where and when when the settings alone were applied', () => {
    expect(cancelSentence(cancelledRun({}, { settingsApplied: true }))).toBe(LEAD)
  })

  it('in a dry run, says nothing was sent, whatever the counts', () => {
    expect(
      cancelSentence(
        cancelledRun(
          { phase: 'planning the requests', afterMs: 450, files: { confirmed: 0, notConfirmed: 0, notSent: 5 } },
          { dryRun: true }
        )
      )
    ).toBe('Cancelled (SIGINT) 0.5 s in, at: planning the requests. Dry run: nothing was sent.')
  })
})

describe('AFTER_CANCEL', () => {
  it('says how to finish the job: run again, or purge what is left from the list of what was not confirmed', async () => {
    // Loaded afresh, so that this test covers the constant (see test/support/fresh.ts).
    const { AFTER_CANCEL: fresh } = await loadAfresh<typeof Cancelled>('/src/report/cancelled.js')
    for (const text of [AFTER_CANCEL, fresh]) {
      expect(text).toBe(
        'Run the workflow again, or purge what is left in an `if: cancelled()` step: failed-files-path lists every URL not confirmed, for files-from (the README: "When the run is cancelled").'
      )
    }
  })
})
