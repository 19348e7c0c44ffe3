// Every pattern that meets untrusted text, on a mebibyte made of its own separators: the text that makes
// an ambiguous pattern backtrack. Patterns of inputs, lists and URLs are in test/unit/inputs/, urls.test.ts
// and text.test.ts; these are the ones of answers (the service's, the edge's, GitHub's) and of git.
import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { readTrafficAnswer } from '../../../src/analytics.js'
import { encodePath } from '../../../src/site.js'
import { judgeAnswer } from '../../../src/edge/freshness.js'
import { extractServerMessage } from '../../../src/http/errors.js'
import { parseItems, readRateLimit } from '../../../src/http/pacer/rate-limit.js'
import { parseRetryAfter } from '../../../src/http/retry.js'
import { code, escapeHtml, escapeText } from '../../../src/report/markdown.js'
import { GUARD, hostileLength, mebibyteOf } from '../../support/hostile.js'

const keep = (text: string): string => text

describe('patterns on answers, on a mebibyte of their own separators', () => {
  it.each([
    '<!--',
    '<script',
    '<script</script ',
    '<style</style\t',
    '<a',
    '<',
    '&a',
    '&#1',
    '&#x1',
    '&amp',
    ' ',
    '\t\n',
    '"\\',
    '{"message":"'
  ])('extractServerMessage gets through %j, as text and as markup', GUARD, (piece) => {
    const text = mebibyteOf(piece)
    expect(extractServerMessage(text, keep)?.length ?? 0).toBeLessThan(hostileLength(2 ** 20))
    expect(extractServerMessage(`<p>${text}`, keep)?.length ?? 0).toBeLessThan(hostileLength(2 ** 20))
  })
  it.each([';', '; ', ';w=', ';w=1.', '1', '1.', '"', '"\\', 'a=1,', ',', 'a;b=', ' '])(
    'the rate limit headers get through %j',
    GUARD,
    (piece) => {
      const text = mebibyteOf(piece)
      expect(parseItems(text).length).toBeLessThanOrEqual(hostileLength(2 ** 20))
      const headers = {
        'ratelimit-policy': text,
        ratelimit: text,
        'x-ratelimit-limit': text,
        'x-ratelimit-remaining': text,
        'x-ratelimit-reset': text
      }
      expect(() => readRateLimit(headers, 0)).not.toThrow()
      expect(parseRetryAfter(`${text}x`, 0)).toBeUndefined()
    }
  )
  it.each(['"', '"\\', '\\', ',;', ';', 'a ', ' ', 'fwd=', 'hit;'])('the edge headers get through %j', GUARD, (piece) => {
    const text = mebibyteOf(piece)
    for (const name of ['cache-status', 'x-cache', 'cf-cache-status', 'age']) {
      expect(judgeAnswer(200, { [name]: text }, 5).verdict).toMatch(/^(stale|fresh|unknown)$/)
    }
  })
  it.each(['0', '2026-', '1', ':', 'T'])('the traffic timestamps get through %j', GUARD, (piece) => {
    const timestamp = `${mebibyteOf(piece)}x`
    const read = readTrafficAnswer(
      { data: { totals: { requests: 1, bandwidth: 1, cache_hit_rate: 0 }, timeseries: [{ timestamp, requests: 1 }] } },
      'hour',
      'example.com'
    )
    expect(read.points).toEqual([])
  })
  it.each(['%24', '%', '/', 'a/'])('encodePath gets through a path of %j', GUARD, (piece) => {
    expect(encodePath(mebibyteOf(piece)).length).toBeGreaterThanOrEqual(hostileLength(2 ** 20))
  })
  it.each(['&', '://', 'www.', '`', '\n', '|'])('the summary escapes get through %j', GUARD, (piece) => {
    const text = mebibyteOf(piece)
    expect(escapeText(text).length).toBeGreaterThan(0)
    expect(escapeHtml(text).length).toBeGreaterThan(0)
    expect(code(text).length).toBeGreaterThan(0)
  })
  it.each(['input "a-', 'input "', 'a-'])('the input an error names is read through %j', GUARD, (piece) => {
    expect(new InputError(undefined, mebibyteOf(piece)).input).toBeUndefined()
  })
})
