import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkEdge, deployedFiles, probeTargets, purgedTargets } from '../../src/edge/index.js'
import type { RequestOutcome } from '../../src/execute.js'
import { planRequests } from '../../src/plan.js'
import { startEdge, type StandInEdge } from '../stand-in/edge.js'

const zone = { id: 'z1', name: 'example.com', status: 'active' }
const other = { id: 'z2', name: 'example.org', status: 'active' }
const plan = planRequests(
  [
    { zone, purgeEverything: false, urls: ['http://example.com/a', 'http://example.com/b', 'http://example.com/c'], tags: ['t'], settings: undefined },
    { zone: other, purgeEverything: true, urls: [], tags: [], settings: undefined }
  ],
  2
)
const outcome = (index: number, ok: boolean, confirmedAt?: number): RequestOutcome => ({
  request: plan.requests[index]!,
  ok,
  status: ok ? 200 : 500,
  attempts: 1,
  durationMs: 1,
  error: ok ? undefined : 'failed',
  confirmedAt
})

describe('purgedTargets', () => {
  it('gives each confirmed URL with the time its batch was confirmed, and its deployed file when known', () => {
    const targets = purgedTargets([outcome(0, true, 1000), outcome(1, false), outcome(2, true, 2000), outcome(3, true, 3000)], (url) => (url.endsWith('/a') ? '/site/a.html' : undefined))
    expect(targets).toEqual([
      { url: 'http://example.com/a', purgedAt: 1000, file: '/site/a.html' },
      { url: 'http://example.com/b', purgedAt: 1000 }
    ])
  })
  it('takes the last confirmation of a URL sent twice', () => {
    expect(purgedTargets([outcome(0, true, 1000), outcome(0, true, 5000)], () => undefined).map((target) => target.purgedAt)).toEqual([5000, 5000])
  })
})

describe('probeTargets', () => {
  it('times each probe by the last purge confirmed in its zone, and leaves out zones with none', () => {
    const probes = new Map([
      ['z1', ['http://example.com/']],
      ['z2', ['http://example.org/']],
      ['z3', ['http://example.net/']]
    ])
    expect(probeTargets(probes, [outcome(0, true, 1000), outcome(2, true, 4000), outcome(3, true, 2000), outcome(1, false)])).toEqual([
      { url: 'http://example.com/', purgedAt: 4000 },
      { url: 'http://example.org/', purgedAt: 2000 }
    ])
    expect(probeTargets(probes, [outcome(1, false)])).toEqual([])
  })
})

describe('deployedFiles', () => {
  it('reads each changed entry as the URL it was purged as, with its file in the workspace', () => {
    // With several zones a path cannot be routed: it has no file to compare, and breaks nothing.
    const files = deployedFiles(new Map([['/docs/', 'public/docs/index.html'], ['http://example.org/x.css', 'public/x.css']]), [zone, other], '/work')
    expect([...files]).toEqual([['http://example.org/x.css', '/work/public/x.css']])
    expect([...deployedFiles(new Map([['/docs/', 'public/docs/index.html']]), [zone], '/work')]).toEqual([['https://example.com/docs/', '/work/public/docs/index.html']])
  })
})

