// The edge scenarios, run against each real cache (varnish.test.ts, squid.test.ts): the bundle spawned as
// the runner runs it, the stand-in API on loopback (http://, so never through a proxy), and the cache as
// the edge, reached through HTTP_PROXY as the action's verify and warm fetches reach a CDN. The cache
// keeps what a loopback origin serves (max-age 600), and the stand-in API's purge handler sends
// `PURGE <url>` to it before it answers, as a CDN's purge reaches its edge.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Purge } from '../stand-in/server.js'
import { noStackTrace, standIn } from '../e2e/fixture.js'
import { startOrigin, type Origin } from './origin.js'
import { proxyRequest, startSquid, startVarnish, type Cache } from './software.js'

/** Long enough that a copy cached before the purge is judged stale (Age over the time since the purge + 2 s). */
const OLD_COPY_SECONDS = 4
/** The most any condition below is waited for. */
const WAIT_LIMIT_MS = 30_000

interface Verdict {
  url: string
  verdict: string
  reason: string
  attempts: number
  content?: string
}
const verdictsOf = (result: string | undefined): Verdict[] =>
  (JSON.parse(result ?? '{}') as { verification: { verdicts: Verdict[] } }).verification.verdicts

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `condition` every 100 ms until it holds; throws, saying what, when it has not after WAIT_LIMIT_MS. */
async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Waited ${WAIT_LIMIT_MS / 1000} s for ${what}`)
    await sleep(100)
  }
}

const ageOf = (headers: Record<string, string | string[] | undefined>): number => Number(headers.age ?? 0)

export function edgeScenarios(kind: 'varnish' | 'squid'): void {
  describe(`${kind} as the edge`, () => {
    let origin: Origin
    let cache: Cache
    const folders: string[] = []
    let test = 0

    beforeAll(async () => {
      const empty = mkdtempSync(join(tmpdir(), 'cdn-purge-origin-'))
      folders.push(empty)
      origin = await startOrigin(empty)
      cache = kind === 'varnish' ? await startVarnish(origin) : await startSquid({ origin })
    })
    afterAll(async () => {
      try {
        await cache?.stop()
      } finally {
        await origin?.close()
        for (const folder of folders) rmSync(folder, { recursive: true, force: true })
      }
    })

    /**
     * A workspace whose `public/` is the site the origin serves, under a path of this test's own (so that
     * no test meets another's cached copies): its files, and the URL of each.
     */
    const site = (files: Record<string, string>) => {
      const prefix = `t${++test}`
      const workspace = mkdtempSync(join(tmpdir(), 'cdn-purge-site-'))
      folders.push(workspace)
      const publish = (changes: Record<string, string>): void => {
        for (const [name, text] of Object.entries(changes)) {
          const file = join(workspace, 'public', prefix, name)
          mkdirSync(dirname(file), { recursive: true })
          writeFileSync(file, text)
        }
      }
      publish(files)
      origin.root = join(workspace, 'public')
      const url = (name: string): string => `http://example.com/${prefix}/${name}`
      return { workspace, url, publish, urls: Object.keys(files).map(url), path: (name: string) => `/${prefix}/${name}` }
    }

    /** A visitor's GET through the cache. */
    const visit = (url: string) => proxyRequest(cache.port, 'GET', url)

    /** Copies of `urls` in the cache, each at least OLD_COPY_SECONDS old: what the cache held before this deploy. */
    const cachedBeforeTheDeploy = async (urls: readonly string[]): Promise<void> => {
      for (const url of urls) expect((await visit(url)).status).toBe(200)
      await until(`copies in ${kind} ${OLD_COPY_SECONDS} s old`, async () => {
        const answers = await Promise.all(urls.map(visit))
        return answers.every((answer) => ageOf(answer.headers) >= OLD_COPY_SECONDS)
      })
    }

    /** What the cache answered to each PURGE: 200 when it removed a copy; Squid says 404 when it had none. */
    const purgeStatuses: number[] = []
    const purgeAtEdge =
      (skip: readonly string[] = []) =>
      async (purge: Purge) => {
        for (const url of purge.files.filter((file) => !skip.includes(file))) purgeStatuses.push(await cache.purge(url))
      }

    // No NO_PROXY: the loopback http:// API is never sent through a proxy, and the edge fetches all are.
    const env = () => ({ HTTP_PROXY: cache.url })

    /** That the next visit's answer came from the cache, in the cache's own words. */
    const servedFromCache = (headers: Record<string, string | string[] | undefined>): boolean =>
      kind === 'varnish'
        ? // X-Varnish carries this request's id and, on a hit, the id of the request that cached the copy.
          /^\d+ \d+$/.test(String(headers['x-varnish']))
        : // Squid 5 says X-Cache: HIT from <name>; Squid 6, Cache-Status: <name>;hit.
          String(headers['x-cache']).startsWith('HIT from ') || /;\s*hit\b/.test(String(headers['cache-status']))

    it('fresh after the purge: the purge reached the cache, every checked URL is fresh and came from the origin again', async () => {
      const { urls, path } = site({ 'a.html': '<p>a</p>\n', 'b.css': 'b {}\n', 'c.js': 'c()\n' })
      await cachedBeforeTheDeploy(urls)
      purgeStatuses.length = 0
      const api = await standIn({ onPurge: purgeAtEdge() })
      const run = await api.run({ files: urls.join('\n'), verify: 'true', 'verify-timeout': '1' }, { env: env() })
      expect(purgeStatuses).toEqual([200, 200, 200])
      expect(run.code).toBe(0)
      expect(run.outputs).toMatchObject({ 'verified-files': '3', 'stale-files': '[]' })
      const verdicts = verdictsOf(run.outputs.result)
      expect(verdicts.map((verdict) => verdict.verdict)).toEqual(['fresh', 'fresh', 'fresh'])
      // Varnish sends Age 0 on a miss; Squid no Age, and X-Cache: MISS (5) or a Cache-Status without hit (6).
      for (const verdict of verdicts)
        expect(verdict.reason).toMatch(
          kind === 'varnish'
            ? /^Age 0 s/
            : /^(X-Cache: MISS from |Cache-Status: )cdn-purge-test-\d+\b.* says the edge did not serve it from its cache/
        )
      for (const name of ['a.html', 'b.css', 'c.js']) expect(origin.fetches(path(name))).toBe(2)
      expect(run.log).toContain('Fresh 3, stale 0, unknown 0, error 0.')
    })

    it('stale when the cache was not purged: exit 1, and stale-files lists exactly the URLs it still served old', async () => {
      const { urls, url } = site({ 'a.html': '<p>a</p>\n', 'b.html': '<p>b</p>\n', 'c.html': '<p>c</p>\n' })
      await cachedBeforeTheDeploy(urls)
      const api = await standIn({ onPurge: purgeAtEdge([url('a.html'), url('c.html')]) })
      const run = await api.run({ files: urls.join('\n'), verify: 'true', 'verify-timeout': '1' }, { env: env() })
      expect(run.code).toBe(1)
      expect(JSON.parse(run.outputs['stale-files'] ?? '')).toEqual([url('a.html'), url('c.html')])
      expect(run.outputs['verified-files']).toBe('1')
      expect(run.log).toMatch(
        /^::error title=CDN purge failed::2 of 3 URLs checked at the edge still served a copy cached before the purge/m
      )
      const stale = verdictsOf(run.outputs.result).filter((verdict) => verdict.verdict === 'stale')
      for (const verdict of stale) expect(verdict.reason).toMatch(/^Age \d+ s, but only \d+ s since the purge/)
      expect(noStackTrace(run)).toBe(true)
    })

    it('purged late: stale at the first check, fresh at the next within verify-timeout', async () => {
      const { urls, url } = site({ 'late.html': '<p>late</p>\n' })
      await cachedBeforeTheDeploy(urls)
      let purgedLate: Promise<number> | undefined
      const api = await standIn({
        onPurge: async () => {
          // The API answers at once; the edge gets the PURGE only once it has served the old copy once more.
          const hitsAtPurge = await cache.hits()
          purgedLate = until(`the first check to reach ${kind}`, async () => (await cache.hits()) > hitsAtPurge).then(() =>
            cache.purge(url('late.html'))
          )
        }
      })
      const run = await api.run({ files: url('late.html'), verify: 'true', 'verify-timeout': '20' }, { env: env() })
      expect(await purgedLate).toBe(200)
      expect(run.code).toBe(0)
      expect(run.outputs).toMatchObject({ 'verified-files': '1', 'stale-files': '[]' })
      expect(run.log).toContain('1 URL still stale; checking again in 5 s')
      const [verdict] = verdictsOf(run.outputs.result)
      expect(verdict).toMatchObject({ verdict: 'fresh', attempts: 2 })
    })

    it('warm leaves every URL cached: the next request through the cache is a hit, and the origin was asked once', async () => {
      const { urls, url, path } = site({ 'a.html': '<p>a</p>\n', 'b.css': 'b {}\n', 'c.js': 'c()\n' })
      const api = await standIn({ onPurge: purgeAtEdge() })
      const run = await api.run({ files: urls.join('\n'), warm: 'true' }, { env: env() })
      expect(run.code).toBe(0)
      expect(run.outputs['warmed-files']).toBe('3')
      for (const name of ['a.html', 'b.css', 'c.js']) {
        const answer = await visit(url(name))
        expect(answer.status).toBe(200)
        expect(servedFromCache(answer.headers)).toBe(true)
        expect(origin.fetches(path(name))).toBe(1)
      }
    })

    it('the content check across two deploys: the purged file is the new one; a file whose PURGE was lost differs and is stale', async () => {
      const { workspace, url, publish } = site({
        'a.html': '<p>a, first deploy</p>\n',
        'b.html': '<p>b, first deploy</p>\n',
        'c.html': '<p>c</p>\n'
      })
      const inputs = {
        'site-dir': 'public',
        'url-base': 'http://example.com/',
        'previous-manifest': '.cdn-manifest.json',
        manifest: '.cdn-manifest.json',
        'index-file': ''
      }
      // The first deploy: no manifest yet, so every file is purged; visitors then fill the cache.
      const first = await (await standIn({ onPurge: purgeAtEdge() })).run(inputs, { env: env(), workspace })
      expect(first.code).toBe(0)
      expect(JSON.parse(first.outputs['changed-urls'] ?? '')).toEqual([url('a.html'), url('b.html'), url('c.html')])
      await cachedBeforeTheDeploy([url('a.html'), url('b.html'), url('c.html')])

      // The second deploy changes a and b; the PURGE of b never reaches the cache.
      publish({ 'a.html': '<p>a, second deploy</p>\n', 'b.html': '<p>b, second deploy</p>\n' })
      const api = await standIn({ onPurge: purgeAtEdge([url('b.html')]) })
      const second = await api.run({ ...inputs, verify: 'true', 'verify-timeout': '1' }, { env: env(), workspace })
      expect(JSON.parse(second.outputs['changed-urls'] ?? '')).toEqual([url('a.html'), url('b.html')])
      expect(second.code).toBe(1)
      expect(JSON.parse(second.outputs['stale-files'] ?? '')).toEqual([url('b.html')])
      const verdicts = Object.fromEntries(
        verdictsOf(second.outputs.result).map((verdict) => [verdict.url, `${verdict.verdict}, ${verdict.content}`])
      )
      expect(verdicts).toEqual({ [url('a.html')]: 'fresh, same', [url('b.html')]: 'stale, differs' })
      expect(second.log).toMatch(
        new RegExp(`^::warning::Verify: 1 URL differs from the deployed file \\(${url('b.html').replace(/[.]/g, '\\.')}\\)`, 'm')
      )
    })

    it('an origin whose clock is 120 s behind: the report says so', async () => {
      const { url } = site({ 'visited.html': '<p>visited</p>\n', 'quiet.html': '<p>quiet</p>\n' })
      origin.clockBehindSeconds = 120
      try {
        const api = await standIn({
          onPurge: async (purge) => {
            await purgeAtEdge()(purge)
            // A visitor right after the purge: the cache holds a copy cached after it.
            await visit(url('visited.html'))
          }
        })
        const run = await api.run(
          { files: [url('visited.html'), url('quiet.html')].join('\n'), verify: 'true', 'verify-timeout': '1' },
          { env: env() }
        )
        // The answer for quiet.html came from the origin (a miss), with its Date 120 s behind the runner's clock.
        expect(run.log).toMatch(/^The origin's clock is off by about 1[12]\d s \(behind\), by the Date of /m)
        // The summary's verification notes, escaped for Markdown.
        expect(run.summary).toMatch(/^The origin&#39;s clock is off by about 1[12]\d s &#40;behind&#41;/m)
        const verdicts = Object.fromEntries(verdictsOf(run.outputs.result).map((verdict) => [verdict.url, verdict]))
        if (kind === 'squid') {
          // Squid derives Age from the origin's Date: the copy cached after the purge reads 120 s old.
          expect(run.code).toBe(1)
          expect(verdicts[url('visited.html')]?.verdict).toBe('stale')
          expect(verdicts[url('visited.html')]?.reason).toMatch(
            /^Age 1[12]\d s, but only \d+ s since the purge; the origin's clock is off by about 1[12]\d s \(behind\): maybe not stale$/
          )
          expect(run.log).toMatch(/^::error title=CDN purge failed::1 of 2 URLs .* The origin's clock is off by about 1[12]\d s/m)
        } else {
          // Varnish counts Age from when it stored the copy, whatever the Date says.
          expect(run.code).toBe(0)
          expect(verdicts[url('visited.html')]?.verdict).toBe('fresh')
        }
        expect(verdicts[url('quiet.html')]?.verdict).toBe('fresh')
      } finally {
        origin.clockBehindSeconds = 0
      }
    })
  })
}
