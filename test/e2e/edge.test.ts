import { afterEach, describe, expect, it } from 'vitest'
import { startEdge, type StandInEdge } from '../stand-in/edge.js'
import { noStackTrace, standIn } from './fixture.js'

// Proving the purge worked: the bundle against the stand-in API (direct, NO_PROXY) and the stand-in edge,
// which serves every public URL through HTTP_PROXY. URLs are http:// on the zone so that the edge, a plain
// HTTP proxy, can answer them.

const edges: StandInEdge[] = []
afterEach(async () => {
  await Promise.all(edges.splice(0).map((edge) => edge.close()))
})

async function setup() {
  const api = await standIn()
  const edge = await startEdge()
  edges.push(edge)
  const env = { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' }
  return { api, edge, env }
}

const url = (path: string): string => `http://example.com${path}`
const files = ['/a.html', '/b.css', '/c.js'].map(url)

describe('verify (end to end)', () => {
  it('judges fresh by Age and by each cache-status form, and says so in the outputs, log and summary', async () => {
    const { api, edge, env } = await setup()
    edge.set(url('/a.html'), { age: 0 })
    edge.set(url('/b.css'), { headers: { 'cf-cache-status': 'MISS' } })
    edge.set(url('/c.js'), { headers: { 'cache-status': 'ExampleCDN; fwd=miss' } })
    edge.set(url('/d.png'), { headers: { 'x-cache': 'Miss from cloudfront' } })
    edge.set(url('/e.svg'), { headers: { 'x-cache-status': 'EXPIRED' } })
    const all = [...files, url('/d.png'), url('/e.svg')]
    const run = await api.run({ files: all.join('\n'), verify: 'true' }, { env })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'verified-files': '5', 'stale-files': '[]' })
    expect(edge.requests.map((request) => request.url).sort()).toEqual([...all].sort())
    expect(run.log).toMatch(/^::group::Verify$/m)
    expect(run.log).toContain('Fresh 5, stale 0, unknown 0, error 0.')
    expect(run.summary).toContain('### Verification')
    expect(run.summary).toContain('5 URLs checked at the edge: 5 fresh.')
    const result = JSON.parse(run.outputs.result ?? '{}') as { verification: { verdicts: { url: string; verdict: string }[] } }
    expect(result.verification.verdicts.map((verdict) => verdict.verdict)).toEqual(['fresh', 'fresh', 'fresh', 'fresh', 'fresh'])
  })

  it('fetches stale URLs again until they turn fresh within verify-timeout', async () => {
    const { api, edge, env } = await setup()
    edge.set(url('/a.html'), [{ age: 900, times: 1 }, { age: 1 }])
    // The shortest verify-timeout: the one recheck falls at its end, a second on (every 5 s is for the unit tests' clock).
    const run = await api.run({ files: url('/a.html'), verify: '1', 'verify-timeout': '1' }, { env })
    expect(run.code).toBe(0)
    expect(run.outputs['verified-files']).toBe('1')
    expect(edge.count(url('/a.html'))).toBe(2)
    expect(run.log).toContain('1 URL still stale; checking again in 1 s (1 s left).')
  })

  it('fails the step with the URLs still stale when verify-timeout runs out, and lists them exactly', async () => {
    const { api, edge, env } = await setup()
    edge.set(url('/a.html'), { age: 900 })
    edge.set(url('/b.css'), { age: 0 })
    edge.set(url('/c.js'), { headers: { 'cf-cache-status': 'HIT' }, age: 3600 })
    const run = await api.run({ files: files.join('\n'), verify: 'true', 'verify-timeout': '1' }, { env })
    expect(run.code).toBe(1)
    expect(JSON.parse(run.outputs['stale-files'] ?? '')).toEqual([url('/a.html'), url('/c.js')])
    expect(run.outputs['verified-files']).toBe('1')
    expect(run.outputs['purged-files']).toBe('3')
    expect(run.log).toMatch(/^::error title=CDN purge failed::2 of 3 URLs checked at the edge still served a copy cached before the purge/m)
    expect(run.summary).toContain('**2 stale**')
    // A URL in a table cell has its "://" as an entity, so that no renderer links it over the escapes.
    expect(run.summary).toContain('| http&#58;//example.com/a.html | **stale** | 900 s |')
    expect(noStackTrace(run)).toBe(true)
  })

  it('warns, never fails, for unknown answers, 5xx and network errors', async () => {
    const { api, edge, env } = await setup()
    edge.set(url('/a.html'), { headers: { 'cf-cache-status': 'HIT' } })
    edge.set(url('/b.css'), { status: 503, age: 0 })
    edge.set(url('/c.js'), { reset: true })
    const run = await api.run({ files: files.join('\n'), verify: 'true' }, { env })
    expect(run.code).toBe(0)
    expect(run.outputs['verified-files']).toBe('0')
    expect(run.log).toMatch(/^::warning::Verify: 1 URL answered without Age or a cache-status header that tells whether the copy is new/m)
    expect(run.log).toMatch(/^::warning::Verify: 2 URLs could not be checked/m)
  })

  it('checks only as many as asked, spread over the list, and probe-urls besides', async () => {
    const { api, edge, env } = await setup()
    const many = Array.from({ length: 10 }, (_, i) => url(`/p${i}.html`))
    const run = await api.run({ files: many.join('\n'), verify: '2', 'probe-urls': url('/home.html') }, { env })
    expect(run.code).toBe(0)
    expect(edge.requests.map((request) => request.url)).toEqual(expect.arrayContaining([url('/p2.html'), url('/p7.html')]))
    expect(edge.requests).toHaveLength(3)
    expect(run.outputs['verified-files']).toBe('0')
  })
})

