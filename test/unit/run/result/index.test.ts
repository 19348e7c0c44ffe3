import { describe, expect, it } from 'vitest'
import { failureMessage, headline } from '../../../../src/report/messages.js'
import { outputsOf } from '../../../../src/report/outputs.js'
import { notPurgedSentence } from '../../../../src/report/summary.js'
import type { TrafficReport } from '../../../../src/analytics.js'
import type { EdgeCheck } from '../../../../src/edge/index.js'
import type { RequestOutcome } from '../../../../src/purge/execute.js'
import { planRequests, type PlannedRequest } from '../../../../src/purge/plan.js'
import { buildResult } from '../../../../src/run/result/index.js'
import { newRunState, type RunState } from '../../../../src/run/state.js'
import { stateWith, tags, urls, zone } from '../../../support/run-state.js'
import { urlVerdicts, verdictReports } from '../../../support/verdicts.js'

describe('buildResult', () => {
  it('puts every requested URL and tag in exactly one of purged or failed', () => {
    // Requests: files [0,1], files [2,3], files [4], tags [t1,t2], tags [t3]
    const result = buildResult(stateWith((index) => index !== 1 && index !== 4))
    expect(result.purgedFiles).toEqual(['https://example.com/0', 'https://example.com/1', 'https://example.com/4'])
    expect(result.failedFiles).toEqual(['https://example.com/2', 'https://example.com/3'])
    expect(result.purgedTags).toEqual(['t1', 't2'])
    expect(result.failedTags).toEqual(['t3'])
    expect([...result.purgedFiles, ...result.failedFiles].sort()).toEqual([...urls].sort())
    expect(result.ok).toBe(false)
    expect(result.errors).toHaveLength(2)
  })
  it('counts everything as failed when the run stopped before sending', () => {
    const result = buildResult({ ...stateWith(() => true), zones: [], outcomes: [], errors: ['No zone with name …'] })
    expect(result.failedFiles).toEqual(urls)
    expect(result.failedTags).toEqual(tags)
    expect(result.ok).toBe(false)
  })
  it('purges and fails nothing in a dry run', () => {
    const result = buildResult({ ...stateWith(() => true), outcomes: [], dryRun: true })
    expect(result).toMatchObject({ ok: true, purgedFiles: [], failedFiles: [], purgedTags: [], failedTags: [] })
    expect(result.planned).toHaveLength(5)
  })
  it('gives outputs with counts and JSON lists', () => {
    const outputs = outputsOf(buildResult(stateWith((index) => index !== 0)))
    expect(outputs).toMatchObject({
      'zone-id': 'z1',
      'purged-files': '3',
      'purged-tags': '3',
      'failed-files': JSON.stringify(urls.slice(0, 2)),
      'failed-tags': '[]',
      requests: '5'
    })
    expect(JSON.parse(outputs.result ?? '')).toMatchObject({
      ok: false,
      purgedFiles: 3,
      purgedTags: 3,
      failedFiles: urls.slice(0, 2),
      failedTags: []
    })
  })
  it('says in the failure message what was not purged and the first error', () => {
    expect(failureMessage(buildResult(stateWith((index) => index !== 0 && index !== 3)))).toBe(
      '2 of 5 URLs and 2 of 3 tags were not purged. See the failed-files / failed-tags outputs.\nPOST /zones/z1/purge failed: HTTP 400 (request 0) (+1 more error: see the log and the job summary)'
    )
  })
})

