import { describe, expect, it, vi } from 'vitest'
import type * as Analytics from '../../src/analytics.js'
import {
  GRANULARITY_MS,
  MAX_POINTS,
  readAllTraffic,
  readZoneTraffic,
  readTrafficAnswer,
  sumBuckets,
  type TrafficClient
} from '../../src/analytics.js'
import type { ApiResponse, Method, RequestOptions } from '../../src/http/client.js'
import { ApiError } from '../../src/http/errors.js'
import { loadAfresh } from '../support/fresh.js'
import { hostileLength } from '../support/hostile.js'

const MINUTE = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000
const START = Date.parse('2026-11-21T04:00:00Z')

/** `count` buckets of `stepMs` from START, with 1, 2, 3… requests. */
const timeseries = (count: number, stepMs: number): { timestamp: string; requests: number; bandwidth: number }[] =>
  Array.from({ length: count }, (_, i) => ({
    timestamp: new Date(START + i * stepMs).toISOString(),
    requests: i + 1,
    bandwidth: 2048 * (i + 1)
  }))
const totals = { requests: 1234, bandwidth: 5678, cache_hit_rate: 0.5 }
const answer = (data: Record<string, unknown>): unknown => ({ success: true, data: { totals, timeseries: timeseries(3, HOUR), ...data } })

/** Timestamps in each form the API may give, one an hour from START, with 1, 2, 3, 4 requests. */
const READABLE = [
  { timestamp: '2026-11-21T05:00:00+01:00', requests: 1 },
  { timestamp: '2026-11-21t05:00z', requests: 2 },
  { timestamp: '2026-11-21T06:00:00.123456789Z', requests: 3 },
  { timestamp: '2026-11-21T07:00', requests: 4 }
]
const READ = [
  { time: START, requests: 1 },
  { time: START + HOUR, requests: 2 },
  { time: START + 2 * HOUR, requests: 3 },
  { time: START + 3 * HOUR, requests: 4 }
]

/** Buckets whose timestamp or request count cannot be read. */
const UNREADABLE: unknown[] = [
  null,
  7,
  'bucket',
  [{ timestamp: '2026-11-21T04:00:00Z', requests: 5 }],
  { requests: 5 },
  { timestamp: 'yesterday', requests: 5 },
  { timestamp: '', requests: 5 },
  { timestamp: 1795233600000, requests: 5 },
  { timestamp: null, requests: 5 },
  { timestamp: '2026-11-21', requests: 5 },
  { timestamp: '2026-13-01T00:00:00Z', requests: 5 },
  { timestamp: '1969-12-31T23:59:59Z', requests: 5 },
  { timestamp: ' 2026-11-21T04:00:00Z', requests: 5 },
  // An expanded year, which Date.parse reads.
  { timestamp: '+002026-11-21T04:00:00Z', requests: 5 },
  { timestamp: '2026-11-21T04:00:00Z trailing', requests: 5 },
  { timestamp: '2026-11-21T04:00:00+0100', requests: 5 },
  { timestamp: '2026-11-21T04:00:00.1234567890Z', requests: 5 },
  // Ten digits of a second and no zone, which Date.parse reads once a Z is added.
  { timestamp: '2026-11-21T04:00:00.1234567890', requests: 5 },
  { timestamp: ['2026-11-21T04:00:00Z'], requests: 5 },
  { timestamp: '2026-11-21T04:00:00Z' },
  { timestamp: '2026-11-21T04:00:00Z', requests: '12' },
  { timestamp: '2026-11-21T04:00:00Z', requests: NaN },
  { timestamp: '2026-11-21T04:00:00Z', requests: -1 },
  { timestamp: '2026-11-21T04:00:00Z', requests: Infinity },
  { timestamp: '2026-11-21T04:00:00Z', requests: Number.MAX_SAFE_INTEGER + 2 },
  { timestamp: '2026-11-21T04:00:00Z', requests: null }
]

describe('sumBuckets', () => {
  it('sums points into buckets aligned to UTC, in time order', () => {
    const points = [
      { time: START + 3 * HOUR + 5 * MINUTE, requests: 4 },
      { time: START, requests: 1 },
      { time: START + 59 * MINUTE, requests: 2 },
      { time: START + HOUR, requests: 3 },
      { time: START, requests: 10 }
    ]
    expect(sumBuckets(points, HOUR)).toEqual([
      { time: START, requests: 13 },
      { time: START + HOUR, requests: 3 },
      { time: START + 3 * HOUR, requests: 4 }
    ])
    expect(sumBuckets(points, 3 * HOUR)).toEqual([
      { time: Date.parse('2026-11-21T03:00:00Z'), requests: 16 },
      { time: Date.parse('2026-11-21T06:00:00Z'), requests: 4 }
    ])
    expect(sumBuckets([], HOUR)).toEqual([])
  })
})

