// wait-for-origin against a real Varnish as the edge, in front of a loopback origin whose deploy lands a few seconds
// after the step starts: the old build is in one folder, the new one (what the build step left in site-dir) in the
// workspace, and the deploy switches the origin from the one to the other. The stand-in API (direct, on loopback)
// notes when each purge request arrives and sends `PURGE <url>` to Varnish before it answers, as a CDN's purge
// reaches its edge; the bundle reaches Varnish through HTTP_PROXY, as it would a CDN.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Purge, RecordedRequest } from '../stand-in/server.js'
import { errorLine, noStackTrace, posts, standIn } from '../e2e/fixture.js'
import { startOrigin, type Origin } from './origin.js'
import { proxyRequest, startVarnish, type VarnishCache } from './software.js'

/** When the deploy lands, after the step starts: past the action's start and its first checks. */
const DEPLOY_AFTER_MS = 3000
/** Most a test waits for wait-for-origin: far more than the deploy takes, little enough to keep the suite short. */
const WAIT_FOR_ORIGIN = '20'
/**
 * Most the first purge may come after the deploy: the poll checks every second in the first 30 s (time-to-fresh,
 * which `npm run bench` measures to the millisecond, is under 1.5 s); the rest is room for a shared, busy machine.
 */
const PURGE_AFTER_DEPLOY_LIMIT_MS = 4000

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

