import { mapConcurrent } from './concurrency.js'
import type { ApiClient } from './http/client.js'
import type { AnalyticsInputs, Granularity } from './inputs.js'

export interface TrafficPoint {
  readonly timestamp: string
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
  readonly since: string
  readonly until: string
  readonly totals: TrafficTotals | undefined
  /** Requests per bucket, at most MAX_CHART_POINTS, for the chart. */
  readonly points: readonly TrafficPoint[]
  readonly error: string | undefined
}

export const MAX_CHART_POINTS = 60

/**
 * Merges consecutive buckets evenly so that at most `max` remain: each merged point sums its buckets'
 * requests and keeps the first bucket's timestamp.
 */
export function mergeBuckets(points: readonly TrafficPoint[], max = MAX_CHART_POINTS): TrafficPoint[] {
  if (points.length <= max) return [...points]
  const size = Math.ceil(points.length / max)
  const merged: TrafficPoint[] = []
  for (let start = 0; start < points.length; start += size) {
    const group = points.slice(start, start + size)
    merged.push({ timestamp: (group[0] as TrafficPoint).timestamp, requests: group.reduce((sum, point) => sum + point.requests, 0) })
  }
  return merged
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/**
 * `GET /zones/{id}/analytics/traffic` for the window ending `now`. Never throws: a failed read is
 * reported in the result, because a traffic report is never a reason to skip or fail a purge.
 */
export async function readTraffic(client: ApiClient, zone: { id: string; name: string | undefined }, analytics: AnalyticsInputs, now: number): Promise<TrafficReport> {
  const until = new Date(now).toISOString()
  const since = new Date(now - analytics.windowMs).toISOString()
  const base = { zoneId: zone.id, zoneName: zone.name, window: analytics.window, granularity: analytics.granularity, since, until }
  try {
    const response = await client.request<{ data?: { totals?: Record<string, unknown>; timeseries?: unknown } }>(
      'GET',
      `/zones/${encodeURIComponent(zone.id)}/analytics/traffic`,
      { query: { since, until, granularity: analytics.granularity } }
    )
    const totals = response.body?.data?.totals
    if (totals === undefined || !isNumber(totals.requests) || !isNumber(totals.bandwidth) || !isNumber(totals.cache_hit_rate)) {
      throw new Error('the answer has no totals (requests, bandwidth, cache_hit_rate)')
    }
    const series = Array.isArray(response.body?.data?.timeseries) ? (response.body.data.timeseries as Record<string, unknown>[]) : []
    const points = series
      .filter((point) => typeof point.timestamp === 'string' && isNumber(point.requests))
      .map((point) => ({ timestamp: point.timestamp as string, requests: point.requests as number }))
    return { ...base, totals: { requests: totals.requests, bandwidth: totals.bandwidth, cache_hit_rate: totals.cache_hit_rate }, points: mergeBuckets(points), error: undefined }
  } catch (error) {
    return { ...base, totals: undefined, points: [], error: error instanceof Error ? error.message : String(error) }
  }
}

/** Every zone's traffic, `concurrency` reads at a time; zones that do not exist yet (dry run) are left out. */
export function readAllTraffic(
  client: ApiClient,
  zones: readonly { id: string; name: string | undefined; created?: { dryRun: boolean } }[],
  analytics: AnalyticsInputs,
  concurrency: number
): Promise<TrafficReport[]> {
  const readable = zones.filter((zone) => zone.created?.dryRun !== true)
  return mapConcurrent(readable, concurrency, (zone) => readTraffic(client, zone, analytics, Date.now()))
}
