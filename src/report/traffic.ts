import type { TrafficReport } from '../analytics.js'
import { escapeMarkdown } from './markdown.js'

const thousands = (value: number): string => value.toLocaleString('en-US')

const UNITS = { minute: { ms: 60_000, name: 'Minutes' }, hour: { ms: 3_600_000, name: 'Hours' }, day: { ms: 86_400_000, name: 'Days' } } as const

/**
 * The requests per bucket as a Mermaid xychart-beta block, which GitHub renders in job summaries.
 * The x-axis is numeric (time since the first bucket, in the granularity's unit): one date label a
 * point overlaps into an unreadable band once there are more than a dozen. The plot colour is set
 * because Mermaid's default first colour is too faint to read on white.
 */
export function trafficChart(report: TrafficReport): string {
  const unit = UNITS[report.granularity]
  const first = Date.parse(report.points[0]?.timestamp ?? '')
  const last = Date.parse(report.points.at(-1)?.timestamp ?? '')
  const span = Math.max(1, Math.round((last - first) / unit.ms))
  const iso = new Date(first).toISOString()
  const start = report.granularity === 'day' ? iso.slice(0, 10) : `${iso.slice(5, 10)} ${iso.slice(11, 16)} UTC`
  return [
    '```mermaid',
    '---',
    'config:',
    '  themeVariables:',
    '    xyChart:',
    '      plotColorPalette: "#0969da"',
    '---',
    'xychart-beta',
    `  title "Requests per ${report.granularity}"`,
    `  x-axis "${unit.name} since ${start}" 0 --> ${span}`,
    '  y-axis "Requests"',
    `  line [${report.points.map((point) => String(point.requests)).join(', ')}]`,
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
