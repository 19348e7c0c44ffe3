import { isRecord } from './json.js'
import { mapConcurrent } from './concurrency.js'
import type { ApiClient } from './http/client.js'
import { pathSegment } from './http/path.js'
import { bucketLength, chartWindow, type TrafficWindow } from './chart-grid.js'
import { plural, shown } from './text.js'

export type Granularity = 'minute' | 'hour' | 'day'

/** The traffic report: a window ending now. */
export interface AnalyticsInputs {
  /** As written, e.g. "24h". */
  readonly window: string
  readonly windowMs: number
  readonly granularity: Granularity
}

/** The client call a traffic read needs: a fake in unit tests. */
export type TrafficClient = Pick<ApiClient, 'request'>

export interface TrafficPoint {
  /** Start of the bucket, in milliseconds since the epoch (UTC). */
  readonly time: number
  readonly requests: number
}

export interface TrafficTotals {
  readonly requests: number
  readonly bandwidth: number
  readonly cache_hit_rate: number
}

/** One zone's traffic for the window, or why it could not be read. */
export interface TrafficReport {
  readonly zoneId: string
  readonly zoneName: string | undefined
  readonly window: string
  readonly granularity: Granularity
  /** The window read: `since` is the start of the chart's first bucket (see chartWindow), `until` now. */
  readonly since: string
  readonly until: string
  /** The chart's bucket length, which `since` is a multiple of: the chart is drawn in it, so its first bucket is whole. */
  readonly chartMs: number
  /** Undefined when the answer held no usable totals; `error` then says why. */
  readonly totals: TrafficTotals | undefined
  /** Requests per bucket of `bucketMs`, in time order, at most MAX_POINTS: the API's buckets, summed into longer ones when there are more. */
  readonly points: readonly TrafficPoint[]
  readonly bucketMs: number
  readonly error: string | undefined
  /** Parts of the answer that were left out, and why. */
  readonly warnings: readonly string[]
}

export const MAX_POINTS = 60

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const GRANULARITY_MS: Readonly<Record<Granularity, number>> = { minute: MINUTE, hour: HOUR, day: DAY }

/** Sums points into buckets of `ms` aligned to the epoch (so to UTC): a point per bucket that has any, in time order. */
export function sumBuckets(points: Iterable<TrafficPoint>, ms: number): TrafficPoint[] {
  const sums = new Map<number, number>()
  for (const point of points) {
    const start = Math.floor(point.time / ms) * ms
    sums.set(start, (sums.get(start) ?? 0) + point.requests)
  }
  return [...sums].sort(([a], [b]) => a - b).map(([time, requests]) => ({ time, requests }))
}

const isAmount = (value: unknown): value is number => Number.isFinite(value) && (value as number) >= 0

/** ISO 8601 as the API document gives it: a date, a time to the minute or finer, and Z or an offset (none means UTC). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i

/** A bucket of the timeseries, or undefined when its timestamp or request count cannot be read (a time before 1970 included). */
function readPoint(entry: unknown): TrafficPoint | undefined {
  if (!isRecord(entry) || typeof entry.timestamp !== 'string' || !isAmount(entry.requests) || entry.requests > Number.MAX_SAFE_INTEGER)
    return undefined
  const iso = ISO_TIME.exec(entry.timestamp)
  const time = iso === null ? NaN : Date.parse(iso[1] === undefined ? `${entry.timestamp}Z` : entry.timestamp)
  return time >= 0 ? { time, requests: entry.requests } : undefined
}

function* readablePoints(entries: readonly unknown[]): Generator<TrafficPoint> {
  for (const entry of entries) {
    const point = readPoint(entry)
    if (point !== undefined) yield point
  }
}

function readTotals(value: unknown): TrafficTotals | string {
  if (!isRecord(value)) return 'the answer has no "totals" object'
  const { requests, bandwidth, cache_hit_rate: rate } = value
  const unusable = Object.entries({
    requests: isAmount(requests),
    bandwidth: isAmount(bandwidth),
    cache_hit_rate: isAmount(rate) && rate <= 1
  })
    .filter(([, usable]) => !usable)
    .map(([name]) => name)
  if (unusable.length > 0) return `the answer's totals have no usable ${unusable.join(', ')} (numbers from 0; the hit rate from 0 to 1)`
  return { requests: requests as number, bandwidth: bandwidth as number, cache_hit_rate: rate as number }
}

