import { describe, expect, it } from 'vitest'
import type { OriginReport, OriginUrlReport } from '../../../src/run/result/origin.js'
import { originRow, originSection } from '../../../src/report/origin.js'
import { stepFailure } from '../../../src/report/messages.js'
import { runResult } from '../../support/run-result.js'

const checked = (url: string, fields: Partial<OriginUrlReport> = {}): OriginUrlReport => ({
  url,
  fetchedFrom: url,
  expected: 'file',
  status: 200,
  verdict: 'new',
  reason: 'the deployed file (sha256)',
  fetches: 1,
  ...fields
})
const origin = (fields: Partial<OriginReport>): OriginReport => ({
  ready: true,
  seconds: 14,
  waitFor: 120,
  where: 'edge',
  cacheBlind: false,
  cutShort: false,
  marker: null,
  urls: [checked('https://example.com/a'), checked('https://example.com/b')],
  ...fields
})

describe('originRow', () => {
  it('is undefined when wait-for-origin was off', () => {
    expect(originRow(runResult())).toBeUndefined()
  })

  it('says when the origin was ready, and what it served', () => {
    expect(originRow(runResult({ origin: origin({}) }))).toEqual([
      'Origin',
      'ready after 14 s (2 of 2 checked URLs serve the deployed files)'
    ])
    expect(originRow(runResult({ origin: origin({ marker: { url: 'u', text: 't' }, urls: [checked('u')] }) }))).toEqual([
      'Origin',
      'ready after 14 s (1 of 1 checked URL serves the new build)'
    ])
  })

  it('says how many still served another version and that nothing was purged', () => {
    const urls = [checked('a', { verdict: 'old' }), checked('b', { verdict: 'gone' }), checked('c', { verdict: 'error' })]
    expect(originRow(runResult({ origin: origin({ ready: false, urls }) }))).toEqual([
      'Origin',
      '**not ready** after 120 s: 2 of 3 checked URLs still serve another version; nothing was purged'
    ])
    expect(originRow(runResult({ origin: origin({ ready: false, urls: [checked('a', { verdict: 'old' })] }) }))?.[1]).toContain(
      '1 of 1 checked URL still serves another version'
    )
    expect(originRow(runResult({ origin: origin({ ready: false, cacheBlind: true }) }))).toEqual([
      'Origin',
      "**not ready**: every answer came from the edge's cache, which ignores the query string (set origin-url); nothing was purged"
    ])
    expect(originRow(runResult({ origin: origin({ ready: false, urls: [] }) }))).toEqual([
      'Origin',
      '**not ready**: no deployed file could be read to compare with; nothing was purged'
    ])
  })

  it('in a dry run, says what would be checked and where; when the step stopped first, that it did not wait', () => {
    expect(originRow(runResult({ dryRun: true, origin: origin({ ready: null, seconds: null, where: 'origin-url' }) }))).toEqual([
      'Origin',
      'would wait up to 120 s for 2 URLs to serve the new build, at origin-url'
    ])
    expect(originRow(runResult({ origin: origin({ ready: null, seconds: null }) }))).toEqual([
      'Origin',
      'not waited for: the step stopped before the purge'
    ])
  })
})

describe('originSection', () => {
  it('is empty when wait-for-origin was off or checked nothing', () => {
    expect(originSection(runResult())).toEqual([])
    expect(originSection(runResult({ origin: origin({ urls: [] }) }))).toEqual([])
  })

  it('lists the URLs not new first, with verdict, status and why, outside text escaped', () => {
    const urls = [
      checked('https://example.com/new'),
      checked('https://example.com/<b>|x', { verdict: 'old', reason: 'old: sha256 1… ≠ deployed 2…' })
    ]
    const lines = originSection(
      runResult({ origin: origin({ ready: false, urls, marker: { url: 'https://example.com/v', text: '**v2**' } }) })
    )
    expect(lines.slice(0, 6)).toEqual([
      '### Origin',
      '',
      'Checked through the edge. The marker: https&#58;//example.com/v holds "&#42;&#42;v2&#42;&#42;".',
      '',
      '| URL | Verdict | HTTP | Why |',
      '|---|---|---|---|'
    ])
    expect(lines[6]).toBe('| https&#58;//example.com/&lt;b&gt;&#124;x | **old** | 200 | old: sha256 1… ≠ deployed 2… |')
    expect(lines[7]).toBe('| https&#58;//example.com/new | new | 200 | the deployed file &#40;sha256&#41; |')
    expect(lines.slice(8)).toEqual([''])
  })

  it('at origin-url, shows where each URL was fetched', () => {
    const lines = originSection(
      runResult({
        origin: origin({
          where: 'origin-url',
          urls: [
            checked('https://example.com/a', { fetchedFrom: 'http://10.0.0.1/a', status: null, verdict: 'error', reason: 'timed out' })
          ]
        })
      })
    )
    expect(lines.slice(4, 6)).toEqual(['| URL | Verdict | HTTP | Why | Fetched from |', '|---|---|---|---|---|'])
    const noReason = originSection(runResult({ origin: origin({ urls: [checked('https://example.com/a', { reason: null })] }) }))
    expect(noReason[6]).toBe('| https&#58;//example.com/a | new | 200 |  |')
    expect(lines).toContain('| https&#58;//example.com/a | **error** |  | timed out | http&#58;//10.0.0.1/a |')
  })

  it('in a dry run, lists what would be fetched, and from where', () => {
    const lines = originSection(
      runResult({
        dryRun: true,
        origin: origin({
          ready: null,
          seconds: null,
          urls: [checked('https://example.com/a', { verdict: null, fetchedFrom: 'https://o.example.net/a' })]
        })
      })
    )
    expect(lines).toEqual([
      '### Origin',
      '',
      'Would check, through the edge:',
      '',
      '| URL | Fetched from |',
      '|---|---|',
      '| https&#58;//example.com/a | https&#58;//o.example.net/a |',
      ''
    ])
  })
})

describe('stepFailure when the origin was not ready', () => {
  it('is titled for wait-for-origin', () => {
    const failure = stepFailure(runResult({ ok: false, errors: ['Input "wait-for-origin": …'], origin: origin({ ready: false }) }), [])
    expect(failure?.title).toBe('Origin not ready (wait-for-origin)')
    expect(stepFailure(runResult({ ok: false, errors: ['x'], origin: origin({}) }), [])?.title).toBe('CDN purge failed')
    expect(
      stepFailure(runResult({ ok: false, errors: ['x'], invalidInput: 'wait-for-origin', origin: origin({ ready: false }) }), [])?.title
    ).toBe('Invalid input "wait-for-origin"')
  })
})
