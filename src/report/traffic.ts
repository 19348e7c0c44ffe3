import type { TrafficReport } from '../analytics.js'
import { escapeMarkdown } from './markdown.js'

const thousands = (value: number): string => value.toLocaleString('en-US')

/** A chart label: time of day for minute and hour buckets, the date for day buckets (UTC). */
function label(timestamp: string, granularity: TrafficReport['granularity']): string {
  const iso = new Date(timestamp).toISOString()
  return granularity === 'day' ? iso.slice(5, 10) : `${iso.slice(5, 10)} ${iso.slice(11, 16)}`
}

/** The requests per bucket as a Mermaid xychart-beta block, which GitHub renders in job summaries. */
export function trafficChart(report: TrafficReport): string {
  const labels = report.points.map((point) => `"${label(point.timestamp, report.granularity)}"`)
  const values = report.points.map((point) => String(point.requests))
  return [
    '```mermaid',
    'xychart-beta',
    `  title "Requests per ${report.granularity} (UTC)"`,
    `  x-axis [${labels.join(', ')}]`,
    '  y-axis "Requests"',
    `  line [${values.join(', ')}]`,
    '```'
  ].join('\n')
}

/** One zone's traffic section of the job summary. */
export function trafficSection(report: TrafficReport): string[] {
  const zone = escapeMarkdown(report.zoneName ?? report.zoneId)
  const heading = `### Traffic: ${zone}, last ${escapeMarkdown(report.window)} (by ${report.granularity})`
  if (report.totals === undefined) {
    return [heading, '', `> [!WARNING]`, `> The traffic could not be read: ${escapeMarkdown(report.error ?? 'unknown error')}. The purge went ahead regardless.`, '']
  }
  const lines = [
    heading,
    '',
    '| | |',
    '|---|---|',
    `| Requests | ${thousands(report.totals.requests)} |`,
    `| Bandwidth | ${thousands(report.totals.bandwidth)} (as reported by the API; its unit is not documented) |`,
    `| Cache hit rate | ${(report.totals.cache_hit_rate * 100).toFixed(1)} % |`,
    ''
  ]
  if (report.points.length > 0) lines.push(trafficChart(report), '')
  return lines
}
