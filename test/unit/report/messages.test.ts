import { describe, expect, it } from 'vitest'
import { AFTER_CANCEL, cancelSentence } from '../../../src/report/cancelled.js'
import { failureMessage, headline, stepFailure } from '../../../src/report/messages.js'
import type { RunResult } from '../../../src/run/result/index.js'
import { buildResult } from '../../../src/run/result/index.js'
import { originReport, runResult, sentRequest, zoneResult } from '../../support/run-result.js'
import { stateWith } from '../../support/run-state.js'

// The closing log line and the failure annotation, each from a result that holds only what the test gives it.

describe('headline', () => {
  it('says what was done, of what was asked, in how many requests', () => {
    expect(
      headline(
        runResult({ purgedEverything: true, settings: { limits: { enabled: true, mode: 'strict' } }, settingsApplied: true, requests: 2 })
      )
    ).toBe('example.com: purged everything, applied settings (2 HTTP requests).')
    expect(headline(runResult({ settings: { limits: { enabled: true, mode: 'strict' } }, requests: 1 }))).toBe(
      'example.com: settings not applied (1 HTTP request).'
    )
    expect(headline(runResult({ purgedTags: ['t1'], failedTags: ['t2'], requests: 2 }))).toBe(
      'example.com: purged 1 of 2 tags (2 HTTP requests).'
    )
  })

  it('says nothing was done, naming each zone by its name, or its id when it has none', () => {
    expect(headline(runResult({ zones: [zoneResult({ name: '' }), zoneResult({ id: 'z2', name: 'example.net' })] }))).toBe(
      'z1, example.net: nothing done (0 HTTP requests).'
    )
  })

  it('says why nothing was sent when the step ended with nothing to send, in a dry run too', () => {
    const said = 'This push deleted refs/tags/v1: nothing changed to purge'
    const result = runResult({ zones: [], nothingToSend: said })
    expect(headline(result)).toBe('This push deleted refs/tags/v1: nothing changed to purge (no zone looked up, no request sent).')
    expect(headline({ ...result, dryRun: true })).toBe(headline(result))
  })

  it('names the zones as given when none was resolved, or "the zone"', () => {
    expect(headline(runResult({ zones: [], zoneInput: ['a.example', 'b.example'], requests: 1 }))).toBe(
      'a.example, b.example: nothing done (1 HTTP request).'
    )
    expect(headline(runResult({ zones: [], zoneInput: [] }))).toBe('the zone: nothing done (0 HTTP requests).')
  })

  it('gives the counts, not where it stopped, when the step stopped after sending', () => {
    const stopped = runResult({
      ok: false,
      sent: [sentRequest()],
      stoppedAt: 'applying the settings failed (HTTP 500)',
      purgedFiles: ['u1'],
      requests: 2
    })
    expect(headline(stopped)).toBe('example.com: purged 1 of 1 URL (2 HTTP requests).')
  })
})

describe('failureMessage', () => {
  const stoppedAt = 'the zone lookup failed (HTTP 401)'

  it('leads with where the step stopped when nothing asked for was sent', () => {
    expect(failureMessage(runResult({ ok: false, failedTags: ['t1'], stoppedAt, errors: ['HTTP 401'] }))).toBe(
      `Nothing purged: ${stoppedAt}.\nHTTP 401`
    )
    expect(failureMessage(runResult({ ok: false, purgeEverythingRequested: true, stoppedAt, errors: ['HTTP 401'] }))).toBe(
      `Nothing purged: ${stoppedAt}.\nHTTP 401`
    )
  })

  it('leads with what was not purged when some of it was sent, or the step did not stop', () => {
    const sent = runResult({
      ok: false,
      purgedFiles: ['u1'],
      failedFiles: ['u2'],
      sent: [sentRequest()],
      stoppedAt,
      errors: ['e1', 'e2', 'e3', 'e2']
    })
    expect(failureMessage(sent)).toBe(
      '1 of 2 URLs was not purged. See the failed-files / failed-tags outputs.\ne1 (+2 more errors: see the log and the job summary)'
    )
    expect(failureMessage(runResult({ ok: false, failedFiles: ['u2'], errors: ['e1'] }))).toBe(
      '1 of 1 URL was not purged. See the failed-files / failed-tags outputs.\ne1'
    )
  })

  it('says the purge was not confirmed when the step failed without an error', () => {
    expect(failureMessage(runResult({ ok: false, failedFiles: ['u2'] }))).toBe(
      'The purge was not confirmed by the API: see the failed-files / failed-tags outputs and the job summary for what is still cached.'
    )
  })
})

// The same, from a result that buildResult derives from a run's state.

const allOk = (): boolean => true

describe('headline (the closing log line)', () => {
  it('says what was purged of what was asked, and how many requests it took', () => {
    expect(headline(buildResult(stateWith((index) => index !== 1)))).toBe(
      'example.com: purged 3 of 5 URLs, purged 3 of 3 tags (5 HTTP requests).'
    )
  })
  it('names several zones', () => {
    const other = { id: 'z2', name: 'example.org', status: 'active' }
    const state = stateWith(() => true)
    const result = buildResult({
      ...state,
      zones: [...state.zones, { zone: other, requested: { everything: false, files: [], tags: [] } }]
    })
    expect(headline(result)).toMatch(/^example\.com, example\.org: /)
  })
  it('says a dry run sent nothing', () => {
    expect(headline(buildResult({ ...stateWith(() => true), outcomes: [], dryRun: true }))).toBe(
      'Dry run for example.com: 5 requests planned, none sent.'
    )
  })
})

