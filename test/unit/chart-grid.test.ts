import { describe, expect, it } from 'vitest'
import type * as ChartGrid from '../../src/chart-grid.js'
import { bucketLength, chartLabels, chartLengths, chartWindow, fits, MAX_CHART_POINTS, ROUND_BUCKETS_MS } from '../../src/chart-grid.js'
import { loadAfresh } from '../support/fresh.js'
import { fc } from '../support/property.js'

const MINUTE = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000
const START = Date.parse('2026-11-21T04:00:00Z')
/** The round lengths, in minutes. */
const ROUND_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1440, 2880, 4320, 10_080, 20_160, 40_320, 131_040, 524_160]
const at = (iso: string): number => Date.parse(iso)
const iso = (ms: number): string => new Date(ms).toISOString()

describe('bucketLength', () => {
  it('offers round lengths from a minute to a year', () => {
    expect(ROUND_BUCKETS_MS.map((ms) => ms / MINUTE)).toEqual(ROUND_MINUTES)
  })

  it('picks the shortest round length, a multiple of the base, that leaves at most `max` buckets', () => {
    expect(bucketLength(START, START + 59 * MINUTE, MINUTE, 60)).toBe(MINUTE)
    expect(bucketLength(START, START + 60 * MINUTE, MINUTE, 60)).toBe(2 * MINUTE)
    expect(bucketLength(START, START + 1439 * MINUTE, MINUTE, 60)).toBe(30 * MINUTE)
    expect(bucketLength(START, START + 24 * HOUR, HOUR, 12)).toBe(3 * HOUR)
    // 5 and 15 minutes are not multiples of 2 minutes.
    expect(bucketLength(START, START + 90 * MINUTE, 2 * MINUTE, 12)).toBe(10 * MINUTE)
    expect(bucketLength(START, START, DAY, 1)).toBe(DAY)
  })

  it('picks only lengths that divide the chart bucket, when one is given, so that the chart can sum them', () => {
    // Two hours of minutes: 2-minute buckets fit 60, but do not divide a chart of 15-minute buckets; 5 minutes do.
    expect(bucketLength(START, START + 119 * MINUTE, MINUTE, 60)).toBe(2 * MINUTE)
    expect(bucketLength(START, START + 119 * MINUTE, MINUTE, 60, 15 * MINUTE)).toBe(5 * MINUTE)
    expect(bucketLength(START, START + 119 * MINUTE, MINUTE, 60, 4 * HOUR)).toBe(2 * MINUTE)
  })

  it('counts buckets as they fall on the clock, not by the span alone', () => {
    // 03:59 to 04:00 spans a minute but touches two hours, and two 2-hour buckets.
    expect(bucketLength(Date.parse('2026-11-21T03:59:00Z'), Date.parse('2026-11-21T04:00:00Z'), HOUR, 1)).toBe(3 * HOUR)
  })

  it('falls back to a plain multiple of the base when no round length is long enough', () => {
    const first = Date.parse('1990-01-01T00:00:00Z')
    const last = Date.parse('2026-01-01T00:00:00Z')
    const ms = bucketLength(first, last, DAY, 12)
    expect(ms % DAY).toBe(0)
    expect(Math.floor(last / ms) - Math.floor(first / ms) + 1).toBeLessThanOrEqual(12)
    expect(ms).toBe(Math.ceil((last - first) / 11 / DAY) * DAY)
    // No round length is a multiple of 11 minutes.
    expect(bucketLength(0, 0, 11 * MINUTE, 12)).toBe(11 * MINUTE)
    expect(bucketLength(0, 110 * MINUTE, 11 * MINUTE, 2)).toBe(110 * MINUTE)
    expect(bucketLength(0, 0, 7 * MINUTE, 12)).toBe(7 * DAY)
  })
})

describe('fits and chartLabels', () => {
  it('counts labels exactly one character apart as standing clear', () => {
    // Two labels spread over 72 characters: the second ends the row, so they stand 72 - 47 = 25 apart, centre to
    // centre, which is half of each (24) and one character between.
    expect(fits(['x', 'y'.repeat(47)])).toBe(true)
    expect(fits(['xx', 'y'.repeat(47)])).toBe(false)
    expect(fits(['x', 'y'.repeat(48)])).toBe(false)
    expect(fits(['x'])).toBe(true)
  })

  it('falls back to the full time when every shorter label is taken', () => {
    const points = [0, 1, 2, 3].map((second) => ({ time: at('2026-11-21T04:00:00Z') + second * 1000 }))
    expect(chartLabels(points, 1000)).toEqual(['04:00', '11-21 04:00', '2026-11-21 04:00', '2026-11-21T04:00:03.000Z'])
    expect(chartLabels(points.slice(0, 2), DAY)).toEqual(['11-21', '2026-11-21'])
    expect(chartLabels([{ time: at('2026-11-22T00:00:00Z') }, { time: at('2026-11-22T04:00:00Z') }], HOUR)).toEqual(['11-22', '04:00'])
  })

  it('offers the base length, then the round lengths that are multiples of it', () => {
    expect(chartLengths(HOUR).slice(0, 4)).toEqual([HOUR, HOUR, 2 * HOUR, 3 * HOUR])
    expect(chartLengths(DAY)).toEqual([DAY, DAY, 2 * DAY, 3 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY, 364 * DAY])
    expect(chartLengths(7 * MINUTE)).toEqual([7 * MINUTE, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY, 364 * DAY])
  })
})

