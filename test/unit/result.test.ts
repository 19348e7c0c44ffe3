import { describe, expect, it } from 'vitest'
import type { RequestOutcome } from '../../src/execute.js'
import { planRequests } from '../../src/plan.js'
import { failureMessage, headline, outputsOf } from '../../src/report/index.js'
import { renderSummary } from '../../src/report/summary.js'
import { buildResult, newRunState, type RunState } from '../../src/result.js'

const zone = { id: 'z1', name: 'example.com', status: 'active' }
const urls = Array.from({ length: 5 }, (_, i) => `https://example.com/${i}`)
const tags = ['t1', 't2', 't3']

function stateWith(okByIndex: (index: number) => boolean, over: Partial<RunState> = {}): RunState {
  const plan = planRequests([{ zone, purgeEverything: false, urls, tags, settings: undefined }], 2)
  const outcomes: RequestOutcome[] = plan.requests.map((request, index) => ({
    request,
    ok: okByIndex(index),
    status: okByIndex(index) ? 200 : 400,
    attempts: 1,
    durationMs: 10,
    error: okByIndex(index) ? undefined : `POST ${request.path} failed: HTTP 400 (request ${index})`
  }))
  const requested = { everything: false, files: urls, tags }
  return { ...newRunState(), zones: [{ zone, requested }], plan, outcomes, requested, requestsSent: outcomes.length, retries: 0, ...over }
}

describe('buildResult', () => {
  it('puts every requested URL and tag in exactly one of purged or failed', () => {
    // Requests: files [0,1], files [2,3], files [4], tags [t1,t2], tags [t3]
    const result = buildResult(stateWith((index) => index !== 1 && index !== 4))
    expect(result.purgedFiles).toEqual(['https://example.com/0', 'https://example.com/1', 'https://example.com/4'])
    expect(result.failedFiles).toEqual(['https://example.com/2', 'https://example.com/3'])
    expect(result.purgedTags).toEqual(['t1', 't2'])
    expect(result.failedTags).toEqual(['t3'])
    expect([...result.purgedFiles, ...result.failedFiles].sort()).toEqual([...urls].sort())
    expect(result.ok).toBe(false)
    expect(result.errors).toHaveLength(2)
  })
  it('counts everything as failed when the run stopped before sending', () => {
    const result = buildResult({ ...stateWith(() => true), zones: [], outcomes: [], errors: ['No zone with name …'] })
    expect(result.failedFiles).toEqual(urls)
    expect(result.failedTags).toEqual(tags)
    expect(result.ok).toBe(false)
  })
  it('purges and fails nothing in a dry run', () => {
    const result = buildResult({ ...stateWith(() => true), outcomes: [], dryRun: true })
    expect(result).toMatchObject({ ok: true, purgedFiles: [], failedFiles: [], purgedTags: [], failedTags: [] })
    expect(result.planned).toHaveLength(5)
  })
  it('gives outputs with counts and JSON lists', () => {
    const outputs = outputsOf(buildResult(stateWith((index) => index !== 0)))
    expect(outputs).toMatchObject({ 'zone-id': 'z1', 'purged-files': '3', 'purged-tags': '3', 'failed-files': JSON.stringify(urls.slice(0, 2)), 'failed-tags': '[]', requests: '5' })
    expect(JSON.parse(outputs.result ?? '')).toMatchObject({ ok: false, purgedFiles: 3, purgedTags: 3, failedFiles: urls.slice(0, 2), failedTags: [] })
  })
  it('says in the failure message what was not purged and the first error', () => {
    expect(failureMessage(buildResult(stateWith((index) => index !== 0 && index !== 3)))).toBe(
      '2 URL(s) and 2 tag(s) were not purged (failed-files / failed-tags outputs). POST /zones/z1/purge failed: HTTP 400 (request 0) (+1 more error, see the log and job summary)'
    )
  })
})

describe('renderSummary', () => {
  it('escapes user text: no HTML or Markdown comes through', () => {
    const evilTags = { everything: false, files: urls, tags: ['<img src=x onerror=alert(1)>', '[x](javascript:1)'] }
    const evil = { ...stateWith(() => false), zones: [{ zone: { id: 'z|1', name: 'example.com', status: 'active' }, requested: evilTags }], requested: evilTags }
    const summary = renderSummary(buildResult(evil))
    expect(summary).not.toContain('<img')
    expect(summary).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(summary).toContain('`z\\|1`')
  })
  it('shows a banner in a dry run and what would be sent', () => {
    const summary = renderSummary(buildResult({ ...stateWith(() => true), outcomes: [], dryRun: true }))
    expect(summary).toContain('> **Dry run**: nothing was purged')
    expect(summary).toContain('| URLs | would purge 5 in 3 requests |')
    expect(summary).toContain('| Cache tags | would purge 3 in 2 requests |')
  })
  it('shows failures collapsed, with counts', () => {
    const summary = renderSummary(buildResult(stateWith((index) => index !== 1)))
    expect(summary).toContain('> **The step failed.** 2 URLs and 0 tags were not purged.')
    expect(summary).toContain('| URLs | purged 3 of 5 in 3 requests |')
    expect(summary).toContain('<details><summary>URLs not purged (2)</summary>\n\n<pre>\nhttps://example.com/2\nhttps://example.com/3\n</pre>')
  })
  it('lists at most 1000 entries and counts the rest', () => {
    const many = Array.from({ length: 1005 }, (_, i) => `https://example.com/${i}`)
    const manyRequested = { everything: false, files: many, tags: [] }
    const summary = renderSummary(buildResult({ ...stateWith(() => false), zones: [{ zone, requested: manyRequested }], requested: manyRequested }))
    expect(summary).toContain('https://example.com/999\n… and 5 more (see the failed-files output)')
    expect(summary).not.toContain('https://example.com/1000\n')
  })
})

describe('renderSummary errors', () => {
  it('counts the errors it lists, once each', () => {
    const summary = renderSummary(buildResult({ ...stateWith(() => true), errors: ['same failure', 'same failure', 'other failure'] }))
    expect(summary).toContain('<details><summary>Errors (2)</summary>\n\n<pre>\nsame failure\nother failure\n</pre>')
  })
})

describe('headline (the closing log line)', () => {
  it('says what was purged of what was asked, and how many requests it took', () => {
    expect(headline(buildResult(stateWith((index) => index !== 1)))).toBe('example.com: purged 3 of 5 URLs, purged 3 of 3 tags (5 HTTP requests).')
  })
  it('names several zones', () => {
    const other = { id: 'z2', name: 'example.org', status: 'active' }
    const state = stateWith(() => true)
    const result = buildResult({ ...state, zones: [...state.zones, { zone: other, requested: { everything: false, files: [], tags: [] } }] })
    expect(headline(result)).toMatch(/^example\.com, example\.org: /)
  })
  it('says a dry run sent nothing', () => {
    expect(headline(buildResult({ ...stateWith(() => true), outcomes: [], dryRun: true }))).toBe('Dry run for example.com: 5 request(s) planned, none sent.')
  })
})
