import { describe, expect, it } from 'vitest'
import { backoffDelay, parseRetryAfter, RETRYABLE_STATUSES } from '../../../src/http/retry.js'

const now = Date.parse('2026-11-22T10:00:00Z')

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('7', now)).toBe(7000)
    expect(parseRetryAfter('0', now)).toBe(0)
  })
  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0)
  })
  it('caps the wait at 120 seconds', () => {
    expect(parseRetryAfter('3600', now)).toBe(120_000)
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:00 GMT', now)).toBe(120_000)
  })
  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
    expect(parseRetryAfter('', now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter('5x', now)).toBeUndefined()
    expect(parseRetryAfter('Sun, whenever', now)).toBeUndefined()
    // Date.parse would read this one; an HTTP date starts with the day's name.
    expect(parseRetryAfter('x Sun, 22 Nov 2026 10:00:05 GMT', now)).toBeUndefined()
  })
  it('ignores whitespace around the value', () => {
    expect(parseRetryAfter(' 7 ', now)).toBe(7000)
  })
})

describe('backoffDelay', () => {
  it('grows exponentially from 1 s under full jitter', () => {
    const top = (): number => 0.999999
    expect(backoffDelay(1, top)).toBe(999)
    expect(backoffDelay(2, top)).toBe(1999)
    expect(backoffDelay(4, top)).toBe(7999)
  })
  it('is capped at 30 s', () => {
    expect(backoffDelay(10, () => 0.999999)).toBe(29_999)
  })
  it('can be zero (full jitter)', () => {
    expect(backoffDelay(3, () => 0)).toBe(0)
  })
  it('spreads over the whole window', () => {
    expect(backoffDelay(3, () => 0.5)).toBe(2000)
  })
})

describe('RETRYABLE_STATUSES', () => {
  it('holds exactly the statuses worth a retry', () => {
    expect([...RETRYABLE_STATUSES].sort()).toEqual([408, 429, 500, 502, 503, 504])
  })
})
