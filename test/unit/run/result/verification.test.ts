import { describe, expect, it } from 'vitest'
import type { EdgeCheck } from '../../../../src/edge/index.js'
import type { UrlVerdict } from '../../../../src/edge/verify.js'
import { verificationOf } from '../../../../src/run/result/verification.js'

const checked = (verdicts: UrlVerdict[], clockSkew?: { seconds: number; answers: number; note: string }): EdgeCheck => ({
  verification: { verdicts, recheckForMs: 5000, clockSkew },
  warm: undefined
})
const fresh: UrlVerdict = {
  url: 'https://example.com/a',
  verdict: 'fresh',
  status: 200,
  age: 3,
  cacheStatus: 'X-Cache: MISS',
  reason: 'new',
  content: { result: 'same' },
  attempts: 1
}

describe('verificationOf', () => {
  it('gives null when the edge was not checked, or only warmed', () => {
    expect(verificationOf(undefined)).toBeNull()
    const counts = { '2xx': 1, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 }
    expect(verificationOf({ verification: undefined, warm: { urls: 1, warmed: 1, counts, problems: [] } })).toBeNull()
  })

  it('writes each verdict out in plain fields, what is unknown as null', () => {
    const unknown: UrlVerdict = {
      url: 'https://example.com/b',
      verdict: 'error',
      status: undefined,
      age: undefined,
      cacheStatus: undefined,
      reason: 'timed out',
      content: undefined,
      attempts: 2
    }
    expect(verificationOf(checked([fresh, unknown]))?.verdicts).toStrictEqual([
      {
        url: 'https://example.com/a',
        verdict: 'fresh',
        status: 200,
        age: 3,
        cacheStatus: 'X-Cache: MISS',
        reason: 'new',
        content: 'same',
        attempts: 1
      },
      {
        url: 'https://example.com/b',
        verdict: 'error',
        status: null,
        age: null,
        cacheStatus: null,
        reason: 'timed out',
        content: null,
        attempts: 2
      }
    ])
  })

  it('says why a file was not compared, and that one differs', () => {
    const content = (check: UrlVerdict['content']): string | null | undefined =>
      verificationOf(checked([{ ...fresh, content: check }]))?.verdicts[0]?.content
    expect(content({ result: 'not compared', why: 'HTTP 404' })).toBe('not compared: HTTP 404')
    expect(content({ result: 'differs' })).toBe('differs')
  })

  it('counts the verdicts and keeps the time allowed for rechecks', () => {
    const stale: UrlVerdict = { ...fresh, url: 'https://example.com/c', verdict: 'stale', content: { result: 'differs' } }
    expect(verificationOf(checked([fresh, stale, stale]))).toMatchObject({
      counts: { fresh: 1, stale: 2, unknown: 0, error: 0, differs: 2 },
      recheckForMs: 5000
    })
  })

  it("keeps the origin's clock when it was off, and gives null when it was not", () => {
    const skew = { seconds: -120, answers: 2, note: 'The origin is behind.' }
    expect(verificationOf(checked([fresh], skew))?.clockSkew).toStrictEqual(skew)
    expect(verificationOf(checked([fresh]))?.clockSkew).toBeNull()
  })
})