type TrafficContent = Pick<TrafficReport, 'totals' | 'points' | 'bucketMs' | 'error' | 'warnings'>

/**
 * The report's content from an answer of any shape: buckets whose timestamp or request count cannot be
 * read are left out with a warning; unusable totals are an error, but the chart is kept. The timeseries
 * is read twice rather than copied, so a huge one costs no memory beyond the answer itself. The points are
 * summed into buckets that divide `chartMs` (when given), so that the chart can sum them into its own.
 */
export function readTrafficAnswer(body: unknown, granularity: Granularity, zone: string, chartMs = 0): TrafficContent {
  const baseMs = GRANULARITY_MS[granularity]
  const data = isRecord(body) ? body.data : undefined
  if (!isRecord(data)) return { totals: undefined, points: [], bucketMs: baseMs, error: 'the answer has no "data" object', warnings: [] }
  const totals = readTotals(data.totals)
  const read = typeof totals === 'string' ? { totals: undefined, error: totals } : { totals, error: undefined }
  const series = data.timeseries
  if (!Array.isArray(series)) {
    return {
      ...read,
      points: [],
      bucketMs: baseMs,
      warnings: [`The traffic answer for ${shown(zone)} has no "timeseries" list, so there is no chart.`]
    }
  }
  let first = Infinity
  let last = -Infinity
  let readable = 0
  for (const point of readablePoints(series)) {
    first = Math.min(first, point.time)
    last = Math.max(last, point.time)
    readable++
  }
  const dropped = series.length - readable
  const warnings =
    dropped === 0
      ? []
      : [
          `${plural(dropped, 'entry', 'entries')} of the traffic timeseries for ${shown(zone)} had no readable timestamp or request count and ${dropped === 1 ? 'was' : 'were'} left out of the chart.`
        ]
  // With no readable point (first Infinity, last -Infinity) any length fits: the shortest round one, the base itself.
  const bucketMs = bucketLength(first, last, baseMs, MAX_POINTS, chartMs)
  return { ...read, points: sumBuckets(readablePoints(series), bucketMs), bucketMs, warnings }
}

/**
 * `GET /zones/{id}/analytics/traffic` for `window` (see chartWindow). Never throws: a failed
 * read is reported in the result, because a traffic report is never a reason to skip or fail a purge.
 */
export async function readZoneTraffic(
  client: TrafficClient,
  zone: { id: string; name: string | undefined },
  analytics: AnalyticsInputs,
  window: TrafficWindow
): Promise<TrafficReport> {
  const until = new Date(window.until).toISOString()
  const since = new Date(window.since).toISOString()
  const base = { zoneId: zone.id, zoneName: zone.name, window: analytics.window, granularity: analytics.granularity, since, until }
  const read = { ...base, chartMs: window.chartMs }
  try {
    const response = await client.request('GET', `/zones/${pathSegment(zone.id)}/analytics/traffic`, {
      query: { since, until, granularity: analytics.granularity }
    })
    return { ...read, ...readTrafficAnswer(response.body, analytics.granularity, zone.name ?? zone.id, window.chartMs) }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ...read, totals: undefined, points: [], bucketMs: GRANULARITY_MS[analytics.granularity], error: message, warnings: [] }
  }
}

/**
 * Every zone's traffic for the window ending `now`, its start moved back to the chart's first bucket (chartWindow),
 * `concurrency` reads at a time; zones that do not exist yet (dry run) are left out.
 */
export function readAllTraffic(
  client: TrafficClient,
  zones: readonly { id: string; name: string | undefined; created?: { dryRun: boolean } }[],
  analytics: AnalyticsInputs,
  concurrency: number,
  now = Date.now()
): Promise<TrafficReport[]> {
  const window = chartWindow(analytics.windowMs, GRANULARITY_MS[analytics.granularity], now)
  const readable = zones.filter((zone) => zone.created?.dryRun !== true)
  return mapConcurrent(readable, concurrency, (zone) => readZoneTraffic(client, zone, analytics, window))
}
