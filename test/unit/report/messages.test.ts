import { describe, expect, it } from 'vitest'
import { failureMessage, headline } from '../../../src/report/messages.js'
import { buildResult } from '../../../src/run/result/index.js'
import { runResult, sentRequest, zoneResult } from '../../support/run-result.js'
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
