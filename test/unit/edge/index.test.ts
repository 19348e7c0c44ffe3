import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import { verifyAndWarm, probeTargets, purgedTargets, staleFailure, type EdgeCheck } from '../../../src/edge/index.js'
import type { UrlVerdict } from '../../../src/edge/verify.js'
import type { RequestOutcome } from '../../../src/purge/execute.js'
import { planRequests } from '../../../src/purge/plan.js'
import { defaultBody, startEdge, type StandInEdge } from '../../stand-in/edge.js'
import { FakeClock, testCancel } from '../../support/clock.js'
import { recordingIo } from '../../support/io.js'

const zone = { id: 'z1', name: 'example.com', status: 'active' }
const other = { id: 'z2', name: 'example.org', status: 'active' }
const plan = planRequests(
  [
    {
      zone,
      purgeEverything: false,
      urls: ['http://example.com/a', 'http://example.com/b', 'http://example.com/c'],
      tags: ['t'],
      settings: undefined
    },
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
    const targets = purgedTargets([outcome(0, true, 1000), outcome(1, false), outcome(2, true, 2000), outcome(3, true, 3000)], (url) =>
      url.endsWith('/a') ? '/site/a.html' : undefined
    )
    expect(targets).toStrictEqual([
      { url: 'http://example.com/a', purgedAt: 1000, file: '/site/a.html' },
      { url: 'http://example.com/b', purgedAt: 1000 }
    ])
  })
  it('takes the last confirmation of a URL sent twice', () => {
    expect(purgedTargets([outcome(0, true, 1000), outcome(0, true, 5000)], () => undefined).map((target) => target.purgedAt)).toEqual([
      5000, 5000
    ])
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
  it('does not count applied settings as a purge', () => {
    const settings: RequestOutcome = {
      request: {
        zoneId: 'z3',
        kind: 'settings',
        method: 'POST',
        path: '/zones/example.net/settings',
        body: {},
        items: [],
        label: 'Settings of example.net'
      },
      ok: true,
      status: 200,
      attempts: 1,
      durationMs: 1,
      error: undefined,
      confirmedAt: 1000
    }
    expect(probeTargets(new Map([['z3', ['http://example.net/']]]), [settings])).toEqual([])
  })
})

