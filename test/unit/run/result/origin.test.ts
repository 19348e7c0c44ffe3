import { describe, expect, it } from 'vitest'
import type { OriginFound } from '../../../../src/origin/index.js'
import type { OriginPlan } from '../../../../src/origin/targets.js'
import { originOf } from '../../../../src/run/result/origin.js'

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
