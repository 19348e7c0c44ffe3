import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { parseItems, readRateLimit, resetDelayMs } from '../../src/http/rate-limit.js'

const NOW = Date.parse('2026-11-23T12:00:00Z')

describe('readRateLimit', () => {
  it('reads the IETF structured fields', () => {
    expect(readRateLimit({ ratelimit: '"default";r=50;t=30', 'ratelimit-policy': '"default";q=100;w=60' }, NOW)).toEqual({ remaining: 50, resetMs: 30_000, limit: 100, windowMs: 60_000 })
  })
  it('takes the item with the least remaining, and its own policy', () => {
    const headers = { ratelimit: '"hour";r=900;t=3000, "burst";r=3;t=1', 'ratelimit-policy': '"hour";q=1000;w=3600, "burst";q=10;w=1' }
    expect(readRateLimit(headers, NOW)).toEqual({ remaining: 3, resetMs: 1000, limit: 10, windowMs: 1000 })
  })
  it('reads the fields without a policy, and tokens as names', () => {
    expect(readRateLimit({ ratelimit: 'default;r=0;t=2' }, NOW)).toEqual({ remaining: 0, resetMs: 2000 })
  })
  it('reads RateLimit-Limit / -Remaining / -Reset, with a window in the limit', () => {
    expect(readRateLimit({ 'ratelimit-limit': '100, 100;w=60', 'ratelimit-remaining': '7', 'ratelimit-reset': '12' }, NOW)).toEqual({ remaining: 7, resetMs: 12_000, limit: 100, windowMs: 60_000 })
  })
  it('reads X-RateLimit-* with the reset as seconds, Unix seconds or Unix milliseconds', () => {
    expect(readRateLimit({ 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' }, NOW)).toEqual({ remaining: 0, resetMs: 1000, limit: 20 })
    expect(readRateLimit({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String(NOW / 1000 + 3) }, NOW)).toEqual({ remaining: 5, resetMs: 3000 })
    expect(readRateLimit({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String(NOW + 2500) }, NOW)).toEqual({ remaining: 5, resetMs: 2500 })
    expect(readRateLimit({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String(NOW / 1000 - 10) }, NOW)).toEqual({ remaining: 5, resetMs: 0 })
  })
  it('prefers the IETF fields over the older ones', () => {
    expect(readRateLimit({ ratelimit: '"d";r=1;t=1', 'x-ratelimit-remaining': '9' }, NOW)).toMatchObject({ remaining: 1 })
  })
  it('says nothing for no headers or unreadable ones', () => {
    expect(readRateLimit({}, NOW)).toBeUndefined()
    expect(readRateLimit({ ratelimit: 'garbage;;;', 'x-ratelimit-remaining': '-1' }, NOW)).toBeUndefined()
    expect(readRateLimit({ 'ratelimit-remaining': 'soon' }, NOW)).toBeUndefined()
  })
  it('joins a header given several times', () => {
    expect(readRateLimit({ ratelimit: ['"a";r=5;t=1', '"b";r=2;t=4'] }, NOW)).toEqual({ remaining: 2, resetMs: 4000 })
  })
  test.prop([fc.dictionary(fc.constantFrom('ratelimit', 'ratelimit-policy', 'ratelimit-remaining', 'ratelimit-limit', 'ratelimit-reset', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-limit'), fc.string())])(
    'never throws, and gives only finite, non-negative numbers',
    (headers) => {
      const info = readRateLimit(headers, NOW)
      for (const value of Object.values(info ?? {})) expect(Number.isFinite(value) && value >= 0).toBe(true)
    }
  )
})

describe('parseItems', () => {
  it('skips members that are not items, and parameters that are not numbers', () => {
    expect(parseItems('"a";r=1;x=y, 12, ;r=3, b;w=2')).toEqual([
      { name: 'a', params: new Map([['r', 1]]) },
      { name: 'b', params: new Map([['w', 2]]) }
    ])
  })
})

describe('resetDelayMs', () => {
  it('tells a delay from a Unix time by its size', () => {
    expect(resetDelayMs(30, NOW)).toBe(30_000)
    expect(resetDelayMs(0.5, NOW)).toBe(500)
    expect(resetDelayMs(NOW / 1000 + 60, NOW)).toBe(60_000)
    expect(resetDelayMs(NOW + 60_000, NOW)).toBe(60_000)
  })
})