describe('checkEdge', () => {
  let edge: StandInEdge
  const saved = process.env.HTTP_PROXY
  const lines: string[] = []
  const warnings: string[] = []
  const groups: string[] = []
  let now = 0
  const io = {
    log: (line: string) => lines.push(line),
    warn: (line: string) => warnings.push(line),
    group: <T>(name: string, fn: () => Promise<T>): Promise<T> => (groups.push(name), fn()),
    now: () => now,
    sleep: (ms: number) => ((now += ms), Promise.resolve())
  }
  const request = { verify: 20, recheckForMs: 10_000, warm: true, concurrency: 2, timeoutMs: 5000, userAgent: 'cdn-purge-action/test' }
  beforeEach(async () => {
    edge = await startEdge()
    process.env.HTTP_PROXY = edge.url
    lines.length = 0
    warnings.length = 0
    groups.length = 0
    now = 0
  })
  afterEach(async () => {
    if (saved === undefined) delete process.env.HTTP_PROXY
    else process.env.HTTP_PROXY = saved
    await edge.close()
  })

  it('verifies, then warms, in their groups, and says what the edge showed', async () => {
    edge.set('http://example.com/a', { age: 0 })
    edge.set('http://example.com/b', { headers: { 'x-cache': 'HIT' } })
    edge.set('http://example.com/c', { status: 404, age: 0 })
    const purged = ['a', 'b', 'c'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 }))
    const checked = await checkEdge(purged, [], request, io)
    expect(groups).toEqual(['Verify', 'Warm'])
    expect(checked.verification?.verdicts.map((verdict) => [verdict.url, verdict.verdict])).toEqual([
      ['http://example.com/a', 'fresh'],
      ['http://example.com/b', 'unknown'],
      ['http://example.com/c', 'fresh']
    ])
    expect(checked.verification?.recheckForMs).toBe(10_000)
    expect(checked.warm).toMatchObject({ urls: 3, warmed: 2, counts: { '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 0, error: 0 } })
    expect(lines).toContain('Checking 3 URLs at the edge.')
    expect(lines).toContain('Fresh 2, stale 0, unknown 1, error 0.')
    expect(lines).toContain('Warmed 2 of 3 URLs: 2 2xx, 0 3xx, 1 4xx, 0 5xx, 0 without an answer.')
    expect(lines.indexOf('http://example.com/b: unknown (served from cache by X-Cache: HIT, and without Age it cannot be dated)') >= 0 || lines.some((line) => line.startsWith('http://example.com/b: unknown'))).toBe(true)
    expect(warnings).toEqual([
      'Verify: 1 URL answered without Age or a cache-status header that tells whether the copy is new (http://example.com/b); not judged.',
      'Warming: 1 URL answered neither 2xx nor 3xx (http://example.com/c (HTTP 404)). Warming never fails the step; check that the URLs are served.'
    ])
  })

  it('checks only as many as asked, with the probes besides, and says of how many', async () => {
    const purged = Array.from({ length: 10 }, (_, i) => ({ url: `http://example.com/${i}`, purgedAt: 0 }))
    const checked = await checkEdge(purged, [{ url: 'http://example.com/probe', purgedAt: 0 }], { ...request, verify: 2, warm: false }, io)
    expect(checked.verification?.verdicts.map((verdict) => verdict.url)).toEqual(['http://example.com/2', 'http://example.com/7', 'http://example.com/probe'])
    expect(checked.warm).toBeUndefined()
    expect(lines[0]).toBe('Checking 3 URLs at the edge (of 11, spread over the list).')
    expect(groups).toEqual(['Verify'])
  })

  it('lists stale ones first, and warns of errors and of content that differs', async () => {
    edge.set('http://example.com/fresh', { age: 0 })
    edge.set('http://example.com/stale', { age: 500 })
    edge.set('http://example.com/down', { status: 502 })
    const checked = await checkEdge(
      ['fresh', 'stale', 'down'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 })),
      [],
      { ...request, recheckForMs: 0, warm: false },
      io
    )
    expect(checked.verification?.verdicts.map((verdict) => verdict.verdict)).toEqual(['fresh', 'stale', 'error'])
    const verdictLines = lines.filter((line) => line.startsWith('http://'))
    expect(verdictLines.map((line) => /^\S+: (\w+)/.exec(line)?.[1])).toEqual(['stale', 'error', 'fresh'])
    expect(warnings).toEqual(['Verify: 1 URL could not be checked (a 5xx, a network error or no answer in time: http://example.com/down).'])
  })

  it('warns instead of fetching when there is nothing to check or warm', async () => {
    const checked = await checkEdge([], [], request, io)
    expect(checked).toEqual({ verification: undefined, warm: undefined })
    expect(edge.requests).toEqual([])
    expect(warnings).toEqual([
      'Input "verify" has nothing to check: this purge has no URL list (only tags or everything). Give "probe-urls" to check pages of the site.',
      'Input "warm" has nothing to fetch: this purge has no URL list (only tags or everything). Give "probe-urls" to warm pages of the site.'
    ])
  })

  it('writes at most 50 verdict lines, and says how many more there are', async () => {
    const purged = Array.from({ length: 60 }, (_, i) => ({ url: `http://example.com/p${i}`, purgedAt: 0 }))
    await checkEdge(purged, [], { ...request, verify: 60, warm: false }, io)
    expect(lines.filter((line) => line.startsWith('http://'))).toHaveLength(50)
    expect(lines).toContain('… and 10 more: see the job summary and the result output.')
  })
})