describe('chartWindow', () => {
  const window = (windowMs: number, baseMs: number, now: string): { since: string; until: string; chartMs: number } => {
    const found = chartWindow(windowMs, baseMs, at(now))
    return { since: iso(found.since), until: iso(found.until), chartMs: found.chartMs }
  }

  it('starts 24h by hour at 13:37 where the chart of 4-hour buckets does: 12:00 the day before, so its first bucket is whole', () => {
    // 3-hour buckets would give nine points with "11-22 12:00*" among them, too long to stand clear.
    expect(window(DAY, HOUR, '2026-11-22T13:37:00Z')).toEqual({
      since: '2026-11-21T12:00:00.000Z',
      until: '2026-11-22T13:37:00.000Z',
      chartMs: 4 * HOUR
    })
  })

  it('asks for the window as given when it already starts on a bucket, and ends now on one (no marked point)', () => {
    // Twelve 2-hour buckets from 12:00, none cut: their twelve short labels fit.
    expect(window(DAY, HOUR, '2026-11-22T12:00:00Z')).toEqual({
      since: '2026-11-21T12:00:00.000Z',
      until: '2026-11-22T12:00:00.000Z',
      chartMs: 2 * HOUR
    })
  })

  it('counts the mark of a last bucket that now cuts among the labels that must stand clear', () => {
    // 22h by hour at 12:30: twelve 2-hour buckets from 14:00, the last "12:00*", one character too many for twelve labels.
    expect(window(22 * HOUR, HOUR, '2026-11-22T12:30:00Z').chartMs).toBe(4 * HOUR)
    // At 12:00 the last bucket is whole: eleven unmarked labels fit.
    expect(window(22 * HOUR, HOUR, '2026-11-22T12:00:00Z')).toEqual({
      since: '2026-11-21T14:00:00.000Z',
      until: '2026-11-22T12:00:00.000Z',
      chartMs: 2 * HOUR
    })
  })

  it('aligns minutes and days the same way', () => {
    expect(window(90 * MINUTE, MINUTE, '2026-11-22T04:17:30Z')).toEqual({
      since: '2026-11-22T02:40:00.000Z',
      until: '2026-11-22T04:17:30.000Z',
      chartMs: 10 * MINUTE
    })
    const month = chartWindow(30 * DAY, DAY, at('2026-11-22T04:17:00Z'))
    expect(month.chartMs % DAY).toBe(0)
    expect(month.since % month.chartMs).toBe(0)
    expect(month.since).toBeLessThanOrEqual(at('2026-10-23T04:17:00Z'))
    expect(month.since).toBeGreaterThan(at('2026-10-23T04:17:00Z') - month.chartMs)
  })

  it('takes a plain multiple of the granularity for a window no round length charts', () => {
    // Twenty years by day: even 364-day buckets give more than twelve.
    const now = at('2026-11-22T04:17:00Z')
    const found = chartWindow(20 * 365 * DAY, DAY, now)
    expect(found.chartMs % DAY).toBe(0)
    expect(found.chartMs).toBeGreaterThan(364 * DAY)
    expect(found.since % found.chartMs).toBe(0)
    expect(Math.ceil((now - found.since) / found.chartMs)).toBeLessThanOrEqual(MAX_CHART_POINTS)
  })

  it('for any window and time: starts on a bucket of the chart, at most one bucket early, with at most 12 buckets to now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 * 24 * 60 }),
        fc.constantFrom(MINUTE, HOUR, DAY),
        fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') }),
        (minutes, baseMs, now) => {
          const windowMs = minutes * MINUTE
          const found = chartWindow(windowMs, baseMs, now)
          expect(found.until).toBe(now)
          expect(found.chartMs % baseMs).toBe(0)
          expect(found.since % found.chartMs).toBe(0)
          expect(found.since).toBeLessThanOrEqual(now - windowMs)
          expect(found.since).toBeGreaterThan(now - windowMs - found.chartMs)
          expect(Math.ceil((now - found.since) / found.chartMs)).toBeLessThanOrEqual(MAX_CHART_POINTS)
        }
      )
    )
  })
})

// The module is loaded afresh within the test, which then covers what it makes as it loads: the most points and the
// row of label characters (test/support/fresh.ts).
describe('the module as it loads', () => {
  it('makes its lengths and limits: round lengths from a minute to a year, twelve points at most, labels within 72 characters', async () => {
    const loaded = await loadAfresh<typeof ChartGrid>('/src/chart-grid.js')
    expect(loaded.MAX_CHART_POINTS).toBe(12)
    expect(loaded.ROUND_BUCKETS_MS.map((ms) => ms / MINUTE)).toEqual(ROUND_MINUTES)
    expect(loaded.fits(['x', 'y'.repeat(47)])).toBe(true)
    expect(loaded.fits(['x', 'y'.repeat(48)])).toBe(false)
    expect(loaded.chartLabels([{ time: 0 }, { time: 86_400_000 }], 86_400_000)).toEqual(['01-01', '01-02'])
    expect(loaded.chartWindow(DAY, HOUR, Date.parse('2026-11-22T13:37:00Z')).chartMs).toBe(4 * 3_600_000)
  })
})
