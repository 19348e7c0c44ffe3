import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import { openEdge, type BodyUse, type EdgeAnswer, type EdgeFetcher } from '../../../src/edge/fetch.js'
import type { ResponseHeaders } from '../../../src/edge/freshness.js'
import {
  chooseTargets,
  edgePlan,
  RECHECK_EVERY_MS,
  verdictLine,
  verifyUrls,
  type VerifyOptions,
  type VerifyTarget
} from '../../../src/edge/verify.js'
import { defaultBody, startEdge, type StandInEdge } from '../../stand-in/edge.js'
import { FakeClock, testCancel } from '../../support/clock.js'
import { recordingEdge, urlVerdict, type RecordingEdge } from '../../support/edge.js'

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
const dir = mkdtempSync(join(tmpdir(), 'edge-verify-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** What the scripted edge answers: an answer as it is, or the parts of a response. */
type Scripted = EdgeAnswer | { readonly headers: ResponseHeaders; readonly status?: number; readonly body?: string }
type Script = (use: BodyUse, call: number) => Scripted

/** An edge without a network: each URL answers what its script says, at the clock's time. */
function scriptedEdge(clock: FakeClock, scripts: Record<string, Script>, onGet?: () => void): RecordingEdge {
  return recordingEdge((url, use, calls) => {
    onGet?.()
    const script: Script = scripts[url] ?? (() => ({ headers: {} }))
    const given = script(use, calls.filter(([called]) => called === url).length)
    if ('kind' in given) return given
    const body = given.body ?? 'body'
    return {
      kind: 'response',
      status: given.status ?? 200,
      headers: given.headers,
      answeredAt: clock.now,
      body: use === 'hash' ? { kind: 'hashed', bytes: body.length, sha256: sha256(body) } : { kind: 'skipped' }
    }
  })
}

let clock: FakeClock
let logs: string[]
beforeEach(() => {
  clock = new FakeClock()
  logs = []
})

const options = (edge: EdgeFetcher, more: Partial<VerifyOptions> = {}): VerifyOptions => ({
  edge,
  concurrency: 4,
  recheckForMs: 60_000,
  now: () => clock.now,
  sleep: clock.sleep,
  log: (message) => logs.push(message),
  ...more
})
const target = (url: string, purgedAt = 0, file?: string): VerifyTarget =>
  file === undefined ? { url, purgedAt } : { url, purgedAt, file }
const stale: Script = () => ({ headers: { age: '3600' } })
const fresh: Script = () => ({ headers: { age: '0' } })
/** Stale for the first `count` fetches, then fresh. */
const staleFor =
  (count: number): Script =>
  (_, call) =>
    call <= count ? { headers: { age: '3600' } } : { headers: { age: '0' } }

describe('chooseTargets', () => {
  const purged = ['a', 'b', 'c', 'd'].map((name) => target(`http://example.com/${name}`))

  it('adds every probe URL to the URLs drawn from the purge, once', () => {
    const probes = [target('http://example.com/p', 5), target('http://example.com/b', 5), target('http://example.com/p', 7)]
    expect(chooseTargets(purged, 2, probes)).toEqual([
      target('http://example.com/b'),
      target('http://example.com/d'),
      target('http://example.com/p', 5)
    ])
  })

  it('checks only the probe URLs when nothing was purged by URL', () => {
    expect(chooseTargets([], 20, [target('http://example.com/')])).toEqual([target('http://example.com/')])
  })
})

describe('verdictLine', () => {
  const verdict = urlVerdict

  it('says the URL, the verdict, why, and the content when it is not the same', () => {
    expect(verdictLine(verdict({}))).toBe('http://example.com/a: fresh (Age 1 s, within the 5 s since the purge)')
    expect(verdictLine(verdict({ content: { result: 'same' } }))).toBe(
      'http://example.com/a: fresh (Age 1 s, within the 5 s since the purge)'
    )
    expect(verdictLine(verdict({ content: { result: 'differs' } }))).toBe(
      'http://example.com/a: fresh (Age 1 s, within the 5 s since the purge; differs from the deployed file)'
    )
    expect(verdictLine(verdict({ verdict: 'error', reason: 'HTTP 502', content: { result: 'not compared', why: 'HTTP 502' } }))).toBe(
      'http://example.com/a: error (HTTP 502; content not compared: HTTP 502)'
    )
  })
})

describe('verifyUrls (scripted edge, virtual clock)', () => {
  it('judges each URL once when none is stale, in the order given', async () => {
    const edge = scriptedEdge(clock, {
      'u:1': fresh,
      'u:2': () => ({ headers: { 'x-cache': 'HIT' } }),
      'u:3': () => ({ status: 503, headers: {} })
    })
    const { verdicts } = await verifyUrls([target('u:1'), target('u:2'), target('u:3')], options(edge))
    expect(verdicts).toEqual([
      {
        url: 'u:1',
        verdict: 'fresh',
        age: 0,
        cacheStatus: undefined,
        reason: 'Age 0 s, within the 0 s since the purge',
        status: 200,
        content: undefined,
        attempts: 1
      },
      {
        url: 'u:2',
        verdict: 'unknown',
        age: undefined,
        cacheStatus: 'X-Cache: HIT',
        reason: 'X-Cache: HIT says it came from a cache, and no Age tells since when',
        status: 200,
        content: undefined,
        attempts: 1
      },
      {
        url: 'u:3',
        verdict: 'error',
        age: undefined,
        cacheStatus: undefined,
        reason: 'HTTP 503',
        status: 503,
        content: undefined,
        attempts: 1
      }
    ])
    expect(edge.calls).toEqual([
      ['u:1', 'skip'],
      ['u:2', 'skip'],
      ['u:3', 'skip']
    ])
    expect(clock.sleeps).toEqual([])
    expect(logs).toEqual([])
  })

  it('measures the time since the purge from the purge that covers the URL to the answer', async () => {
    clock.now = 20_000
    const edge = scriptedEdge(clock, { 'u:a': () => ({ headers: { age: '12' } }), 'u:b': () => ({ headers: { age: '13' } }) })
    const { verdicts } = await verifyUrls([target('u:a', 10_000), target('u:b', 10_000)], options(edge, { recheckForMs: 0 }))
    expect(verdicts.map((v) => [v.verdict, v.reason])).toEqual([
      ['fresh', 'Age 12 s, within the 10 s since the purge'],
      ['stale', 'Age 13 s, but only 10 s since the purge']
    ])
  })

  it('turns a network error or a timeout into an error verdict that says what happened', async () => {
    const edge = scriptedEdge(clock, {
      'u:n': () => ({ kind: 'network', detail: 'network error (ECONNREFUSED)' }),
      'u:t': () => ({ kind: 'timeout', detail: 'timed out after 30 s' })
    })
    const { verdicts } = await verifyUrls([target('u:n'), target('u:t', 0, join(dir, 'none'))], options(edge))
    expect(verdicts).toEqual([
      {
        url: 'u:n',
        verdict: 'error',
        age: undefined,
        cacheStatus: undefined,
        reason: 'network error (ECONNREFUSED)',
        status: undefined,
        content: undefined,
        attempts: 1
      },
      {
        url: 'u:t',
        verdict: 'error',
        age: undefined,
        cacheStatus: undefined,
        reason: 'timed out after 30 s',
        status: undefined,
        content: { result: 'not compared', why: 'no answer' },
        attempts: 1
      }
    ])
  })

  it('fetches stale URLs again every 5 s until they are fresh', async () => {
    const edge = scriptedEdge(clock, { 'u:s': staleFor(3), 'u:f': fresh })
    const { verdicts } = await verifyUrls([target('u:s'), target('u:f')], options(edge))
    expect(RECHECK_EVERY_MS).toBe(5000)
    expect(clock.sleeps).toEqual([5000, 5000, 5000])
    expect(verdicts.map((v) => [v.url, v.verdict, v.attempts])).toEqual([
      ['u:s', 'fresh', 4],
      ['u:f', 'fresh', 1]
    ])
    expect(edge.calls.filter(([url]) => url === 'u:f')).toHaveLength(1)
    expect(logs).toEqual([
      '1 URL still stale; checking again in 5 s (60 s left).',
      '1 URL still stale; checking again in 5 s (55 s left).',
      '1 URL still stale; checking again in 5 s (50 s left).'
    ])
  })

  it('stops at verify-timeout, the last check at the deadline, and keeps what is still stale', async () => {
    const edge = scriptedEdge(clock, { 'u:1': stale, 'u:2': stale, 'u:3': staleFor(1) })
    const { verdicts } = await verifyUrls([target('u:1'), target('u:2'), target('u:3')], options(edge, { recheckForMs: 12_000 }))
    expect(clock.sleeps).toEqual([5000, 5000, 2000])
    expect(verdicts.map((v) => [v.url, v.verdict, v.attempts])).toEqual([
      ['u:1', 'stale', 4],
      ['u:2', 'stale', 4],
      ['u:3', 'fresh', 2]
    ])
    expect(logs).toEqual([
      '3 URLs still stale; checking again in 5 s (12 s left).',
      '2 URLs still stale; checking again in 5 s (7 s left).',
      '2 URLs still stale; checking again in 2 s (2 s left).',
      '2 URLs still stale after 12 s of checking again.'
    ])
  })

  it('counts the time allowed from the end of the first round', async () => {
    const edge = scriptedEdge(clock, { 'u:1': stale }, () => (clock.now += 40_000))
    await verifyUrls([target('u:1')], options(edge, { recheckForMs: 10_000 }))
    expect(edge.calls).toHaveLength(2)
    expect(clock.sleeps).toEqual([5000])
  })

  it('does not check again when no time is allowed', async () => {
    const edge = scriptedEdge(clock, { 'u:1': stale })
    const {
      verdicts: [verdict]
    } = await verifyUrls([target('u:1')], options(edge, { recheckForMs: 0 }))
    expect(verdict).toMatchObject({ verdict: 'stale', attempts: 1 })
    expect(clock.sleeps).toEqual([])
    expect(logs).toEqual(['1 URL still stale after 0 s of checking again.'])
  })

  it('takes a stale URL that answers an error on a later check as an error', async () => {
    const edge = scriptedEdge(clock, { 'u:1': (_, call) => (call === 1 ? { headers: { age: '999' } } : { status: 502, headers: {} }) })
    const {
      verdicts: [verdict]
    } = await verifyUrls([target('u:1')], options(edge))
    expect(verdict).toMatchObject({ verdict: 'error', reason: 'HTTP 502', status: 502, attempts: 2 })
  })

  it('keeps at most `concurrency` fetches in flight', async () => {
    const scripts = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`u:${i}`, staleFor(1)]))
    const edge = scriptedEdge(clock, scripts)
    await verifyUrls(
      Object.keys(scripts).map((url) => target(url)),
      options(edge, { concurrency: 3 })
    )
    expect(edge.calls).toHaveLength(24)
    expect(edge.maxInFlight).toBe(3)
  })

  it('compares the body with the deployed file where it is known, and reads each file once', async () => {
    const deployed = join(dir, 'index.html')
    writeFileSync(deployed, '<p>new</p>')
    const edge = scriptedEdge(clock, {
      'u:same': (_, call) => ({ headers: { age: call === 1 ? '999' : '0' }, body: '<p>new</p>' }),
      'u:alias': () => ({ headers: { age: '0' }, body: '<p>new</p>' }),
      'u:old': () => ({ headers: { age: '0' }, body: '<p>old</p>' }),
      'u:none': fresh
    })
    const sleep = (ms: number): Promise<void> => {
      rmSync(deployed, { force: true })
      return clock.sleep(ms)
    }
    const { verdicts } = await verifyUrls(
      [target('u:same', 0, deployed), target('u:alias', 0, deployed), target('u:old', 0, deployed), target('u:none')],
      options(edge, { sleep })
    )
    expect(verdicts.map((v) => [v.url, v.verdict, v.content])).toEqual([
      ['u:same', 'fresh', { result: 'same' }],
      ['u:alias', 'fresh', { result: 'same' }],
      ['u:old', 'fresh', { result: 'differs' }],
      ['u:none', 'fresh', undefined]
    ])
    expect(edge.calls).toEqual([
      ['u:same', 'hash'],
      ['u:alias', 'hash'],
      ['u:old', 'hash'],
      ['u:none', 'skip'],
      ['u:same', 'hash']
    ])
  })
})

