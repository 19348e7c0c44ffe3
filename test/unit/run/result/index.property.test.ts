import { fc, test } from '../../../support/property.js'
import { expect } from 'vitest'
import type { RequestOutcome } from '../../../../src/purge/execute.js'
import { planRequests, splitRequest } from '../../../../src/purge/plan.js'
import { buildResult } from '../../../../src/run/result/index.js'
import { newRunState } from '../../../../src/run/state.js'

// Nothing lost: whatever became of each request (confirmed, refused, split by a 413, sent twice, never
// sent), every requested URL and tag ends in exactly one of purged or failed.

const zones = [
  { id: 'z1', name: 'example.com', status: 'active' },
  { id: 'z2', name: 'example.org', status: 'active' }
]

/** What became of a planned request: confirmed, failed, not sent, split in parts that each went one way, or sent twice. */
const fate = fc.oneof(
  fc.constant({ kind: 'ok' as const }),
  fc.constant({ kind: 'failed' as const }),
  fc.constant({ kind: 'missing' as const }),
  fc.record({
    kind: fc.constant('split' as const),
    size: fc.integer({ min: 1, max: 3 }),
    ok: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 })
  }),
  fc.record({ kind: fc.constant('twice' as const), second: fc.boolean() })
)

test.prop([
  fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 25 }),
  fc.uniqueArray(fc.constantFrom('t1', 't2', 't3', 't4', 't5'), { maxLength: 5 }),
  fc.integer({ min: 1, max: 6 }),
  fc.array(fate, { minLength: 30, maxLength: 30 }),
  fc.boolean()
])('puts every URL and tag in exactly one of purged or failed, whatever the outcomes', (numbers, tags, batch, fates, two) => {
  const urls1 = numbers.filter((n) => n % 2 === 0).map((n) => `https://example.com/${n}`)
  const urls2 = numbers.filter((n) => n % 2 === 1).map((n) => `https://example.org/${n}`)
  const work = [
    { zone: zones[0]!, purgeEverything: false, urls: urls1, tags, settings: undefined },
    ...(two ? [{ zone: zones[1]!, purgeEverything: false, urls: urls2, tags, settings: undefined }] : [])
  ]
  const plan = planRequests(work, batch)
  const outcomes: RequestOutcome[] = []
  const outcome = (request: (typeof plan.requests)[number], ok: boolean): RequestOutcome => ({
    request,
    ok,
    status: ok ? 200 : 500,
    attempts: 1,
    durationMs: 1,
    error: ok ? undefined : 'failed'
  })
  plan.requests.forEach((request, index) => {
    const what = fates[index % fates.length]!
    if (what.kind === 'ok') outcomes.push(outcome(request, true))
    if (what.kind === 'failed') outcomes.push(outcome(request, false))
    if (what.kind === 'split')
      splitRequest(request, what.size).forEach((part, i) => outcomes.push(outcome(part, what.ok[i % what.ok.length]!)))
    if (what.kind === 'twice') outcomes.push(outcome(request, true), outcome(request, what.second))
  })
  const requested = { everything: false, files: [...urls1, ...(two ? urls2 : [])], tags }
  const state = {
    ...newRunState(),
    zones: work.map((item) => ({ zone: item.zone, requested: { everything: false, files: item.urls, tags } })),
    plan,
    outcomes,
    requested
  }
  const result = buildResult(state)

  const purged = new Set(result.purgedFiles)
  const failed = new Set(result.failedFiles)
  expect([...purged].filter((url) => failed.has(url))).toEqual([])
  expect([...purged, ...failed].sort()).toEqual([...requested.files].sort())
  expect(result.purgedFiles).toHaveLength(purged.size)
  expect(result.failedFiles).toHaveLength(failed.size)
  // Purged only what a confirmed request carried, in its zone: no count stands in for an item.
  const confirmedIn = (zoneId: string): Set<string> =>
    new Set(outcomes.filter((o) => o.ok && o.request.zoneId === zoneId).flatMap((o) => o.request.items))
  for (const zone of result.zones) {
    const confirmed = confirmedIn(zone.id)
    expect([...zone.purgedFiles, ...zone.purgedTags].filter((item) => !confirmed.has(item))).toEqual([])
    const zonePurged = new Set(zone.purgedTags)
    expect(zone.failedTags.filter((tag) => zonePurged.has(tag))).toEqual([])
    expect([...zone.purgedTags, ...zone.failedTags].sort()).toEqual([...tags].sort())
  }
  expect(result.ok).toBe(result.failedFiles.length === 0 && result.failedTags.length === 0 && result.errors.length === 0)
})
