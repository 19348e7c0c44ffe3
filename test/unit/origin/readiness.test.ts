import { describe, expect, it } from 'vitest'
import type { BodyRead, EdgeAnswer } from '../../../src/edge/fetch.js'
import type { ResponseHeaders } from '../../../src/edge/freshness.js'
import {
  FAST_CHECKS_MS,
  FAST_EVERY_MS,
  judgeOrigin,
  MAX_CHECKED_URLS,
  nextCheckAt,
  sampleUrls,
  SLOW_EVERY_MS,
  type Expected
} from '../../../src/origin/readiness.js'
import { isNew } from '../../../src/origin/verdicts.js'

const DEPLOYED = 'a'.repeat(64)
const OTHER = '3f2a1c' + 'b'.repeat(58)

const answer = (status: number, body: BodyRead = { kind: 'skipped' }, headers: ResponseHeaders = {}): EdgeAnswer => ({
  kind: 'response',
  status,
  headers,
  answeredAt: 0,
  body
})
const hashed = (sha256: string, found?: boolean): BodyRead => ({
  kind: 'hashed',
  bytes: 10,
  sha256,
  ...(found === undefined ? {} : { found })
})
const file: Expected = { kind: 'file', sha256: DEPLOYED }
const viaEdge = (expected: Expected) => ({ viaEdge: true, expected })
const atOrigin = (expected: Expected) => ({ viaEdge: false, expected })

describe('judgeOrigin: the deployed file, by SHA-256', () => {
  it('is new when the body of a 200 hashes to the deployed file', () => {
    expect(judgeOrigin(answer(200, hashed(DEPLOYED)), viaEdge(file))).toEqual({
      verdict: 'new',
      status: 200,
      reason: 'the deployed file (sha256)'
    })
  })

  it('is old when it hashes to anything else, with both digests cut short', () => {
    expect(judgeOrigin(answer(200, hashed(OTHER)), viaEdge(file))).toEqual({
      verdict: 'old',
      status: 200,
      reason: 'old: sha256 3f2a1c… ≠ deployed aaaaaa…'
    })
  })

  it('compares only a 200: any other status is old, with the status as the reason', () => {
    for (const status of [201, 204, 301, 304, 403, 404, 410]) {
      expect(judgeOrigin(answer(status, hashed(DEPLOYED)), viaEdge(file))).toEqual({ verdict: 'old', status, reason: `HTTP ${status}` })
    }
  })

  it('is an error on a 5xx, whatever the body', () => {
    expect(judgeOrigin(answer(500, hashed(DEPLOYED)), viaEdge(file))).toEqual({ verdict: 'error', status: 500, reason: 'HTTP 500' })
    expect(judgeOrigin(answer(503), atOrigin({ kind: 'gone' }))).toEqual({ verdict: 'error', status: 503, reason: 'HTTP 503' })
  })

  it('is an error with the reason when the body could not be compared', () => {
    const cases: [BodyRead, string][] = [
      [{ kind: 'too large', limit: 16 * 1024 * 1024 }, 'larger than 16 MiB'],
      [{ kind: 'encoded', encoding: 'gzip' }, 'sent with Content-Encoding gzip'],
      [{ kind: 'failed', detail: 'ECONNRESET' }, 'the body was cut off (ECONNRESET)'],
      [{ kind: 'skipped' }, 'the body was not read'],
      [{ kind: 'drained', bytes: 3 }, 'the body was not read']
    ]
    for (const [body, reason] of cases)
      expect(judgeOrigin(answer(200, body), viaEdge(file))).toEqual({ verdict: 'error', status: 200, reason })
  })

  it('is an error without a status when no answer came', () => {
    expect(judgeOrigin({ kind: 'timeout', detail: 'timed out after 5 s' }, viaEdge(file))).toEqual({
      verdict: 'error',
      status: undefined,
      reason: 'timed out after 5 s'
    })
    expect(judgeOrigin({ kind: 'network', detail: 'network error (ECONNREFUSED)' }, atOrigin(file)).reason).toBe(
      'network error (ECONNREFUSED)'
    )
  })
})

describe('judgeOrigin: a file the change deleted', () => {
  const gone: Expected = { kind: 'gone' }
  it('is gone on 404 and 410, and gone counts as new', () => {
    for (const status of [404, 410]) {
      const judged = judgeOrigin(answer(status), viaEdge(gone))
      expect(judged).toEqual({ verdict: 'gone', status, reason: `HTTP ${status}` })
      expect(isNew(judged.verdict)).toBe(true)
    }
  })

  it('is old on anything else below 500, a 200 above all', () => {
    for (const status of [200, 301, 403]) {
      expect(judgeOrigin(answer(status, hashed(DEPLOYED)), viaEdge(gone))).toEqual({
        verdict: 'old',
        status,
        reason: `HTTP ${status}, but the change deleted the file`
      })
    }
  })
})

