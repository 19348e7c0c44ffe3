// The cancel as the result reports it (src/run/result/cancelled.ts): the signal, the phase, when, and every URL and
// tag asked for in exactly one of confirmed, not confirmed (sent, no confirmation) and not sent.
import { describe, expect, it } from 'vitest'
import type { RequestOutcome } from '../../../../src/purge/execute.js'
import { planRequests, type PlannedRequest } from '../../../../src/purge/plan.js'
import { cancelReport } from '../../../../src/run/result/cancelled.js'
import { buildResult } from '../../../../src/run/result/index.js'
import type { RunState } from '../../../../src/run/state.js'
import { stateWith, tags, urls, zone } from '../../../support/run-state.js'

const cancelled = { signal: 'SIGINT', phase: 'sending the purge requests', afterMs: 4249.6 } as const

/** What became of a request: confirmed, sent and not confirmed (the cancel gave up on it), or not sent. */
const confirmedOutcome = (request: PlannedRequest): RequestOutcome => ({
  request,
  ok: true,
  status: 200,
  attempts: 1,
  durationMs: 5,
  error: undefined
})
const gaveUp = (request: PlannedRequest): RequestOutcome => ({
  request,
  ok: false,
  status: undefined,
  attempts: 1,
  durationMs: 5,
  error: `${request.label}: POST ${request.path} failed: no answer before the run was cancelled (SIGINT)`,
  cancelled: true
})
const unsent = (request: PlannedRequest): RequestOutcome => ({
  request,
  ok: false,
  status: undefined,
  attempts: 0,
  durationMs: 0,
  error: `${request.label}: not sent: the run was cancelled (SIGINT)`,
  cancelled: true
})
const nothing = { purgedFiles: [], purgedTags: [], failedFiles: [], tagPurges: { requested: 0, failed: 0 } }

