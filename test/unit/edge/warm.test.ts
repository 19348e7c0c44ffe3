import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import { openEdge, type EdgeAnswer, type EdgeFetcher } from '../../../src/edge/fetch.js'
import { warmUrls } from '../../../src/edge/warm.js'
import { startEdge, type StandInEdge } from '../../stand-in/edge.js'
import { testCancel } from '../../support/clock.js'
import { recordingEdge, type RecordingEdge } from '../../support/edge.js'

/** An edge without a network that answers each URL with the status (or failure) given. */
function scriptedEdge(answers: Record<string, number | EdgeAnswer>): RecordingEdge {
  return recordingEdge((url) => {
    const given = answers[url] ?? 200
    return typeof given === 'number'
      ? { kind: 'response', status: given, headers: {}, answeredAt: 0, body: { kind: 'drained', bytes: 0 } }
      : given
  })
}

describe('warmUrls (scripted edge)', () => {
  it('fetches every URL once, reading the body, and counts the answers by status class', async () => {
    const edge = scriptedEdge({
      'u:200': 200,
      'u:204': 204,
      'u:299': 299,
      'u:300': 300,
      'u:301': 301,
      'u:304': 304,
      'u:399': 399,
      'u:404': 404,
      'u:400': 400,
      'u:499': 499,
      'u:500': 500,
      'u:503': 503,
      'u:timeout': { kind: 'timeout', detail: 'timed out after 30 s' },
      'u:reset': { kind: 'network', detail: 'network error (ECONNRESET)' }
    })
    const urls = [
      'u:200',
      'u:204',
      'u:299',
      'u:300',
      'u:301',
      'u:304',
      'u:399',
      'u:404',
      'u:400',
      'u:499',
      'u:500',
      'u:503',
      'u:timeout',
      'u:reset'
    ]
    const result = await warmUrls(urls, { edge, concurrency: 4 })
    expect(edge.calls).toEqual(urls.map((url) => [url, 'drain']))
    expect(result).toEqual({
      counts: { '2xx': 3, '3xx': 4, '4xx': 3, '5xx': 2, error: 2 },
      warmed: 7,
      problems: [
        { url: 'u:404', status: 404, detail: 'HTTP 404' },
        { url: 'u:400', status: 400, detail: 'HTTP 400' },
        { url: 'u:499', status: 499, detail: 'HTTP 499' },
        { url: 'u:500', status: 500, detail: 'HTTP 500' },
        { url: 'u:503', status: 503, detail: 'HTTP 503' },
        { url: 'u:timeout', status: undefined, detail: 'timed out after 30 s' },
        { url: 'u:reset', status: undefined, detail: 'network error (ECONNRESET)' }
      ]
    })
  })

  it('keeps at most `concurrency` fetches in flight', async () => {
    const edge = scriptedEdge({})
    await warmUrls(
      Array.from({ length: 20 }, (_, i) => `u:${i}`),
      { edge, concurrency: 5 }
    )
    expect(edge.calls).toHaveLength(20)
    expect(edge.maxInFlight).toBe(5)
  })

  it('has nothing to count for no URLs', async () => {
    expect(await warmUrls([], { edge: scriptedEdge({}), concurrency: 4 })).toEqual({
      counts: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 },
      warmed: 0,
      problems: []
    })
  })
})

describe('warmUrls when the run is cancelled (scripted edge)', () => {
  /** An edge whose every answer comes after the run was cancelled. */
  const cancellingEdge = (cancel: () => void): RecordingEdge =>
    recordingEdge(() => {
      cancel()
      return { kind: 'response', status: 200, headers: {}, answeredAt: 0, body: { kind: 'drained', bytes: 0 } }
    })

  it('starts no fetch once cancelled, and rejects with the cancel', async () => {
    const run = testCancel()
    const edge = cancellingEdge(run.cancel)
    const warmed = warmUrls(['u:1', 'u:2', 'u:3'], { edge, concurrency: 1, signal: run.signal })
    await expect(warmed).rejects.toBe(run.reason)
    await expect(warmed).rejects.toBeInstanceOf(Cancelled)
    expect(edge.calls).toHaveLength(1)
  })

  it('counts no answer that came after the cancel', async () => {
    const run = testCancel()
    const edge = cancellingEdge(run.cancel)
    await expect(warmUrls(['u:1', 'u:2'], { edge, concurrency: 4, signal: run.signal })).rejects.toBe(run.reason)
    expect(edge.calls).toHaveLength(2)
  })

  it('fetches nothing when the run was cancelled before', async () => {
    const run = testCancel()
    run.cancel()
    const edge = scriptedEdge({})
    await expect(warmUrls(['u:1'], { edge, concurrency: 4, signal: run.signal })).rejects.toBe(run.reason)
    expect(edge.calls).toEqual([])
  })
})

describe('warmUrls through the stand-in edge', () => {
  let edge: StandInEdge
  let fetcher: EdgeFetcher
  beforeEach(async () => {
    edge = await startEdge()
    for (const name of ['http_proxy', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY']) vi.stubEnv(name, undefined)
    vi.stubEnv('HTTP_PROXY', edge.url)
    fetcher = openEdge({ userAgent: 'cdn-purge-action/test', timeoutMs: 2000, concurrency: 2 })
  })
  afterEach(async () => {
    await fetcher.close()
    await edge.close()
    vi.unstubAllEnvs()
  })

  it('warms each URL once through the proxy and reads each body to the end', async () => {
    const urls = [
      'http://example.com/',
      'http://example.com/big.js',
      'http://example.com/old',
      'http://example.com/gone',
      'http://example.com/broken'
    ]
    edge.set('http://example.com/big.js', { bodyBytes: 2 * 1024 * 1024 })
    edge.set('http://example.com/old', { status: 308, headers: { location: '/new' } })
    edge.set('http://example.com/gone', { status: 404 })
    edge.set('http://example.com/broken', { reset: true })
    const result = await warmUrls(urls, { edge: fetcher, concurrency: 2 })
    expect(result.counts).toEqual({ '2xx': 2, '3xx': 1, '4xx': 1, '5xx': 0, error: 1 })
    expect(result.warmed).toBe(3)
    expect(result.problems.map((problem) => problem.url)).toEqual(['http://example.com/gone', 'http://example.com/broken'])
    expect(edge.requests.map((request) => request.url).sort()).toEqual([...urls].sort())
    expect(
      edge.requests.every(
        (request) => request.viaProxy && request.headers.authorization === undefined && request.headers.cookie === undefined
      )
    ).toBe(true)
    expect(edge.requests.find((request) => request.url === 'http://example.com/big.js')?.finished).toBe(true)
  })
})