describe('verifyUrls when the run is cancelled (scripted edge, virtual clock)', () => {
  it('ends the wait before checking again at once, rejecting with the cancel, and fetches nothing more', async () => {
    const run = testCancel()
    const edge = scriptedEdge(clock, { 'u:1': stale })
    // The cancel comes while the wait is held: only the signal can end it.
    const sleep = clock.cancelling(() => run.cancel())
    const verified = verifyUrls([target('u:1')], options(edge, { sleep, signal: run.signal }))
    await expect(verified).rejects.toBe(run.reason)
    await expect(verified).rejects.toBeInstanceOf(Cancelled)
    expect(clock.sleeps).toEqual([5000])
    expect(clock.now).toBe(0)
    expect(edge.calls).toHaveLength(1)
  })

  it('starts no fetch once cancelled', async () => {
    const run = testCancel()
    const edge = scriptedEdge(clock, {}, run.cancel)
    const verified = verifyUrls([target('u:1'), target('u:2'), target('u:3')], options(edge, { concurrency: 1, signal: run.signal }))
    await expect(verified).rejects.toBe(run.reason)
    expect(edge.calls).toHaveLength(1)
  })

  it('gives no verdict from answers that came after the cancel', async () => {
    const run = testCancel()
    const edge = scriptedEdge(clock, { 'u:1': fresh, 'u:2': fresh }, run.cancel)
    const verified = verifyUrls([target('u:1'), target('u:2')], options(edge, { signal: run.signal }))
    await expect(verified).rejects.toBe(run.reason)
    await expect(verified).rejects.toBeInstanceOf(Cancelled)
    expect(edge.calls).toHaveLength(2)
  })

  it('fetches nothing when the run was cancelled before', async () => {
    const run = testCancel()
    run.cancel()
    const edge = scriptedEdge(clock, {})
    await expect(verifyUrls([target('u:1')], options(edge, { signal: run.signal }))).rejects.toBe(run.reason)
    expect(edge.calls).toEqual([])
  })
})