describe('readTrafficAnswer', () => {
  it("sums the answer's points into buckets that divide the chart's, when it is given, so that the chart can sum them", () => {
    // Two hours of minutes: 2-minute buckets fit 60, but do not divide a chart of 15-minute buckets; 5 minutes do.
    const read = readTrafficAnswer(answer({ timeseries: timeseries(120, MINUTE) }), 'minute', 'example.com', 15 * MINUTE)
    expect(read.bucketMs).toBe(5 * MINUTE)
    expect(read.points).toHaveLength(24)
    expect(readTrafficAnswer(answer({ timeseries: timeseries(120, MINUTE) }), 'minute', 'example.com').bucketMs).toBe(2 * MINUTE)
  })

  it('reads totals and the timeseries of a well-formed answer', () => {
    const read = readTrafficAnswer(answer({ timeseries: timeseries(25, HOUR) }), 'hour', 'example.com')
    expect(read.totals).toEqual(totals)
    expect(read.error).toBeUndefined()
    expect(read.warnings).toEqual([])
    expect(read.bucketMs).toBe(HOUR)
    expect(read.points).toHaveLength(25)
    expect(read.points[24]).toEqual({ time: START + 24 * HOUR, requests: 25 })
  })

  it(`sums buckets into longer round ones so that at most ${MAX_POINTS} remain, keeping every request`, () => {
    const read = readTrafficAnswer(answer({ timeseries: timeseries(1440, MINUTE) }), 'minute', 'example.com')
    expect(read.bucketMs).toBe(30 * MINUTE)
    expect(read.points).toHaveLength(48)
    expect(read.points[1]).toEqual({
      time: START + 30 * MINUTE,
      requests: Array.from({ length: 30 }, (_, i) => 31 + i).reduce((a, b) => a + b)
    })
    expect(read.points.reduce((sum, point) => sum + point.requests, 0)).toBe((1440 * 1441) / 2)
  })

  it('keeps a timeseries of a million buckets to a bounded number of points', () => {
    const day = timeseries(1440 * 7, MINUTE)
    const million = Array.from({ length: hostileLength(1_000_000) }, (_, i) => day[i % day.length])
    const read = readTrafficAnswer(answer({ timeseries: million }), 'minute', 'example.com')
    expect(read.points.length).toBeLessThanOrEqual(MAX_POINTS)
    expect(read.bucketMs).toBe(3 * HOUR)
    expect(read.warnings).toEqual([])
  })

  it('sorts the points by time and sums buckets given twice', () => {
    const [a, b, c] = timeseries(3, HOUR)
    const read = readTrafficAnswer(answer({ timeseries: [c, a, b, a] }), 'hour', 'example.com')
    expect(read.points).toEqual([
      { time: START, requests: 2 },
      { time: START + HOUR, requests: 2 },
      { time: START + 2 * HOUR, requests: 3 }
    ])
  })

  it('reads ISO timestamps with an offset, fractions of a second, or no zone (UTC)', () => {
    const read = readTrafficAnswer(answer({ timeseries: READABLE }), 'hour', 'example.com')
    expect(read.points).toEqual(READ)
  })

  it('leaves out buckets with an unreadable timestamp or request count, with a warning', () => {
    const good = { timestamp: '2026-11-21T04:00:00Z', requests: 5 }
    const bad = UNREADABLE
    const read = readTrafficAnswer(
      answer({ timeseries: [good, ...bad, { ...good, requests: Number.MAX_SAFE_INTEGER }, { ...good, requests: 0 }] }),
      'hour',
      'example.com'
    )
    expect(read.points).toEqual([{ time: START, requests: 5 + Number.MAX_SAFE_INTEGER }])
    expect(read.warnings).toEqual([
      `${bad.length} entries of the traffic timeseries for example.com had no readable timestamp or request count and were left out of the chart.`
    ])
    expect(read.totals).toEqual(totals)
    const one = readTrafficAnswer(answer({ timeseries: [good, null] }), 'hour', 'z1')
    expect(one.warnings).toEqual([
      '1 entry of the traffic timeseries for z1 had no readable timestamp or request count and was left out of the chart.'
    ])
  })

  it('reads a time without a zone as UTC, whatever the local time zone, and takes the epoch itself', () => {
    const zone = process.env.TZ
    process.env.TZ = 'America/New_York'
    try {
      const read = (timestamp: string): number[] =>
        readTrafficAnswer(answer({ timeseries: [{ timestamp, requests: 1 }] }), 'hour', 'example.com').points.map((point) => point.time)
      expect(read('2026-11-21T04:00')).toEqual([START])
      expect(read('1970-01-01T00:00:00Z')).toEqual([0])
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('reads a time without a zone as UTC where Date.parse reads it as local time, not as Date.parse does', () => {
    // The tests run in worker threads, where setting TZ (as above) leaves the zone as it was: UTC on a runner. So
    // Date.parse itself reads a time without a zone here as local time five hours behind UTC, as in New York.
    const parse = Date.parse
    vi.spyOn(Date, 'parse').mockImplementation((text) => parse(/(?:Z|[+-]\d{2}:\d{2})$/i.test(text) ? text : `${text}-05:00`))
    try {
      expect(Date.parse('2026-11-21T04:00')).toBe(START + 5 * HOUR)
      const read = (timestamp: string): number[] =>
        readTrafficAnswer(answer({ timeseries: [{ timestamp, requests: 1 }] }), 'minute', 'example.com').points.map((point) => point.time)
      expect(read('2026-11-21T04:00')).toEqual([START])
      expect(read('2026-11-21T04:30:00.5')).toEqual([START + 30 * MINUTE])
      expect(read('2026-11-21T04:00:00Z')).toEqual([START])
      expect(read('2026-11-21T04:00:00-05:00')).toEqual([START + 5 * HOUR])
    } finally {
      vi.restoreAllMocks()
    }
  })

  it.each([
    ['minute', MINUTE],
    ['hour', HOUR],
    ['day', DAY]
  ] as const)('gives an empty chart by %s buckets of the granularity', (granularity, ms) => {
    for (const series of [[], [{ timestamp: 'now', requests: 1 }]]) {
      const read = readTrafficAnswer(answer({ timeseries: series }), granularity, 'example.com')
      expect(read.points).toEqual([])
      expect(read.bucketMs).toBe(ms)
      expect(read.warnings).toHaveLength(series.length)
    }
  })

  it('draws no chart when no bucket can be read', () => {
    const read = readTrafficAnswer(answer({ timeseries: [{ timestamp: 'now', requests: 1 }] }), 'day', 'example.com')
    expect(read.points).toEqual([])
    expect(read.bucketMs).toBe(DAY)
    expect(read.warnings).toHaveLength(1)
  })

  it('names a long zone cut in its warnings, with how much was left out', () => {
    const read = readTrafficAnswer({ data: { totals, timeseries: [{ timestamp: 'x', requests: 1 }] } }, 'minute', 'z'.repeat(300))
    expect(read.warnings).toEqual([
      `1 entry of the traffic timeseries for ${'z'.repeat(200)}… (100 more characters) had no readable timestamp or request count and was left out of the chart.`
    ])
    expect(readTrafficAnswer({ data: { totals } }, 'minute', 'z'.repeat(300)).warnings).toEqual([
      `The traffic answer for ${'z'.repeat(200)}… (100 more characters) has no "timeseries" list, so there is no chart.`
    ])
  })

  it.each([
    ['a string', 'none'],
    ['an object', { timestamp: '2026-11-21T04:00:00Z', requests: 1 }],
    ['null', null],
    ['missing', undefined]
  ])('warns when the timeseries is %s, and keeps the totals', (_what, series) => {
    const read = readTrafficAnswer({ data: { totals, timeseries: series } }, 'minute', 'example.com')
    expect(read).toEqual({
      totals,
      error: undefined,
      points: [],
      bucketMs: MINUTE,
      warnings: ['The traffic answer for example.com has no "timeseries" list, so there is no chart.']
    })
  })

  it.each([
    ['missing', undefined, 'the answer has no "totals" object'],
    ['a string', '1234', 'the answer has no "totals" object'],
    ['a list', [1, 2, 3], 'the answer has no "totals" object'],
    ['empty', {}, "the answer's totals have no usable requests, bandwidth, cache_hit_rate (numbers from 0; the hit rate from 0 to 1)"],
    [
      'a string count',
      { ...totals, requests: '1234' },
      "the answer's totals have no usable requests (numbers from 0; the hit rate from 0 to 1)"
    ],
    [
      'a negative bandwidth',
      { ...totals, bandwidth: -1 },
      "the answer's totals have no usable bandwidth (numbers from 0; the hit rate from 0 to 1)"
    ],
    [
      'an infinite count',
      { ...totals, requests: Infinity },
      "the answer's totals have no usable requests (numbers from 0; the hit rate from 0 to 1)"
    ],
    [
      'a hit rate over 1',
      { ...totals, cache_hit_rate: 87.3 },
      "the answer's totals have no usable cache_hit_rate (numbers from 0; the hit rate from 0 to 1)"
    ],
    [
      'a hit rate under 0',
      { ...totals, cache_hit_rate: -0.1 },
      "the answer's totals have no usable cache_hit_rate (numbers from 0; the hit rate from 0 to 1)"
    ],
    [
      'a hit rate as text',
      { ...totals, cache_hit_rate: '0.5' },
      "the answer's totals have no usable cache_hit_rate (numbers from 0; the hit rate from 0 to 1)"
    ]
  ])('reports totals that are %s as an error, and keeps the chart', (_what, given, error) => {
    const read = readTrafficAnswer(answer({ totals: given }), 'hour', 'example.com')
    expect(read.totals).toBeUndefined()
    expect(read.error).toBe(error)
    expect(read.points).toHaveLength(3)
  })

  it('accepts totals at the edges: zero, and a hit rate of exactly 0 or 1', () => {
    for (const edge of [
      { requests: 0, bandwidth: 0, cache_hit_rate: 0 },
      { requests: 1, bandwidth: 1, cache_hit_rate: 1 }
    ]) {
      expect(readTrafficAnswer(answer({ totals: edge }), 'hour', 'example.com').totals).toEqual(edge)
    }
  })

  it.each([
    ['no body', undefined],
    ['null', null],
    ['a list', [{ data: {} }]],
    ['a string', 'ok'],
    ['no data', { success: true }],
    ['data as a list', { data: [] }],
    ['data as text', { data: 'x' }]
  ])('reports an answer with %s as an error', (_what, body) => {
    expect(readTrafficAnswer(body, 'hour', 'example.com')).toEqual({
      totals: undefined,
      points: [],
      bucketMs: HOUR,
      error: 'the answer has no "data" object',
      warnings: []
    })
  })
})

describe('readZoneTraffic', () => {
  const analytics = { window: '24h', windowMs: DAY, granularity: 'hour' as const }
  // A window whose start is aligned to the chart's 4-hour buckets (src/chart-grid.ts).
  const window = { since: Date.parse('2026-11-21T04:00:00Z'), until: Date.parse('2026-11-22T04:17:00Z'), chartMs: 4 * HOUR }
  const client = (
    respond: () => unknown
  ): TrafficClient & { calls: { method: Method; path: string; options: RequestOptions | undefined }[] } => {
    const calls: { method: Method; path: string; options: RequestOptions | undefined }[] = []
    return {
      calls,
      request: async <T>(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse<T>> => {
        calls.push({ method, path, options })
        await Promise.resolve()
        return { status: 200, body: respond() as T, attempts: 1 }
      }
    }
  }

  it('asks nothing for a zone id that cannot be a path segment, and reports why', async () => {
    const fake = client(() => answer({}))
    const report = await readZoneTraffic(fake, { id: '..', name: undefined }, analytics, window)
    expect(fake.calls).toEqual([])
    expect(report.error).toBe('".." cannot be a segment of a request path')
  })

  it('asks for the window it is given, with its granularity, and reports the answer with the chart bucket', async () => {
    const fake = client(() => answer({}))
    const report = await readZoneTraffic(fake, { id: 'z/1', name: 'example.com' }, analytics, window)
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/zones/z%2F1/analytics/traffic',
        options: { query: { since: '2026-11-21T04:00:00.000Z', until: '2026-11-22T04:17:00.000Z', granularity: 'hour' } }
      }
    ])
    expect(report).toEqual({
      zoneId: 'z/1',
      zoneName: 'example.com',
      window: '24h',
      granularity: 'hour',
      since: '2026-11-21T04:00:00.000Z',
      until: '2026-11-22T04:17:00.000Z',
      chartMs: 4 * HOUR,
      totals,
      points: [
        { time: START, requests: 1 },
        { time: START + HOUR, requests: 2 },
        { time: START + 2 * HOUR, requests: 3 }
      ],
      bucketMs: HOUR,
      error: undefined,
      warnings: []
    })
  })

  it('names the zone by id in warnings when its name is unknown', async () => {
    const report = await readZoneTraffic(
      client(() => ({ data: { totals } })),
      { id: 'z1', name: undefined },
      analytics,
      window
    )
    expect(report.warnings).toEqual(['The traffic answer for z1 has no "timeseries" list, so there is no chart.'])
  })

  it('never throws: a failed read is reported in the result', async () => {
    const failure = new ApiError({ method: 'GET', path: '/zones/z1/analytics/traffic', kind: 'http', attempts: 1, status: 500 })
    const report = await readZoneTraffic(
      client(() => {
        throw failure
      }),
      { id: 'z1', name: 'example.com' },
      analytics,
      window
    )
    expect(report).toMatchObject({ totals: undefined, points: [], bucketMs: HOUR, chartMs: 4 * HOUR, error: failure.message, warnings: [] })
    const odd = await readZoneTraffic(
      client(() => {
        throw 'not an Error' as unknown as Error
      }),
      { id: 'z1', name: 'example.com' },
      analytics,
      window
    )
    expect(odd.error).toBe('not an Error')
  })

  it('reads every zone but those that would only be created in a dry run', async () => {
    const fake = client(() => answer({}))
    const reports = await readAllTraffic(
      fake,
      [
        { id: 'a', name: 'a.example' },
        { id: 'b', name: 'b.example', created: { dryRun: true } },
        { id: 'c', name: 'c.example', created: { dryRun: false } }
      ],
      analytics,
      2,
      Date.parse('2026-11-22T13:37:00Z')
    )
    // 24h by hour at 13:37: the chart's 4-hour buckets, so from 12:00 the day before (src/chart-grid.ts).
    expect(fake.calls.map((call) => call.options?.query)).toEqual([
      { since: '2026-11-21T12:00:00.000Z', until: '2026-11-22T13:37:00.000Z', granularity: 'hour' },
      { since: '2026-11-21T12:00:00.000Z', until: '2026-11-22T13:37:00.000Z', granularity: 'hour' }
    ])
    expect(reports.map((report) => report.chartMs)).toEqual([4 * HOUR, 4 * HOUR])
    expect(reports.map((report) => report.zoneId)).toEqual(['a', 'c'])
    expect(GRANULARITY_MS).toEqual({ minute: MINUTE, hour: HOUR, day: DAY })
  })
})

// The module is loaded afresh within each test, which then covers the tables it makes as it loads: the lengths, the
// timestamp pattern, the check of an amount (test/support/fresh.ts).
describe('the module as it loads', () => {
  it('makes its lengths: a minute, an hour, a day', async () => {
    const { GRANULARITY_MS: granularity } = await loadAfresh<typeof Analytics>('/src/analytics.js')
    expect(granularity).toEqual({ minute: MINUTE, hour: HOUR, day: DAY })
  })

  it('makes the checks of a bucket: every form of timestamp the API gives is read, and nothing else', async () => {
    const { readTrafficAnswer: read } = await loadAfresh<typeof Analytics>('/src/analytics.js')
    expect(read(answer({ timeseries: READABLE }), 'hour', 'example.com').points).toEqual(READ)
    const readAnyway = UNREADABLE.filter((entry) => read(answer({ timeseries: [entry] }), 'hour', 'example.com').points.length > 0)
    expect(readAnyway).toEqual([])
  })

  it('makes the check of an amount: a count and totals from 0 are read, negative ones are not', async () => {
    const { readTrafficAnswer: read } = await loadAfresh<typeof Analytics>('/src/analytics.js')
    const counted = read(answer({ timeseries: [{ timestamp: '2026-11-21T04:00:00Z', requests: 0 }] }), 'hour', 'example.com')
    expect(counted.points).toEqual([{ time: START, requests: 0 }])
    expect(counted.totals).toEqual(totals)
    expect(read(answer({ totals: { ...totals, bandwidth: -1 } }), 'hour', 'example.com').error).toBe(
      "the answer's totals have no usable bandwidth (numbers from 0; the hit rate from 0 to 1)"
    )
  })
})
