import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { parseAnalytics } from '../../../src/inputs/analytics.js'
import { GUARD, mebibyteOf } from '../../support/hostile.js'
import { inputError } from '../../support/inputs.js'

describe('parseAnalytics', () => {
  it('reads up to 90 days, in any unit, and the granularity given', () => {
    expect(parseAnalytics('90d', '')).toEqual({ window: '90d', windowMs: 90 * 86_400_000, granularity: 'day' })
    expect(parseAnalytics('2160h', 'hour')).toEqual({ window: '2160h', windowMs: 90 * 86_400_000, granularity: 'hour' })
    expect(parseAnalytics('24h', 'hour')).toEqual({ window: '24h', windowMs: 86_400_000, granularity: 'hour' })
    expect(parseAnalytics('7D', 'minute')?.granularity).toBe('minute')
    expect(() => parseAnalytics('2161h', '')).toThrow(
      new InputError(
        'analytics',
        'Input "analytics" must be a window such as 90m, 24h or 7d (minutes, hours or days, up to 90d); got "2161h".'
      )
    )
    expect(() => parseAnalytics('129601m', '')).toThrow(/Input "analytics" must be a window/)
  })
  it('reads a window and chooses the granularity from it', () => {
    expect(parseAnalytics('90m', '')).toEqual({ window: '90m', windowMs: 5_400_000, granularity: 'minute' })
    expect(parseAnalytics('6h', '')?.granularity).toBe('minute')
    expect(parseAnalytics('7h', '')?.granularity).toBe('hour')
    expect(parseAnalytics('7d', '')?.granularity).toBe('hour')
    expect(parseAnalytics('8d', '')?.granularity).toBe('day')
    expect(parseAnalytics('24h', 'day')).toEqual({ window: '24h', windowMs: 86_400_000, granularity: 'day' })
    expect(parseAnalytics('', '')).toBeUndefined()
  })
  it.each([['1w'], ['0h'], ['91d'], ['24'], ['h']])('refuses the window %s', (window) => {
    expect(() => parseAnalytics(window, '')).toThrow(/Input "analytics" must be a window such as 90m, 24h or 7d/)
  })
  it('refuses another granularity, or one without a window', () => {
    expect(() => parseAnalytics('24h', 'week')).toThrow('Input "analytics-granularity" must be minute, hour or day')
    expect(() => parseAnalytics('', 'hour')).toThrow('Input "analytics-granularity" needs "analytics"')
  })
})

describe('parseAnalytics, at its edges', () => {
  it.each(['x24h', '24hx', '24xh', '24 h'])('parseAnalytics reads the window %j whole', (window) => {
    if (window === '24 h') expect(parseAnalytics(window, '')?.windowMs).toBe(86_400_000)
    else expect(() => parseAnalytics(window, '')).toThrow(/^Input "analytics" must be a window/)
  })
})

describe('parseAnalytics, on a mebibyte of its own separators', () => {
  it.each(['1', '1 ', ' '])('gets through %j', GUARD, (piece) => {
    const value = `${mebibyteOf(piece)}x`
    expect(() => parseAnalytics(value, '')).toThrow(InputError)
  })
})

describe('the input each analytics error names, as data', () => {
  it.each([
    ['', 'hour', 'analytics-granularity'],
    ['24h', 'week', 'analytics-granularity'],
    ['1w', '', 'analytics']
  ])('parseAnalytics(%j, %j) names %s', (window, granularity, input) => {
    const error = inputError(() => parseAnalytics(window, granularity))
    expect(error.input).toBe(input)
    expect(error.message.startsWith(`Input "${input}"`)).toBe(true)
  })
})
