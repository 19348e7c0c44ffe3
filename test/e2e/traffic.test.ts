import { describe, expect, it } from 'vitest'
import { noStackTrace, standIn } from './fixture.js'

interface AnalyticsOutput {
  zone: string
  window: string
  since: string
  until: string
  granularity: string
  totals: { requests: number; bandwidth: number; cache_hit_rate: number } | null
  error?: string
}
const chartPoints = (summary: string): number => {
  const line = /^ {2}line \[(.*)\]$/m.exec(summary)
  return line === null ? 0 : (line[1] ?? '').split(',').length
}

describe('traffic report (end to end)', () => {
  // Buckets are aligned to whole minutes, hours or days, so a window ending now touches one more than it spans, and the
  // window starts where the chart's first bucket does, up to one of those (4 hours for 24h, at most 7 days for 30d) early.
  it.each([
    ['90m', '', 'minute', 60],
    ['24h', '', 'hour', 28],
    ['30d', '', 'day', 37],
    ['24h', 'minute', 'minute', 60]
  ])(
    'analytics %s (granularity %j) reads %s buckets, keeps at most %s points and charts at most 12',
    async (window, granularity, expected, points) => {
      const api = await standIn()
      const run = await api.run({ tags: 't', analytics: window, 'analytics-granularity': granularity })
      expect(run.code).toBe(0)
      const read = api.requests.find((r) => r.path === '/zones/zone-example/analytics/traffic')
      expect(read?.query.granularity).toBe(expected)
      // The window asked for starts where the chart's first bucket does: up to one bucket before the window given.
      const since = Date.parse(read?.query.since ?? '')
      const until = Date.parse(read?.query.until ?? '')
      const windowMs = Number.parseInt(window) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[window.slice(-1) as 'm' | 'h' | 'd']
      const [result] = (JSON.parse(run.outputs.result ?? '{}') as { traffic: { chartMs: number }[] }).traffic
      const chartMs = result?.chartMs ?? 0
      expect(since % chartMs).toBe(0)
      expect(until - since).toBeGreaterThanOrEqual(windowMs)
      expect(until - since).toBeLessThan(windowMs + chartMs)
      const minute = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ')
      expect(run.summary).toContain(
        `Window: ${minute(since)} to ${minute(until)} UTC: the last ${window}, from the start of the chart's first bucket (`
      )
      // Its first point is whole: never marked, nor scaled.
      expect(run.summary).toMatch(/\n {2}x-axis "[^"]*" \["[\d: -]+"[,\]]/)
      // Read before the purge.
      expect(api.requests.findIndex((r) => r.path.endsWith('/traffic'))).toBeLessThan(api.requests.findIndex((r) => r.method === 'POST'))
      const [analytics] = JSON.parse(run.outputs.analytics ?? '[]') as AnalyticsOutput[]
      expect(analytics).toMatchObject({ zone: 'zone-example', window, granularity: expected })
      expect(analytics?.totals?.cache_hit_rate).toBe(0.873)
      expect(run.summary).toContain(`### Traffic: example.com, last ${window} (by ${expected})`)
      expect(run.summary).toContain(`| Requests | ${analytics?.totals?.requests.toLocaleString('en-US')} |`)
      expect(run.summary).toContain('| Cache hit rate | 87.3 % |')
      expect(run.summary).toMatch(
        /```mermaid\n---\n[\s\S]*?\n---\nxychart-beta\n {2}title "Requests per [\w ]+"\n {2}x-axis "UTC, \d{4}-\d{2}-\d{2}[^"]*" \["[\d:-]+\*?"(, "[\d: -]+\*?")*\]\n {2}y-axis "Requests" 0 --> \d+\n/
      )
      expect(chartPoints(run.summary)).toBeGreaterThan(0)
      expect(chartPoints(run.summary)).toBeLessThanOrEqual(12)
      const [report] = (JSON.parse(run.outputs.result ?? '{}') as { traffic: { points: number }[] }).traffic
      expect(report?.points).toBeLessThanOrEqual(points)
    }
  )

  it('warns when the traffic cannot be read, and purges all the same', async () => {
    const api = await standIn()
    api.fault({ path: /\/analytics\/traffic$/, status: 500, retryAfter: '0', times: 2 })
    const run = await api.run({ files: '/a', analytics: '24h', 'max-attempts': '2' })
    expect(run.code).toBe(0)
    expect(run.outputs['purged-files']).toBe('1')
    expect(run.log).toMatch(
      /^::warning::The traffic of example.com could not be read \(GET \/zones\/zone-example\/analytics\/traffic failed \(2 attempts\): HTTP 500/m
    )
    expect(run.summary).toContain('The traffic could not be read')
    const [analytics] = JSON.parse(run.outputs.analytics ?? '[]') as AnalyticsOutput[]
    expect(analytics?.totals).toBeNull()
    expect(analytics?.error).toContain('HTTP 500')
  })

  it('leaves out unreadable buckets with a warning, charts the rest, and purges', async () => {
    const api = await standIn()
    const timeseries = [
      { timestamp: '2026-11-21T10:00:00Z', requests: 10 },
      { timestamp: 'yesterday', requests: 5 },
      { timestamp: '', requests: 5 },
      { timestamp: 1795233600000, requests: 5 },
      { timestamp: null, requests: 5 },
      { timestamp: '2026-11-21T11:00:00Z', requests: '12' },
      { timestamp: '2026-11-21T11:00:00Z', requests: -1 },
      'bucket',
      { timestamp: '2026-11-21T09:00:00Z', requests: 7 }
    ]
    api.fault({
      path: /\/analytics\/traffic$/,
      status: 200,
      body: JSON.stringify({ success: true, data: { totals: { requests: 17, bandwidth: 1, cache_hit_rate: 0.5 }, timeseries } })
    })
    const run = await api.run({ files: '/a', analytics: '24h' })
    expect(run.code).toBe(0)
    expect(run.outputs['purged-files']).toBe('1')
    expect(run.log).toMatch(
      /^::warning::7 entries of the traffic timeseries for example.com had no readable timestamp or request count and were left out of the chart\.$/m
    )
    // Summed into the chart's bucket, which the window was aligned to (4 hours for 24h by hour); outside the window, so not scaled.
    expect(run.summary).toContain('  x-axis "UTC, 2026-11-21" ["08:00"]')
    expect(run.summary).toContain('  line [17]')
    expect(noStackTrace(run)).toBe(true)
  })

  it.each([
    ['totals as a string', { totals: '17', timeseries: [] }, 'the answer has no "totals" object'],
    [
      'a hit rate over 1',
      { totals: { requests: 1, bandwidth: 1, cache_hit_rate: 87 }, timeseries: 'none' },
      "the answer's totals have no usable cache_hit_rate"
    ],
    ['no data', null, 'the answer has no "data" object']
  ])('warns about an answer with %s, and purges', async (_what, data, error) => {
    const api = await standIn()
    api.fault({ path: /\/analytics\/traffic$/, status: 200, body: JSON.stringify({ success: true, data }) })
    const run = await api.run({ files: '/a', analytics: '24h' })
    expect(run.code).toBe(0)
    expect(run.outputs['purged-files']).toBe('1')
    expect(run.log).toContain(`::warning::The traffic of example.com could not be read (${error}`)
    expect(run.summary).toContain('The traffic could not be read')
    expect(noStackTrace(run)).toBe(true)
  })

  it('reports each zone of several', async () => {
    const { zone } = await import('../stand-in/server.js')
    const api = await standIn({ zones: [zone('z-a', 'a.example'), zone('z-b', 'b.example')] })
    const run = await api.run({ zone: 'a.example, b.example', tags: 't', analytics: '7d' })
    expect(run.code).toBe(0)
    expect((JSON.parse(run.outputs.analytics ?? '[]') as AnalyticsOutput[]).map((a) => a.zone)).toEqual(['z-a', 'z-b'])
    expect(run.summary.match(/^### Traffic: /gm)).toHaveLength(2)
  })
})
