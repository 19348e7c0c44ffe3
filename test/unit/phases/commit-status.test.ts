import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getInputs } from '../../../src/inputs/index.js'
import { statusOutcomeOf, postFinalStatus, postPendingStatus } from '../../../src/phases/commit-status.js'
import type { WorkAssignment } from '../../../src/purge/routing.js'
import { newRunState } from '../../../src/run/state.js'
import { originReport, runResult, zoneResult } from '../../support/run-result.js'
import { source } from '../../support/inputs.js'
import { captureStdout } from '../../support/stdout.js'
// Loaded as the file loads, not first inside a test by the phase's import(): a mutation run then counts the module's
// top-level code as static, not as covered by that one test alone (which leaves its constants as survivors).
import '../../../src/changes/index.js'
import '../../../src/commit-status/index.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }
const SHA = 'f'.repeat(40)
const warn = vi.fn<(message: string) => void>()
const stdout = captureStdout()
beforeEach(() => {
  vi.stubEnv('GITHUB_SHA', SHA)
  warn.mockClear()
})
afterEach(() => {
  vi.unstubAllEnvs()
})
const printed = (): string => stdout.join('')

const work = (over: Partial<WorkAssignment['requested']> = {}): WorkAssignment => ({
  zones: [
    { zone: { id: 'z1', name: 'example.com', status: 'active' }, requested: { everything: false, files: [], tags: [] } },
    { zone: { id: 'z2', name: undefined, status: 'active' }, requested: { everything: false, files: [], tags: [] } }
  ],
  requested: { everything: false, files: ['https://example.com/a', 'https://example.com/b'], tags: ['t'], ...over },
  changedUrls: [],
  everythingInstead: undefined,
  probes: new Map()
})

describe('postPendingStatus', () => {
  it('is nothing, loading nothing, without commit-status', async () => {
    const given = await getInputs(source(minimal))
    stdout.length = 0
    expect(await postPendingStatus(given, work(), undefined, warn)).toBeUndefined()
    expect(printed()).toBe('')
  })

  it('counts what is asked over the zones (a zone without a name by its id), and waits for the origin when asked', async () => {
    const given = await getInputs(
      source({ ...minimal, 'commit-status': 'cdn-purge', 'dry-run': 'true', 'wait-for-origin': '60', 'origin-marker': '/v 1' })
    )
    expect(await postPendingStatus(given, work(), undefined, warn)).toEqual({
      context: 'cdn-purge',
      commit: { sha: SHA, why: 'GITHUB_SHA, the commit the workflow runs on' },
      pending: {
        state: 'pending',
        description: 'waiting for the origin, then purging 2 URLs and 1 tag on example.com and z2',
        posted: false
      },
      pendingRefused: false
    })
    const everything = await postPendingStatus(given, work({ everything: true, files: [], tags: [] }), undefined, warn)
    expect(everything?.pending?.description).toBe('waiting for the origin, then purging everything on example.com and z2')
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('postFinalStatus', () => {
  const reached = { ...newRunState(), requested: { everything: false, files: ['https://example.com/a'], tags: [] } }

  it('posts nothing without commit-status, or before the run reached the zone lookup, or when it had nothing to send', async () => {
    const kept = { context: 'kept', commit: undefined }
    const given = await getInputs(source({ ...minimal, 'commit-status': 'cdn-purge', 'dry-run': 'true' }))
    const without = await getInputs(source(minimal))
    stdout.length = 0
    expect(await postFinalStatus(undefined, { ...reached, commitStatus: kept }, runResult(), warn)).toBe(kept)
    expect(await postFinalStatus(without, reached, runResult(), warn)).toBeUndefined()
    expect(await postFinalStatus(given, { ...newRunState(), commitStatus: kept }, runResult(), warn)).toBe(kept)
    expect(await postFinalStatus(given, { ...reached, nothingToSend: 'deleted', commitStatus: kept }, runResult(), warn)).toBe(kept)
    expect(printed()).toBe('')
  })

  it('chooses the commit when the pending status was never reached, and keeps the one chosen otherwise', async () => {
    const given = await getInputs(source({ ...minimal, 'commit-status': 'cdn-purge', 'dry-run': 'true' }))
    const result = runResult({ dryRun: true, purgedFiles: ['https://example.com/a'], durations: { totalMs: 1500 } })
    expect(await postFinalStatus(given, reached, result, warn)).toEqual({
      context: 'cdn-purge',
      commit: { sha: SHA, why: 'GITHUB_SHA, the commit the workflow runs on' },
      final: { state: 'success', description: '1 URL purged on example.com in 1.5 s', posted: false }
    })
    expect(printed()).toContain(`Commit status "cdn-purge" goes on ${SHA}`)
    const chosen = { context: 'cdn-purge', commit: { sha: 'a'.repeat(40), why: 'the deployed commit' } }
    expect((await postFinalStatus(given, { ...reached, commitStatus: chosen }, result, warn))?.commit).toBe(chosen.commit)
  })
})

describe('statusOutcomeOf', () => {
  it('reads the counts, the zones, the verdict and the time from the result', () => {
    const result = runResult({
      ok: false,
      zones: [zoneResult(), zoneResult({ id: 'z2', name: '' })],
      purgedFiles: ['a', 'b'],
      failedFiles: ['c'],
      purgedTags: ['t', 't'],
      tagPurges: { requested: 3, failed: 1 },
      purgeEverythingRequested: true,
      purgedEverything: true,
      durations: { totalMs: 4200 }
    })
    expect(statusOutcomeOf(result)).toEqual({
      zones: ['example.com', 'z2'],
      files: 3,
      tags: 3,
      everything: true,
      purgedFiles: 2,
      purgedTags: 2,
      failedFiles: 1,
      failedTags: 1,
      purgedEverything: true,
      ok: false,
      stopped: null,
      cancelled: false,
      originNotReady: false,
      stale: null,
      ms: 4200
    })
  })

  it('takes the first error as what stopped the run, the phase when there is none; a cancel; the origin; stale URLs', () => {
    expect(statusOutcomeOf(runResult({ stoppedAt: 'the zone lookup failed', errors: ['Zone nope not found'] })).stopped).toBe(
      'Zone nope not found'
    )
    expect(statusOutcomeOf(runResult({ stoppedAt: 'the zone lookup failed' })).stopped).toBe('the zone lookup failed')
    // Errors of a run that went to its end (batches that failed) stopped nothing.
    expect(statusOutcomeOf(runResult({ errors: ['Batch 2 failed'] })).stopped).toBeNull()
    expect(statusOutcomeOf(runResult({ cancelled: { signal: 'SIGINT' } as never })).cancelled).toBe(true)
    const origin = originReport()
    expect(statusOutcomeOf(runResult({ origin })).originNotReady).toBe(true)
    expect(statusOutcomeOf(runResult({ origin: { ...origin, ready: null } })).originNotReady).toBe(false)
    expect(statusOutcomeOf(runResult({ origin: { ...origin, ready: true } })).originNotReady).toBe(false)
    const verification = { counts: {}, verdicts: [] } as never
    expect(statusOutcomeOf(runResult({ verification, staleFiles: ['x'] })).stale).toBe(1)
    expect(statusOutcomeOf(runResult({ verification, staleFiles: [] })).stale).toBe(0)
    expect(statusOutcomeOf(runResult({ durations: {} })).ms).toBe(0)
  })
})