describe('verifyAndWarm', () => {
  let edge: StandInEdge
  const saved = process.env.HTTP_PROXY
  const ioClock = new FakeClock()
  const { io, lines, warnings, groups } = recordingIo(ioClock)
  const request = {
    verify: 20,
    recheckForMs: 10_000,
    warm: true,
    concurrency: 2,
    timeoutMs: 5000,
    userAgent: 'cdn-purge-action/test',
    zoneNames: ['example.com']
  }
  beforeEach(async () => {
    edge = await startEdge()
    process.env.HTTP_PROXY = edge.url
    lines.length = 0
    warnings.length = 0
    groups.length = 0
    ioClock.now = 0
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
    const checked = await verifyAndWarm(purged, [], request, io)
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
    expect(lines).toContain('http://example.com/b: unknown (X-Cache: HIT says it came from a cache, and no Age tells since when)')
    expect(warnings).toEqual([
      'Verify: 1 URL answered without Age or a cache-status header that tells whether the copy is new (http://example.com/b); not judged. If the CDN never sends them for these URLs, give probe-urls it does, or set verify: false.',
      'Warming: 1 URL answered neither 2xx nor 3xx (http://example.com/c (HTTP 404)). Warming never fails the step; check that the URLs are served.'
    ])
  })

  it('checks only as many as asked, with the probes besides, and says of how many', async () => {
    const purged = Array.from({ length: 10 }, (_, i) => ({ url: `http://example.com/${i}`, purgedAt: 0 }))
    const checked = await verifyAndWarm(
      purged,
      [{ url: 'http://example.com/probe', purgedAt: 0 }],
      { ...request, verify: 2, warm: false },
      io
    )
    expect(checked.verification?.verdicts.map((verdict) => verdict.url)).toEqual([
      'http://example.com/2',
      'http://example.com/7',
      'http://example.com/probe'
    ])
    expect(checked.warm).toBeUndefined()
    expect(lines[0]).toBe('Checking 3 URLs at the edge (of 11, spread over the list).')
    expect(groups).toEqual(['Verify'])
  })

  it('lists stale ones first, and warns of errors and of content that differs', async () => {
    edge.set('http://example.com/fresh', { age: 0 })
    edge.set('http://example.com/stale', { age: 500 })
    edge.set('http://example.com/down', { status: 502 })
    const checked = await verifyAndWarm(
      ['fresh', 'stale', 'down'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 })),
      [],
      { ...request, recheckForMs: 0, warm: false },
      io
    )
    expect(checked.verification?.verdicts.map((verdict) => verdict.verdict)).toEqual(['fresh', 'stale', 'error'])
    const verdictLines = lines.filter((line) => line.startsWith('http://'))
    expect(verdictLines.map((line) => /^\S+: (\w+)/.exec(line)?.[1])).toEqual(['stale', 'error', 'fresh'])
    expect(warnings).toEqual([
      'Verify: 1 URL could not be checked (a 5xx, a network error or no answer in time: http://example.com/down). Check that they are served; raise "timeout" if the site answers slowly.'
    ])
  })

  it('warns instead of fetching when there is nothing to check or warm', async () => {
    const checked = await verifyAndWarm([], [], request, io)
    expect(checked).toEqual({ verification: undefined, warm: undefined })
    expect(edge.requests).toEqual([])
    expect(warnings).toEqual([
      'Input "verify" has nothing to check: this purge has no URL list (only tags or everything). Give "probe-urls" to check pages of the site.',
      'Input "warm" has nothing to fetch: this purge has no URL list (only tags or everything). Give "probe-urls" to warm pages of the site.'
    ])
  })

  it('writes at most 50 verdict lines, and says how many more there are', async () => {
    const purged = Array.from({ length: 60 }, (_, i) => ({ url: `http://example.com/p${i}`, purgedAt: 0 }))
    await verifyAndWarm(purged, [], { ...request, verify: 60, warm: false }, io)
    expect(lines.filter((line) => line.startsWith('http://'))).toHaveLength(50)
    expect(lines).toContain('… and 10 more: see the job summary and the result output.')
  })

  it('only warms when verify is 0, and closes its connections to the edge when done', async () => {
    const checked = await verifyAndWarm([{ url: 'http://example.com/a', purgedAt: 0 }], [], { ...request, verify: 0 }, io)
    expect(groups).toEqual(['Warm'])
    expect(checked.verification).toBeUndefined()
    expect(lines).toEqual(['Warmed 1 of 1 URL: 1 2xx, 0 3xx, 0 4xx, 0 5xx, 0 without an answer.'])
    expect(warnings).toEqual([])
    await vi.waitFor(() => expect(edge.requests.map((r) => r.connectionClosed)).toEqual([true]))
  })

  it('closes its connections to the edge after verifying', async () => {
    edge.set('http://example.com/a', { age: 0 })
    await verifyAndWarm([{ url: 'http://example.com/a', purgedAt: 0 }], [], { ...request, warm: false }, io)
    await vi.waitFor(() => expect(edge.requests.map((r) => r.connectionClosed)).toEqual([true]))
  })

  it('says of how many it checks when the probes come on top of a share of the list', async () => {
    const purged = ['a', 'b'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 }))
    const probes = ['p', 'q'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 }))
    await verifyAndWarm(purged, probes, { ...request, verify: 1, warm: false }, io)
    expect(lines[0]).toBe('Checking 3 URLs at the edge (of 4, spread over the list).')
  })

  it('counts a probe URL that is also purged once, in what it says it checks of', async () => {
    const purged = ['a', 'b', 'c'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 }))
    const probes = ['a', 'p'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 }))
    await verifyAndWarm(purged, probes, { ...request, verify: 1, warm: false }, io)
    expect(lines[0]).toBe('Checking 3 URLs at the edge (of 4, spread over the list).')
  })

  it('warms the probe URLs too, each URL once', async () => {
    const checked = await verifyAndWarm(
      [{ url: 'http://example.com/a', purgedAt: 0 }],
      ['a', 'p'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 })),
      { ...request, verify: 0 },
      io
    )
    expect(checked.warm).toMatchObject({ urls: 2, warmed: 2 })
    expect(edge.requests.map((r) => r.url).sort()).toEqual(['http://example.com/a', 'http://example.com/p'])
  })

  it("fetches nothing when no zone's name is known, and says why and what to do", async () => {
    const purged = [{ url: 'http://127.0.0.1:9/internal-admin', purgedAt: 0 }]
    const probes = [{ url: 'http://example.com/p', purgedAt: 0 }]
    for (const [verify, warm, asked] of [
      [20, true, 'Inputs "verify" and "warm" are'],
      [20, false, 'Input "verify" is'],
      [0, true, 'Input "warm" is']
    ] as const) {
      warnings.length = 0
      const checked = await verifyAndWarm(purged, probes, { ...request, verify, warm, zoneNames: [undefined] }, io)
      expect(checked).toEqual({ verification: undefined, warm: undefined })
      expect(warnings).toEqual([
        `${asked} skipped: the zone was given by id and its name could not be read (the API key may not list zones), so no URL can be told to be on the zone's own site, ` +
          'and the edge checks fetch nothing else. Give the zone by name (zone: example.com), or use an API key that may list zones.'
      ])
    }
    expect(groups).toEqual([])
    expect(edge.requests).toEqual([])
    expect(edge.connections).toBe(0)
  })

  it('says there is nothing to check, not that the name is unknown, when there is no URL at all', async () => {
    await verifyAndWarm([], [], { ...request, zoneNames: [undefined] }, io)
    expect(warnings).toEqual([
      'Input "verify" has nothing to check: this purge has no URL list (only tags or everything). Give "probe-urls" to check pages of the site.',
      'Input "warm" has nothing to fetch: this purge has no URL list (only tags or everything). Give "probe-urls" to warm pages of the site.'
    ])
  })

  it('never fetches a local host or a URL off the known zones, says which, and checks the rest', async () => {
    edge.set('http://www.example.com/a', { age: 0 })
    const purged = [
      'http://www.example.com/a',
      'http://127.0.0.1:8080/admin',
      'http://[::1]/x',
      'http://printer.local/',
      'http://other.test/b'
    ].map((url) => ({ url, purgedAt: 0 }))
    const probes = [{ url: 'http://localhost:3000/p', purgedAt: 0 }]
    const checked = await verifyAndWarm(purged, probes, { ...request, zoneNames: ['example.com', undefined] }, io)
    expect(checked.verification?.verdicts.map((verdict) => verdict.url)).toEqual(['http://www.example.com/a'])
    expect(checked.warm).toMatchObject({ urls: 1, warmed: 1 })
    expect(edge.requests.map((r) => r.url)).toEqual(['http://www.example.com/a', 'http://www.example.com/a'])
    expect(lines[0]).toBe('Checking 1 URL at the edge.')
    expect(warnings).toEqual([
      'Not fetched from the edge: 4 URLs whose host is an IP address, localhost, a local name (.localhost, .local, .internal, .home.arpa) or a name without a dot ' +
        '(http://127.0.0.1:8080/admin, http://[::1]/x, http://printer.local/, http://localhost:3000/p). Verify and warm fetch only public names on the zone; the purge is not affected.',
      'Not fetched from the edge: 1 URL not on a zone whose name is known (http://other.test/b). Verify and warm fetch only public names on the zone; the purge is not affected.'
    ])
  })

  it('opens no Verify or Warm group when every URL is refused', async () => {
    const checked = await verifyAndWarm([{ url: 'http://10.0.0.1/', purgedAt: 0 }], [], request, io)
    expect(checked).toEqual({ verification: undefined, warm: undefined })
    expect(groups).toEqual([])
    expect(edge.requests).toEqual([])
    expect(warnings).toHaveLength(1)
  })

  it('lists at most 10 URLs in a warning, and says how many more', async () => {
    const purged = Array.from({ length: 12 }, (_, i) => ({ url: `http://example.com/${i}`, purgedAt: 0 }))
    for (const { url } of purged) edge.set(url, { status: 404 })
    await verifyAndWarm(purged, [], { ...request, verify: 0 }, io)
    const listed = purged.slice(0, 10).map(({ url }) => `${url} (HTTP 404)`)
    expect(warnings).toEqual([
      `Warming: 12 URLs answered neither 2xx nor 3xx (${listed.join(', ')} and 2 more). Warming never fails the step; check that the URLs are served.`
    ])
    // Exactly 10: all of them, nothing more.
    warnings.length = 0
    await verifyAndWarm(purged.slice(0, 10), [], { ...request, verify: 0 }, io)
    expect(warnings).toEqual([
      `Warming: 10 URLs answered neither 2xx nor 3xx (${listed.join(', ')}). Warming never fails the step; check that the URLs are served.`
    ])
  })

  it('orders the verdict lines stale, error, unknown, fresh', async () => {
    edge.set('http://example.com/fresh', { age: 0 })
    edge.set('http://example.com/unknown', {})
    edge.set('http://example.com/error', { status: 503 })
    edge.set('http://example.com/stale', { age: 500 })
    await verifyAndWarm(
      ['fresh', 'unknown', 'error', 'stale'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 })),
      [],
      { ...request, recheckForMs: 0, warm: false },
      io
    )
    expect(lines.filter((line) => line.startsWith('http://')).map((line) => /^\S+: (\w+)/.exec(line)?.[1])).toEqual([
      'stale',
      'error',
      'unknown',
      'fresh'
    ])
  })

  it('writes all 50 verdict lines when there are exactly 50', async () => {
    const purged = Array.from({ length: 50 }, (_, i) => ({ url: `http://example.com/p${i}`, purgedAt: 0 }))
    await verifyAndWarm(purged, [], { ...request, verify: 50, warm: false }, io)
    expect(lines.filter((line) => line.startsWith('http://'))).toHaveLength(50)
    expect(lines.filter((line) => line.startsWith('…'))).toEqual([])
  })

  it("says in the log when the origin's clock is behind, and in the reason of a stale URL it could explain", async () => {
    edge.set('http://example.com/miss', { headers: { 'cache-status': 'squid;detail=mismatch' }, dateOffsetMs: -120_000 })
    edge.set('http://example.com/hit', { age: 121, headers: { 'cache-status': 'squid;hit;detail=match' }, dateOffsetMs: -241_000 })
    const start = Date.now()
    const checked = await verifyAndWarm(
      ['miss', 'hit'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: start })),
      [],
      { ...request, recheckForMs: 0, warm: false },
      { ...io, now: Date.now }
    )
    // The Date has whole seconds, and the answer comes a little after the request.
    expect(checked.verification?.clockSkew?.answers).toBe(1)
    expect([-120, -121]).toContain(checked.verification?.clockSkew?.seconds)
    expect(lines).toContain(checked.verification?.clockSkew?.note)
    expect(lines.at(-1)).toMatch(
      /^The origin's clock is off by about 12[01] s \(behind\), by the Date of the one answer not served from a cache: caches that derive Age from Date \(Squid, RFC 9111 §4\.2\.3\) report copies that much older\.$/
    )
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^http:\/\/example\.com\/hit: stale \(Age 121 s, but only 0 s since the purge; the origin's clock is off by about 12[01] s \(behind\): maybe not stale\)$/
      )
    )
    expect(checked.verification?.verdicts.map((verdict) => verdict.verdict)).toEqual(['fresh', 'stale'])
  })

  it("says nothing of the origin's clock when it is right", async () => {
    edge.set('http://example.com/miss', { headers: { 'x-cache': 'MISS from squid' } })
    const checked = await verifyAndWarm(
      [{ url: 'http://example.com/miss', purgedAt: 0 }],
      [],
      { ...request, warm: false },
      { ...io, now: Date.now }
    )
    expect(checked.verification?.clockSkew).toBeUndefined()
    expect(lines.filter((line) => line.includes('clock'))).toEqual([])
  })

  it('abandons a fetch in flight when the run is cancelled, fetches nothing more, and does not warm', async () => {
    edge.set('http://example.com/a', { hang: true })
    const run = testCancel()
    const purged = ['a', 'b'].map((name) => ({ url: `http://example.com/${name}`, purgedAt: 0 }))
    const checked = verifyAndWarm(purged, [], { ...request, concurrency: 1, timeoutMs: 60_000 }, { ...io, signal: run.signal })
    await vi.waitFor(() => expect(edge.requests).toHaveLength(1))
    run.cancel()
    await expect(checked).rejects.toBe(run.reason)
    await expect(checked).rejects.toBeInstanceOf(Cancelled)
    expect(groups).toEqual(['Verify'])
    expect(edge.requests.map((r) => r.url)).toEqual(['http://example.com/a'])
    await vi.waitFor(() => expect(edge.requests.map((r) => r.connectionClosed)).toEqual([true]))
  })

  it('ends the wait before checking a stale URL again when the run is cancelled', async () => {
    edge.set('http://example.com/a', { age: 3600 })
    const run = testCancel()
    const clock = new FakeClock()
    const sleep = clock.cancelling(() => run.cancel())
    const checked = verifyAndWarm([{ url: 'http://example.com/a', purgedAt: 0 }], [], request, { ...io, sleep, signal: run.signal })
    await expect(checked).rejects.toBe(run.reason)
    expect(clock.sleeps).toEqual([5000])
    expect(groups).toEqual(['Verify'])
    expect(edge.requests).toHaveLength(1)
  })

  it('warms nothing once the run is cancelled', async () => {
    const run = testCancel()
    run.cancel()
    const checked = verifyAndWarm(
      [{ url: 'http://example.com/a', purgedAt: 0 }],
      [],
      { ...request, verify: 0 },
      { ...io, signal: run.signal }
    )
    await expect(checked).rejects.toBe(run.reason)
    expect(groups).toEqual(['Warm'])
    expect(edge.requests).toEqual([])
  })

  describe('with the deployed files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-edge-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const deployed = (name: string, same: boolean): { url: string; purgedAt: number; file: string } => {
      const url = `http://example.com/${name}`
      const file = join(dir, name)
      writeFileSync(file, same ? defaultBody(url) : 'the new page')
      edge.set(url, { age: 0 })
      return { url, purgedAt: 0, file }
    }

    it('says in the count and a warning which one differs', async () => {
      await verifyAndWarm([deployed('same.html', true), deployed('new.html', false)], [], { ...request, warm: false }, io)
      expect(lines).toContain('Fresh 2, stale 0, unknown 0, error 0; 1 differ from the deployed file.')
      expect(warnings).toEqual([
        'Verify: 1 URL differs from the deployed file (http://example.com/new.html); a CDN may rewrite HTML, so this is not a failure.'
      ])
    })

    it('says "differ" of several, and nothing when all are the same', async () => {
      await verifyAndWarm([deployed('x.html', false), deployed('y.html', false)], [], { ...request, warm: false }, io)
      expect(warnings).toEqual([
        'Verify: 2 URLs differ from the deployed file (http://example.com/x.html, http://example.com/y.html); a CDN may rewrite HTML, so this is not a failure.'
      ])
      warnings.length = 0
      lines.length = 0
      await verifyAndWarm([deployed('z.html', true)], [], { ...request, warm: false }, io)
      expect(lines).toContain('Fresh 1, stale 0, unknown 0, error 0.')
      expect(warnings).toEqual([])
    })
  })
})

