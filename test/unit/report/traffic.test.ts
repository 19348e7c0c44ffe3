import { fc } from '../../support/property.js'
import { describe, expect, it } from 'vitest'
import { type Granularity, readTrafficAnswer, type TrafficPoint, type TrafficReport } from '../../../src/analytics.js'
import type * as Traffic from '../../../src/report/traffic.js'
import { chartSeries, trafficChart, trafficSection } from '../../../src/report/traffic.js'
import { chartWindow } from '../../../src/chart-grid.js'
import { loadAfresh } from '../../support/fresh.js'

const MINUTE = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000

/** A report as readZoneTraffic makes it from `count` buckets of the granularity from `start`, with the given requests. */
function report(
  granularity: Granularity,
  count: number,
  start = '2026-11-21T04:00:00Z',
  requests = (i: number): number => i + 1,
  over: Partial<TrafficReport> = {}
): TrafficReport {
  const step = { minute: MINUTE, hour: HOUR, day: DAY }[granularity]
  const timeseries = Array.from({ length: count }, (_, i) => ({
    timestamp: new Date(Date.parse(start) + i * step).toISOString(),
    requests: requests(i)
  }))
  const read = readTrafficAnswer(
    { data: { totals: { requests: 1234567, bandwidth: 9876543210, cache_hit_rate: 0.8734 }, timeseries } },
    granularity,
    'example.com'
  )
  return {
    zoneId: 'z1',
    zoneName: 'example.com',
    window: '24h',
    granularity,
    since: start,
    until: start,
    // No alignment: the chart chooses its buckets from the points alone.
    chartMs: 0,
    ...read,
    ...over
  }
}
const lineOf = (chart: string, name: string): string =>
  chart
    .split('\n')
    .find((line) => line.startsWith(`  ${name}`))
    ?.trim() ?? ''

