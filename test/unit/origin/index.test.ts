import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import type { BodyUse, EdgeAnswer, GetOptions, openEdge } from '../../../src/edge/fetch.js'
import { describeChecks, originFailure, awaitNewBuild, whereChecked, type OriginIo } from '../../../src/origin/index.js'
import type { CheckedUrl, OriginPoll } from '../../../src/origin/poll.js'
import type { OriginTarget } from '../../../src/origin/readiness.js'
import { CACHE_BUSTER, type OriginPlan } from '../../../src/origin/targets.js'
import { FakeClock, testCancel } from '../../support/clock.js'
import { recordingIo } from '../../support/io.js'

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
const dir = mkdtempSync(join(tmpdir(), 'origin-index-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
writeFileSync(join(dir, 'a.html'), 'new a')
writeFileSync(join(dir, 'b.html'), 'new b')
mkdirSync(join(dir, 'folder'))

const url = (path: string): string => `http://example.com${path}`
const planned = (path: string, file = join(dir, path)) => ({ url: url(path), fetchUrl: url(path), file })
const settings = { waitMs: 10_000, concurrency: 2, timeoutMs: 30_000, userAgent: 'test-agent' }

/** An origin without a network, whose answers the test scripts by path; records each GET. */
function harness(
  answer: (
    path: string,
    options: GetOptions | undefined,
    call: number
  ) => { status?: number; body?: string; headers?: Record<string, string> }
) {
  const recorded = recordingIo()
  const { clock, warnings, groups } = recorded
  const logs = recorded.lines
  const calls: { url: string; use: BodyUse; options: GetOptions | undefined }[] = []
  const opened: { timeoutMs: number; concurrency: number; userAgent: string }[] = []
  let closed = 0
  const io: OriginIo = {
    ...recorded.io,
    open: (edgeSettings) => {
      opened.push({ timeoutMs: edgeSettings.timeoutMs, concurrency: edgeSettings.concurrency, userAgent: edgeSettings.userAgent })
      return {
        get: (address: string, use: BodyUse, options?: GetOptions): Promise<EdgeAnswer> => {
          calls.push({ url: address, use, options })
          const path = new URL(address).pathname
          const given = answer(path, options, calls.filter((call) => new URL(call.url).pathname === path).length)
          const body = given.body ?? ''
          return Promise.resolve({
            kind: 'response',
            status: given.status ?? 200,
            headers: given.headers ?? {},
            answeredAt: clock.now,
            body: {
              kind: 'hashed',
              bytes: body.length,
              sha256: sha256(body),
              ...(options?.find === undefined ? {} : { found: body.includes(options.find) })
            }
          })
        },
        close: () => {
          closed++
          return Promise.resolve()
        }
      }
    }
  }
  return { io, calls, logs, warnings, groups, opened, closed: () => closed }
}

const plan = (fields: Partial<OriginPlan>): OriginPlan => ({ where: 'edge', urls: [], marker: undefined, known: 0, ...fields })

describe('awaitNewBuild', () => {
  it('is ready once each URL serves its deployed file and the marker is in its page; each fetch busts the cache', async () => {
    const h = harness((path, _options, call) =>
      path === '/version.txt' ? { body: call > 1 ? 'build abc123' : 'build old' } : { body: call > 2 ? `new ${path[1]}` : 'old' }
    )
    const found = await awaitNewBuild(
      plan({
        urls: [planned('/a.html'), planned('/b.html')],
        known: 2,
        marker: { url: url('/version.txt'), fetchUrl: url('/version.txt'), file: undefined, text: 'abc123' }
      }),
      settings,
      h.io
    )
    expect(found.failure).toBeUndefined()
    expect(found.wait).toMatchObject({ ready: true, checks: 3, waitedMs: 2_000 })
    expect(found.wait?.urls.map((checked) => [checked.target.url, checked.verdict, checked.fetches])).toEqual([
      [url('/a.html'), 'new', 3],
      [url('/b.html'), 'new', 3],
      [url('/version.txt'), 'new', 2]
    ])
    expect(h.calls.every((call) => call.use === 'hash' && call.options?.noCache === true)).toBe(true)
    expect(h.calls.filter((call) => !call.url.includes('version')).every((call) => !('find' in (call.options ?? {})))).toBe(true)
    expect(found.wait?.urls.map((checked) => checked.target.expected.kind)).toEqual(['file', 'file', 'marker'])
    expect(h.groups).toEqual(['Origin'])
    expect(h.warnings).toEqual([])
    expect(h.calls.filter((call) => call.options?.find === 'abc123').map((call) => new URL(call.url).pathname)).toEqual([
      '/version.txt',
      '/version.txt'
    ])
    // A new cache-busting value on every fetch.
    const busters = h.calls.map((call) => new URL(call.url).searchParams.get(CACHE_BUSTER))
    expect(new Set(busters).size).toBe(h.calls.length)
    expect(busters.every((value) => value !== null && value !== '')).toBe(true)
    expect(h.opened).toEqual([{ timeoutMs: 10_000, concurrency: 2, userAgent: 'test-agent' }])
    expect(h.closed()).toBe(1)
    expect(h.logs[0]).toBe(
      'Waiting up to 10 s for the origin to serve the new build: checking 2 URLs and the marker http://example.com/version.txt (for "abc123"), through the edge, each at its own address with a cache-busting query parameter and Cache-Control: no-cache.'
    )
  })

  it('at origin-url, fetches the address as it is, without a cache-busting parameter', async () => {
    const h = harness(() => ({ body: 'new a' }))
    const found = await awaitNewBuild(
      plan({ where: 'origin-url', urls: [{ ...planned('/a.html'), fetchUrl: 'http://127.0.0.1:9/site/a.html' }], known: 1 }),
      { ...settings, timeoutMs: 3_000 },
      h.io
    )
    expect(found.wait?.ready).toBe(true)
    expect(h.calls.map((call) => call.url)).toEqual(['http://127.0.0.1:9/site/a.html'])
    expect(h.opened[0]?.timeoutMs).toBe(3_000)
    expect(h.logs[0]).toContain('at origin-url (http://127.0.0.1:9)')
  })

  it('expects a 404 or 410 for a deleted file, while other deployed files are there', async () => {
    const h = harness((path, _options, call) => (path === '/gone.html' ? { status: call > 1 ? 410 : 200 } : { body: 'new a' }))
    const found = await awaitNewBuild(plan({ urls: [planned('/a.html'), planned('/gone.html')], known: 2 }), settings, h.io)
    expect(found.wait?.urls.map((checked) => [checked.verdict, checked.reason])).toEqual([
      ['new', 'the deployed file (sha256)'],
      ['gone', 'HTTP 410']
    ])
  })

  it('takes no file as deleted when none is in the workspace, and fails saying so when nothing is left to check', async () => {
    const h = harness(() => ({ status: 404 }))
    const found = await awaitNewBuild(plan({ urls: [planned('/x.html'), planned('/y.html')], known: 2 }), settings, h.io)
    expect(found.wait).toBeUndefined()
    expect(found.failure).toBe(
      'Input "wait-for-origin": none of the deployed files to compare with could be read (see the warnings), so the step cannot tell the new build; nothing was purged. ' +
        'Build the site into site-dir before this step, or set "origin-marker".'
    )
    expect(h.calls).toEqual([])
    expect(h.warnings).toEqual([
      'wait-for-origin: the deployed file of 2 URLs could not be read, so they are not checked: http://example.com/x.html (not in the workspace), http://example.com/y.html (not in the workspace).'
    ])
  })

  it('leaves out a file it may not read, with a warning, and checks the rest', async () => {
    const h = harness(() => ({ body: 'new a' }))
    const found = await awaitNewBuild(plan({ urls: [planned('/a.html'), planned('/folder')], known: 2 }), settings, h.io)
    expect(found.wait?.urls.map((checked) => checked.target.url)).toEqual([url('/a.html')])
    expect(h.warnings[0]).toMatch(
      /^wait-for-origin: the deployed file of 1 URL could not be read, so it is not checked: http:\/\/example\.com\/folder \(the file is a folder/
    )
  })

  it('names at most 5 of the files it could not read', async () => {
    const folders = Array.from({ length: 6 }, (_, i) => {
      mkdirSync(join(dir, `d${i}`), { recursive: true })
      return planned(`/d${i}`)
    })
    const h = harness(() => ({ body: 'new a' }))
    await awaitNewBuild(plan({ urls: [planned('/a.html'), ...folders], known: 7 }), settings, h.io)
    expect(h.warnings).toHaveLength(1)
    expect(h.warnings[0]).toMatch(/^wait-for-origin: the deployed file of 6 URLs could not be read, so they are not checked: /)
    expect(h.warnings[0]).toContain('http://example.com/d4 (the file is a folder')
    expect(h.warnings[0]).not.toContain('/d5 ')
    expect(h.warnings[0]).toMatch(/, …\.$/)
    const five = harness(() => ({ body: 'new a' }))
    await awaitNewBuild(plan({ urls: [planned('/a.html'), ...folders.slice(0, 5)], known: 6 }), settings, five.io)
    expect(five.warnings[0]).toMatch(/regular file\)\.$/)
  })

  it('gives the failure when the time is spent, and closes the fetcher', async () => {
    const h = harness(() => ({ body: 'old' }))
    const found = await awaitNewBuild(plan({ urls: [planned('/a.html')], known: 1 }), { ...settings, waitMs: 2_000 }, h.io)
    expect(found.wait?.ready).toBe(false)
    expect(found.failure).toMatch(/^Input "wait-for-origin": the origin did not serve the new build within 2 s, so nothing was purged/)
    expect(h.closed()).toBe(1)
  })
})

describe('awaitNewBuild when the run is cancelled', () => {
  it('gives the fetcher the run signal, ends the wait between checks at once, rejects with the cancel, and closes the fetcher', async () => {
    const h = harness(() => ({ body: 'old' }))
    const run = testCancel()
    const clock = new FakeClock()
    const sleep = clock.cancelling(() => run.cancel())
    const signals: (AbortSignal | undefined)[] = []
    const open: typeof openEdge = (edgeSettings) => {
      signals.push(edgeSettings.signal)
      return (h.io.open as typeof openEdge)(edgeSettings)
    }
    const found = awaitNewBuild(plan({ urls: [planned('/a.html')], known: 1 }), settings, { ...h.io, sleep, open, signal: run.signal })
    await expect(found).rejects.toBe(run.reason)
    await expect(found).rejects.toBeInstanceOf(Cancelled)
    expect(signals).toEqual([run.signal])
    expect(clock.sleeps).toEqual([1_000])
    expect(h.calls).toHaveLength(1)
    expect(h.closed()).toBe(1)
  })
})

const checked = (
  path: string,
  fields: Partial<CheckedUrl>,
  expected: OriginTarget['expected'] = { kind: 'file', sha256: 'a' }
): CheckedUrl => ({
  target: { url: url(path), fetchUrl: url(path), viaEdge: true, expected },
  verdict: 'old',
  status: 200,
  reason: 'old: sha256 3f2a1c… ≠ deployed 9b1e4d…',
  fetches: 1,
  newAfterMs: undefined,
  ...fields
})
const wait = (urls: CheckedUrl[], fields: Partial<OriginPoll> = {}): OriginPoll => ({
  ready: false,
  waitedMs: 120_000,
  checks: 30,
  cacheBlind: false,
  urls,
  ...fields
})

describe('originFailure', () => {
  it('is undefined when the wait ended ready', () => {
    expect(originFailure({ where: 'edge' }, wait([checked('/a', { verdict: 'new' })], { ready: true }), 120_000)).toBeUndefined()
  })

  it('names wait-for-origin, lists up to 5 URLs not new with why, and says that nothing was purged', () => {
    const urls = [
      checked('/new', { verdict: 'new', reason: 'the deployed file (sha256)' }),
      checked('/1', {}),
      checked('/2', { verdict: 'old', status: 404, reason: 'HTTP 404' }),
      checked('/3', { verdict: 'from-cache', reason: 'from the cache: Age 120' }),
      checked('/4', { verdict: 'error', status: undefined, reason: 'timed out after 30 s' }),
      checked('/5', { verdict: 'old', reason: 'HTTP 301' }),
      checked('/6', { verdict: 'old', reason: 'HTTP 302' })
    ]
    const failure = originFailure({ where: 'edge' }, wait(urls), 120_000) as string
    expect(failure).toBe(
      'Input "wait-for-origin": the origin did not serve the new build within 120 s, so nothing was purged: 6 of 7 checked URLs still serve another version: ' +
        'http://example.com/1 (old: sha256 3f2a1c… ≠ deployed 9b1e4d…), http://example.com/2 (HTTP 404), http://example.com/3 (from the cache: Age 120), ' +
        'http://example.com/4 (timed out after 30 s), http://example.com/5 (HTTP 301), …. ' +
        'If the CDN rewrites pages (minifies them, injects scripts), compare at the origin with "origin-url", or check a page that names the build with "origin-marker". ' +
        'Every requested URL and tag is in failed-files / failed-tags, to purge once the deploy is live; or raise "wait-for-origin".'
    )
  })

  it('says nothing of rewritten pages at origin-url, or when no file differed', () => {
    const one = wait([checked('/a', {})])
    expect(originFailure({ where: 'origin-url' }, one, 5_000)).not.toContain('rewrites')
    expect(originFailure({ where: 'edge' }, wait([checked('/a', { reason: 'HTTP 404', status: 404 })]), 5_000)).not.toContain('rewrites')
    const marker = wait([checked('/v.txt', { reason: 'old: the marker text is not in the body' }, { kind: 'marker', text: 'x' })])
    expect(originFailure({ where: 'edge' }, marker, 5_000)).not.toContain('rewrites')
    expect(originFailure({ where: 'edge' }, one, 5_000)).toContain(
      '1 of 1 checked URL still serves another version: http://example.com/a (old'
    )
  })

  it('says nothing of rewritten pages for a copy from the cache, and names exactly 5 without an ellipsis', () => {
    const urls = Array.from({ length: 5 }, (_, i) => checked(`/${i}`, { verdict: 'from-cache', reason: 'from the cache: Age 9' }))
    expect(originFailure({ where: 'edge' }, wait(urls), 9_000)).toBe(
      'Input "wait-for-origin": the origin did not serve the new build within 9 s, so nothing was purged: 5 of 5 checked URLs still serve another version: ' +
        urls.map((url) => `${url.target.url} (from the cache: Age 9)`).join(', ') +
        '. Every requested URL and tag is in failed-files / failed-tags, to purge once the deploy is live; or raise "wait-for-origin".'
    )
  })

  it('when every answer came from the cache, says the edge ignores the query string and names origin-url', () => {
    const failure = originFailure(
      { where: 'edge' },
      wait(
        [
          checked('/a', { verdict: 'from-cache', reason: 'from the cache: Age 120' }),
          checked('/b', { verdict: 'from-cache', reason: 'from the cache: Age 3' })
        ],
        {
          cacheBlind: true
        }
      ),
      120_000
    ) as string
    expect(failure).toMatch(
      /^Input "wait-for-origin": every answer through the edge came from its cache \(http:\/\/example\.com\/a: from the cache: Age 120\)/
    )
    expect(failure).toContain('the edge ignores the query string')
    expect(failure).toContain('Set "origin-url"')
    expect(failure).toContain('Nothing was purged.')
  })
})

describe('describeChecks and whereChecked', () => {
  it('say what is checked and where', () => {
    const urls = [planned('/a.html')]
    expect(describeChecks(plan({ urls, known: 1 }))).toBe('1 URL')
    expect(describeChecks(plan({ urls, known: 40 }))).toBe('1 URL (of 40 whose deployed file is known, spread over the list)')
    const marker = { url: url('/v.txt'), fetchUrl: 'https://o.example.net/v.txt', file: undefined, text: 'v2' }
    expect(describeChecks(plan({ marker }))).toBe('the marker http://example.com/v.txt (for "v2")')
    expect(whereChecked(plan({ where: 'origin-url', marker }))).toBe('at origin-url (https://o.example.net)')
  })
})
