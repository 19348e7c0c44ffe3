import { describe, expect, it } from 'vitest'
import type { RequestOutcome } from '../../../../src/purge/execute.js'
import { planRequests, type PlannedRequest } from '../../../../src/purge/plan.js'
import { zoneResult } from '../../../../src/run/result/zones.js'
import { zoneResult as writtenOut } from '../../../support/run-result.js'

const zone = { id: 'z1', name: 'example.com', status: 'active' }
const other = { id: 'z2', name: 'example.org', status: 'pending' }
const settings = { limits: { enabled: true, mode: 'automatic' as const } }
const requested = { everything: false, files: ['https://example.com/a', 'https://example.com/b'], tags: ['t1', 't2'] }
/** z1: settings, then the two URLs and the two tags, one per request; z2: a purge of everything. */
const plan = planRequests(
  [
    { zone, purgeEverything: false, urls: requested.files, tags: requested.tags, settings },
    { zone: other, purgeEverything: true, urls: [], tags: [], settings: undefined }
  ],
  1
)
const outcomes = (ok: (request: PlannedRequest) => boolean): RequestOutcome[] =>
  plan.requests.map((request) => ({ request, ok: ok(request), status: 200, attempts: 1, durationMs: 1, error: undefined }))

describe('zoneResult', () => {
  it("counts in a zone what the zone's confirmed requests carried, and the rest as failed", () => {
    const confirmed = new Set(['https://example.com/a', 't2'])
    const state = { dryRun: false, outcomes: outcomes((request) => request.items.some((item) => confirmed.has(item))) }
    expect(zoneResult(zone, requested, state, plan.requests)).toStrictEqual(
      writtenOut({
        purgedFiles: ['https://example.com/a'],
        purgedTags: ['t2'],
        failedFiles: ['https://example.com/b'],
        failedTags: ['t1'],
        settingsRequested: true
      })
    )
  })

  it("does not count another zone's confirmed requests, or a confirmed purge of everything elsewhere", () => {
    const elsewhere = plan.requests.map((request) => ({ ...request, zoneId: 'z2' }))
    const state = {
      dryRun: false,
      outcomes: elsewhere.map((request) => ({ request, ok: true, status: 200, attempts: 1, durationMs: 1, error: undefined }))
    }
    expect(zoneResult(zone, requested, state, plan.requests)).toMatchObject({
      purgedEverything: false,
      purgedFiles: [],
      purgedTags: [],
      failedFiles: requested.files,
      failedTags: requested.tags,
      settingsApplied: false
    })
  })

  it('counts everything asked for as purged once a purge of everything was confirmed in the zone', () => {
    const state = { dryRun: false, outcomes: outcomes((request) => request.kind === 'purge-everything') }
    expect(zoneResult(other, requested, state, plan.requests)).toMatchObject({
      purgeEverythingRequested: true,
      purgedEverything: true,
      purgedFiles: requested.files,
      purgedTags: requested.tags,
      failedFiles: [],
      failedTags: [],
      settingsRequested: false
    })
  })

  it('purges and fails nothing in a dry run, and still says what was planned', () => {
    const state = { dryRun: true, outcomes: [] }
    expect(zoneResult(zone, requested, state, plan.requests)).toMatchObject({
      purgedFiles: [],
      purgedTags: [],
      failedFiles: [],
      failedTags: [],
      settingsRequested: true,
      settingsApplied: false
    })
    expect(zoneResult(other, requested, state, plan.requests).purgeEverythingRequested).toBe(true)
  })

  it('names a zone whose name and status are unknown with empty text, and keeps what created it', () => {
    const created = { cnameTarget: null, dryRun: true }
    const unnamed = { id: 'z9', name: undefined, status: undefined, created }
    expect(zoneResult(unnamed, requested, { dryRun: true, outcomes: [] }, [])).toMatchObject({ id: 'z9', name: '', status: '', created })
  })
})