describe('staleFailure', () => {
  const verdict = (url: string, verdict: UrlVerdict['verdict']): UrlVerdict => ({
    url,
    verdict,
    status: 200,
    age: 0,
    cacheStatus: undefined,
    reason: '',
    content: undefined,
    attempts: 1
  })
  const check = (verdicts: UrlVerdict[]): EdgeCheck => ({
    verification: { verdicts, recheckForMs: 30_000, clockSkew: undefined },
    warm: undefined
  })
  const urls = (count: number): string[] => Array.from({ length: count }, (_, i) => `http://example.com/${i}`)

  it('names the stale URLs, at most 5, and of how many checked', () => {
    expect(staleFailure(check([...urls(6).map((url) => verdict(url, 'stale')), verdict('http://example.com/fresh', 'fresh')]))).toBe(
      `6 of 7 URLs checked at the edge still served a copy cached before the purge after 30 s of checking again (stale-files output): ${urls(5).join(', ')}, …. ` +
        'A shield or tiered cache may have refilled the edge: try purge-again-after, or a longer verify-timeout.'
    )
    expect(staleFailure(check(urls(5).map((url) => verdict(url, 'stale'))))).toBe(
      `5 of 5 URLs checked at the edge still served a copy cached before the purge after 30 s of checking again (stale-files output): ${urls(5).join(', ')}. ` +
        'A shield or tiered cache may have refilled the edge: try purge-again-after, or a longer verify-timeout.'
    )
  })
  it("adds what the origin's clock means when it is behind, and only then", () => {
    const skewed = (seconds: number): EdgeCheck => ({
      verification: {
        verdicts: [verdict('http://example.com/0', 'stale')],
        recheckForMs: 30_000,
        clockSkew: { seconds, answers: 2, note: 'The clock note.' }
      },
      warm: undefined
    })
    expect(staleFailure(skewed(-120))).toMatch(/a longer verify-timeout\. The clock note\.$/)
    expect(staleFailure(skewed(120))).toMatch(/a longer verify-timeout\.$/)
  })
  it('is undefined when nothing was stale, or nothing was checked', () => {
    expect(staleFailure(check([verdict('a', 'fresh'), verdict('b', 'unknown'), verdict('c', 'error')]))).toBeUndefined()
    expect(
      staleFailure({
        verification: undefined,
        warm: { urls: 1, warmed: 1, counts: { '2xx': 1, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 }, problems: [] }
      })
    ).toBeUndefined()
  })
})
