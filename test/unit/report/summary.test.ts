import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { SUMMARY_LIMIT_BYTES } from '../../../src/report/markdown.js'
import { notPurgedSentence, renderSummary } from '../../../src/report/summary.js'
import { planRequests } from '../../../src/plan.js'
import { buildResult, type RunResult } from '../../../src/result.js'
import { thousands } from '../../../src/text.js'
import { stateWith, zone } from '../../support/run-state.js'

const summaryOf = (...args: Parameters<typeof stateWith>): string => renderSummary(buildResult(stateWith(...args)))
const allOk = (): boolean => true
const tableLines = (markdown: string): string[] => markdown.split('\n').filter((line) => line.startsWith('|'))
/** `|` that split cells: every one but those written as an entity. */
const pipes = (line: string): number => line.split('|').length - 1

describe('renderSummary: what happened', () => {
  it('heads the summary with the zone and a table with a real header', () => {
    const summary = summaryOf(allOk)
    expect(
      summary.startsWith('## CDN purge: example.com\n\n| What | Result |\n|---|---|\n| Zone | example.com · <code>z1</code> · active |\n')
    ).toBe(true)
    expect(summary).toContain('| URLs | purged 5 of 5 in 3 requests |')
    expect(summary).toContain('| Cache tags | purged 3 of 3 in 2 requests |')
    expect(summary).toContain('| HTTP requests | 5 |')
    expect(summary).not.toContain('[!CAUTION]')
  })

  it('lists what was purged, collapsed', () => {
    const summary = summaryOf(allOk)
    expect(summary).toContain(
      '<details><summary>URLs purged (5)</summary>\n\n<pre>\nhttps://example.com/0\nhttps://example.com/1\nhttps://example.com/2\nhttps://example.com/3\nhttps://example.com/4\n</pre>\n\n</details>'
    )
    expect(summary).toContain('<details><summary>Cache tags purged (3)</summary>\n\n<pre>\nt1\nt2\nt3\n</pre>')
  })

  it('leaves out rows for what the step was not asked to do', () => {
    const state = stateWith(allOk)
    const plan = { ...state.plan!, requests: state.plan!.requests.filter((request) => request.kind === 'files') }
    const summary = renderSummary(
      buildResult({
        ...state,
        plan,
        requested: { everything: false, files: state.requested!.files, tags: [] },
        zones: [{ zone, requested: { everything: false, files: state.requested!.files, tags: [] } }],
        outcomes: state.outcomes.slice(0, 3),
        requestsSent: 0
      })
    )
    expect(summary).toContain('| URLs | purged 5 of 5 in 3 requests |')
    expect(summary).not.toContain('Cache tags')
    expect(summary).not.toContain('HTTP requests')
    expect(summary).not.toContain('Purge everything')
    expect(summary).not.toContain('Settings')
  })

  it('says what would be sent in a dry run', () => {
    const summary = renderSummary(buildResult({ ...stateWith(allOk), outcomes: [], dryRun: true }))
    expect(summary).toContain('> [!NOTE]\n> **Dry run**: nothing was purged and no settings were sent. Below is what would be sent.')
    expect(summary).toContain('| URLs | would purge 5 in 3 requests |')
    expect(summary).toContain('| Cache tags | would purge 3 in 2 requests |')
    expect(summary).not.toContain('[!CAUTION]')
  })

  it('shows a failure banner with the counts, and what was not purged', () => {
    const summary = summaryOf((index) => index !== 1)
    expect(summary).toContain('> [!CAUTION]\n> **The step failed.** 2 of 5 URLs were not purged. See the errors below.')
    expect(summary).toContain('| URLs | purged 3 of 5 in 3 requests |')
    expect(summary).toContain(
      '<details open><summary>URLs not purged (2)</summary>\n\n<pre>\nhttps://example.com/2\nhttps://example.com/3\n</pre>'
    )
    expect(summary).toContain(
      '<details open><summary>Errors (1)</summary>\n\n<ul>\n<li>POST /zones/z1/purge failed: HTTP 400 (request 1)</li>\n</ul>'
    )
  })

  it('names the zone as given when the lookup failed, and says nothing was sent', () => {
    const state = {
      ...stateWith(allOk),
      zones: [],
      plan: undefined,
      outcomes: [],
      requestsSent: 1,
      zoneInput: ['shop.example.com'],
      errors: ['GET /zones failed: HTTP 401'],
      stopped: { phase: 'the zone lookup', status: 401, input: undefined }
    }
    const summary = renderSummary(buildResult(state))
    expect(summary).toContain('## CDN purge: shop.example.com\n')
    expect(summary).toContain('| Zone | shop.example.com (not resolved) |')
    expect(summary).toContain('| URLs | none of 5 purged: nothing was sent |')
    expect(summary).toContain(
      '**The step failed.** 5 of 5 URLs and 3 of 3 tags were not purged. Nothing was sent: the zone lookup failed &#40;HTTP 401&#41;. See the errors below.'
    )
    expect(summary).not.toContain('name unknown')
  })

  it('gives several zones a table with only the columns that apply', () => {
    const other = { id: 'z2', name: 'example.org', status: 'pending' }
    const state = stateWith(allOk)
    const summary = renderSummary(
      buildResult({ ...state, zones: [...state.zones, { zone: other, requested: { everything: false, files: [], tags: [] } }] })
    )
    expect(summary).toContain('## CDN purge: 2 zones')
    expect(summary).toContain('| Zones | example.com, example.org |')
    expect(summary).toContain(
      '| Zone | Status | URLs purged | Tags purged |\n|---|---|---|---|\n| example.com | active | 5 | 3 |\n| example.org | pending | 0 | 0 |'
    )
  })
})