describe("the origin's clock (end to end)", () => {
  it('says in the log, the summary and the result when the origin is 120 s behind, and that a stale Age may be its doing', async () => {
    const { api, edge, env } = await setup()
    // Squid 6 on a miss, Varnish on a miss, then a copy cached right after the purge whose Age Squid derived from the origin's Date.
    edge.set(url('/a.html'), { headers: { 'cache-status': 'squid.example.net;detail=mismatch' }, dateOffsetMs: -120_000 })
    edge.set(url('/b.css'), { age: 0, dateOffsetMs: -120_000 })
    edge.set(url('/c.js'), { age: 121, headers: { 'cache-status': 'squid.example.net;hit;detail=match' }, dateOffsetMs: -241_000 })
    const run = await api.run({ files: files.join('\n'), verify: 'true', 'verify-timeout': '1' }, { env })
    // The verdict rules stay: the Age is over the time since the purge, so the URL is stale and the step fails.
    expect(run.code).toBe(1)
    expect(JSON.parse(run.outputs['stale-files'] ?? '')).toEqual([url('/c.js')])
    // The Date has whole seconds, and each answer comes a little after its request: 120 or 121 s.
    const note =
      /The origin's clock is off by about (12[01]) s \(behind\), by the Date of 2 answers \(the median\) not served from a cache: caches that derive Age from Date \(Squid, RFC 9111 §4\.2\.3\) report copies that much older\./
    expect(run.log).toMatch(new RegExp(`^${note.source}$`, 'm'))
    expect(run.log).toMatch(
      /^http:\/\/example\.com\/c\.js: stale \(Age 121 s, but only \d+ s since the purge; the origin's clock is off by about 12[01] s \(behind\): maybe not stale\)$/m
    )
    expect(run.log).toMatch(
      new RegExp(
        `^::error title=CDN purge failed::1 of 3 URLs checked at the edge still served a copy cached before the purge.* ${note.source}$`,
        'm'
      )
    )
    expect(run.summary).toMatch(
      /^The origin&#39;s clock is off by about 12[01] s &#40;behind&#41;, by the Date of 2 answers &#40;the median&#41; not served from a cache: caches that derive Age from Date &#40;Squid, RFC 9111 §4\.2\.3&#41; report copies that much older\.$/m
    )
    const result = JSON.parse(run.outputs.result ?? '{}') as {
      verification: { clockSkew: { seconds: number; answers: number; note: string } }
    }
    expect(result.verification.clockSkew.answers).toBe(2)
    expect([-120, -121]).toContain(result.verification.clockSkew.seconds)
    expect(result.verification.clockSkew.note).toMatch(note)
  })

  it('says nothing of the clock when the origin keeps time', async () => {
    const { api, edge, env } = await setup()
    edge.set(url('/a.html'), { headers: { 'cache-status': 'squid.example.net;detail=mismatch' } })
    const run = await api.run({ files: url('/a.html'), verify: 'true' }, { env })
    expect(run.code).toBe(0)
    expect(run.outputs['verified-files']).toBe('1')
    expect(run.log).not.toContain('clock')
    expect(run.summary).not.toContain('clock')
    expect((JSON.parse(run.outputs.result ?? '{}') as { verification: { clockSkew: unknown } }).verification.clockSkew).toBeNull()
  })
})

describe('verify against the deployed file (end to end)', () => {
  it('compares the body with the file the change list names, and warns when it differs', async () => {
    const { api, edge, env } = await setup()
    edge.set(url('/same.html'), { age: 0, body: '<p>new</p>\n' })
    edge.set(url('/other.html'), { age: 0, body: '<p>rewritten by the CDN</p>\n' })
    const run = await api.run(
      { 'previous-manifest': 'missing.json', 'site-dir': 'public', 'url-base': 'http://example.com/', verify: 'true', 'index-file': '' },
      { env, files: { 'public/same.html': '<p>new</p>\n', 'public/other.html': '<p>new</p>\n' } }
    )
    expect(run.code).toBe(0)
    expect(edge.requests.every((request) => request.headers['accept-encoding'] === 'identity')).toBe(true)
    expect(run.log).toMatch(/^::warning::Verify: 1 URL differs from the deployed file \(http:\/\/example\.com\/other\.html\)/m)
    const result = JSON.parse(run.outputs.result ?? '{}') as { verification: { verdicts: { url: string; content: string }[] } }
    expect(Object.fromEntries(result.verification.verdicts.map((verdict) => [verdict.url, verdict.content]))).toEqual({
      [url('/other.html')]: 'differs',
      [url('/same.html')]: 'same'
    })
    expect(run.summary).toContain('differs from the deployed file')
  })
})

describe('warm (end to end)', () => {
  it('fetches every purged URL once and counts what answered, warning for the rest', async () => {
    const { api, edge, env } = await setup()
    edge.set(url('/b.css'), { status: 404 })
    edge.set(url('/c.js'), { status: 301, headers: { location: '/d.js' } })
    const run = await api.run({ files: files.join('\n'), warm: 'true' }, { env })
    expect(run.code).toBe(0)
    expect(run.outputs['warmed-files']).toBe('2')
    expect(edge.requests.map((request) => request.url).sort()).toEqual([...files].sort())
    expect(run.log).toMatch(/^::group::Warm$/m)
    expect(run.log).toContain('Warmed 2 of 3 URLs: 1 2xx, 1 3xx, 1 4xx, 0 5xx, 0 without an answer.')
    expect(run.log).toMatch(/^::warning::Warming: 1 URL answered neither 2xx nor 3xx \(http:\/\/example\.com\/b\.css \(HTTP 404\)\)/m)
    expect(run.summary).toContain('| Warmed | 2 of 3 URLs (1 2xx, 1 3xx, 1 4xx) |')
  })

  it('warms probe-urls when the purge is by tags, or of everything', async () => {
    for (const purge of [{ tags: 'release' }, { 'purge-everything': 'true' }]) {
      const { api, edge, env } = await setup()
      edge.set(url('/'), { age: 0 })
      const run = await api.run({ ...purge, 'probe-urls': url('/'), warm: 'true', verify: 'true' }, { env })
      expect(run.code).toBe(0)
      expect(run.outputs).toMatchObject({ 'verified-files': '1', 'warmed-files': '1' })
      expect(edge.count(url('/'))).toBe(2)
    }
  })

  it('warns when there is nothing to check or warm', async () => {
    const { api, edge, env } = await setup()
    const run = await api.run({ tags: 'release', warm: 'true', verify: 'true' }, { env })
    expect(run.code).toBe(0)
    expect(edge.requests).toEqual([])
    expect(run.log).toMatch(/^::warning::Input "verify" has nothing to check/m)
    expect(run.log).toMatch(/^::warning::Input "warm" has nothing to fetch/m)
  })
})

describe('delay and purge-again-after (end to end)', () => {
  it('waits before the purge, then sends the purge again after the wait', async () => {
    const { api, env } = await setup()
    const run = await api.run({ files: files.join('\n'), delay: '1', 'purge-again-after': '1' }, { env })
    expect(run.code).toBe(0)
    expect(run.log).toContain('Waiting before the purge (delay): 1 s left.')
    expect(run.log).toContain('Waiting before the second pass (purge-again-after): 1 s left.')
    expect(api.purges.map((purge) => purge.files)).toEqual([files, files])
    expect(run.outputs['purged-files']).toBe('3')
  })

  it('leaves failed what the second pass does not confirm', async () => {
    const { api, env } = await setup()
    api.fault({ method: 'POST', path: '/zones/zone-example/purge', status: 400, skip: 1 })
    const run = await api.run({ files: files.join('\n'), 'purge-again-after': '1' }, { env })
    expect(run.code).toBe(1)
    expect(JSON.parse(run.outputs['failed-files'] ?? '')).toEqual(files)
    expect(api.purges).toHaveLength(1)
  })
})

describe('what the edge receives (end to end)', () => {
  it('fetches nothing in a dry run, and says what would be checked', async () => {
    const { api, edge, env } = await setup()
    const run = await api.run(
      { files: files.join('\n'), verify: 'true', warm: 'true', 'dry-run': 'true', delay: '30', 'purge-again-after': '30' },
      { env }
    )
    expect(run.code).toBe(0)
    expect(edge.requests).toEqual([])
    expect(api.purges).toEqual([])
    expect(run.log).not.toContain('Waiting')
    expect(run.summary).toContain('Dry run: would check 3 URLs at the edge and would warm 3 URLs.')
  })

  it('never sends the API key or the GitHub token to the edge', async () => {
    const { api, edge, env } = await setup()
    const token = 'ghs_secretTokenForEdgeTest0000000000'
    await api.run({ files: files.join('\n'), verify: 'true', warm: 'true', 'github-token': token }, { env })
    expect(edge.requests.length).toBeGreaterThan(0)
    for (const request of edge.requests) {
      const sent = JSON.stringify(request.headers)
      expect(sent).not.toContain(api.apiKey)
      expect(sent).not.toContain(token)
      expect(request.headers.authorization).toBeUndefined()
      expect(request.headers.cookie).toBeUndefined()
      expect(request.headers['user-agent']).toMatch(/^cdn-purge-action\//)
    }
  })
})

describe('what the edge checks never fetch (end to end)', () => {
  it('fetches nothing when the zone is given by id and zones may not be listed, and says why', async () => {
    const api = await standIn({ denyListing: true })
    const edge = await startEdge()
    edges.push(edge)
    // The edge stand-in on 127.0.0.1 stands for a service on the runner's own network; the list names it, and a zone URL besides.
    const local = `${edge.url}/internal-admin/users`
    const run = await api.run(
      {
        zone: 'zone-example',
        files: [local, 'http://localhost:1/x', url('/a.html')].join('\n'),
        'probe-urls': url('/p'),
        verify: 'true',
        warm: 'true'
      },
      { env: { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' } }
    )
    expect(run.code).toBe(0)
    expect(run.outputs['purged-files']).toBe('3')
    expect(edge.requests).toEqual([])
    expect(edge.connections).toBe(0)
    const warning =
      'Inputs "verify" and "warm" are skipped: the zone was given by id and its name could not be read (the API key may not list zones), so no URL can be told to be ' +
      "on the zone's own site, and the edge checks fetch nothing else. Give the zone by name (zone: example.com), or use an API key that may list zones."
    expect(run.log).toContain(`::warning::${warning}`)
    expect(JSON.parse(run.outputs.result ?? '{}')).toMatchObject({
      verification: null,
      warm: null,
      warnings: expect.arrayContaining([warning]) as unknown
    })
    expect(run.outputs).toMatchObject({ 'verified-files': '0', 'warmed-files': '0' })
  })

  it("never fetches a local name, even when it is the zone's", async () => {
    const api = await standIn({ zones: [{ id: 'zone-corp', name: 'corp.internal', status: 'active', created_at: '2026-01-01T00:00:00Z' }] })
    const edge = await startEdge()
    edges.push(edge)
    const run = await api.run(
      {
        zone: 'corp.internal',
        files: [`http://db.corp.internal:${new URL(edge.url).port}/admin`, 'http://corp.internal/x'].join('\n'),
        verify: 'true',
        warm: 'true'
      },
      { env: { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' } }
    )
    expect(run.code).toBe(0)
    expect(run.outputs['purged-files']).toBe('2')
    expect(edge.requests).toEqual([])
    expect(run.log).toMatch(/^::warning::Not fetched from the edge: 2 URLs whose host is an IP address, localhost, a local name/m)
  })

  it("fetches the public zone's URLs through the proxy and refuses the local zone's, with several zones", async () => {
    const zones = [
      { id: 'zone-example', name: 'example.com', status: 'active' as const, created_at: '2026-01-01T00:00:00Z' },
      { id: 'zone-corp', name: 'corp.internal', status: 'active' as const, created_at: '2026-01-01T00:00:00Z' }
    ]
    const api = await standIn({ zones })
    const edge = await startEdge()
    edges.push(edge)
    edge.set(url('/a.html'), { age: 0 })
    const run = await api.run(
      { zone: 'example.com\ncorp.internal', files: [url('/a.html'), 'http://corp.internal/b'].join('\n'), verify: 'true', warm: 'true' },
      { env: { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' } }
    )
    expect(run.code).toBe(0)
    expect(run.outputs['purged-files']).toBe('2')
    expect(edge.requests.map((request) => request.url)).toEqual([url('/a.html'), url('/a.html')])
    expect(run.log).toContain('Not fetched from the edge: 1 URL whose host is an IP address')
    expect(run.outputs).toMatchObject({ 'verified-files': '1', 'warmed-files': '1' })
  })
})