describe('judgeOrigin: the marker', () => {
  const marker: Expected = { kind: 'marker', text: 'v2' }
  it('is new when the body holds the text, old when not', () => {
    expect(judgeOrigin(answer(200, hashed(OTHER, true)), viaEdge(marker))).toEqual({
      verdict: 'new',
      status: 200,
      reason: 'holds the marker text'
    })
    expect(judgeOrigin(answer(200, hashed(OTHER, false)), viaEdge(marker))).toEqual({
      verdict: 'old',
      status: 200,
      reason: 'old: the marker text is not in the body'
    })
    // A body that was not searched never counts as holding it.
    expect(judgeOrigin(answer(200, hashed(OTHER)), viaEdge(marker)).verdict).toBe('old')
  })

  it('is old on a status other than 200 even with the text', () => {
    expect(judgeOrigin(answer(404, hashed(OTHER, true)), viaEdge(marker))).toEqual({ verdict: 'old', status: 404, reason: 'HTTP 404' })
  })
})

describe('judgeOrigin: from the cache', () => {
  const cases: [ResponseHeaders, string][] = [
    [{ age: '120' }, 'from the cache: Age 120'],
    [{ age: '1' }, 'from the cache: Age 1'],
    [{ 'cf-cache-status': 'HIT' }, 'from the cache: CF-Cache-Status: HIT'],
    [{ 'x-cache': 'Hit from cloudfront' }, 'from the cache: X-Cache: Hit from cloudfront'],
    [{ 'cache-status': 'Edge; hit' }, 'from the cache: Cache-Status: Edge; hit'],
    [{ age: '0', 'x-cache-status': 'HIT' }, 'from the cache: X-Cache-Status: HIT']
  ]

  it('through the edge, is never new, even with the deployed bytes, the marker or a 404 for a deleted file', () => {
    for (const [headers, reason] of cases) {
      expect(judgeOrigin(answer(200, hashed(DEPLOYED), headers), viaEdge(file))).toEqual({ verdict: 'from-cache', status: 200, reason })
      expect(judgeOrigin(answer(200, hashed(DEPLOYED, true), headers), viaEdge({ kind: 'marker', text: 'x' })).verdict).toBe('from-cache')
      expect(judgeOrigin(answer(404, { kind: 'skipped' }, headers), viaEdge({ kind: 'gone' })).verdict).toBe('from-cache')
    }
  })

  it('takes Age 0 and a miss as the origin’s answer', () => {
    for (const headers of [{ age: '0' }, { 'cf-cache-status': 'MISS' }, { 'cache-status': 'Edge; fwd=miss' }, {}]) {
      expect(judgeOrigin(answer(200, hashed(DEPLOYED), headers), viaEdge(file)).verdict).toBe('new')
    }
  })

  it('does not apply at origin-url: the answer is the origin’s by the user’s word', () => {
    expect(judgeOrigin(answer(200, hashed(DEPLOYED), { age: '120' }), atOrigin(file)).verdict).toBe('new')
  })
})

describe('sampleUrls', () => {
  it('keeps every URL up to 20', () => {
    const urls = Array.from({ length: MAX_CHECKED_URLS }, (_, i) => i)
    expect(sampleUrls(urls)).toEqual(urls)
    expect(sampleUrls([1, 2, 3])).toEqual([1, 2, 3])
  })

  it('takes 20 spread evenly over a longer list, the middle of each slice, in order', () => {
    const urls = Array.from({ length: 200 }, (_, i) => i)
    expect(sampleUrls(urls)).toEqual(Array.from({ length: 20 }, (_, i) => i * 10 + 5))
    const odd = sampleUrls(Array.from({ length: 41 }, (_, i) => i))
    expect(odd).toHaveLength(20)
    expect(odd[0]).toBe(1)
    expect(odd.at(-1)).toBe(39)
  })
})

describe('nextCheckAt: the schedule', () => {
  it('starts a check a second after the last during the first 30 s, then five seconds after it', () => {
    expect(nextCheckAt(0, 0)).toBe(FAST_EVERY_MS)
    expect(nextCheckAt(1000, 1000 + 28_999)).toBe(1000 + 29_999)
    expect(nextCheckAt(1000, 1000 + FAST_CHECKS_MS - 1)).toBe(1000 + FAST_CHECKS_MS - 1 + FAST_EVERY_MS)
    expect(nextCheckAt(1000, 1000 + FAST_CHECKS_MS)).toBe(1000 + FAST_CHECKS_MS + SLOW_EVERY_MS)
    expect(nextCheckAt(0, 100_000)).toBe(105_000)
    expect([FAST_CHECKS_MS, FAST_EVERY_MS, SLOW_EVERY_MS]).toEqual([30_000, 1_000, 5_000])
  })
})
