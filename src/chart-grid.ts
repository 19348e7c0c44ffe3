// The traffic chart's grid, pure: the round bucket lengths, labels that stand clear of each other, and the window a
// traffic read asks for, its start aligned to the chart's buckets. The read (src/analytics.ts) asks for that
// window and the chart (src/report/traffic.ts) is drawn in those buckets, so its first bucket is whole.
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Bucket lengths that start on round UTC times: points are summed into the shortest one that leaves few enough. */
export const ROUND_BUCKETS_MS: readonly number[] = [
  ...[1, 2, 5, 10, 15, 30].map((n) => n * MINUTE),
  ...[1, 2, 3, 4, 6, 12].map((n) => n * HOUR),
  ...[1, 2, 3, 7, 14, 28, 91, 364].map((n) => n * DAY)
]

/**
 * The shortest round bucket length, a multiple of `baseMs` (and a divisor of `within`, when given), that puts times
 * from `first` to `last` into at most `max` buckets; when none does (times decades apart), a plain multiple of
 * `baseMs` that does.
 */
export function bucketLength(first: number, last: number, baseMs: number, max: number, within = 0): number {
  const buckets = (ms: number): number => Math.floor(last / ms) - Math.floor(first / ms) + 1
  // `within` 0 is a multiple of every length.
  const round = ROUND_BUCKETS_MS.find((ms) => ms % baseMs === 0 && within % ms === 0 && buckets(ms) <= max)
  return round ?? Math.max(1, Math.ceil((last - first) / (max - 1) / baseMs)) * baseMs
}

/** The window a traffic read asks for, in milliseconds: `since` a multiple of `chartMs`, the chart's bucket length. */
export interface TrafficWindow {
  readonly since: number
  readonly until: number
  readonly chartMs: number
}

/**
 * Mermaid draws a label under every point of a category axis and never leaves one out, so the chart
 * has few points, and labels short enough to stand side by side: at most LABEL_ROW_CHARS characters fit
 * under a 600-pixel chart at 12-pixel text, with one character between labels.
 */
export const MAX_CHART_POINTS = 12
const LABEL_ROW_CHARS = 72

/**
 * A label per point, each distinct: the clock time, or the date at midnight and for day buckets; the
 * date is added to a time that is already taken, the year to a date that is; the full ISO time last.
 */
export function chartLabels(points: readonly { readonly time: number }[], ms: number): string[] {
  const taken = new Set<string>()
  return points.map((point) => {
    const iso = new Date(point.time).toISOString()
    const date = iso.slice(5, 10)
    const time = iso.slice(11, 16)
    const forms =
      ms % DAY === 0 ? [date, iso.slice(0, 10)] : [time === '00:00' ? date : time, `${date} ${time}`, `${iso.slice(0, 10)} ${time}`]
    const label = forms.find((form) => !taken.has(form)) ?? iso
    taken.add(label)
    return label
  })
}

/** Whether labels spread evenly under the chart stand clear of each other: one character apart or more. */
export function fits(row: readonly string[]): boolean {
  const spacing = (LABEL_ROW_CHARS - Math.max(...row.map((label) => label.length))) / (row.length - 1)
  return row.slice(1).every((label, i) => spacing >= ((row[i] as string).length + label.length) / 2 + 1)
}

/** The bucket lengths a chart of buckets of `baseMs` may be summed into, shortest first: the base, then round multiples of it. */
export const chartLengths = (baseMs: number): number[] => [baseMs, ...ROUND_BUCKETS_MS.filter((ms) => ms % baseMs === 0)]

/**
 * The window to read for `windowMs` ending `now`, in buckets of `baseMs` (the granularity), its start moved back to
 * the start of the chart's bucket it falls in, so that the first bucket is whole and no assumption is needed about
 * how the API counts a bucket `since` cuts (its whole length, or only the part inside the window). The bucket is the
 * one the chart of that window uses: the shortest length that gives at most MAX_CHART_POINTS buckets whose labels
 * (the last marked `*` when now cuts it) stand clear; for a window no round length fits, a plain multiple of the
 * granularity. The window is then up to one bucket longer than asked, and the summary says so.
 */
export function chartWindow(windowMs: number, baseMs: number, now: number): TrafficWindow {
  const lengths = [...chartLengths(baseMs), bucketLength(now - windowMs, now, baseMs, MAX_CHART_POINTS)]
  const windows = lengths.map((chartMs) => ({ since: Math.floor((now - windowMs) / chartMs) * chartMs, until: now, chartMs }))
  return windows.find(drawable) ?? (windows.at(-1) as TrafficWindow)
}

/** Whether the chart of a window, a point in every bucket, has at most MAX_CHART_POINTS whose labels stand clear. */
function drawable({ since, until, chartMs }: TrafficWindow): boolean {
  const count = Math.ceil((until - since) / chartMs)
  if (count > MAX_CHART_POINTS) return false
  const labels = chartLabels(
    Array.from({ length: count }, (_, i) => ({ time: since + i * chartMs })),
    chartMs
  )
  // The last bucket ends now: marked when that cuts it.
  if ((until - since) % chartMs !== 0) labels[count - 1] += '*'
  return fits(labels)
}
