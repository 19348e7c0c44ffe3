import { describe, expect, it } from 'vitest'
import { byAttention, countVerdicts, staleUrls } from '../../../src/edge/tally.js'
import { urlVerdict } from '../../support/edge.js'

const verdict = urlVerdict

describe('countVerdicts', () => {
  it('counts each verdict and the content differences', () => {
    const all = [
      verdict({}),
      verdict({ content: { result: 'differs' } }),
      verdict({ verdict: 'stale' }),
      verdict({ verdict: 'unknown', content: { result: 'same' } }),
      verdict({ verdict: 'error' }),
      verdict({ verdict: 'error' }),
      verdict({ verdict: 'error' })
    ]
    expect(countVerdicts(all)).toEqual({ fresh: 2, stale: 1, unknown: 1, error: 3, differs: 1 })
  })
  it('counts nothing in no verdicts, in the order the result output writes them', () => {
    expect(Object.entries(countVerdicts([]))).toEqual([
      ['fresh', 0],
      ['stale', 0],
      ['unknown', 0],
      ['error', 0],
      ['differs', 0]
    ])
  })
})

describe('byAttention', () => {
  it('puts stale first, then errors, unknown and fresh, keeping the order within each verdict', () => {
    const given = [
      { url: 'f1', verdict: 'fresh' },
      { url: 'u1', verdict: 'unknown' },
      { url: 'e1', verdict: 'error' },
      { url: 's1', verdict: 'stale' },
      { url: 'f2', verdict: 'fresh' },
      { url: 'e2', verdict: 'error' },
      { url: 's2', verdict: 'stale' },
      { url: 'u2', verdict: 'unknown' }
    ] as const
    expect(byAttention(given).map((item) => item.url)).toEqual(['s1', 's2', 'e1', 'e2', 'u1', 'u2', 'f1', 'f2'])
  })
  it('gives a new array and leaves the one given as it was', () => {
    const given = [verdict({ url: 'a' }), verdict({ url: 'b', verdict: 'stale' })]
    const ordered = byAttention(given)
    expect(ordered).not.toBe(given)
    expect(given.map((item) => item.url)).toEqual(['a', 'b'])
    expect(ordered.map((item) => item.url)).toEqual(['b', 'a'])
  })
})

describe('staleUrls', () => {
  it('lists the URLs found stale, in their order, and nothing else', () => {
    const verdicts = [
      verdict({ url: 'a', verdict: 'stale' }),
      verdict({ url: 'b' }),
      verdict({ url: 'c', verdict: 'error' }),
      verdict({ url: 'd', verdict: 'stale' }),
      verdict({ url: 'e', verdict: 'unknown' })
    ]
    expect(staleUrls(verdicts)).toEqual(['a', 'd'])
    expect(staleUrls([])).toEqual([])
  })
})
