import { sumBuckets, type TrafficPoint, type TrafficReport } from '../analytics.js'
import { bucketLength, chartLabels, chartLengths, fits, MAX_CHART_POINTS } from '../chart-grid.js'
import { plural, thousands } from '../text.js'
import { escapeMarkdown } from './markdown.js'

/** A number as Mermaid reads it: whole, no separators, never in exponent form. */
const plain = (value: number): string => Math.round(value).toFixed(0)

const DAY = 86_400_000
/** The last time with a four-digit year: labels are cut from the ISO form. */
const LAST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

const UNITS: readonly [number, string][] = [
  [DAY, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
  [1, 'millisecond']
]

/** The longest unit `ms` is a whole number of, and its name. */
const unitOf = (ms: number): [number, string] => UNITS.find(([length]) => ms % length === 0) as [number, string]

/** "hour", "4 hours", "3 days". */
function describeLength(ms: number): string {
  const [unit, name] = unitOf(ms)
  return ms === unit ? name : plural(ms / unit, name)
}

interface ChartSeries {
  readonly points: readonly TrafficPoint[]
  readonly labels: readonly string[]
  readonly bucketMs: number
  /** Whether any point covers only part of its bucket: its label ends in `*` and its count is scaled to the whole bucket. */
  readonly partial: boolean
}

/** What a chart is drawn from: the points, and the window they were read for and the bucket it was aligned to, when known. */
export type ChartInput = Pick<TrafficReport, 'points' | 'bucketMs'> & Partial<Pick<TrafficReport, 'since' | 'until' | 'chartMs'>>

/**
 * The time the points cover: the totals are "over the requested period", and the buckets add up to them,
 * so the API counts from `since` (or from the first point, when it left out the bucket `since` falls in) to
 * `until`, now, or to the end of the last point's bucket when it left out the one under way. A report that
 * does not say its window (or says it in a form Date.parse does not read) has NaN for its ends: every
 * bucket then covers NaN of its length, which is not less than the length, so none is scaled.
 */
function covered(report: ChartInput, first: number, last: number, baseMs: number): { start: number; end: number } {
  return {
    start: Math.max(Date.parse(String(report.since)), first),
    end: Math.min(Date.parse(String(report.until)), last + baseMs)
  }
}

/**
 * A bucket the points cover only in part (the first, when the window does not start on a bucket
 * boundary, and the last, which ends now) would be drawn as a drop though the traffic was flat: its count
 * is scaled to the whole bucket, at the rate of the part covered, and the point marked. A point outside
 * the window (the API sent one after `until`) covers none of it and is drawn as it came.
 */
function scaleToWhole(
  points: readonly TrafficPoint[],
  ms: number,
  window: { start: number; end: number }
): { points: TrafficPoint[]; partial: boolean[] } {
  const partial = points.map((point) => {
    const covered = Math.max(0, Math.min(point.time + ms, window.end) - Math.max(point.time, window.start))
    return covered < ms ? covered : 0
  })
  return {
    points: points.map((point, i) => {
      const covered = partial[i] as number
      return covered === 0 ? point : { time: point.time, requests: (point.requests * ms) / covered }
    }),
    partial: partial.map((covered) => covered !== 0)
  }
}

/**
 * The report's points summed into the shortest round bucket (a multiple of the report's) that leaves at
 * most MAX_CHART_POINTS with labels that fit; a bucket the window covers only in part is scaled to a
 * whole one and marked (see scaleToWhole). Points a chart cannot show (a time or count that is not a
 * finite number in range) are left out, so that any report gives a chart.
 */
export function chartSeries(report: ChartInput): ChartSeries | undefined {
  const usable = report.points.filter(
    (point) => point.time >= 0 && point.time <= LAST_TIME && point.requests >= 0 && point.requests <= Number.MAX_SAFE_INTEGER
  )
  if (usable.length === 0) return undefined
  const baseMs = Number.isSafeInteger(report.bucketMs) && report.bucketMs > 0 ? report.bucketMs : 1
  const first = usable.reduce((min, point) => Math.min(min, point.time), Infinity)
  const last = usable.reduce((max, point) => Math.max(max, point.time), -Infinity)
  // The bucket the read's window was aligned to comes first (see chartWindow): in it, the first bucket is whole.
  const chartMs = report.chartMs ?? 0
  const aligned = chartMs > 0 && Number.isSafeInteger(chartMs) && chartMs % baseMs === 0 ? [chartMs] : []
  const lengths = [...aligned, ...chartLengths(baseMs), bucketLength(first, last, baseMs, MAX_CHART_POINTS)]
  const window = covered(report, first, last, baseMs)
  let longest: ChartSeries | undefined
  for (const bucketMs of lengths) {
    const summed = sumBuckets(usable, bucketMs)
    // Stryker disable next-line ConditionalExpression: only saves work: 13 or more labels never fit (each has 5 characters or more), and the last length gives at most 12 points
    if (summed.length > MAX_CHART_POINTS) continue
    const { points, partial } = scaleToWhole(summed, bucketMs, window)
    const labels = chartLabels(points, bucketMs).map((label, i) => (partial[i] === true ? `${label}*` : label))
    longest = { points, labels, bucketMs, partial: partial.includes(true) }
    if (fits(longest.labels)) break
  }
  return longest
}

/** The y-axis top: the highest value rounded up to two significant digits (6,953 → 7,000), at least 1. */
function axisTop(highest: number): number {
  // Whole numbers below 100 (a scaled count may be 9.2), and 1 for a chart of zeros (log10(0) is -Infinity).
  const unit = Math.max(1, 10 ** (Math.floor(Math.log10(highest)) - 1))
  return Math.max(1, Math.ceil(highest / unit) * unit)
}

/**
 * The requests per bucket as a Mermaid xychart-beta block, which GitHub renders in job summaries; an
 * empty string when no point can be drawn. The y-axis starts at 0; the x-axis is labelled with UTC
 * clock times or dates, the year in its title. Everything in it is a number or a time formatted here,
 * never text from the API. The plot colour is set because Mermaid's default first colour is too faint
 * to read on white.
 */
export function trafficChart(report: ChartInput): string {
  const series = chartSeries(report)
  if (series === undefined) return ''
  const dates = series.points.map((point) => new Date(point.time).toISOString().slice(0, 10))
  const span = dates[0] === dates.at(-1) ? dates[0] : `${dates[0]} to ${dates.at(-1)}`
  const values = series.points.map((point) => point.requests)
  return [
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
    `  title "Requests per ${describeLength(series.bucketMs)}"`,
    `  x-axis "UTC, ${span}" [${series.labels.map((label) => `"${label}"`).join(', ')}]`,
    `  y-axis "Requests" 0 --> ${plain(axisTop(Math.max(...values)))}`,
    `  line [${values.map(plain).join(', ')}]`,
    '```',
    ...(series.partial ? ['', partialNote(series.bucketMs, report)] : [])
  ].join('\n')
}

/** UTC to the minute, as the chart labels it: "2026-11-21 13:37". */
const minuteOf = (iso: string | undefined): string => new Date(Date.parse(String(iso))).toISOString().slice(0, 16).replace('T', ' ')

/** Under a chart with a point marked `*`: what the mark means, and why the count is scaled. */
function partialNote(bucketMs: number, report: ChartInput): string {
  const length = describeLength(bucketMs)
  return (
    `\\* Covers only part of its ${length}: the window runs from ${minuteOf(report.since)} to ${minuteOf(report.until)} UTC. ` +
    `Its count is scaled to the whole ${length}, so that a part is not drawn as a drop.`
  )
}

/**
 * The window the section shows, as read: "Window: 2026-11-21 12:00 to 2026-11-22 13:37 UTC: the last 24h, from the start
 * of the chart's first bucket (4 hours)." Nothing when its ends cannot be read.
 */
function windowLine(report: TrafficReport): string[] {
  if (!Number.isFinite(Date.parse(report.since)) || !Number.isFinite(Date.parse(report.until))) return []
  const chartMs = report.chartMs
  const [unit, name] = Number.isSafeInteger(chartMs) && chartMs > 0 ? unitOf(chartMs) : [0, '']
  const aligned = unit > 0 ? `, from the start of the chart's first bucket (${plural(chartMs / unit, name)})` : ''
  return [`Window: ${minuteOf(report.since)} to ${minuteOf(report.until)} UTC: the last ${escapeMarkdown(report.window)}${aligned}.`, '']
}

/** One zone's traffic section of the job summary. */
export function trafficSection(report: TrafficReport): string[] {
  const zone = escapeMarkdown(report.zoneName ?? report.zoneId)
  const heading = `### Traffic: ${zone}, last ${escapeMarkdown(report.window)} (by ${report.granularity})`
  const chart = trafficChart(report)
  const drawn = chart === '' ? [] : [chart, '']
  if (report.totals === undefined) {
    return [
      heading,
      '',
      ...windowLine(report),
      `> [!WARNING]`,
      `> The traffic could not be read: ${escapeMarkdown(report.error ?? 'unknown error')}. The purge went ahead regardless.`,
      '',
      ...drawn
    ]
  }
  return [
    heading,
    '',
    ...windowLine(report),
    '| Traffic | Total |',
    '|---|---|',
    `| Requests | ${thousands(report.totals.requests)} |`,
    `| Bandwidth (as reported) | ${thousands(report.totals.bandwidth)} |`,
    `| Cache hit rate | ${(report.totals.cache_hit_rate * 100).toFixed(1)} % |`,
    '',
    ...drawn
  ]
}