describe('notPurgedSentence', () => {
  const sentence = (state: Parameters<typeof buildResult>[0]): string => notPurgedSentence(buildResult(state))
  it('counts URLs and tags, singular and plural, and leaves out what all went through', () => {
    expect(sentence(stateWith((index) => index !== 2))).toBe('1 of 5 URLs was not purged. ')
    expect(sentence(stateWith((index) => index !== 4))).toBe('1 of 3 tags was not purged. ')
    expect(sentence(stateWith((index) => index !== 3))).toBe('2 of 3 tags were not purged. ')
    expect(sentence(stateWith((index) => index !== 0 && index !== 4))).toBe('2 of 5 URLs and 1 of 3 tags were not purged. ')
    expect(sentence(stateWith(allOk))).toBe('')
  })
  it('says when a purge of everything was not confirmed', () => {
    const state = stateWith(allOk)
    const requested = { everything: true, files: [], tags: [] }
    const plan = {
      zones: [zone],
      requests: [
        {
          zoneId: 'z1',
          kind: 'purge-everything' as const,
          method: 'POST' as const,
          path: '/zones/z1/purge',
          body: {},
          items: [],
          label: 'Purge of everything'
        }
      ]
    }
    const failed = {
      ...state,
      plan,
      requested,
      zones: [{ zone, requested }],
      outcomes: [{ request: plan.requests[0]!, ok: false, status: 500, attempts: 1, durationMs: 1, error: 'HTTP 500' }]
    }
    expect(sentence(failed)).toBe('The purge of everything was not confirmed. ')
    expect(renderSummary(buildResult(failed))).toContain('| Purge everything | **not confirmed** |')
    expect(sentence({ ...failed, dryRun: true, outcomes: [] })).toBe('')
  })
})

