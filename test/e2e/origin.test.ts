import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startEdge, type EdgeRequest, type StandInEdge } from '../stand-in/edge.js'
import type { StandInOptions } from '../stand-in/server.js'
import { EXPRESSION_DEFAULTS } from '../support/run-action.js'
import { errorLine, noStackTrace, posts, standIn } from './fixture.js'

// wait-for-origin: the bundle against the stand-in API (direct, NO_PROXY) and the stand-in edge (HTTP_PROXY), which
// answers each URL with the old build for a number of requests, then the new one: a deploy that lands while the step
// waits, counted in requests rather than seconds, so that no test counts on timing.

const edges: StandInEdge[] = []
let workspace: string
beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'origin-site-'))
  mkdirSync(join(workspace, 'public'))
  writeFileSync(join(workspace, 'public', 'a.html'), 'new a')
  writeFileSync(join(workspace, 'public', 'b.css'), 'new b')
})
afterEach(async () => {
  rmSync(workspace, { recursive: true, force: true })
  await Promise.all(edges.splice(0).map((edge) => edge.close()))
})

async function setup(options?: StandInOptions) {
  const api = await standIn(options)
  const edge = await startEdge()
  edges.push(edge)
  return { api, edge, env: { HTTP_PROXY: edge.url, NO_PROXY: '127.0.0.1' } }
}

const url = (path: string): string => `http://example.com${path}`
const a = url('/a.html')
const b = url('/b.css')
const site = { 'site-dir': 'public', 'url-base': 'http://example.com/' }
/** The requests the edge got for `address`, whatever their query. */
const asked = (edge: StandInEdge, address: string): EdgeRequest[] =>
  edge.requests.filter((request) => request.url.split('?')[0] === address)
const result = (outputs: Record<string, string>) =>
  JSON.parse(outputs.result ?? '{}') as {
    origin: {
      ready: boolean | null
      seconds: number | null
      where: string
      urls: { url: string; fetchedFrom: string; status: number | null; verdict: string | null; reason: string | null }[]
    } | null
  }