describe('headline and failureMessage', () => {
  it('says why nothing was purged when the step stopped before sending', () => {
    const state = {
      ...stateWith(allOk),
      zones: [],
      plan: undefined,
      outcomes: [],
      errors: ['GET /zones failed: HTTP 401'],
      stopped: { phase: 'the zone lookup', status: 401, input: undefined }
    }
    expect(headline(buildResult(state))).toBe('Nothing purged: the zone lookup failed (HTTP 401).')
    expect(failureMessage(buildResult(state))).toBe('Nothing purged: the zone lookup failed (HTTP 401).\nGET /zones failed: HTTP 401')
  })
  it('names the zones given when none was resolved', () => {
    const state = { ...stateWith(allOk), zones: [], outcomes: [], requestsSent: 0 }
    expect(headline(buildResult(state))).toBe('example.com: purged 0 of 5 URLs, purged 0 of 3 tags (0 HTTP requests).')
  })
  it('gives the error alone when nothing was asked', () => {
    const state = {
      ...stateWith(allOk),
      zones: [],
      plan: undefined,
      outcomes: [],
      requested: undefined,
      errors: ['Nothing to do'],
      stopped: { phase: 'reading the inputs', status: undefined, input: undefined }
    }
    expect(failureMessage(buildResult(state))).toBe('Nothing to do')
  })
  it('falls back to a general message when the step failed without an error', () => {
    const state = stateWith(allOk)
    expect(failureMessage({ ...buildResult(state), ok: false })).toMatch(/^The purge was not confirmed by the API/)
  })
})

// A cancelled run: the cancel leads the closing line and the annotation, whatever else the result holds.

describe('headline and stepFailure, cancelled', () => {
  const CANCEL_ERROR = 'The run was cancelled (SIGINT) at: sending the purge requests'
  const cancelled = (over: Partial<RunResult> = {}): RunResult =>
    runResult({
      ok: false,
      stoppedAt: 'sending the purge requests failed',
      cancelled: {
        signal: 'SIGINT',
        phase: 'sending the purge requests',
        afterMs: 4200,
        files: { confirmed: 60, notConfirmed: 30, notSent: 210 },
        tags: { confirmed: 0, notConfirmed: 0, notSent: 0 }
      },
      purgedFiles: Array.from({ length: 60 }, (_, i) => `u${i}`),
      failedFiles: Array.from({ length: 240 }, (_, i) => `f${i}`),
      sent: [sentRequest()],
      errors: [CANCEL_ERROR],
      requests: 4,
      ...over
    })
  const SENTENCE =
    'Cancelled (SIGINT) 4.2 s in, at: sending the purge requests. 300 URLs: 60 confirmed, 30 not confirmed (in flight), 210 not sent.'

  it('closes the log with the cancel and what became of the URLs, not the counts of a finished run', () => {
    expect(headline(cancelled())).toBe(SENTENCE)
    expect(headline(cancelled())).toBe(cancelSentence(cancelled()))
    // Before the nothing-to-send, dry-run and stopped lines, too.
    expect(headline(cancelled({ nothingToSend: 'This push deleted refs/tags/v1: nothing changed to purge' }))).toBe(SENTENCE)
    expect(headline(cancelled({ sent: [], purgedFiles: [] }))).toMatch(/^Cancelled \(SIGINT\) 4\.2 s in, at: sending the purge requests\./)
    expect(headline(cancelled({ dryRun: true }))).toBe(
      'Cancelled (SIGINT) 4.2 s in, at: sending the purge requests. Dry run: nothing was sent.'
    )
  })

  it('makes the annotation the cancel: its title, the sentence and what to do next', () => {
    expect(stepFailure(cancelled(), [])).toEqual({
      title: 'Cancelled (SIGINT) at: sending the purge requests',
      message: `${SENTENCE}\n${AFTER_CANCEL}`
    })
  })

  it('counts the other errors (requests the cancel cut short) without giving them', () => {
    expect(stepFailure(cancelled({ errors: [CANCEL_ERROR, 'e1'] }), [])?.message).toBe(
      `${SENTENCE} (+1 more error: see the log and the job summary)\n${AFTER_CANCEL}`
    )
    expect(stepFailure(cancelled({ errors: [CANCEL_ERROR, 'e1', 'e2'] }), [])?.message).toBe(
      `${SENTENCE} (+2 more errors: see the log and the job summary)\n${AFTER_CANCEL}`
    )
    // The same error twice is one, as in the other failures' message.
    expect(stepFailure(cancelled({ errors: [CANCEL_ERROR, 'e1', 'e1'] }), [])?.message).toBe(
      `${SENTENCE} (+1 more error: see the log and the job summary)\n${AFTER_CANCEL}`
    )
  })

  it('says when reporting broke, after what to do', () => {
    expect(stepFailure(cancelled(), ['writing the outputs'])?.message).toBe(
      `${SENTENCE}\n${AFTER_CANCEL}\nReporting broke while writing the outputs: please report this as a bug. Outputs and summary were written as far as possible.`
    )
  })

  it('keeps the cancel’s title over an invalid input or an origin that was not ready', () => {
    const notReady = originReport({ seconds: null, waitFor: 60, cutShort: true })
    expect(stepFailure(cancelled({ invalidInput: 'settings', origin: notReady }), [])?.title).toBe(
      'Cancelled (SIGINT) at: sending the purge requests'
    )
  })

  it('leaves the annotation of a run that was not cancelled as it was', () => {
    const failed = runResult({ ok: false, failedFiles: ['u2'], errors: ['e1', 'e2'] })
    expect(stepFailure(failed, [])).toEqual({ title: 'CDN purge failed', message: failureMessage(failed) })
    expect(stepFailure(runResult(), [])).toBeUndefined()
  })
})
