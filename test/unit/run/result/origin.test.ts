import { describe, expect, it } from 'vitest'
import type { OriginFound } from '../../../../src/origin/index.js'
import type { OriginPlan } from '../../../../src/origin/targets.js'
import { buildResult } from '../../../../src/run/result/index.js'
import { originOf } from '../../../../src/run/result/origin.js'
import { stateWith } from '../../../support/run-state.js'

const plan: OriginPlan = {
  where: 'origin-url',
  urls: [{ url: 'https://example.com/a', fetchUrl: 'https://o.example.net/a', file: '/w/a' }],
  marker: { url: 'https://example.com/v', fetchUrl: 'https://o.example.net/v', file: undefined, text: 'v2' },
  known: 1
}
const target = { url: 'https://example.com/a', fetchUrl: 'https://o.example.net/a', viaEdge: false, expected: { kind: 'gone' } } as const

describe('originOf', () => {
  it('is null when wait-for-origin was off', () => {
    expect(originOf(undefined)).toBeNull()
  })

  it('before the wait (a dry run), lists what would be checked and where, with nothing found', () => {
    expect(originOf({ plan, waitSeconds: 60 })).toEqual({
      ready: null,
      seconds: null,
      waitFor: 60,
      where: 'origin-url',
      cacheBlind: false,
      cutShort: false,
      marker: { url: 'https://example.com/v', text: 'v2' },
      urls: [
        {
          url: 'https://example.com/a',
          fetchedFrom: 'https://o.example.net/a',
          expected: null,
          status: null,
          verdict: null,
          reason: null,
          fetches: 0
        },
        {
          url: 'https://example.com/v',
          fetchedFrom: 'https://o.example.net/v',
          expected: 'marker',
          status: null,
          verdict: null,
          reason: null,
          fetches: 0
        }
      ]
    })
  })

  it('after it, gives ready, the seconds to one decimal and each URL’s last answer', () => {
    const found: OriginFound = {
      plan,
      failure: undefined,
      wait: {
        ready: true,
        waitedMs: 14_249,
        checks: 15,
        cacheBlind: false,
        urls: [{ target, verdict: 'gone', status: 404, reason: 'HTTP 404', fetches: 3, newAfterMs: 2000 }]
      }
    }
    expect(originOf({ plan, waitSeconds: 60, found })).toMatchObject({
      ready: true,
      seconds: 14.2,
      cacheBlind: false,
      urls: [
        {
          url: 'https://example.com/a',
          fetchedFrom: 'https://o.example.net/a',
          expected: 'gone',
          status: 404,
          verdict: 'gone',
          reason: 'HTTP 404',
          fetches: 3
        }
      ]
    })
    const blind: OriginFound = {
      ...found,
      wait: {
        ...(found.wait as NonNullable<OriginFound['wait']>),
        ready: false,
        cacheBlind: true,
        urls: [{ target, verdict: 'from-cache', status: undefined, reason: 'from the cache: Age 9', fetches: 1, newAfterMs: undefined }]
      }
    }
    expect(originOf({ plan, waitSeconds: 60, found: blind })).toMatchObject({ ready: false, cacheBlind: true, urls: [{ status: null }] })
  })

  it('without a marker, has none, and lists the URLs alone', () => {
    const report = originOf({ plan: { ...plan, marker: undefined }, waitSeconds: 5 })
    expect(report?.marker).toBeNull()
    expect(report?.urls.map((url) => url.url)).toEqual(['https://example.com/a'])
  })

  it('when no file could be read, is not ready after 0 s with no URL', () => {
    expect(originOf({ plan, waitSeconds: 60, found: { plan, wait: undefined, failure: 'x' } })).toMatchObject({
      ready: false,
      seconds: 0,
      cacheBlind: false,
      urls: []
    })
  })
})

describe('originOf, once the run was cancelled', () => {
  const found: OriginFound = {
    plan,
    failure: undefined,
    wait: {
      ready: true,
      waitedMs: 2000,
      checks: 2,
      cacheBlind: false,
      urls: [{ target, verdict: 'gone', status: 404, reason: 'HTTP 404', fetches: 2, newAfterMs: 1000 }]
    }
  }

  it('says a wait the cancel cut short is not ready, listing what it was to check, with nothing found', () => {
    const cut = originOf({ plan, waitSeconds: 60 }, true)
    expect(cut).toEqual({ ...originOf({ plan, waitSeconds: 60 }), ready: false, cutShort: true })
    expect(cut).toMatchObject({
      ready: false,
      seconds: null,
      cacheBlind: false,
      cutShort: true,
      urls: [{ status: null, verdict: null, fetches: 0 }, {}]
    })
    // Not cancelled, a wait not reached is a dry run's: nothing to say yet.
    expect(originOf({ plan, waitSeconds: 60 }, false)?.ready).toBeNull()
  })

  it('keeps what a wait that ended before the cancel found', () => {
    expect(originOf({ plan, waitSeconds: 60, found }, true)).toEqual(originOf({ plan, waitSeconds: 60, found }))
    expect(originOf({ plan, waitSeconds: 60, found }, true)).toMatchObject({ ready: true, cutShort: false })
  })

  it('is null when wait-for-origin was off, cancelled or not', () => {
    expect(originOf(undefined, true)).toBeNull()
  })

  it('is what the result reports: not ready when the cancel came before the wait ended', () => {
    const state = stateWith(() => false)
    const origin = { plan, waitSeconds: 60 }
    expect(buildResult({ ...state, origin }).origin?.ready).toBeNull()
    expect(
      buildResult({ ...state, origin, cancelled: { signal: 'SIGTERM', phase: 'sending the purge requests', afterMs: 10 } }).origin?.ready
    ).toBe(false)
  })
})

describe('the result’s origin, cancelled in a dry run', () => {
  // A dry run waits for nothing, so its origin's ready is null whatever happens.
  it('keeps ready null: a dry run waits for nothing', () => {
    const state = { ...stateWith(() => true), outcomes: [], dryRun: true, origin: { plan, waitSeconds: 60 } }
    expect(
      buildResult({ ...state, cancelled: { signal: 'SIGINT', phase: 'planning the origin check', afterMs: 10 } }).origin
    ).toMatchObject({ ready: null, cutShort: false })
  })
})
