// The summary's collapsed lists (src/report/lists.ts): which there are, in what order, and which are open.
import { describe, expect, it } from 'vitest'
import { SUMMARY_LIMIT_BYTES } from '../../../src/report/markdown.js'
import { renderSummary } from '../../../src/report/summary.js'
import { planRequests } from '../../../src/purge/plan.js'
import { buildResult, type RunResult } from '../../../src/run/result/index.js'
import { type ZoneResult } from '../../../src/run/result/zones.js'
import { zoneResult } from '../../support/run-result.js'
import { stateWith, zone } from '../../support/run-state.js'
import { allOk, count, details, summary, summaryOf } from '../../support/summary.js'

describe('renderSummary: which lists are open', () => {
  const opened = (summary: string): string[] =>
    [...summary.matchAll(/<details open><summary>([^<]*)<\/summary>/g)].map((match) => match[1] as string)
  const failing = (count: number): RunResult => {
    const files = Array.from({ length: count }, (_, i) => `https://example.com/${i}`)
    const requested = { everything: false, files, tags: [] }
    return buildResult({ ...stateWith(() => false), zones: [{ zone, requested }], requested, warnings: ['a warning'] })
  }

  it('keeps every list closed on a successful run', () => {
    const summary = renderSummary(buildResult(stateWith(allOk, { warnings: ['a warning'] })))
    expect(summary).toContain('<details><summary>Warnings (1)</summary>')
    expect(summary).toContain('<details><summary>URLs purged (5)</summary>')
    expect(summary).not.toContain('<details open>')
  })

  it('opens the errors and what was not purged on a failed run, and leaves the rest closed', () => {
    const summary = summaryOf((index) => index !== 1 && index !== 4)
    expect(opened(summary)).toEqual(['URLs not purged (2)', 'Cache tags not purged (1)', 'Errors (2)'])
    expect(summary).toContain('<details><summary>URLs purged (3)</summary>')
    expect(summary).toContain('<details><summary>Cache tags purged (2)</summary>')
  })

  it('opens the URLs not purged up to 20 of them, and closes a longer list', () => {
    expect(opened(renderSummary(failing(20)))).toEqual(['URLs not purged (20)', 'Errors (5)'])
    const long = renderSummary(failing(21))
    expect(opened(long)).toEqual(['Errors (5)'])
    expect(long).toContain('<details><summary>URLs not purged (21)</summary>')
    expect(long).toContain('<details><summary>Warnings (1)</summary>')
  })

  it('opens the tags not purged up to 20 of them, and closes a longer list', () => {
    const failingTags = (count: number): RunResult => {
      const tags = Array.from({ length: count }, (_, i) => `t${i}`)
      const requested = { everything: false, files: [], tags }
      const state = stateWith(() => false)
      const plan = planRequests([{ zone, purgeEverything: false, urls: [], tags, settings: undefined }], 30)
      const outcomes = plan.requests.map((request) => ({ request, ok: false, status: 400, attempts: 1, durationMs: 10, error: 'HTTP 400' }))
      return buildResult({ ...state, plan, outcomes, zones: [{ zone, requested }], requested })
    }
    expect(opened(renderSummary(failingTags(20)))).toEqual(['Cache tags not purged (20)', 'Errors (1)'])
    expect(opened(renderSummary(failingTags(21)))).toEqual(['Errors (1)'])
  })
})

describe('renderSummary: the collapsed lists', () => {
  const many = (prefix: string): string[] => Array.from({ length: 1001 }, (_, i) => `${prefix}${i}`)

  it('lists what failed first, then why, then what was done, each saying where the whole list is', () => {
    const text = summary({
      failedFiles: many('https://example.com/failed/'),
      failedTags: many('failed-tag-'),
      staleFiles: many('https://example.com/stale/'),
      warm: {
        urls: 1001,
        warmed: 0,
        counts: { '2xx': 0, '3xx': 0, '4xx': 1001, '5xx': 0, error: 0 },
        problems: many('https://example.com/cold/').map((url) => ({ url, detail: 'HTTP 404' }))
      },
      errors: many('error '),
      warnings: many('warning '),
      purgedFiles: many('https://example.com/purged/'),
      purgedTags: many('purged-tag-'),
      changes: {
        source: 'git',
        how: 'git diff',
        base: 'a',
        head: 'b',
        why: '',
        link: null,
        files: many('changed/'),
        urls: many('https://example.com/changed/')
      }
    })
    const lists: [string, string, string][] = [
      ['URLs not purged', 'see the failed-files output and the file failed-files-path names', 'https://example.com/failed/999\n'],
      ['Cache tags not purged', 'see the failed-tags output', 'failed-tag-999\n'],
      ['URLs still stale at the edge', 'see the stale-files output', 'https://example.com/stale/999\n'],
      ['Not warmed', 'see the result output', 'https://example.com/cold/999 (HTTP 404)\n'],
      ['Errors', 'see the log', '<li>error 999</li>\n<li>'],
      ['Warnings', 'see the log', '<li>warning 999</li>\n<li>'],
      ['URLs purged', 'the purged-files output counts them', 'https://example.com/purged/999\n'],
      ['Cache tags purged', 'the purged-tags output counts them', 'purged-tag-999\n'],
      ['Changed URLs', 'see the changed-urls output', 'https://example.com/changed/999\n'],
      ['Changed files', 'see the changed-files output', 'changed/999\n']
    ]
    const at = lists.map(([title, more, last]) => {
      const start = text.indexOf(`<details><summary>${title} (1001)</summary>`)
      expect(start, title).toBeGreaterThan(0)
      expect(text.indexOf(`${last}… and 1 more (${more})`, start), title).toBeGreaterThan(start)
      return start
    })
    expect(at).toEqual([...at].sort((a, b) => a - b))
    expect(count(text, '</details>\n\n<details>')).toBe(9)
  })

  it('counts the tags purged once each', () => {
    expect(summary({ purgedTags: ['t1', 't1', 't2'] })).toContain(details('Cache tags purged (2)', ['t1', 't2']))
  })

  it('fills what the fixed part leaves of the size limit, and no more', () => {
    // A fixed part just under the limit: 91 zones with long names, each in the table, the first ten in the Zones row too.
    const zones = (last: number): ZoneResult[] => [
      ...Array.from({ length: 90 }, (_, i) => zoneResult({ id: `z${i}`, name: '_'.repeat(1990) })),
      zoneResult({ id: 'zl', name: '_'.repeat(last) })
    ]
    const fixed = Buffer.byteLength(summary({ zones: zones(1) }))
    const perCharacter = Buffer.byteLength(summary({ zones: zones(2) })) - fixed
    const last = 1 + Math.floor((SUMMARY_LIMIT_BYTES - 600 - fixed) / perCharacter)
    expect(last).toBeGreaterThan(0)
    expect(last).toBeLessThan(2000)
    // One-letter entries: the list can stop within a byte of what it was given.
    const text = summary({ zones: zones(last), staleFiles: Array.from({ length: 2000 }, () => 'x') })
    expect(text).toContain('… and 1')
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(SUMMARY_LIMIT_BYTES - 1)
  })
})