describe('buildResult, field by field', () => {
  const other = { id: 'z2', name: 'example.org', status: 'pending' }
  const settings = { limits: { enabled: true, mode: 'automatic' as const } }
  /** Two zones: z1 with settings, 2 URLs in one batch and a tag; z2 with a purge of everything and the same tag. */
  const twoZones = (ok: (request: PlannedRequest) => boolean, over: Partial<RunState> = {}): RunState => {
    const plan = planRequests(
      [
        { zone, purgeEverything: false, urls: urls.slice(0, 2), tags: ['t1'], settings },
        { zone: other, purgeEverything: true, urls: [], tags: ['t1'], settings: undefined }
      ],
      30
    )
    const outcomes = plan.requests.map((request): RequestOutcome => ({
      request,
      ok: ok(request),
      status: ok(request) ? 200 : 500,
      attempts: 1,
      durationMs: 1,
      error: ok(request) ? undefined : `${request.label} failed`
    }))
    return {
      ...newRunState(),
      zoneInput: ['example.com', 'z2'],
      zones: [
        { zone, requested: { everything: false, files: urls.slice(0, 2), tags: ['t1'] } },
        { zone: other, requested: { everything: true, files: [], tags: ['t1'] } }
      ],
      plan,
      outcomes,
      requested: { everything: true, files: urls.slice(0, 2), tags: ['t1'] },
      ...over
    }
  }
  const edge: EdgeCheck = {
    verification: {
      recheckForMs: 5000,
      clockSkew: { seconds: -120, answers: 2, note: 'The origin is behind.' },
      verdicts: [...urlVerdicts]
    },
    warm: {
      urls: 3,
      warmed: 2,
      counts: { '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 0, error: 0 },
      problems: [{ url: 'https://example.com/2', status: 404, detail: 'HTTP 404' }]
    }
  }

  it('derives every field of a run over two zones', () => {
    const traffic = [{ zoneId: 'z1' } as TrafficReport]
    const result = buildResult(
      twoZones(() => true, {
        requestsSent: 6,
        retries: 2,
        rateLimits: { limited: 3, waitedMs: 1234.6, pace: 2.345 },
        changes: {
          source: 'git',
          how: 'git diff',
          base: 'v1',
          head: 'abc',
          commit: undefined,
          why: '',
          link: undefined,
          files: ['public/a.html'],
          entries: ['/a.html'],
          deployed: new Map(),
          incomplete: undefined,
          manifest: undefined,
          nothingDeployed: undefined
        },
        changedUrls: ['https://example.com/a.html'],
        everythingInstead: 'too many',
        manifestWritten: '/w/m.json',
        traffic,
        edge,
        warnings: ['careful'],
        durations: { zoneMs: 10.4, purgeMs: 20.6 }
      })
    )
    expect(result).toStrictEqual({
      ok: true,
      dryRun: false,
      zoneInput: ['example.com', 'z2'],
      stoppedAt: null,
      cancelled: null,
      invalidInput: null,
      purgeEverythingRequested: true,
      zone: { id: 'z1,z2', name: 'example.com,example.org', status: 'active,pending' },
      zones: [
        {
          id: 'z1',
          name: 'example.com',
          status: 'active',
          created: null,
          purgeEverythingRequested: false,
          purgedEverything: false,
          purgedFiles: urls.slice(0, 2),
          purgedTags: ['t1'],
          failedFiles: [],
          failedTags: [],
          settingsRequested: true,
          settingsApplied: true
        },
        {
          id: 'z2',
          name: 'example.org',
          status: 'pending',
          created: null,
          purgeEverythingRequested: true,
          purgedEverything: true,
          purgedFiles: [],
          purgedTags: ['t1'],
          failedFiles: [],
          failedTags: [],
          settingsRequested: false,
          settingsApplied: false
        }
      ],
      purgedEverything: true,
      purgedFiles: urls.slice(0, 2),
      purgedTags: ['t1', 't1'],
      failedFiles: [],
      failedTags: [],
      tagPurges: { requested: 2, failed: 0 },
      settings,
      settingsApplied: true,
      requests: 6,
      retries: 2,
      rateLimits: { answers429: 3, waitedMs: 1235, pace: 2.3 },
      changes: {
        source: 'git',
        how: 'git diff',
        base: 'v1',
        head: 'abc',
        why: '',
        link: null,
        files: ['public/a.html'],
        urls: ['https://example.com/a.html']
      },
      nothingToSend: null,
      everythingInstead: 'too many',
      manifestWritten: '/w/m.json',
      traffic,
      origin: null,
      verification: {
        counts: { fresh: 1, stale: 2, unknown: 1, error: 1, differs: 1 },
        recheckForMs: 5000,
        clockSkew: { seconds: -120, answers: 2, note: 'The origin is behind.' },
        verdicts: verdictReports
      },
      staleFiles: ['https://example.com/1', 'https://example.com/4'],
      warm: {
        urls: 3,
        warmed: 2,
        counts: { '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 0, error: 0 },
        problems: [{ url: 'https://example.com/2', detail: 'HTTP 404' }]
      },
      edgePlan: null,
      commitStatus: null,
      planned: [
        { kind: 'settings', method: 'POST', path: '/zones/example.com/settings', items: 0 },
        { kind: 'files', method: 'POST', path: '/zones/z1/purge', items: 2 },
        { kind: 'tags', method: 'POST', path: '/zones/z1/purge', items: 1 },
        { kind: 'purge-everything', method: 'POST', path: '/zones/z2/purge', items: 0 }
      ],
      sent: [
        {
          kind: 'settings',
          method: 'POST',
          path: '/zones/example.com/settings',
          items: 0,
          ok: true,
          status: 200,
          attempts: 1,
          durationMs: 1,
          error: null
        },
        {
          kind: 'files',
          method: 'POST',
          path: '/zones/z1/purge',
          items: 2,
          ok: true,
          status: 200,
          attempts: 1,
          durationMs: 1,
          error: null
        },
        { kind: 'tags', method: 'POST', path: '/zones/z1/purge', items: 1, ok: true, status: 200, attempts: 1, durationMs: 1, error: null },
        {
          kind: 'purge-everything',
          method: 'POST',
          path: '/zones/z2/purge',
          items: 0,
          ok: true,
          status: 200,
          attempts: 1,
          durationMs: 1,
          error: null
        }
      ],
      errors: [],
      warnings: ['careful'],
      durations: { zoneMs: 10, purgeMs: 21 }
    })
  })

  it("gives null for the origin's clock when it was not off", () => {
    const right: EdgeCheck = {
      ...edge,
      verification: { ...(edge.verification as NonNullable<EdgeCheck['verification']>), clockSkew: undefined }
    }
    expect(buildResult(twoZones(() => true, { edge: right })).verification?.clockSkew).toBeNull()
  })

  it('takes the changed entries as the URLs until they are routed, and says where the step stopped', () => {
    const changes = {
      source: 'manifest' as const,
      how: 'manifests',
      base: 'old.json',
      head: 'public',
      commit: undefined,
      why: '',
      link: undefined,
      files: ['a.html'],
      entries: ['/a.html'],
      deployed: new Map(),
      incomplete: undefined,
      manifest: undefined,
      nothingDeployed: undefined
    }
    const result = buildResult({
      ...newRunState(),
      changes,
      stopped: { phase: 'the zone lookup', status: 403, input: undefined },
      errors: ['denied']
    })
    expect(result.changes?.urls).toEqual(['/a.html'])
    expect(result).toMatchObject({ stoppedAt: 'the zone lookup failed (HTTP 403)', invalidInput: null, ok: false })
    const input = buildResult({
      ...newRunState(),
      stopped: { phase: 'reading the inputs', status: undefined, input: 'zone' },
      errors: ['bad']
    })
    expect(input).toMatchObject({ stoppedAt: 'reading the inputs failed', invalidInput: 'zone' })
  })

  it('says why the step ended with nothing to send, and counts that run as done', () => {
    const said = 'This push deleted refs/tags/v1: nothing changed to purge'
    const result = buildResult({ ...newRunState(), requested: { everything: false, files: [], tags: [] }, nothingToSend: said })
    expect(result).toMatchObject({ ok: true, nothingToSend: said, stoppedAt: null, zones: [], requests: 0, failedFiles: [] })
  })

  it('reports no rate limits, no edge, no settings and no zones as such', () => {
    const result = buildResult(newRunState())
    expect(result).toMatchObject({
      ok: true,
      rateLimits: { answers429: 0, waitedMs: 0, pace: null },
      verification: null,
      staleFiles: [],
      warm: null,
      settings: null,
      settingsApplied: false,
      purgeEverythingRequested: false,
      purgedEverything: false,
      zone: { id: '', name: '', status: '' },
      changes: null,
      nothingToSend: null,
      everythingInstead: null,
      manifestWritten: null,
      edgePlan: null,
      durations: {}
    })
  })

  it('names a zone whose name and status are unknown with empty text, and keeps what created it', () => {
    const created = { cnameTarget: 'cdn.example.net', dryRun: false }
    const result = buildResult({
      ...newRunState(),
      zones: [{ zone: { id: 'z9', name: undefined, status: undefined, created }, requested: { everything: false, files: [], tags: [] } }]
    })
    expect(result.zones[0]).toMatchObject({ id: 'z9', name: '', status: '', created })
    expect(result.zone).toEqual({ id: 'z9', name: '', status: '' })
  })

  it('counts a zone whose settings failed as not applied, and its purge as not done', () => {
    const result = buildResult(twoZones((request) => request.kind !== 'settings'))
    expect(result.zones.map((z) => [z.settingsRequested, z.settingsApplied])).toEqual([
      [true, false],
      [false, false]
    ])
    expect(result).toMatchObject({ ok: false, settingsApplied: false, errors: ['Settings of example.com failed'] })
    expect(result.sent[0]).toMatchObject({ ok: false, status: 500, error: 'Settings of example.com failed' })
  })

  it('counts a tag once per zone it was sent to, so the headline and the summary give the same totals', () => {
    // One tag in two zones: confirmed in z1, refused in z2.
    const plan = planRequests(
      [
        { zone, purgeEverything: false, urls: [], tags: ['t1'], settings: undefined },
        { zone: other, purgeEverything: false, urls: [], tags: ['t1'], settings: undefined }
      ],
      30
    )
    const ok = (request: PlannedRequest): boolean => request.zoneId === zone.id
    const outcomes = plan.requests.map((request): RequestOutcome => ({
      request,
      ok: ok(request),
      status: ok(request) ? 200 : 500,
      attempts: 1,
      durationMs: 1,
      error: ok(request) ? undefined : 'refused'
    }))
    const asked = { everything: false, files: [], tags: ['t1'] }
    const result = buildResult({
      ...newRunState(),
      zoneInput: ['example.com', 'z2'],
      zones: [
        { zone, requested: asked },
        { zone: other, requested: asked }
      ],
      plan,
      outcomes,
      requested: asked
    })
    expect(result).toMatchObject({ purgedTags: ['t1'], failedTags: ['t1'], tagPurges: { requested: 2, failed: 1 } })
    expect(headline(result)).toContain('purged 1 of 2 tags')
    expect(notPurgedSentence(result)).toBe('1 of 2 tags was not purged. ')
    // Stopped before any zone was known: every tag asked for failed, once.
    expect(buildResult({ ...newRunState(), requested: { everything: false, files: [], tags: ['t1', 't2'] } }).tagPurges).toEqual({
      requested: 2,
      failed: 2
    })
    // A dry run fails nothing.
    expect(buildResult({ ...newRunState(), dryRun: true, requested: { everything: false, files: [], tags: ['t1'] } }).tagPurges).toEqual({
      requested: 0,
      failed: 0
    })
  })

  it('counts a purge of everything as done only when every zone that asked for it confirmed it', () => {
    const failed = buildResult(twoZones((request) => request.kind !== 'purge-everything'))
    expect(failed).toMatchObject({ ok: false, purgedEverything: false, purgeEverythingRequested: true })
    expect(failed.zones[1]).toMatchObject({ purgeEverythingRequested: true, purgedEverything: false, purgedTags: [], failedTags: ['t1'] })
    // A confirmed purge of everything purges the zone's URLs and tags whatever became of their own requests.
    const everything = buildResult(
      twoZones((request) => request.kind === 'purge-everything' || request.kind === 'settings', { zones: [twoZones(() => true).zones[1]!] })
    )
    expect(everything.zones[0]).toMatchObject({ purgedEverything: true, purgedTags: ['t1'], failedTags: [] })
  })

  it('puts the URLs of a zone whose purge of everything was confirmed among the purged', () => {
    const state = twoZones((request) => request.kind === 'purge-everything')
    const result = buildResult({
      ...state,
      zones: [{ zone: other, requested: { everything: true, files: ['https://example.org/x'], tags: [] } }],
      requested: { everything: true, files: ['https://example.org/x'], tags: [] }
    })
    expect(result).toMatchObject({ purgedFiles: ['https://example.org/x'], failedFiles: [] })
  })

  it('lists a tag that failed in two zones once', () => {
    const plan = planRequests(
      [
        { zone, purgeEverything: false, urls: [], tags: ['t1'], settings: undefined },
        { zone: other, purgeEverything: false, urls: [], tags: ['t1'], settings: undefined }
      ],
      30
    )
    const outcomes = plan.requests.map((request): RequestOutcome => ({
      request,
      ok: false,
      status: 500,
      attempts: 1,
      durationMs: 1,
      error: 'failed'
    }))
    const requested = { everything: false, files: [], tags: ['t1'] }
    const result = buildResult({ ...newRunState(), plan, outcomes, requested, zones: plan.zones.map((z) => ({ zone: z, requested })) })
    expect(result.failedTags).toEqual(['t1'])
    expect(result.zones.map((z) => z.failedTags)).toEqual([['t1'], ['t1']])
  })

  it('does not let a request confirmed twice stand in for one that failed', () => {
    const state = stateWith((index) => index !== 1)
    const result = buildResult({ ...state, outcomes: [...state.outcomes, state.outcomes[0]!] })
    expect(result.failedFiles).toEqual(['https://example.com/2', 'https://example.com/3'])
    expect(result.zones[0]?.failedFiles).toEqual(['https://example.com/2', 'https://example.com/3'])
  })

  it('fails the step for anything not done, even without an error message', () => {
    const noErrors = (state: RunState): RunState => ({ ...state, outcomes: state.outcomes.map((o) => ({ ...o, error: undefined })) })
    const onlyFiles = buildResult(noErrors(stateWith((index) => index !== 0)))
    expect(onlyFiles).toMatchObject({ ok: false, errors: [], failedTags: [] })
    const onlyTags = buildResult(noErrors(stateWith((index) => index !== 4)))
    expect(onlyTags).toMatchObject({ ok: false, errors: [], failedFiles: [] })
    expect(buildResult(noErrors(twoZones((request) => request.kind !== 'purge-everything')))).toMatchObject({ ok: false, errors: [] })
    expect(buildResult(noErrors(twoZones((request) => request.kind !== 'settings')))).toMatchObject({ ok: false, errors: [] })
    // Everything asked for, but the step stopped before any zone planned it.
    const stopped = buildResult({ ...newRunState(), requested: { everything: true, files: [], tags: [] } })
    expect(stopped).toMatchObject({ ok: false, purgeEverythingRequested: true, purgedEverything: false, errors: [] })
    // The sent list has the request, without an error.
    expect(onlyFiles.sent[0]).toMatchObject({ ok: false, error: null })
  })

  it('leaves requests that were never sent out of the sent list', () => {
    const state = stateWith(() => true)
    const result = buildResult({
      ...state,
      outcomes: state.outcomes.map((o, index) => (index === 0 ? { ...o, ok: false, attempts: 0, status: undefined, error: 'not sent' } : o))
    })
    expect(result.sent).toHaveLength(4)
    expect(result.sent[0]).toMatchObject({ items: 2, path: '/zones/z1/purge', kind: 'files' })
    expect(result.planned).toHaveLength(5)
    const failed = buildResult({
      ...state,
      outcomes: state.outcomes.map((o, index) =>
        index === 0 ? { ...o, ok: false, attempts: 2, status: undefined, error: 'no answer' } : o
      )
    })
    expect(failed.sent[0]).toMatchObject({ ok: false, status: null, attempts: 2, error: 'no answer' })
  })

  it('counts a zone without a plan (the step stopped before planning) as not asking for settings or everything', () => {
    const state = twoZones(() => true)
    const result = buildResult({
      ...state,
      plan: undefined,
      outcomes: [],
      requested: { everything: false, files: urls.slice(0, 2), tags: ['t1'] }
    })
    expect(result.zones.map((z) => [z.purgeEverythingRequested, z.settingsRequested])).toEqual([
      [false, false],
      [false, false]
    ])
    expect(result.failedFiles).toEqual(urls.slice(0, 2))
  })

  it('in a dry run, purges and fails nothing in any zone, is ok with settings and everything planned, and keeps the edge plan', () => {
    const result = buildResult(twoZones(() => false, { dryRun: true, outcomes: [], edgePlan: { verify: 2, warm: 3 } }))
    expect(result).toMatchObject({ ok: true, failedFiles: [], failedTags: [], purgedFiles: [], edgePlan: { verify: 2, warm: 3 }, settings })
    expect(result.zones.map((z) => [z.purgedFiles, z.failedFiles, z.purgedTags, z.failedTags])).toEqual([
      [[], [], [], []],
      [[], [], [], []]
    ])
  })

  it('does not take a confirmed tag for a URL of the same text', () => {
    const plan = planRequests([{ zone, purgeEverything: false, urls: ['x'], tags: ['x'], settings: undefined }], 30)
    const outcomes = plan.requests.map((request): RequestOutcome => ({
      request,
      ok: request.kind === 'tags',
      status: 200,
      attempts: 1,
      durationMs: 1,
      error: undefined
    }))
    const requested = { everything: false, files: ['x'], tags: ['x'] }
    const result = buildResult({ ...newRunState(), plan, outcomes, requested, zones: [{ zone, requested }] })
    expect(result).toMatchObject({ purgedFiles: [], failedFiles: ['x'], purgedTags: ['x'], failedTags: [] })
  })

  it('counts settings and a purge of everything over several zones as done only when done in every zone', () => {
    const plan = planRequests(
      [
        { zone, purgeEverything: true, urls: [], tags: [], settings },
        { zone: other, purgeEverything: true, urls: [], tags: [], settings }
      ],
      30
    )
    const requested = { everything: true, files: [], tags: [] }
    const inZone = (zoneId: string, okIn: string) =>
      plan.requests.map((request): RequestOutcome => ({
        request,
        ok: request.zoneId !== zoneId || request.kind !== okIn,
        status: 200,
        attempts: 1,
        durationMs: 1,
        error: undefined
      }))
    const state = (outcomes: RequestOutcome[]): RunState => ({
      ...newRunState(),
      plan,
      outcomes,
      requested,
      zones: plan.zones.map((z) => ({ zone: z, requested }))
    })
    expect(buildResult(state(inZone('z2', 'settings')))).toMatchObject({ ok: false, settingsApplied: false, purgedEverything: true })
    expect(buildResult(state(inZone('z2', 'purge-everything')))).toMatchObject({
      ok: false,
      settingsApplied: true,
      purgedEverything: false
    })
    expect(buildResult(state(inZone('none', '')))).toMatchObject({ ok: true, settingsApplied: true, purgedEverything: true })
  })
})
