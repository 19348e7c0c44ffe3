// The summary's part about the edge (src/report/edge.ts): the verification and the warming, as the summary shows them.
import { describe, expect, it } from 'vitest'
import { verdict } from '../../support/run-result.js'
import { details, DRY_RUN, HEAD, summary, TABLE, ZONE_ROW } from '../../support/summary.js'

describe('renderSummary: the edge', () => {
  it('says what a dry run would check and warm', () => {
    const planOf = (verify: number, warm: number): string =>
      summary({ dryRun: true, edgePlan: { verify, warm } }).slice(`${HEAD}${DRY_RUN}${TABLE}${ZONE_ROW}`.length)
    expect(planOf(3, 2)).toBe('\n### Verification\n\nDry run: would check 3 URLs at the edge and would warm 2 URLs.\n')
    expect(planOf(1, 0)).toBe('\n### Verification\n\nDry run: would check 1 URL at the edge.\n')
    expect(planOf(0, 1)).toBe('\n### Verification\n\nDry run: would warm 1 URL.\n')
    expect(planOf(0, 0)).toBe('')
  })

  it('counts the verdicts, lists the URLs checked stale first, with a content column when any was compared, and what warming got', () => {
    const verdicts = [
      verdict('https://example.com/1', { age: 5, cacheStatus: 'HIT' }),
      verdict('https://example.com/3', { verdict: 'unknown', content: 'same' }),
      verdict('https://example.com/4', { verdict: 'error', status: null, content: 'not compared: too big' }),
      verdict('https://example.com/2', { verdict: 'stale', age: 120, cacheStatus: 'HIT', content: 'differs' })
    ]
    const text = summary({
      verification: { counts: { fresh: 1, stale: 1, unknown: 1, error: 1, differs: 1 }, recheckForMs: 0, clockSkew: null, verdicts },
      staleFiles: ['https://example.com/2'],
      warm: {
        urls: 4,
        warmed: 2,
        counts: { '2xx': 1, '3xx': 1, '4xx': 1, '5xx': 0, error: 1 },
        problems: [
          { url: 'https://example.com/3', detail: 'HTTP 404' },
          { url: 'https://example.com/4', detail: 'timeout' }
        ]
      }
    })
    expect(text).toBe(
      `${HEAD}${TABLE}${ZONE_ROW}\n` +
        '### Verification\n\n4 URLs checked at the edge: 1 fresh, **1 stale**, 1 unknown, 1 could not be checked, 1 differ from the deployed file.\n\n' +
        '| URL | Verdict | Age | Cache status | Content |\n|---|---|---|---|---|\n' +
        '| https&#58;//example.com/2 | **stale** | 120 s | HIT | differs from the deployed file |\n' +
        '| https&#58;//example.com/4 | error |  |  | not compared: too big |\n' +
        '| https&#58;//example.com/3 | unknown |  |  | same |\n' +
        '| https&#58;//example.com/1 | fresh | 5 s | HIT |  |\n' +
        '\n| Warm | Result |\n|---|---|\n| Warmed | 2 of 4 URLs (1 2xx, 1 3xx, 1 4xx, 1 without an answer) |\n' +
        '\n' +
        details('URLs still stale at the edge (1)', ['https://example.com/2']) +
        '\n' +
        details('Not warmed (2)', ['https://example.com/3 (HTTP 404)', 'https://example.com/4 (timeout)'])
    )
  })

  it("says under the counts when the origin's clock is off, its note escaped like any text", () => {
    const verdicts = [verdict('https://example.com/1', { verdict: 'stale', age: 121 })]
    const clockSkew = {
      seconds: -120,
      answers: 1,
      note: "The origin's clock is off by about 120 s (behind): caches that derive Age from Date (Squid, RFC 9111 §4.2.3) report copies *that* much older."
    }
    const text = summary({
      verification: { counts: { fresh: 0, stale: 1, unknown: 0, error: 0, differs: 0 }, recheckForMs: 0, clockSkew, verdicts }
    })
    expect(text).toContain(
      '### Verification\n\n1 URL checked at the edge: 0 fresh, **1 stale**.\n\n' +
        'The origin&#39;s clock is off by about 120 s &#40;behind&#41;: caches that derive Age from Date &#40;Squid, RFC 9111 §4.2.3&#41; report copies &#42;that&#42; much older.\n\n' +
        '| URL | Verdict | Age | Cache status |\n'
    )
  })

  it('says in the banner how many URLs the edge still served stale when that failed the step', () => {
    const verdicts = [
      verdict('https://example.com/1'),
      verdict('https://example.com/2', { verdict: 'stale' }),
      verdict('https://example.com/3', { verdict: 'stale' })
    ]
    const verification = { counts: { fresh: 1, stale: 2, unknown: 0, error: 0, differs: 0 }, recheckForMs: 0, clockSkew: null, verdicts }
    const text = summary({ ok: false, verification, staleFiles: ['https://example.com/2', 'https://example.com/3'] })
    expect(
      text.startsWith(
        `${HEAD}> [!CAUTION]\n> **The step failed.** 2 of 3 URLs checked at the edge still served a stale copy. See the errors below.\n\n`
      )
    ).toBe(true)
    expect(summary({ ok: false, verification: { ...verification, counts: { ...verification.counts, stale: 0 } } })).toContain(
      '> **The step failed.** See the errors below.\n'
    )
  })

  it('leaves out the counts that are zero and the content column when nothing was compared', () => {
    const verdicts = [verdict('https://example.com/1', { age: 0 }), verdict('https://example.com/2')]
    const text = summary({
      verification: { counts: { fresh: 2, stale: 0, unknown: 0, error: 0, differs: 0 }, recheckForMs: 0, clockSkew: null, verdicts },
      warm: { urls: 3, warmed: 3, counts: { '2xx': 3, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 }, problems: [] }
    })
    expect(text).toBe(
      `${HEAD}${TABLE}${ZONE_ROW}\n` +
        '### Verification\n\n2 URLs checked at the edge: 2 fresh.\n\n' +
        '| URL | Verdict | Age | Cache status |\n|---|---|---|---|\n' +
        '| https&#58;//example.com/1 | fresh | 0 s |  |\n' +
        '| https&#58;//example.com/2 | fresh |  |  |\n' +
        '\n| Warm | Result |\n|---|---|\n| Warmed | 3 of 3 URLs (3 2xx) |\n'
    )
  })

  it('shows 50 verdicts at most, and counts the rest', () => {
    const checked = (n: number): string => {
      const verdicts = Array.from({ length: n }, (_, i) => verdict(`https://example.com/${i}`))
      return summary({
        verification: { counts: { fresh: n, stale: 0, unknown: 0, error: 0, differs: 0 }, recheckForMs: 0, clockSkew: null, verdicts }
      })
    }
    expect(checked(50).endsWith('| https&#58;//example.com/49 | fresh |  |  |\n')).toBe(true)
    const more = checked(51)
    expect(more.endsWith('| https&#58;//example.com/49 | fresh |  |  |\n\n… and 1 more: see the result output.\n')).toBe(true)
    expect(more).not.toContain('example.com/50 |')
  })
})
