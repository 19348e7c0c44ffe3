import { describe, expect, it } from 'vitest'
import { failureMessage, headline, outputsOf } from '../../src/report/index.js'
import { buildResult } from '../../src/result.js'
import { stateWith, tags, urls } from './fixtures/run-state.js'

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
      '2 of 5 URLs and 2 of 3 tags were not purged. See the failed-files / failed-tags outputs.\nPOST /zones/z1/purge failed: HTTP 400 (request 0) (+1 more error: see the log and the job summary)'
    )
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
