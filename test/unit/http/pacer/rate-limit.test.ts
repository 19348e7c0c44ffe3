import { fc, test } from '../../../support/property.js'
import { describe, expect, it } from 'vitest'
import { parseItems, readRateLimit, resetDelayMs } from '../../../../src/http/pacer/rate-limit.js'

const NOW = Date.parse('2026-11-23T12:00:00Z')

describe('readRateLimit', () => {
  it('reads the IETF structured fields', () => {
    expect(readRateLimit({ ratelimit: '"default";r=50;t=30', 'ratelimit-policy': '"default";q=100;w=60' }, NOW)).toEqual({
      remaining: 50,
      resetMs: 30_000,
      limit: 100,
      windowMs: 60_000
    })
  })
  it('takes the item with the least remaining, and its own policy', () => {
    const headers = { ratelimit: '"hour";r=900;t=3000, "burst";r=3;t=1', 'ratelimit-policy': '"hour";q=1000;w=3600, "burst";q=10;w=1' }
    expect(readRateLimit(headers, NOW)).toEqual({ remaining: 3, resetMs: 1000, limit: 10, windowMs: 1000 })
  })
  it('reads the fields without a policy, and tokens as names', () => {
    expect(readRateLimit({ ratelimit: 'default;r=0;t=2' }, NOW)).toEqual({ remaining: 0, resetMs: 2000 })
  })
  it('reads RateLimit-Limit / -Remaining / -Reset, with a window in the limit', () => {
    expect(readRateLimit({ 'ratelimit-limit': '100, 100;w=60', 'ratelimit-remaining': '7', 'ratelimit-reset': '12' }, NOW)).toEqual({
      remaining: 7,
      resetMs: 12_000,
      limit: 100,
      windowMs: 60_000
    })
  })
  it('reads X-RateLimit-* with the reset as seconds, Unix seconds or Unix milliseconds', () => {
    expect(readRateLimit({ 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' }, NOW)).toEqual({
      remaining: 0,
      resetMs: 1000,
      limit: 20
    })
    expect(readRateLimit({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String(NOW / 1000 + 3) }, NOW)).toEqual({
      remaining: 5,
      resetMs: 3000
    })
    expect(readRateLimit({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String(NOW + 2500) }, NOW)).toEqual({
      remaining: 5,
      resetMs: 2500
    })
    expect(readRateLimit({ 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': String(NOW / 1000 - 10) }, NOW)).toEqual({
      remaining: 5,
      resetMs: 0
    })
  })
  it('counts on no more left than the limit says, whichever header family says it', () => {
    expect(readRateLimit({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '50' }, NOW)).toStrictEqual({ remaining: 10, limit: 10 })
    expect(readRateLimit({ ratelimit: '"d";r=50', 'ratelimit-policy': '"d";q=10;w=1' }, NOW)).toStrictEqual({
      remaining: 10,
      limit: 10,
      windowMs: 1000
    })
    expect(readRateLimit({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '10' }, NOW)).toStrictEqual({ remaining: 10, limit: 10 })
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
    expect(readRateLimit({ ratelimit: ['"a";r=2;t=1', '"b";r=5;t=4'] }, NOW)).toStrictEqual({ remaining: 2, resetMs: 1000 })
  })
  it('takes the first of items with the same least remaining', () => {
    expect(readRateLimit({ ratelimit: '"a";r=1;t=1, "b";r=5;t=9, "c";r=1;t=3' }, NOW)).toStrictEqual({ remaining: 1, resetMs: 1000 })
  })
  it('takes the only policy whatever its name, and none of several that do not match', () => {
    expect(readRateLimit({ ratelimit: '"a";r=1', 'ratelimit-policy': '"other";q=10;w=2' }, NOW)).toStrictEqual({
      remaining: 1,
      limit: 10,
      windowMs: 2000
    })
    expect(readRateLimit({ ratelimit: '"a";r=1', 'ratelimit-policy': '"x";q=10;w=2, "y";q=5;w=1' }, NOW)).toStrictEqual({ remaining: 1 })
    expect(readRateLimit({ ratelimit: '"a";r=1', 'ratelimit-policy': '"x";q=10;w=2, "a";q=5;w=1' }, NOW)).toStrictEqual({
      remaining: 1,
      limit: 5,
      windowMs: 1000
    })
  })
  it('leaves out what the IETF fields do not say, and a window of 0', () => {
    expect(readRateLimit({ ratelimit: '"a";r=0' }, NOW)).toStrictEqual({ remaining: 0 })
    expect(readRateLimit({ ratelimit: '"a";r=0', 'ratelimit-policy': '"a";w=0' }, NOW)).toStrictEqual({ remaining: 0 })
    expect(readRateLimit({ ratelimit: '"a";r=0', 'ratelimit-policy': '"a";q=0' }, NOW)).toStrictEqual({ remaining: 0, limit: 0 })
  })
  it('leaves out what the older headers do not say, and a window of 0', () => {
    expect(readRateLimit({ 'x-ratelimit-remaining': '3' }, NOW)).toStrictEqual({ remaining: 3 })
    expect(readRateLimit({ 'x-ratelimit-remaining': '3', 'x-ratelimit-limit': '10, 10;w=0' }, NOW)).toStrictEqual({
      remaining: 3,
      limit: 10
    })
  })
  it('reads a window with spaces around its parameter', () => {
    expect(readRateLimit({ 'ratelimit-remaining': '3', 'ratelimit-limit': '10, 10; w=60' }, NOW)).toStrictEqual({
      remaining: 3,
      limit: 10,
      windowMs: 60_000
    })
  })
  it('reads numbers with spaces around them and decimals, and nothing else', () => {
    expect(readRateLimit({ 'x-ratelimit-remaining': ' 7 ', 'x-ratelimit-reset': '1.25' }, NOW)).toStrictEqual({
      remaining: 7,
      resetMs: 1250
    })
    expect(readRateLimit({ 'x-ratelimit-remaining': '7abc' }, NOW)).toBeUndefined()
    expect(readRateLimit({ 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1.' }, NOW)).toStrictEqual({ remaining: 7 })
    expect(readRateLimit({ 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1.5s' }, NOW)).toStrictEqual({ remaining: 7 })
  })
  test.prop([
    fc.dictionary(
      fc.constantFrom(
        'ratelimit',
        'ratelimit-policy',
        'ratelimit-remaining',
        'ratelimit-limit',
        'ratelimit-reset',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'x-ratelimit-limit'
      ),
      fc.string()
    )
  ])('never throws, and gives only finite, non-negative numbers', (headers) => {
    const info = readRateLimit(headers, NOW)
    for (const value of Object.values(info ?? {})) expect(Number.isFinite(value) && value >= 0).toBe(true)
  })
})

describe('parseItems', () => {
  it('skips members that are not items, and parameters that are not numbers', () => {
    expect(parseItems('"a";r=1;x=y, 12, ;r=3, b;w=2')).toEqual([
      { name: 'a', params: new Map([['r', 1]]) },
      { name: 'b', params: new Map([['w', 2]]) }
    ])
  })
  it('skips names that are only partly a string or a token', () => {
    expect(parseItems('x"a";r=1, "a"x;r=1, 1a;r=1, a"b;r=1, "a\\"b";r=1')).toEqual([])
  })
  it('reads parameters with spaces around them and names of several characters, and skips other names', () => {
    expect(parseItems('a; r = 5 ;ab_1-c=2;R=3;1r=4;r!=5;=6')).toEqual([
      {
        name: 'a',
        params: new Map([
          ['r', 5],
          ['ab_1-c', 2]
        ])
      }
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
  it('takes a value of exactly 1e9 for seconds to wait, and 1e12 for Unix seconds', () => {
    expect(resetDelayMs(1e9, NOW)).toBe(1e12)
    expect(resetDelayMs(1e12, NOW)).toBe(1e15 - NOW)
  })
})