describe('trafficChart', () => {
  it('draws 24 hours by hour as 4-hour points from 0, labelled with UTC times, the date where the day changes', () => {
    expect(trafficChart(report('hour', 25))).toBe(
      [
        '```mermaid',
        '---',
        'config:',
        '  xyChart:',
        '    width: 600',
        '    height: 300',
        '    xAxis:',
        '      labelFontSize: 12',
        '  themeVariables:',
        '    xyChart:',
        '      plotColorPalette: "#0969da"',
        '---',
        'xychart-beta',
        '  title "Requests per 4 hours"',
        '  x-axis "UTC, 2026-11-21 to 2026-11-22" ["04:00", "08:00", "12:00", "16:00", "20:00", "11-22", "11-22 04:00"]',
        '  y-axis "Requests" 0 --> 90',
        '  line [10, 26, 42, 58, 74, 90, 25]',
        '```'
      ].join('\n')
    )
  })

  it('labels times within one day with the clock alone, the date in the axis title', () => {
    const chart = trafficChart(report('minute', 90, '2026-11-21T04:17:00Z'))
    expect(lineOf(chart, 'title')).toBe('title "Requests per 10 minutes"')
    expect(lineOf(chart, 'x-axis')).toBe(
      'x-axis "UTC, 2026-11-21" ["04:10", "04:20", "04:30", "04:40", "04:50", "05:00", "05:10", "05:20", "05:30", "05:40"]'
    )
  })

  it('labels days by date, the year in the axis title', () => {
    const chart = trafficChart(report('day', 31, '2026-11-21T00:00:00Z'))
    expect(lineOf(chart, 'title')).toBe('title "Requests per 3 days"')
    expect(lineOf(chart, 'x-axis')).toBe(
      'x-axis "UTC, 2026-11-21 to 2026-12-21" ["11-21", "11-24", "11-27", "11-30", "12-03", "12-06", "12-09", "12-12", "12-15", "12-18", "12-21"]'
    )
    expect(lineOf(trafficChart(report('day', 7, '2026-11-21T00:00:00Z')), 'title')).toBe('title "Requests per day"')
  })

  it('sums a week by hour into days', () => {
    const chart = trafficChart(report('hour', 169, '2026-11-21T04:00:00Z', () => 1))
    expect(lineOf(chart, 'title')).toBe('title "Requests per day"')
    expect(lineOf(chart, 'x-axis')).toBe(
      'x-axis "UTC, 2026-11-21 to 2026-11-28" ["11-21", "11-22", "11-23", "11-24", "11-25", "11-26", "11-27", "11-28"]'
    )
    expect(lineOf(chart, 'line')).toBe('line [20, 24, 24, 24, 24, 24, 24, 5]')
  })

  // 24 hours by hour from 13:37, drawn as 4-hour buckets: the first and last cover 3 hours and 97 minutes of their 4, and
  // were drawn at half height or less, an outage that did not happen.
  const window = { since: '2026-11-21T13:37:00.000Z', until: '2026-11-22T13:37:00.000Z' }
  it('scales the buckets a window not on a bucket boundary covers only in part, and marks them, so that flat traffic draws flat', () => {
    // Over the period asked for: the bucket `since` falls in from 13:37 (23 minutes), the one under way up to now (37 minutes).
    const chart = trafficChart(report('hour', 25, '2026-11-21T13:00:00Z', (i) => (i === 0 ? 23 : i === 24 ? 37 : 60), window))
    expect(lineOf(chart, 'title')).toBe('title "Requests per 4 hours"')
    expect(lineOf(chart, 'x-axis')).toBe(
      'x-axis "UTC, 2026-11-21 to 2026-11-22" ["12:00*", "16:00", "20:00", "11-22", "04:00", "08:00", "11-22 12:00*"]'
    )
    expect(lineOf(chart, 'line')).toBe('line [240, 240, 240, 240, 240, 240, 240]')
    // The note is a paragraph of its own, below the chart's block.
    expect(chart.split('\n').slice(-3, -1)).toEqual(['```', ''])
    expect(chart.split('\n').at(-1)).toBe(
      '\\* Covers only part of its 4 hours: the window runs from 2026-11-21 13:37 to 2026-11-22 13:37 UTC. ' +
        'Its count is scaled to the whole 4 hours, so that a part is not drawn as a drop.'
    )
  })

  it('scales by the time the points cover when the API leaves out the buckets the window holds only in part', () => {
    const chart = trafficChart(report('hour', 23, '2026-11-21T14:00:00Z', () => 60, window))
    expect(lineOf(chart, 'line')).toBe('line [240, 240, 240, 240, 240, 240, 240]')
    // A day by hour from midnight: every bucket whole, nothing marked, no note.
    const whole = trafficChart(
      report('hour', 24, '2026-11-21T00:00:00Z', () => 60, { since: '2026-11-21T00:00:00Z', until: '2026-11-22T00:00:00Z' })
    )
    expect(lineOf(whole, 'line')).toBe(`line [${Array(12).fill(120).join(', ')}]`)
    expect(whole).not.toContain('*')
    expect(whole.split('\n').at(-1)).toBe('```')
  })

  it('scales a day of minutes from 04:17 into whole 4-hour points, and a week by hour from 13:37 into whole days', () => {
    const minutes = trafficChart(
      report('minute', 1440, '2026-11-21T04:17:00Z', () => 10, {
        since: '2026-11-21T04:17:00.000Z',
        until: '2026-11-22T04:17:00.000Z'
      })
    )
    expect(lineOf(minutes, 'title')).toBe('title "Requests per 4 hours"')
    expect(lineOf(minutes, 'line')).toBe(`line [${Array(7).fill(2400).join(', ')}]`)
    const week = trafficChart(
      report('hour', 169, '2026-11-21T13:00:00Z', (i) => (i === 0 ? 23 : i === 168 ? 37 : 60), {
        since: '2026-11-21T13:37:00.000Z',
        until: '2026-11-28T13:37:00.000Z'
      })
    )
    expect(lineOf(week, 'title')).toBe('title "Requests per day"')
    expect(lineOf(week, 'line')).toBe(`line [${Array(8).fill(1440).join(', ')}]`)
  })

  it('draws a point after the window as it came: it covers none of it, so it is neither scaled nor marked', () => {
    // Six hours by hour from midnight, `until` at 03:30: the 03:00 bucket holds half an hour of the window.
    const series = chartSeries(
      report('hour', 6, '2026-11-21T00:00:00Z', () => 60, { since: '2026-11-21T00:00:00.000Z', until: '2026-11-21T03:30:00.000Z' })
    )
    expect(series?.bucketMs).toBe(HOUR)
    expect(series?.points.map((point) => point.requests)).toEqual([60, 60, 60, 120, 60, 60])
    expect(series?.labels).toEqual(['11-21', '01:00', '02:00', '03:00*', '04:00', '05:00'])
    expect(series?.partial).toBe(true)
  })

  it("draws a window aligned to the chart's bucket in that bucket: the first point whole, the last, which ends now, scaled and marked", () => {
    const now = Date.parse('2026-11-22T13:37:00Z')
    const window = chartWindow(DAY, HOUR, now)
    // Flat traffic of 100 an hour, counted over whole hours from since (no hour is cut there), the hour under way to now.
    const points: TrafficPoint[] = []
    for (let time = window.since; time < now; time += HOUR)
      points.push({ time, requests: (100 * (Math.min(time + HOUR, now) - time)) / HOUR })
    const read = { points, bucketMs: HOUR, since: new Date(window.since).toISOString(), until: new Date(now).toISOString() }
    const series = chartSeries({ ...read, chartMs: window.chartMs })
    expect(series?.bucketMs).toBe(4 * HOUR)
    expect(series?.labels).toEqual(['12:00', '16:00', '20:00', '11-22', '04:00', '08:00', '11-22 12:00*'])
    for (const point of series?.points ?? []) expect(point.requests).toBeCloseTo(400, 6)
    // The bucket it was aligned to, also where the points alone would fit a shorter one that does not divide it: 30 days
    // from a start on a 7-day bucket fit ten 3-day ones, the first of them cut.
    const week = Math.floor(Date.parse('2026-10-01T00:00:00Z') / (7 * DAY)) * 7 * DAY
    const days = {
      points: Array.from({ length: 30 }, (_, i) => ({ time: week + i * DAY, requests: 10 })),
      bucketMs: DAY,
      since: new Date(week).toISOString(),
      until: new Date(week + 30 * DAY).toISOString()
    }
    expect(chartSeries(days)?.bucketMs).toBe(3 * DAY)
    expect(chartSeries({ ...days, chartMs: 7 * DAY })?.bucketMs).toBe(7 * DAY)
    expect(chartSeries({ ...days, chartMs: 7 * DAY })?.labels[0]).not.toContain('*')
    // A bucket it cannot use is passed over.
    for (const chartMs of [0, -7 * DAY, 36 * HOUR, 7.5 * DAY, Number.NaN]) expect(chartSeries({ ...days, chartMs })?.bucketMs).toBe(3 * DAY)
  })

  it('keeps few enough points that their labels stand clear of each other', () => {
    // Nine 3-hour points would fit the count, but not with "11-22 03:00" among them.
    const series = chartSeries(report('hour', 25))
    expect(series?.bucketMs).toBe(4 * HOUR)
    // Twelve short labels fit.
    expect(chartSeries(report('hour', 12, '2026-11-21T00:00:00Z'))?.points).toHaveLength(12)
    expect(chartSeries(report('hour', 13, '2026-11-21T00:00:00Z'))?.bucketMs).toBe(2 * HOUR)
  })

  it("sums only into round lengths that are multiples of the report's buckets", () => {
    // 30 buckets of 2 minutes: 5-minute buckets would fit 12 points, but would split the 2-minute ones.
    const points: TrafficPoint[] = Array.from({ length: 30 }, (_, i) => ({
      time: Date.parse('2026-11-21T04:00:00Z') + i * 2 * MINUTE,
      requests: 1
    }))
    const series = chartSeries({ points, bucketMs: 2 * MINUTE })
    expect(series?.bucketMs).toBe(10 * MINUTE)
    expect(series?.points.map((point) => point.requests)).toEqual([5, 5, 5, 5, 5, 5])
  })

  it('rounds the y-axis top up to two significant digits, and draws whole numbers', () => {
    expect(lineOf(trafficChart(report('hour', 1, undefined, () => 6953)), 'y-axis')).toBe('y-axis "Requests" 0 --> 7000')
    expect(lineOf(trafficChart(report('hour', 1, undefined, () => 7000)), 'y-axis')).toBe('y-axis "Requests" 0 --> 7000')
    expect(lineOf(trafficChart(report('hour', 1, undefined, () => 11)), 'y-axis')).toBe('y-axis "Requests" 0 --> 11')
    expect(lineOf(trafficChart(report('hour', 1, undefined, () => 9.2)), 'y-axis')).toBe('y-axis "Requests" 0 --> 10')
    expect(lineOf(trafficChart(report('hour', 1, undefined, () => 0)), 'y-axis')).toBe('y-axis "Requests" 0 --> 1')
    const huge = trafficChart({
      points: [
        { time: 0, requests: Number.MAX_SAFE_INTEGER },
        { time: 1, requests: Number.MAX_SAFE_INTEGER }
      ],
      bucketMs: DAY
    })
    expect(lineOf(huge, 'y-axis')).toBe('y-axis "Requests" 0 --> 19000000000000000')
    expect(lineOf(huge, 'line')).toBe('line [18014398509481982]')
    expect(lineOf(trafficChart({ points: [{ time: 0, requests: 2.5 }], bucketMs: DAY }), 'line')).toBe('line [3]')
  })

  it('adds the date, then the year, to a label that would repeat', () => {
    // Two years apart, by day: "11-21" twice.
    const points: TrafficPoint[] = [
      { time: Date.parse('2025-11-21T00:00:00Z'), requests: 1 },
      { time: Date.parse('2026-11-21T00:00:00Z'), requests: 2 }
    ]
    expect(chartSeries({ points, bucketMs: DAY })?.labels).toEqual(['11-21', '2026-11-21'])
    // By hour, the same time of day on the same date of two years.
    const hours: TrafficPoint[] = [
      { time: Date.parse('2025-11-21T04:00:00Z'), requests: 1 },
      { time: Date.parse('2026-11-21T04:00:00Z'), requests: 2 }
    ]
    expect(chartSeries({ points: hours, bucketMs: MINUTE })?.labels).toEqual(['04:00', '11-21 04:00'])
    const three = [...hours, { time: Date.parse('2027-11-21T04:00:00Z'), requests: 3 }]
    expect(chartSeries({ points: three, bucketMs: MINUTE })?.labels).toEqual(['04:00', '11-21 04:00', '2027-11-21 04:00'])
  })

  it('falls back to the full time when every shorter label is taken', () => {
    const points: TrafficPoint[] = [
      { time: Date.parse('2026-11-21T04:00:00Z'), requests: 1 },
      { time: Date.parse('2026-11-21T04:00:01Z'), requests: 2 },
      { time: Date.parse('2026-11-21T04:00:02Z'), requests: 3 },
      { time: Date.parse('2026-11-21T04:00:03Z'), requests: 4 }
    ]
    expect(chartSeries({ points: points.slice(0, 1), bucketMs: 1000 })?.labels).toEqual(['04:00'])
    // Too long to stand side by side: summed into a minute instead.
    expect(chartSeries({ points, bucketMs: 1000 })).toEqual({
      points: [{ time: points[0]?.time, requests: 10 }],
      labels: ['04:00'],
      bucketMs: MINUTE,
      partial: false
    })
    expect(lineOf(trafficChart({ points: points.slice(0, 1), bucketMs: 1000 }), 'title')).toBe('title "Requests per second"')
    expect(lineOf(trafficChart({ points: points.slice(0, 1), bucketMs: 7 }), 'title')).toBe('title "Requests per 7 milliseconds"')
  })

  it('sums points decades apart into as many buckets as fit', () => {
    const points: TrafficPoint[] = Array.from({ length: 40 }, (_, i) => ({ time: Date.UTC(1990 + i, 0, 1), requests: 1 }))
    const series = chartSeries({ points, bucketMs: DAY })
    expect(series?.bucketMs).toBe(Math.ceil((Date.UTC(2029, 0, 1) - Date.UTC(1990, 0, 1)) / 11 / DAY) * DAY)
    expect(series?.points.length).toBeLessThanOrEqual(12)
    expect(series?.points.reduce((sum, point) => sum + point.requests, 0)).toBe(40)
  })

  it('leaves out points it cannot draw, and draws nothing when none is left', () => {
    const good = { time: Date.parse('2026-11-21T04:00:00Z'), requests: 5 }
    const bad = [
      { time: NaN, requests: 1 },
      { time: Infinity, requests: 1 },
      { time: -1, requests: 1 },
      { time: Date.UTC(10_000, 0, 1), requests: 1 },
      { time: good.time, requests: NaN },
      { time: good.time, requests: -1 },
      { time: good.time, requests: Infinity },
      { time: good.time, requests: Number.MAX_SAFE_INTEGER + 2 }
    ]
    expect(chartSeries({ points: [...bad, good], bucketMs: HOUR })?.points).toEqual([good])
    expect(
      chartSeries({
        points: [
          { time: Date.UTC(9999, 11, 31, 23, 59, 59, 999), requests: 0 },
          { time: 0, requests: 0 }
        ],
        bucketMs: DAY
      })?.points
    ).toHaveLength(2)
    expect(trafficChart({ points: bad, bucketMs: HOUR })).toBe('')
    expect(trafficChart({ points: [], bucketMs: HOUR })).toBe('')
  })

  it('takes a bucket length it cannot use as a millisecond', () => {
    for (const bucketMs of [0, -HOUR, NaN, 1.5, Infinity]) {
      expect(chartSeries({ points: [{ time: 5, requests: 1 }], bucketMs })?.bucketMs).toBe(1)
    }
  })

  it('gives a chart for any points: whole, finite numbers, at most 12 distinct labels', () => {
    const time = fc.oneof(
      fc.double(),
      fc.integer({ min: 0, max: Date.UTC(9999, 11, 31) }),
      fc.date({ min: new Date('2026-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }).map((date) => date.getTime())
    )
    const requests = fc.oneof(fc.double(), fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER))
    const bucketMs = fc.oneof(fc.constantFrom(MINUTE, 2 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR, DAY), fc.double(), fc.integer())
    fc.assert(
      fc.property(fc.array(fc.record({ time, requests }), { maxLength: 300 }), bucketMs, (points, ms) => {
        const chart = trafficChart({ points, bucketMs: ms })
        expect(typeof chart).toBe('string')
        if (chart === '') return
        const numbers = [...lineOf(chart, 'line').slice('line ['.length, -1).split(', '), lineOf(chart, 'y-axis').split(' --> ')[1] ?? '']
        for (const number of numbers) {
          expect(number).toMatch(/^\d+$/)
          expect(Number.isFinite(Number(number))).toBe(true)
        }
        const labels = [...lineOf(chart, 'x-axis').matchAll(/"([^"]*)"/g)].slice(1).map((match) => match[1])
        expect(labels.length).toBeGreaterThan(0)
        expect(labels.length).toBeLessThanOrEqual(12)
        expect(new Set(labels).size).toBe(labels.length)
        expect(labels.length).toBe(numbers.length - 1)
      })
    )
  })
})

describe('trafficSection', () => {
  it('shows totals with separators, the bandwidth as reported, the hit rate as a percentage, and the chart', () => {
    const read = report('hour', 3, undefined, undefined, { until: '2026-11-21T07:00:00Z', chartMs: HOUR })
    const section = trafficSection(read)
    expect(section.slice(0, 10)).toEqual([
      '### Traffic: example.com, last 24h (by hour)',
      '',
      "Window: 2026-11-21 04:00 to 2026-11-21 07:00 UTC: the last 24h, from the start of the chart's first bucket (1 hour).",
      '',
      '| Traffic | Total |',
      '|---|---|',
      '| Requests | 1,234,567 |',
      '| Bandwidth (as reported) | 9,876,543,210 |',
      '| Cache hit rate | 87.3 % |',
      ''
    ])
    expect(section.slice(10)).toEqual([trafficChart(read), ''])
  })

  it('states the window it shows, and the chart bucket it starts on, when it can read them', () => {
    const line = (over: Partial<TrafficReport>): string | undefined =>
      trafficSection(report('hour', 0, undefined, undefined, over)).find((text) => text.startsWith('Window: '))
    expect(line({ since: '2026-11-20T12:00:00Z', until: '2026-11-21T13:37:42Z', chartMs: 4 * HOUR, window: '[24h]' })).toBe(
      "Window: 2026-11-20 12:00 to 2026-11-21 13:37 UTC: the last &#91;24h&#93;, from the start of the chart's first bucket (4 hours)."
    )
    expect(line({ chartMs: 10 * MINUTE })).toMatch(/first bucket \(10 minutes\)\.$/)
    expect(line({ chartMs: 14 * DAY })).toMatch(/first bucket \(14 days\)\.$/)
    // No bucket it can name: the window alone.
    for (const chartMs of [0, -HOUR, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(line({ chartMs })).toBe('Window: 2026-11-21 04:00 to 2026-11-21 04:00 UTC: the last 24h.')
    // Ends it cannot read: no line.
    expect(line({ since: '' })).toBeUndefined()
    expect(line({ until: 'now' })).toBeUndefined()
  })

  it('leaves the chart out when there are no points', () => {
    expect(trafficSection(report('hour', 0))).toHaveLength(10)
  })

  it('says when the traffic could not be read, and still draws what could be', () => {
    const failed = report('hour', 0, undefined, undefined, { totals: undefined, error: 'GET … failed: HTTP 500' })
    expect(trafficSection(failed)).toEqual([
      '### Traffic: example.com, last 24h (by hour)',
      '',
      'Window: 2026-11-21 04:00 to 2026-11-21 04:00 UTC: the last 24h.',
      '',
      '> [!WARNING]',
      '> The traffic could not be read: GET … failed: HTTP 500. The purge went ahead regardless.',
      ''
    ])
    const partial = report('hour', 3, undefined, undefined, { totals: undefined, error: undefined })
    expect(trafficSection(partial)).toEqual([
      '### Traffic: example.com, last 24h (by hour)',
      '',
      'Window: 2026-11-21 04:00 to 2026-11-21 04:00 UTC: the last 24h.',
      '',
      '> [!WARNING]',
      '> The traffic could not be read: unknown error. The purge went ahead regardless.',
      '',
      trafficChart(partial),
      ''
    ])
  })

  it('escapes the zone name, the window and the error, and names a zone without a name by id', () => {
    const evil = report('hour', 1, undefined, undefined, {
      zoneName: '<img src=x>|*a*',
      window: '[24h](x)',
      totals: undefined,
      error: 'bad `code` <b>'
    })
    const text = trafficSection(evil).join('\n')
    expect(text).toContain('### Traffic: &lt;img src=x&gt;&#124;&#42;a&#42;, last &#91;24h&#93;&#40;x&#41; (by hour)')
    expect(text).toContain('could not be read: bad &#96;code&#96; &lt;b&gt;.')
    expect(trafficSection(report('hour', 0, undefined, undefined, { zoneName: undefined }))[0]).toBe('### Traffic: z1, last 24h (by hour)')
  })

  it('never throws, whatever the report holds', () => {
    const amount = fc.oneof(fc.double(), fc.nat())
    fc.assert(
      fc.property(
        fc.record({
          zoneId: fc.string(),
          zoneName: fc.option(fc.string(), { nil: undefined }),
          window: fc.string(),
          granularity: fc.constantFrom<Granularity>('minute', 'hour', 'day'),
          since: fc.oneof(
            fc.string(),
            fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
          ),
          until: fc.oneof(
            fc.string(),
            fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
          ),
          chartMs: fc.oneof(fc.double(), fc.nat(), fc.constantFrom(MINUTE, 4 * HOUR, DAY)),
          totals: fc.option(fc.record({ requests: amount, bandwidth: amount, cache_hit_rate: amount }), { nil: undefined }),
          points: fc.array(fc.record({ time: fc.double(), requests: fc.double() }), { maxLength: 20 }),
          bucketMs: fc.double(),
          error: fc.option(fc.string(), { nil: undefined }),
          warnings: fc.array(fc.string())
        }),
        (given) => {
          expect(trafficSection(given).length).toBeGreaterThan(0)
        }
      )
    )
  })
})

// The module is loaded afresh within each test, as a run loads the report (src/phases/report.ts imports it only when it
// reports): the test then checks, and covers, its table of units and its number and time formats (test/support/fresh.ts).
describe('the module as a run loads it', () => {
  it('names each bucket length in the longest unit it is a whole number of, one in the singular', async () => {
    const { trafficChart: chart } = await loadAfresh<typeof Traffic>('/src/report/traffic.js')
    const title = (bucketMs: number): string => lineOf(chart({ points: [{ time: 0, requests: 1 }], bucketMs }), 'title')
    expect(title(DAY)).toBe('title "Requests per day"')
    expect(title(3 * DAY)).toBe('title "Requests per 3 days"')
    expect(title(HOUR)).toBe('title "Requests per hour"')
    expect(title(4 * HOUR)).toBe('title "Requests per 4 hours"')
    expect(title(MINUTE)).toBe('title "Requests per minute"')
    expect(title(90 * MINUTE)).toBe('title "Requests per 90 minutes"')
    expect(title(1000)).toBe('title "Requests per second"')
    expect(title(1500)).toBe('title "Requests per 1500 milliseconds"')
    expect(title(1)).toBe('title "Requests per millisecond"')
  })

  it('draws whole numbers, and dates the note on a scaled point to the minute', async () => {
    const { trafficChart: chart } = await loadAfresh<typeof Traffic>('/src/report/traffic.js')
    const drawn = chart({ points: [{ time: 0, requests: 2.5 }], bucketMs: DAY })
    expect(lineOf(drawn, 'line')).toBe('line [3]')
    expect(lineOf(drawn, 'y-axis')).toBe('y-axis "Requests" 0 --> 3')
    const scaled = chart(
      report('hour', 3, '2026-11-21T13:00:00Z', () => 60, { since: '2026-11-21T13:37:00.000Z', until: '2026-11-21T15:20:59.999Z' })
    )
    expect(lineOf(scaled, 'line')).toBe('line [157, 60, 171]')
    expect(scaled.split('\n').at(-1)).toBe(
      '\\* Covers only part of its hour: the window runs from 2026-11-21 13:37 to 2026-11-21 15:20 UTC. ' +
        'Its count is scaled to the whole hour, so that a part is not drawn as a drop.'
    )
  })
})