describe('wait-for-origin with Varnish as the edge', () => {
  let origin: Origin
  let varnish: VarnishCache
  const folders: string[] = []
  const timers: NodeJS.Timeout[] = []
  let test = 0

  beforeAll(async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cdn-purge-origin-'))
    folders.push(empty)
    origin = await startOrigin(empty)
    varnish = await startVarnish(origin)
  })
  afterEach(() => {
    for (const timer of timers.splice(0)) clearTimeout(timer)
  })
  afterAll(async () => {
    try {
      await varnish?.stop()
    } finally {
      await origin?.close()
      for (const folder of folders) rmSync(folder, { recursive: true, force: true })
    }
  })

  const write = (root: string, files: Record<string, string>): void => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, name)), { recursive: true })
      writeFileSync(join(root, name), text)
    }
  }

  /**
   * This test's site, under a path of its own (no test meets another's cached copies): the old build, which the
   * origin serves now, and the new one, in the workspace's `public/` (site-dir). A file missing from the new build
   * is one the change deleted. `deployAfter` switches the origin to the new build and resolves with when it did.
   */
  const site = (builds: { old: Record<string, string>; new: Record<string, string> }) => {
    const prefix = `t${++test}`
    const oldRoot = mkdtempSync(join(tmpdir(), 'cdn-purge-old-build-'))
    const workspace = mkdtempSync(join(tmpdir(), 'cdn-purge-site-'))
    folders.push(oldRoot, workspace)
    const prefixed = (files: Record<string, string>) =>
      Object.fromEntries(Object.entries(files).map(([name, text]) => [join(prefix, name), text]))
    write(oldRoot, prefixed(builds.old))
    write(join(workspace, 'public'), prefixed(builds.new))
    origin.root = oldRoot
    const url = (name: string): string => `http://example.com/${prefix}/${name}`
    const deployAfter = (ms: number): Promise<number> =>
      new Promise((resolve) => {
        timers.push(
          setTimeout(() => {
            origin.root = join(workspace, 'public')
            resolve(Date.now())
          }, ms)
        )
      })
    return { prefix, workspace, url, urls: Object.keys(builds.old).map(url), deployAfter }
  }

  /** A visitor's GET through Varnish. */
  const visit = (url: string, cache: VarnishCache = varnish) => proxyRequest(cache.port, 'GET', url)

  /** X-Varnish carries this request's id and, on a hit, the id of the request that cached the copy. */
  const hit = (headers: Record<string, string | string[] | undefined>): boolean => /^\d+ \d+$/.test(String(headers['x-varnish']))

  /** Visitors before the step: the edge holds the old build, as it did before this deploy. */
  const cachedBeforeTheDeploy = async (urls: readonly string[], cache: VarnishCache = varnish): Promise<void> => {
    for (const url of urls) expect((await visit(url, cache)).status).toBe(200)
  }

  /** The stand-in API: each purge request's arrival time, and each accepted purge sent on to the cache as `PURGE <url>`. */
  const api = async (cache: VarnishCache = varnish) => {
    const purgedAt: number[] = []
    const edgeStatuses: number[] = []
    const instance = await standIn({
      onRequest: (request: RecordedRequest) => {
        if (request.method === 'POST' && request.path.endsWith('/purge')) purgedAt.push(Date.now())
      },
      onPurge: async (purge: Purge) => {
        for (const url of purge.files) edgeStatuses.push(await cache.purge(url))
      }
    })
    return Object.assign(instance, { purgedAt, edgeStatuses })
  }

  /** The bundle's fetches go through Varnish, as they would through a CDN; the loopback http:// API never does. */
  const viaVarnish = (cache: VarnishCache = varnish) => ({ HTTP_PROXY: cache.url })

  const originOf = (outputs: Record<string, string>) =>
    (
      JSON.parse(outputs.result ?? '{}') as {
        origin: {
          ready: boolean | null
          cacheBlind: boolean
          urls: { url: string; fetchedFrom: string; expected: string; verdict: string | null; reason: string | null; fetches: number }[]
        }
      }
    ).origin

  const builds = {
    old: { 'a.html': '<p>a, old build</p>\n', 'b.css': 'b { color: red }\n' },
    new: { 'a.html': '<p>a, new build</p>\n', 'b.css': 'b { color: blue }\n' }
  }
  const inSiteDir = { 'site-dir': 'public', 'url-base': 'http://example.com/' }

  it('without wait-for-origin, the race is real: the step purges and warms before the deploy lands, and Varnish keeps the old build', async () => {
    const { urls, workspace, deployAfter } = site(builds)
    await cachedBeforeTheDeploy(urls)
    const cdn = await api()
    const landed = deployAfter(DEPLOY_AFTER_MS)
    const run = await cdn.run({ files: urls.join('\n'), warm: 'true' }, { env: viaVarnish(), workspace })
    // It reports success.
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'purged-files': '2', 'warmed-files': '2' })
    expect(cdn.edgeStatuses).toEqual([200, 200])
    const deployedAt = await landed
    expect(cdn.purgedAt[0]).toBeLessThan(deployedAt)
    // The deploy has landed, and visitors still get the old build from Varnish: warm refilled it from the old origin.
    for (const [index, url] of urls.entries()) {
      const answer = await visit(url)
      expect(hit(answer.headers)).toBe(true)
      expect(answer.body).toBe(Object.values(builds.old)[index])
    }
  })

  it('with wait-for-origin, the first purge request goes out only after the deploy landed, and Varnish ends serving the new build', async () => {
    const { urls, workspace, deployAfter, prefix } = site(builds)
    await cachedBeforeTheDeploy(urls)
    const cdn = await api()
    const requestsBefore = origin.requests.length
    const landed = deployAfter(DEPLOY_AFTER_MS)
    const run = await cdn.run(
      { files: urls.join('\n'), ...inSiteDir, 'wait-for-origin': WAIT_FOR_ORIGIN, warm: 'true' },
      { env: viaVarnish(), workspace }
    )
    const deployedAt = await landed
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'origin-ready': 'true', 'purged-files': '2', 'warmed-files': '2' })
    expect(Number(run.outputs['origin-wait'])).toBeGreaterThanOrEqual((DEPLOY_AFTER_MS - 1000) / 1000)
    const firstPurge = cdn.purgedAt[0] as number
    expect(firstPurge).toBeGreaterThanOrEqual(deployedAt)
    expect(firstPurge - deployedAt).toBeLessThan(PURGE_AFTER_DEPLOY_LIMIT_MS)
    // The checks went through Varnish to the origin, each with a query of its own: several before the deploy, old.
    const checks = origin.requests.slice(requestsBefore).filter((request) => request.url.includes('cdn-purge-origin-check='))
    expect(checks.every((request) => request.headers.host === 'example.com' && request.headers['x-varnish'] !== undefined)).toBe(true)
    expect(
      checks.filter((request) => request.at < deployedAt && request.url.startsWith(`/${prefix}/a.html?`)).length
    ).toBeGreaterThanOrEqual(2)
    expect(run.log).toMatch(/^Origin: 0 of 2 checked URLs serve the new build \(0 s of 20\)\.$/m)
    expect(run.log).toMatch(/^Origin: all 2 checked URLs serve the new build, found after \d+\.\d s\.$/m)
    for (const [index, url] of urls.entries()) {
      const answer = await visit(url)
      expect(hit(answer.headers)).toBe(true)
      expect(answer.body).toBe(Object.values(builds.new)[index])
    }
  })

  it('with origin-url, the checks reach the origin directly (its own Host, never through Varnish)', async () => {
    const { urls, workspace, deployAfter, prefix } = site(builds)
    await cachedBeforeTheDeploy(urls)
    const originUrl = `http://127.0.0.1:${origin.port}`
    let varnishRequestsAtPurge: number | undefined
    const cdn = await standIn({
      onPurge: async (purge: Purge) => {
        varnishRequestsAtPurge ??= varnish.requests()
        for (const url of purge.files) await varnish.purge(url)
      }
    })
    const varnishRequestsBefore = varnish.requests()
    const requestsBefore = origin.requests.length
    const landed = deployAfter(DEPLOY_AFTER_MS)
    // The origin is private (loopback): as docs/origin.md says, its host goes in NO_PROXY.
    const run = await cdn.run(
      { files: urls.join('\n'), ...inSiteDir, 'wait-for-origin': WAIT_FOR_ORIGIN, 'origin-url': originUrl },
      { env: { ...viaVarnish(), NO_PROXY: '127.0.0.1' }, workspace }
    )
    await landed
    expect(run.code).toBe(0)
    expect(run.outputs['origin-ready']).toBe('true')
    expect(varnishRequestsAtPurge).toBe(varnishRequestsBefore)
    const checks = origin.requests.slice(requestsBefore)
    expect(checks.length).toBeGreaterThanOrEqual(4)
    for (const request of checks) {
      expect(request.headers.host).toBe(`127.0.0.1:${origin.port}`)
      expect(request.headers['x-varnish']).toBeUndefined()
      expect(request.headers['x-forwarded-for']).toBeUndefined()
      expect([`/${prefix}/a.html`, `/${prefix}/b.css`]).toContain(request.url)
    }
    expect(originOf(run.outputs).urls.map((checked) => [checked.fetchedFrom, checked.verdict])).toEqual([
      [`${originUrl}/${prefix}/a.html`, 'new'],
      [`${originUrl}/${prefix}/b.css`, 'new']
    ])
    // Purged once the origin was new: the next visitor gets the new build.
    expect((await visit(urls[0] as string)).body).toBe(builds.new['a.html'])
  })

  it('when the deploy never lands: no purge, exit 1, one error naming wait-for-origin with the reasons, every URL and tag failed', async () => {
    const { urls, url, workspace } = site({
      old: { ...builds.old, 'gone.html': '<p>deleted by this change</p>\n' },
      new: builds.new
    })
    await cachedBeforeTheDeploy(urls)
    const cdn = await api()
    const startedAt = Date.now()
    const run = await cdn.run(
      { files: urls.join('\n'), tags: 'release', ...inSiteDir, 'wait-for-origin': '5' },
      { env: viaVarnish(), workspace }
    )
    expect(Date.now() - startedAt).toBeLessThan(15_000)
    expect(run.code).toBe(1)
    expect(posts(cdn)).toEqual([])
    expect(cdn.purgedAt).toEqual([])
    expect(cdn.edgeStatuses).toEqual([])
    const errors = run.log.split('\n').filter((line) => line.startsWith('::error'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^::error title=Origin not ready \(wait-for-origin\)::/)
    const error = errorLine(run)
    expect(error).toContain(
      'Input "wait-for-origin": the origin did not serve the new build within 5 s, so nothing was purged: 3 of 3 checked URLs still serve another version'
    )
    expect(error).toMatch(new RegExp(`${url('a.html').replace(/\./g, '\\.')} \\(old: sha256 [0-9a-f]{6}… ≠ deployed [0-9a-f]{6}…\\)`))
    expect(error).toContain(`${url('gone.html')} (HTTP 200, but the change deleted the file)`)
    expect(JSON.parse(run.outputs['failed-files'] ?? '')).toEqual(urls)
    expect(JSON.parse(run.outputs['failed-tags'] ?? '')).toEqual(['release'])
    expect(run.failedFilesText).toBe(urls.map((entry) => `${entry}\n`).join(''))
    expect(run.outputs['origin-ready']).toBe('false')
    expect(run.summary).toContain(
      '| Origin | **not ready** after 5 s: 3 of 3 checked URLs still serve another version; nothing was purged |'
    )
    expect(noStackTrace(run)).toBe(true)
    // Nothing reached Varnish: it still holds the old copies.
    expect(hit((await visit(url('a.html'))).headers)).toBe(true)
  })

  it('waits for a marker page (origin-marker: /version.txt <sha>) at origin-url, then purges', async () => {
    const sha = '3f2a1c9b1e4d5a6b7c8d9e0f1a2b3c4d5e6f7a8b'
    const { urls, workspace, deployAfter, prefix } = site({
      old: { 'a.html': builds.old['a.html'], 'version.txt': 'build 0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a\n' },
      new: { 'a.html': builds.new['a.html'], 'version.txt': `build ${sha}\n` }
    })
    const page = urls[0] as string
    await cachedBeforeTheDeploy([page])
    const cdn = await api()
    const originUrl = `http://127.0.0.1:${origin.port}/${prefix}`
    const landed = deployAfter(DEPLOY_AFTER_MS)
    // No site-dir: the marker alone tells the new build.
    const run = await cdn.run(
      { files: page, 'wait-for-origin': WAIT_FOR_ORIGIN, 'origin-url': originUrl, 'origin-marker': `/version.txt ${sha}` },
      { env: { ...viaVarnish(), NO_PROXY: '127.0.0.1' }, workspace }
    )
    const deployedAt = await landed
    expect(run.code).toBe(0)
    expect(cdn.purgedAt[0]).toBeGreaterThanOrEqual(deployedAt)
    const [marker] = originOf(run.outputs).urls
    expect(marker).toMatchObject({
      url: 'https://example.com/version.txt',
      fetchedFrom: `${originUrl}/version.txt`,
      expected: 'marker',
      verdict: 'new',
      reason: 'holds the marker text'
    })
    expect(marker?.fetches).toBeGreaterThanOrEqual(2)
    expect((await visit(page)).body).toBe(builds.new['a.html'])
  })

  describe('an edge that ignores the query string (Varnish strips it before the lookup)', () => {
    let blind: VarnishCache
    beforeAll(async () => {
      blind = await startVarnish(origin, { ignoreQuery: true })
    })
    afterAll(async () => {
      await blind?.stop()
    })

    it('with the old build cached: every check is a copy from the cache, never "ready", even where its bytes are the new ones; nothing is purged', async () => {
      // b.css is the same in both builds: its cached copy has the deployed bytes, and still does not count.
      const { urls, url, workspace, deployAfter } = site({ old: builds.old, new: { ...builds.new, 'b.css': builds.old['b.css'] } })
      await cachedBeforeTheDeploy(urls, blind)
      // Copies at least a second old: Varnish's Age then says they come from its cache.
      await sleep(1100)
      const cdn = await api(blind)
      const requestsBefore = origin.requests.length
      void deployAfter(0)
      const run = await cdn.run(
        { files: urls.join('\n'), ...inSiteDir, 'wait-for-origin': WAIT_FOR_ORIGIN },
        { env: viaVarnish(blind), workspace }
      )
      expect(run.code).toBe(1)
      expect(posts(cdn)).toEqual([])
      // The checks never reached the origin, which has served the new build all along.
      expect(origin.requests.slice(requestsBefore)).toEqual([])
      const found = originOf(run.outputs)
      expect(found).toMatchObject({ ready: false, cacheBlind: true })
      expect(found.urls.map((checked) => checked.verdict)).toEqual(['from-cache', 'from-cache'])
      expect(found.urls.every((checked) => /^from the cache: Age \d+$/.test(checked.reason ?? ''))).toBe(true)
      const error = errorLine(run)
      expect(error).toContain(`every answer through the edge came from its cache (${url('a.html')}: from the cache: Age `)
      expect(error).toContain('the edge ignores the query string')
      expect(error).toContain('Set "origin-url"')
      expect(JSON.parse(run.outputs['failed-files'] ?? '')).toEqual(urls)
      // It stopped at the first check: no waiting out the 20 s for an answer that cannot come.
      expect(Number(run.outputs['origin-wait'])).toBeLessThan(2)
    })

    it('with nothing cached: the first check reaches the old origin, the next ones get that copy back; the deploy landing changes nothing, never "ready"', async () => {
      const { urls, workspace, deployAfter } = site(builds)
      const cdn = await api(blind)
      void deployAfter(DEPLOY_AFTER_MS)
      const run = await cdn.run({ files: urls.join('\n'), ...inSiteDir, 'wait-for-origin': '10' }, { env: viaVarnish(blind), workspace })
      expect(run.code).toBe(1)
      expect(posts(cdn)).toEqual([])
      const found = originOf(run.outputs)
      expect(found.ready).toBe(false)
      expect(found.urls.every((checked) => checked.verdict === 'from-cache' || checked.verdict === 'old')).toBe(true)
      expect(run.log).toMatch(/^::error title=Origin not ready \(wait-for-origin\)::/m)
      expect(JSON.parse(run.outputs['failed-files'] ?? '')).toEqual(urls)
    })
  })

  it('in a dry run: nothing is fetched from the origin or the edge, and nothing is sent', async () => {
    const { urls, url, workspace } = site(builds)
    const cdn = await api()
    const originRequests = origin.requests.length
    const varnishRequests = varnish.requests()
    const run = await cdn.run(
      {
        files: urls.join('\n'),
        ...inSiteDir,
        'wait-for-origin': WAIT_FOR_ORIGIN,
        'origin-marker': `${url('version.txt')} v2`,
        'dry-run': 'true'
      },
      { env: viaVarnish(), workspace }
    )
    expect(run.code).toBe(0)
    expect(posts(cdn)).toEqual([])
    expect(origin.requests.length).toBe(originRequests)
    expect(varnish.requests()).toBe(varnishRequests)
    expect(run.log).toContain(
      `Dry run: would wait up to 20 s for the origin to serve the new build, checking 2 URLs and the marker ${url('version.txt')} (for "v2"), through the edge`
    )
    expect(originOf(run.outputs)).toMatchObject({ ready: null })
    expect(run.outputs['origin-ready']).toBe('')
  })

  it('cancelled (SIGINT) while it waits: the step ends within about a second, purges nothing, and no check starts after the signal', async () => {
    const { urls, workspace, prefix } = site(builds)
    await cachedBeforeTheDeploy(urls)
    const cdn = await api()
    // The deploy never lands: without the signal the wait would go on for all of wait-for-origin.
    const checks = () =>
      origin.requests.filter((request) => request.url.startsWith(`/${prefix}/`) && request.url.includes('cdn-purge-origin-check='))
    let signalledAt = Number.NaN
    const run = await cdn.run(
      { files: urls.join('\n'), ...inSiteDir, 'wait-for-origin': WAIT_FOR_ORIGIN },
      {
        env: viaVarnish(),
        workspace,
        onStart: (child) => {
          const poll = setInterval(() => {
            // Two rounds of checks have reached the origin through Varnish: the step is between checks, or in one.
            if (checks().length < 2 * urls.length) return
            clearInterval(poll)
            signalledAt = Date.now()
            child.kill('SIGINT')
          }, 5)
          timers.push(poll)
        }
      }
    )
    const endedAt = Date.now()
    expect(run.signal).toBeNull()
    expect(run.code).toBe(1)
    // Nothing in flight changes anything, so there is no grace: the report, and the process's own end.
    expect(endedAt - signalledAt).toBeLessThan(2000)
    expect(cdn.purgedAt).toEqual([])
    expect(posts(cdn)).toEqual([])
    // The checks are a second apart: one that reached the origin well after the signal was started after it.
    expect(checks().filter((request) => request.at > signalledAt + 500)).toEqual([])
    expect(run.outputs).toMatchObject({ 'origin-ready': 'false', 'purged-files': '0' })
    expect(JSON.parse(run.outputs['failed-files'] ?? '[]')).toEqual(urls)
    const lines = run.log.split('\n')
    expect(lines.filter((line) => line.startsWith('::error'))).toEqual([
      expect.stringMatching(
        /^::error title=Cancelled \(SIGINT\) at%3A waiting for the origin::Cancelled \(SIGINT\) [\d.]+ s in, at: waiting for the origin\. Nothing was purged\. 2 URLs: 0 confirmed, 2 not sent\./
      )
    ])
    expect(run.summary).toContain('[!WARNING]')
    for (const text of [run.log, run.stderr, run.summary, ...Object.values(run.outputs)]) expect(text).not.toContain(cdn.apiKey)
    // The edge still serves the old build: nothing was purged.
    for (const [index, url] of urls.entries()) expect((await visit(url)).body).toBe(Object.values(builds.old)[index])
  })
})