describe("verifyUrls: the origin's clock (scripted edge, virtual clock)", () => {
  /** A Date `seconds` from the virtual clock (negative: behind), as the origin would send it. */
  const dated = (seconds: number): string => new Date(clock.now + seconds * 1000).toUTCString()
  const behind = "; the origin's clock is off by about 120 s (behind): maybe not stale"

  it('measures it over the answers that came from the origin, and says it in the reasons of the stale ones it could explain', async () => {
    clock.now = 1_000_000
    const edge = scriptedEdge(clock, {
      'u:squid6-miss': () => ({ headers: { 'cache-status': 'squid;detail=mismatch', date: dated(-120) } }),
      'u:varnish-miss': () => ({ headers: { age: '0', date: dated(-120) } }),
      'u:looks-stale': () => ({ headers: { age: '121', 'cache-status': 'squid;hit;detail=match', date: dated(-241) } }),
      'u:stale': () => ({ headers: { age: '900', date: dated(-1020) } })
    })
    const targets = ['u:squid6-miss', 'u:varnish-miss', 'u:looks-stale', 'u:stale'].map((url) => target(url, clock.now))
    const { verdicts, clockSkew } = await verifyUrls(targets, options(edge, { recheckForMs: 0 }))
    expect(clockSkew).toEqual({
      seconds: -120,
      answers: 2,
      note: "The origin's clock is off by about 120 s (behind), by the Date of 2 answers (the median) not served from a cache: caches that derive Age from Date (Squid, RFC 9111 §4.2.3) report copies that much older."
    })
    expect(verdicts.map((v) => [v.verdict, v.reason])).toEqual([
      ['fresh', 'Cache-Status: squid;detail=mismatch says the edge did not serve it from its cache'],
      ['fresh', 'Age 0 s, within the 0 s since the purge'],
      ['stale', `Age 121 s, but only 0 s since the purge${behind}`],
      ['stale', 'Age 900 s, but only 0 s since the purge']
    ])
  })

  it('takes the last answer of a URL checked again', async () => {
    const edge = scriptedEdge(clock, {
      'u:1': (_, call) => (call === 1 ? { headers: { age: '900', date: dated(-5000) } } : { headers: { age: '0', date: dated(-60) } })
    })
    const { verdicts, clockSkew } = await verifyUrls([target('u:1')], options(edge))
    expect(verdicts[0]).toMatchObject({ verdict: 'fresh', attempts: 2 })
    expect(clockSkew).toMatchObject({ seconds: -60, answers: 1 })
  })

  it('ignores the Date of answers served from a cache, of errors, and a Date that cannot be read', async () => {
    const edge = scriptedEdge(clock, {
      'u:hit': () => ({ headers: { age: '5', date: dated(-500) } }),
      'u:hit-no-age': () => ({ headers: { 'x-cache': 'HIT from squid', date: dated(-500) } }),
      'u:nothing': () => ({ headers: { date: dated(-500) } }),
      'u:502': () => ({ status: 502, headers: { age: '0', date: dated(-500) } }),
      'u:garbage': () => ({ headers: { age: '0', date: 'not a date' } }),
      'u:far': () => ({ headers: { age: '0', date: 'Fri, 31 Dec 9999 23:59:59 GMT' } }),
      'u:network': () => ({ kind: 'network', detail: 'network error (ECONNRESET)' })
    })
    const { clockSkew } = await verifyUrls(
      ['u:hit', 'u:hit-no-age', 'u:nothing', 'u:502', 'u:garbage', 'u:far', 'u:network'].map((url) => target(url)),
      options(edge, { recheckForMs: 0 })
    )
    expect(clockSkew).toBeUndefined()
  })

  it('says a clock ahead, without touching the reasons of stale URLs', async () => {
    const edge = scriptedEdge(clock, {
      'u:miss': () => ({ headers: { 'x-cache': 'MISS', date: dated(90) } }),
      'u:stale': () => ({ headers: { age: '60' } })
    })
    const { verdicts, clockSkew } = await verifyUrls([target('u:miss'), target('u:stale')], options(edge, { recheckForMs: 0 }))
    expect(clockSkew).toMatchObject({ seconds: 90, answers: 1 })
    expect(verdicts[1]?.reason).toBe('Age 60 s, but only 0 s since the purge')
  })

  it('says nothing, and leaves the reasons alone, within 30 s', async () => {
    const edge = scriptedEdge(clock, {
      'u:miss': () => ({ headers: { 'x-cache': 'MISS', date: dated(-30) } }),
      'u:stale': () => ({ headers: { age: '20' } })
    })
    const { verdicts, clockSkew } = await verifyUrls([target('u:miss'), target('u:stale')], options(edge, { recheckForMs: 0 }))
    expect(clockSkew).toBeUndefined()
    expect(verdicts[1]?.reason).toBe('Age 20 s, but only 0 s since the purge')
  })
})