describe('wait-for-origin (end to end)', () => {
  it('purges only once the deploy has landed: the old build first, then the new one, each file by its hash', async () => {
    let edgeRequestsAtPurge = -1
    const { api, edge, env } = await setup({ onPurge: () => void (edgeRequestsAtPurge = asked(edge, a).length) })
    edge.set(a, [{ body: 'old a', times: 2 }, { body: 'new a' }])
    edge.set(b, { body: 'new b', age: 0 })
    const run = await api.run({ files: [a, b].join('\n'), ...site, 'wait-for-origin': '30' }, { env, workspace })
    expect(run.code).toBe(0)
    expect(run.outputs['origin-ready']).toBe('true')
    expect(Number(run.outputs['origin-wait'])).toBeGreaterThanOrEqual(1)
    expect(run.outputs['origin-wait']).toMatch(/^\d+\.\d$/)
    // Three checks of a.html (old, old, new), one of b.css; the purge went out after the third.
    expect(asked(edge, a)).toHaveLength(3)
    expect(asked(edge, b)).toHaveLength(1)
    expect(edgeRequestsAtPurge).toBe(3)
    expect(run.outputs['purged-files']).toBe('2')
    expect(run.log).toMatch(/^::group::Origin$/m)
    expect(run.log).toContain('Origin: 1 of 2 checked URLs serve the new build (0 s of 30).')
    expect(run.log).toMatch(/Origin: all 2 checked URLs serve the new build, found after \d+\.\d s\./)
    // Past the cache: a new query each time, no-cache, the body unencoded.
    const busters = edge.requests.map((request) => new URL(request.url).searchParams.get('cdn-purge-origin-check'))
    expect(busters.every((value) => value !== null)).toBe(true)
    expect(new Set(busters).size).toBe(edge.requests.length)
    for (const request of edge.requests) {
      expect(request.viaProxy).toBe(true)
      expect(request.headers['cache-control']).toBe('no-cache')
      expect(request.headers['accept-encoding']).toBe('identity')
    }
    const origin = result(run.outputs).origin
    expect(origin).toMatchObject({ ready: true, where: 'edge' })
    expect(origin?.urls.map((checked) => [checked.url, checked.verdict, checked.status])).toEqual([
      [a, 'new', 200],
      [b, 'new', 200]
    ])
    expect(run.summary).toMatch(/\| Origin \| ready after \d+(\.\d)? s \(2 of 2 checked URLs serve the deployed files\) \|/)
    expect(run.summary).toContain('### Origin')
  })

  it('never sends the API key or the GitHub token to the edge or the origin', async () => {
    const { api, edge, env } = await setup()
    edge.set(a, [{ body: 'old a' }, { body: 'new a' }])
    edge.set(url('/version.txt'), { body: 'v1' })
    const run = await api.run(
      { files: a, ...site, 'wait-for-origin': '30', 'origin-marker': `${url('/version.txt')} v1` },
      { env, workspace }
    )
    expect(run.code).toBe(0)
    const token = EXPRESSION_DEFAULTS['${{ github.token }}'] as string
    const seen = JSON.stringify(edge.requests)
    for (const secret of [api.apiKey, token, Buffer.from(api.apiKey).toString('base64')]) expect(seen).not.toContain(secret)
    expect(edge.requests.every((request) => request.headers.authorization === undefined && request.headers.cookie === undefined)).toBe(true)
  })

  it('when the time runs out: no purge, one titled error naming wait-for-origin with the URLs and why, every URL reported not purged', async () => {
    const { api, edge, env } = await setup()
    edge.set(a, { body: 'old a' })
    edge.set(b, { body: 'new b' })
    const gone = url('/gone.html')
    edge.set(gone, { status: 200, body: 'still here' })
    const run = await api.run({ files: [a, b, gone].join('\n'), ...site, 'wait-for-origin': '1' }, { env, workspace })
    expect(run.code).toBe(1)
    expect(posts(api)).toEqual([])
    const errors = run.log.split('\n').filter((line) => line.startsWith('::error'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^::error title=Origin not ready \(wait-for-origin\)::/)
    const error = errorLine(run)
    expect(error).toContain('3 of 3 URLs were not purged.')
    expect(error).toContain(
      'Input "wait-for-origin": the origin did not serve the new build within 1 s, so nothing was purged: 2 of 3 checked URLs still serve another version'
    )
    expect(error).toMatch(/http:\/\/example\.com\/a\.html \(old: sha256 [0-9a-f]{6}… ≠ deployed [0-9a-f]{6}…\)/)
    expect(error).toContain('http://example.com/gone.html (HTTP 200, but the change deleted the file)')
    expect(error).toContain('"origin-url"')
    expect(JSON.parse(run.outputs['failed-files'] ?? '')).toEqual([a, b, gone])
    expect(run.failedFilesText).toBe(`${a}\n${b}\n${gone}\n`)
    expect(run.outputs['origin-ready']).toBe('false')
    expect(run.summary).toContain(
      '| Origin | **not ready** after 1 s: 2 of 3 checked URLs still serve another version; nothing was purged |'
    )
    // No purge request went out (the HTTP requests are the zone lookup's): the URLs row says so, and why.
    expect(run.summary).toContain('| URLs | none of 3 purged: no request was sent, as the origin was not ready (wait-for-origin) |')
    expect(run.summary).toMatch(/\| http&#58;\/\/example\.com\/a\.html \| \*\*old\*\* \| 200 \| old: sha256/)
    expect(noStackTrace(run)).toBe(true)
  })

  it('takes a 404 for a file the change deleted as gone, and purges', async () => {
    const { api, edge, env } = await setup()
    const gone = url('/gone.html')
    edge.set(gone, [{ status: 200 }, { status: 404 }])
    edge.set(a, { body: 'new a' })
    const run = await api.run({ files: [a, gone].join('\n'), ...site, 'wait-for-origin': '30' }, { env, workspace })
    expect(run.code).toBe(0)
    expect(result(run.outputs).origin?.urls.map((checked) => [checked.verdict, checked.reason])).toEqual([
      ['new', 'the deployed file (sha256)'],
      ['gone', 'HTTP 404']
    ])
  })

  it('waits for a marker page to name the new build, for a purge by tag with nothing else to check', async () => {
    const { api, edge, env } = await setup()
    edge.set(url('/version.txt'), [{ body: 'build 0f0f0f', times: 2 }, { body: 'build abc123\n' }])
    const run = await api.run(
      { files: '', tags: 'release', 'wait-for-origin': '30', 'origin-marker': `${url('/version.txt')} abc123` },
      { env }
    )
    expect(run.code).toBe(0)
    expect(asked(edge, url('/version.txt'))).toHaveLength(3)
    expect(result(run.outputs).origin?.urls).toEqual([
      {
        url: url('/version.txt'),
        fetchedFrom: url('/version.txt'),
        expected: 'marker',
        status: 200,
        verdict: 'new',
        reason: 'holds the marker text',
        fetches: 3
      }
    ])
    expect(run.outputs['purged-tags']).toBe('1')
  })

  it('with origin-url, asks the origin directly, each URL’s path under it, with no cache-busting parameter', async () => {
    const { api, edge, env } = await setup()
    const origin = `${edge.url}/site`
    edge.set(`${origin}/a.html`, [{ body: 'old a' }, { body: 'new a', age: 300 }])
    const run = await api.run({ files: a, ...site, 'wait-for-origin': '30', 'origin-url': origin }, { env, workspace })
    expect(run.code).toBe(0)
    expect(edge.requests.map((request) => [request.url, request.viaProxy])).toEqual([
      [`${origin}/a.html`, false],
      [`${origin}/a.html`, false]
    ])
    expect(result(run.outputs).origin).toMatchObject({
      ready: true,
      where: 'origin-url',
      urls: [{ url: a, fetchedFrom: `${origin}/a.html` }]
    })
    expect(run.log).toContain(`at origin-url (${edge.url})`)
  })

  it('never takes a copy from the cache as new: when every answer is one, it stops at once, names origin-url and purges nothing', async () => {
    const { api, edge, env } = await setup()
    // The edge ignores the query string: the deployed bytes, but from its cache.
    edge.set(a, { body: 'new a', age: 120 })
    edge.set(b, { body: 'new b', headers: { 'x-cache': 'HIT' } })
    const run = await api.run({ files: [a, b].join('\n'), ...site, 'wait-for-origin': '600' }, { env, workspace })
    expect(run.code).toBe(1)
    expect(posts(api)).toEqual([])
    expect(edge.requests).toHaveLength(2)
    const error = errorLine(run)
    expect(error).toContain('every answer through the edge came from its cache (http://example.com/a.html: from the cache: Age 120)')
    expect(error).toContain('the edge ignores the query string')
    expect(error).toContain('Set "origin-url"')
    expect(result(run.outputs).origin?.urls.map((checked) => checked.verdict)).toEqual(['from-cache', 'from-cache'])
    expect(JSON.parse(run.outputs['failed-files'] ?? '')).toEqual([a, b])
  })

  it('in a dry run, fetches and sends nothing, and says what would be checked and where', async () => {
    const { api, edge, env } = await setup()
    const run = await api.run(
      { files: [a, b].join('\n'), ...site, 'wait-for-origin': '60', 'origin-marker': '/version.txt v2', 'dry-run': 'true' },
      { env, workspace }
    )
    expect(run.code).toBe(0)
    expect(edge.requests).toEqual([])
    expect(posts(api)).toEqual([])
    expect(run.outputs['origin-ready']).toBe('')
    expect(run.outputs['origin-wait']).toBe('')
    // A path is on the zone's own host, over https.
    expect(run.log).toContain(
      'Dry run: would wait up to 60 s for the origin to serve the new build, checking 2 URLs and the marker https://example.com/version.txt (for "v2"), through the edge, each at its own address'
    )
    expect(run.summary).toContain('| Origin | would wait up to 60 s for 3 URLs to serve the new build, through the edge |')
    expect(run.summary).toContain('Would check, through the edge: The marker: https&#58;//example.com/version.txt holds "v2".')
    expect(result(run.outputs).origin).toMatchObject({ ready: null, seconds: null })
  })

  it('with nothing to check, is an input error naming wait-for-origin before anything is sent or fetched', async () => {
    const { api, edge, env } = await setup()
    const run = await api.run({ files: a, 'wait-for-origin': '30' }, { env })
    expect(run.code).toBe(1)
    expect(api.requests).toEqual([])
    expect(edge.requests).toEqual([])
    expect(run.log).toMatch(/^::error title=Invalid input "wait-for-origin"::.*set "site-dir".*"origin-marker"/m)
    // site-dir given, but no URL maps into it: found once the URLs are known, still before any purge or fetch.
    const unmapped = await api.run(
      { files: url('/elsewhere/x.html'), 'site-dir': 'public', 'url-base': 'http://example.com/docs/', 'wait-for-origin': '30' },
      { env, workspace }
    )
    expect(unmapped.code).toBe(1)
    expect(posts(api)).toEqual([])
    expect(edge.requests).toEqual([])
    expect(unmapped.log).toMatch(
      /^::error title=Invalid input "wait-for-origin"::.*Input "wait-for-origin" has nothing to check: of 1 URL, none maps/m
    )
  })
})