describe('cancelReport', () => {
  it('is null when the run was not cancelled, whatever became of the requests', () => {
    const state = stateWith((index) => index !== 1)
    expect(cancelReport(state, nothing)).toBeNull()
    expect(buildResult(state).cancelled).toBeNull()
  })

  it('gives the signal, the phase, the milliseconds to the signal rounded, and the URLs and tags in exactly one count each', () => {
    // Requests: files [0,1] confirmed, files [2,3] given up on, files [4] not sent, tags [t1,t2] confirmed, tags [t3] given up on.
    const state = stateWith(() => true)
    const [a, b, c, d, e] = state.plan!.requests as PlannedRequest[]
    const outcomes = [confirmedOutcome(a!), gaveUp(b!), unsent(c!), confirmedOutcome(d!), gaveUp(e!)]
    const result = buildResult({ ...state, outcomes, cancelled, errors: ['The run was cancelled (SIGINT) at: sending the purge requests'] })
    expect(result.cancelled).toEqual({
      signal: 'SIGINT',
      phase: 'sending the purge requests',
      afterMs: 4250,
      files: { confirmed: 2, notConfirmed: 2, notSent: 1 },
      tags: { confirmed: 2, notConfirmed: 1, notSent: 0 }
    })
    const { files, tags: tagCounts } = result.cancelled!
    expect(files.confirmed + files.notConfirmed + files.notSent).toBe(urls.length)
    expect(tagCounts.confirmed + tagCounts.notConfirmed + tagCounts.notSent).toBe(tags.length)
    // A request the cancel kept from being sent adds no error of its own: the cancel says it once.
    expect(result.errors).toEqual(['The run was cancelled (SIGINT) at: sending the purge requests', gaveUp(b!).error, gaveUp(e!).error])
    expect(result.ok).toBe(false)
  })

  it('rounds the time to the signal to the nearest millisecond', () => {
    const at = (afterMs: number): number | undefined =>
      cancelReport({ cancelled: { ...cancelled, afterMs }, outcomes: [] }, nothing)?.afterMs
    expect(at(1234.4)).toBe(1234)
    expect(at(1234.5)).toBe(1235)
    expect(at(0)).toBe(0)
  })

  it('counts everything as not sent when the cancel came before any request', () => {
    const state: RunState = {
      ...stateWith(() => true),
      zones: [],
      plan: undefined,
      outcomes: [],
      cancelled: { ...cancelled, phase: 'the zone lookup' }
    }
    expect(buildResult(state).cancelled).toEqual({
      signal: 'SIGINT',
      phase: 'the zone lookup',
      afterMs: 4250,
      files: { confirmed: 0, notConfirmed: 0, notSent: 5 },
      tags: { confirmed: 0, notConfirmed: 0, notSent: 3 }
    })
  })

  it('counts nothing in a dry run: nothing was to be sent', () => {
    const state: RunState = { ...stateWith(() => true), outcomes: [], dryRun: true, cancelled }
    expect(buildResult(state).cancelled).toMatchObject({
      files: { confirmed: 0, notConfirmed: 0, notSent: 0 },
      tags: { confirmed: 0, notConfirmed: 0, notSent: 0 }
    })
  })

  it('counts what the first pass confirmed as not sent when the cancel came before the second (purge-again-after)', () => {
    const state = stateWith(() => true)
    const outcomes = state.plan!.requests.map((request): RequestOutcome => ({ ...unsent(request), pass: 2 }))
    expect(buildResult({ ...state, outcomes, cancelled }).cancelled).toMatchObject({
      files: { confirmed: 0, notConfirmed: 0, notSent: 5 },
      tags: { confirmed: 0, notConfirmed: 0, notSent: 3 }
    })
  })

  it('counts tags by zone: a tag confirmed in one zone and sent unconfirmed in another is one of each', () => {
    const other = { id: 'z2', name: 'example.org', status: 'active' }
    const plan = planRequests(
      [
        { zone, purgeEverything: false, urls: [], tags: ['t'], settings: undefined },
        { zone: other, purgeEverything: false, urls: [], tags: ['t'], settings: undefined }
      ],
      30
    )
    const [inZ1, inZ2] = plan.requests as [PlannedRequest, PlannedRequest]
    const requested = { everything: false, files: [], tags: ['t'] }
    const state: RunState = {
      ...stateWith(() => true),
      plan,
      requested,
      zones: [
        { zone, requested },
        { zone: other, requested }
      ],
      outcomes: [gaveUp(inZ1), confirmedOutcome(inZ2)],
      cancelled
    }
    expect(buildResult(state).cancelled?.tags).toEqual({ confirmed: 1, notConfirmed: 1, notSent: 0 })
  })

  it('counts a URL confirmed by one request as confirmed, though another request of it was not', () => {
    const [request] = planRequests([{ zone, purgeEverything: false, urls: ['https://example.com/a'], tags: [], settings: undefined }], 30)
      .requests as [PlannedRequest]
    const account = { ...nothing, purgedFiles: ['https://example.com/a'] }
    expect(cancelReport({ cancelled, outcomes: [gaveUp(request), confirmedOutcome(request)] }, account)?.files).toEqual({
      confirmed: 1,
      notConfirmed: 0,
      notSent: 0
    })
  })

  it('keeps URLs and tags apart, even a tag spelled as a URL', () => {
    const same = 'https://example.com/a'
    const plan = planRequests([{ zone, purgeEverything: false, urls: [same], tags: [same], settings: undefined }], 30)
    const [file, tag] = plan.requests as [PlannedRequest, PlannedRequest]
    const account = { purgedFiles: [], purgedTags: [same], failedFiles: [same], tagPurges: { requested: 1, failed: 0 } }
    expect(cancelReport({ cancelled, outcomes: [gaveUp(file), confirmedOutcome(tag)] }, account)).toMatchObject({
      files: { confirmed: 0, notConfirmed: 1, notSent: 0 },
      tags: { confirmed: 1, notConfirmed: 0, notSent: 0 }
    })
    const swapped = { purgedFiles: [same], purgedTags: [], failedFiles: [], tagPurges: { requested: 1, failed: 1 } }
    expect(cancelReport({ cancelled, outcomes: [confirmedOutcome(file), gaveUp(tag)] }, swapped)).toMatchObject({
      files: { confirmed: 1, notConfirmed: 0, notSent: 0 },
      tags: { confirmed: 0, notConfirmed: 1, notSent: 0 }
    })
  })

  it('counts a request that failed for another reason before the cancel as sent and not confirmed, one never sent as not sent', () => {
    const state = stateWith((index) => index !== 0)
    const [first] = state.plan!.requests as [PlannedRequest]
    const blocked: RequestOutcome = {
      request: first,
      ok: false,
      status: undefined,
      attempts: 0,
      durationMs: 0,
      error: 'not sent: the settings for this zone failed'
    }
    expect(buildResult({ ...state, cancelled }).cancelled?.files).toEqual({ confirmed: 3, notConfirmed: 2, notSent: 0 })
    const result = buildResult({ ...state, outcomes: [blocked, ...state.outcomes.slice(1)], cancelled })
    expect(result.cancelled?.files).toEqual({ confirmed: 3, notConfirmed: 0, notSent: 2 })
    // Not sent for a reason of its own: its error stands.
    expect(result.errors).toEqual(['not sent: the settings for this zone failed'])
  })
})