describe('verifyUrls through the stand-in edge', () => {
  let edge: StandInEdge
  let fetcher: EdgeFetcher
  beforeEach(async () => {
    edge = await startEdge()
    for (const name of ['http_proxy', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY']) vi.stubEnv(name, undefined)
    vi.stubEnv('HTTP_PROXY', edge.url)
    fetcher = openEdge({ userAgent: 'cdn-purge-action/test', timeoutMs: 2000, concurrency: 2, now: () => clock.now })
  })
  afterEach(async () => {
    await fetcher.close()
    await edge.close()
    vi.unstubAllEnvs()
  })

  it('sees a URL turn fresh after two stale answers, and checks the content both ways', async () => {
    const changing = 'http://example.com/changing.html'
    const same = 'http://example.com/same.html'
    const differs = 'http://example.com/differs.html'
    edge.set(changing, [{ age: 900, times: 2 }, { age: 1 }])
    edge.set(same, { headers: { 'cf-cache-status': 'MISS' } })
    edge.set(differs, { headers: { 'cache-status': 'Edge; fwd=uri-miss' }, body: 'rewritten by the CDN' })
    const sameFile = join(dir, 'same.html')
    writeFileSync(sameFile, defaultBody(same))
    clock.now = 100_000
    const { verdicts } = await verifyUrls([target(changing, 95_000), target(same, 95_000, sameFile), target(differs, 95_000, sameFile)], {
      edge: fetcher,
      concurrency: 2,
      recheckForMs: 60_000,
      now: () => clock.now,
      sleep: clock.sleep,
      log: (message) => logs.push(message)
    })
    expect(verdicts.map((v) => [v.url, v.verdict, v.age, v.cacheStatus, v.content, v.attempts])).toEqual([
      [changing, 'fresh', 1, undefined, undefined, 3],
      [same, 'fresh', undefined, 'CF-Cache-Status: MISS', { result: 'same' }, 1],
      [differs, 'fresh', undefined, 'Cache-Status: Edge; fwd=uri-miss', { result: 'differs' }, 1]
    ])
    expect(clock.sleeps).toEqual([5000, 5000])
    expect(edge.count(changing)).toBe(3)
    expect(edge.requests.find((r) => r.url === same)?.headers['accept-encoding']).toBe('identity')
  })
})

describe('edgePlan', () => {
  const purged = ['http://example.com/a', 'http://example.com/b', 'http://db.corp.internal/c']
  it("counts only the URLs on the zones' public names, as the real run fetches", () => {
    expect(edgePlan(purged, 5, ['http://example.com/p'], true, ['example.com', 'corp.internal'])).toEqual({ verify: 3, warm: 3 })
    expect(edgePlan(purged, 1, [], false, ['example.com'])).toEqual({ verify: 1, warm: 0 })
  })
  it('counts nothing when no zone name is known', () => {
    expect(edgePlan(purged, 5, ['http://example.com/p'], true, [undefined])).toEqual({ verify: 0, warm: 0 })
  })
})