describe('renderSummary: untrusted text', () => {
  const evil = (text: string): RunResult => {
    const requested = { everything: false, files: [`https://example.com/${encodeURIComponent(text)}`], tags: [text] }
    const state = stateWith(() => false)
    return buildResult({
      ...state,
      zones: [{ zone: { id: text, name: text, status: text }, requested }],
      requested,
      errors: [text],
      warnings: [text]
    })
  }

  it('shows ids as HTML code, with no backslash escapes', () => {
    const summary = renderSummary(
      buildResult({
        ...stateWith(allOk),
        zones: [{ zone: { id: 'zn_7f3a*x', name: 'example.com', status: 'active' }, requested: stateWith(allOk).requested! }]
      })
    )
    expect(summary).toContain('<code>zn&#95;7f3a&#42;x</code>')
    expect(summary).not.toMatch(/\\[_*]/)
  })

  it('lets no HTML, link, image or table break through', () => {
    const summary = renderSummary(evil('<img src=x onerror=alert(1)>|[x](javascript:1)\r| a |\u2028`b`'))
    expect(summary).not.toContain('<img')
    // Markdown is parsed outside HTML blocks only: there, no link syntax may survive.
    const markdownLines = summary
      .split('\n')
      .filter((line) => !line.startsWith('<li>') && !line.startsWith('https://') && !line.startsWith('&lt;img'))
    expect(markdownLines.join('\n')).not.toContain('](javascript')
    expect(summary).toContain('<li>&lt;img src=x onerror=alert(1)&gt;|[x](javascript:1) | a | `b`</li>')
    expect(summary).toContain(
      '&lt;img src=x onerror=alert&#40;1&#41;&gt;&#124;&#91;x&#93;&#40;javascript:1&#41; &#124; a &#124; &#96;b&#96;'
    )
    for (const line of tableLines(summary))
      expect(pipes(line)).toBe(line.startsWith('| Zone | Status') || /^\|(---\|)+$/.test(line) ? pipes(line) : 3)
  })

  test.prop([fc.string({ unit: 'binary', maxLength: 200 })])(
    'keeps every table row whole and every text on its line, whatever the text',
    (text) => {
      const summary = renderSummary(evil(text))
      for (const line of tableLines(summary)) {
        expect(pipes(line)).toBe(line.startsWith('|---') ? pipes(line) : 3)
      }
      expect(summary).not.toMatch(/[\r\u0085\u2028\u2029]/)
      expect(summary).not.toMatch(/<(?!\/?(details|details open|summary|pre|ul|li|code)>)/)
    }
  )
})

describe('renderSummary: size', () => {
  it('stays under the runner limit with a 2 MiB entry, says what was left out, and keeps banner and counts whole', () => {
    const huge = `https://example.com/${'a'.repeat(2 * 1024 * 1024)}`
    const state = stateWith(() => false)
    const requested = { ...state.requested!, files: [huge, ...state.requested!.files] }
    const summary = renderSummary(
      buildResult({ ...state, requested, zones: [{ zone, requested }], errors: [`server said ${'x'.repeat(2 * 1024 * 1024)}`] })
    )
    expect(Buffer.byteLength(summary)).toBeLessThan(SUMMARY_LIMIT_BYTES)
    expect(summary).toContain('**The step failed.** 6 of 6 URLs and 3 of 3 tags were not purged.')
    expect(summary).toContain('| URLs | purged 0 of 6 in 3 requests |')
    expect(summary).toContain(`a… (${thousands(huge.length - 2000)} more characters)\n`)
    expect(summary).toContain(`x… (${thousands('server said '.length + 2 * 1024 * 1024 - 2000)} more characters)</li>`)
  })

  it('cuts lists to what fits, with a note of how many were left out', () => {
    const many = Array.from({ length: 900 }, (_, i) => `https://example.com/${String(i).padStart(4, '0')}/${'p'.repeat(1900)}`)
    const state = stateWith(() => false)
    const requested = { everything: false, files: many, tags: [] }
    const summary = renderSummary(buildResult({ ...state, requested, zones: [{ zone, requested }] }))
    expect(Buffer.byteLength(summary)).toBeLessThan(SUMMARY_LIMIT_BYTES)
    const shown = summary.split('\n').filter((line) => line.startsWith('https://example.com/')).length
    expect(shown).toBeGreaterThan(400)
    expect(shown).toBeLessThan(900)
    expect(summary).toContain(`… and ${900 - shown} more (see the failed-files output and the file failed-files-path names)`)
  })

  it('lists at most 1000 entries and counts the rest', () => {
    const many = Array.from({ length: 1005 }, (_, i) => `https://example.com/${i}`)
    const requested = { everything: false, files: many, tags: [] }
    const summary = renderSummary(buildResult({ ...stateWith(() => false), zones: [{ zone, requested }], requested }))
    expect(summary).toContain(
      'https://example.com/999\n… and 5 more (see the failed-files output and the file failed-files-path names)\n</pre>'
    )
    expect(summary).not.toContain('https://example.com/1000\n')
  })

  it('counts the errors it lists, once each', () => {
    const summary = renderSummary(buildResult({ ...stateWith(allOk), errors: ['same failure', 'same failure', 'other failure'] }))
    expect(summary).toContain('<details open><summary>Errors (2)</summary>\n\n<ul>\n<li>same failure</li>\n<li>other failure</li>\n</ul>')
  })
})

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
