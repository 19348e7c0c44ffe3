import { describe, expect, it } from 'vitest'
import { mergeBuckets, type TrafficPoint, type TrafficReport } from '../../src/analytics.js'
import { trafficChart, trafficSection } from '../../src/report/traffic.js'

const points = (count: number): TrafficPoint[] => Array.from({ length: count }, (_, i) => ({ timestamp: new Date(Date.UTC(2026, 10, 22, 0, i)).toISOString(), requests: i + 1 }))
const report = (over: Partial<TrafficReport> = {}): TrafficReport => ({
  zoneId: 'z1',
  zoneName: 'example.com',
  window: '2h',
  granularity: 'minute',
  since: '2026-11-22T00:00:00.000Z',
  until: '2026-11-22T02:00:00.000Z',
  totals: { requests: 1234567, bandwidth: 9876543210, cache_hit_rate: 0.8734 },
  points: points(3),
  error: undefined,
  ...over
})

describe('mergeBuckets', () => {
  it('keeps up to 60 points as they are', () => {
    expect(mergeBuckets(points(60))).toEqual(points(60))
  })
  it('merges evenly to at most 60, keeping every request and the first timestamp of each group', () => {
    const merged = mergeBuckets(points(1440))
    expect(merged).toHaveLength(60)
    expect(merged.reduce((sum, p) => sum + p.requests, 0)).toBe((1440 * 1441) / 2)
    expect(merged[1]).toEqual({ timestamp: points(1440)[24]?.timestamp, requests: Array.from({ length: 24 }, (_, i) => 25 + i).reduce((a, b) => a + b, 0) })
  })
  it('never exceeds 60 for awkward counts', () => {
    for (const count of [61, 119, 121, 10_080]) expect(mergeBuckets(points(count)).length).toBeLessThanOrEqual(60)
  })
})

describe('traffic summary', () => {
  it('shows totals with separators, the bandwidth as reported, the hit rate as a percentage', () => {
    const section = trafficSection(report()).join('\n')
    expect(section).toContain('### Traffic: example.com, last 2h (by minute)')
    expect(section).toContain('| Requests | 1,234,567 |')
    expect(section).toContain('| Bandwidth | 9,876,543,210 (as reported by the API; its unit is not documented) |')
    expect(section).toContain('| Cache hit rate | 87.3 % |')
  })
  it('draws requests per bucket as a Mermaid xychart-beta block on a numeric time axis', () => {
    expect(trafficChart(report())).toBe(
      [
        '```mermaid',
        '---',
        'config:',
        '  themeVariables:',
        '    xyChart:',
        '      plotColorPalette: "#0969da"',
        '---',
        'xychart-beta',
        '  title "Requests per minute"',
        '  x-axis "Minutes since 11-22 00:00 UTC" 0 --> 2',
        '  y-axis "Requests"',
        '  line [1, 2, 3]',
        '```'
      ].join('\n')
    )
  })
  it('spans merged buckets in the granularity unit, and labels days by date', () => {
    const merged = { ...report(), points: [{ timestamp: '2026-11-22T00:00:00Z', requests: 5 }, { timestamp: '2026-11-22T00:25:00Z', requests: 7 }] }
    expect(trafficChart(merged)).toContain('x-axis "Minutes since 11-22 00:00 UTC" 0 --> 25')
    expect(trafficChart(report({ granularity: 'day', points: [{ timestamp: '2026-11-20T00:00:00Z', requests: 5 }] }))).toContain('x-axis "Days since 2026-11-20" 0 --> 1')
  })
  it('says when the traffic could not be read', () => {
    expect(trafficSection(report({ totals: undefined, points: [], error: 'GET … failed: HTTP 500' })).join('\n')).toContain('The traffic could not be read: GET … failed: HTTP 500. The purge went ahead regardless.')
  })
})
