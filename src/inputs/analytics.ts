import type { AnalyticsInputs, Granularity } from '../analytics.js'
import { InputError } from '../errors.js'
import { shown } from '../text.js'
import type { Reader } from './read.js'

/** The traffic report: analytics, analytics-granularity. */
/** What traffic to report: analytics, analytics-granularity. */
export interface TrafficInputs {
  /** undefined when no report is asked for. */
  readonly analytics: AnalyticsInputs | undefined
}

export function readAnalytics(read: Reader): TrafficInputs {
  return { analytics: parseAnalytics(read.value('analytics'), read.value('analytics-granularity')) }
}

const WINDOW_UNITS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 }
const MAX_WINDOW_MS = 90 * 86_400_000

/** A window such as 90m, 24h or 7d (at most 90 days), and the granularity: given, or chosen from the window. */
export function parseAnalytics(window: string, granularity: string): AnalyticsInputs | undefined {
  if (window === '') {
    if (granularity !== '') {
      throw new InputError('analytics-granularity', 'Input "analytics-granularity" needs "analytics", the window to report (e.g. 24h).')
    }
    return undefined
  }
  const match = /^(\d+)\s*([mhd])$/i.exec(window)
  const windowMs = match === null ? NaN : Number(match[1]) * (WINDOW_UNITS[(match[2] as string).toLowerCase()] as number)
  if (!(windowMs > 0 && windowMs <= MAX_WINDOW_MS)) {
    throw new InputError(
      'analytics',
      `Input "analytics" must be a window such as 90m, 24h or 7d (minutes, hours or days, up to 90d); got "${shown(window)}".`
    )
  }
  if (granularity !== '' && !['minute', 'hour', 'day'].includes(granularity)) {
    throw new InputError(
      'analytics-granularity',
      `Input "analytics-granularity" must be minute, hour or day (or empty to choose from the window); got "${shown(granularity)}".`
    )
  }
  const chosen: Granularity = windowMs <= 6 * 3_600_000 ? 'minute' : windowMs <= 7 * 86_400_000 ? 'hour' : 'day'
  return { window, windowMs, granularity: granularity === '' ? chosen : (granularity as Granularity) }
}
