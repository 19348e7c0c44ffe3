import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { escapeText, SUMMARY_LIMIT_BYTES } from '../../../src/report/markdown.js'
import { notPurgedSentence, renderSummary } from '../../../src/report/summary.js'
import { planRequests } from '../../../src/plan.js'
import { buildResult, type RunResult, type ZoneResult } from '../../../src/result.js'
import { thousands } from '../../../src/text.js'
import { planned, runResult, sentRequest, unreadTraffic, verdict, zoneResult } from '../../support/run-result.js'
import { stateWith, zone } from '../../support/run-state.js'

const summaryOf = (...args: Parameters<typeof stateWith>): string => renderSummary(buildResult(stateWith(...args)))
const allOk = (): boolean => true
const tableLines = (markdown: string): string[] => markdown.split('\n').filter((line) => line.startsWith('|'))
/** `|` that split cells: every one but those written as an entity. */
const pipes = (line: string): number => line.split('|').length - 1

// Each section of the job summary, drawn from a result that holds only what the test gives it, and
// compared as a whole: the text is what the user reads.

const summary = (over: Partial<RunResult>): string => renderSummary(runResult(over))
const HEAD = '## CDN purge: example.com\n\n'
const TABLE = '| What | Result |\n|---|---|\n'
const ZONE_ROW = '| Zone | example.com · <code>z1</code> · active |\n'
const DRY_RUN = '> [!NOTE]\n> **Dry run**: nothing was purged and no settings were sent. Below is what would be sent.\n\n'
const details = (title: string, lines: string[]): string =>
  `<details><summary>${title}</summary>\n\n<pre>\n${lines.map((line) => `${line}\n`).join('')}</pre>\n\n</details>\n`
const count = (text: string, part: string): number => text.split(part).length - 1

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

describe('renderSummary: the zone', () => {
  it('names the zone as it was resolved, with its id and status, and nothing else when nothing was done', () => {
    expect(summary({ zoneInput: ['z1'] })).toBe(`${HEAD}${TABLE}${ZONE_ROW}`)
  })

  it('names a zone without a name by its id, and leaves out a status it does not know', () => {
    expect(summary({ zones: [zoneResult({ name: '', status: '' })] })).toBe(`## CDN purge: z1\n\n${TABLE}| Zone | <code>z1</code> |\n`)
  })

  it('names the zones as given when none could be resolved, or says there was none', () => {
    expect(summary({ zones: [], zoneInput: ['a.example', 'b.example'] })).toBe(
      `## CDN purge: a.example, b.example\n\n${TABLE}| Zone | a.example, b.example (not resolved) |\n`
    )
    expect(summary({ zones: [], zoneInput: [] })).toBe(`## CDN purge: no zone\n\n${TABLE}`)
  })
})

describe('renderSummary: the What | Result table', () => {
  const settings = { limits: { enabled: true, mode: 'strict' }, sdk: { enabled: false, mode: 'off' } }
  const requests = [planned('purge-everything', 0), planned('files', 3), planned('files', 2), planned('tags', 2), planned('settings', 0)]

  it('has a row for each thing done, with the requests, retries, rate limits and time it took', () => {
    const text = summary({
      purgeEverythingRequested: true,
      purgedEverything: true,
      planned: requests,
      purgedFiles: ['https://example.com/a'],
      purgedTags: ['t1', 't2'],
      settings,
      settingsApplied: true,
      requests: 6,
      retries: 1,
      rateLimits: { answers429: 2, waitedMs: 1500, pace: 2.5 },
      durations: { totalMs: 61_234, purgeMs: 999 }
    })
    expect(text).toBe(
      `${HEAD}${TABLE}${ZONE_ROW}` +
        '| Purge everything | yes, confirmed |\n' +
        '| URLs | purged 1 of 1 in 2 requests |\n' +
        '| Cache tags | purged 2 of 2 in 1 request |\n' +
        '| Settings | limits: enabled (strict), sdk: disabled (off): applied |\n' +
        '| HTTP requests | 6 (1 retry) |\n' +
        '| Rate limits | 2 answers 429, 1.5 s waiting, final pace about 2.5 requests/s |\n' +
        '| Duration | 61.2 s (purge 999 ms) |\n' +
        '\n' +
        details('URLs purged (1)', ['https://example.com/a']) +
        '\n' +
        details('Cache tags purged (2)', ['t1', 't2'])
    )
  })

  it('says what a dry run would do, counting the URLs and tags planned', () => {
    expect(summary({ dryRun: true, purgeEverythingRequested: true, planned: requests, settings })).toBe(
      `${HEAD}${DRY_RUN}${TABLE}${ZONE_ROW}` +
        '| Purge everything | would purge every cached file |\n' +
        '| URLs | would purge 5 in 2 requests |\n' +
        '| Cache tags | would purge 2 in 1 request |\n' +
        '| Settings | limits: enabled (strict), sdk: disabled (off): would be applied |\n'
    )
  })

  it('marks what was not confirmed, and times under a second in milliseconds', () => {
    const text = summary({
      ok: false,
      purgeEverythingRequested: true,
      planned: [planned('purge-everything', 0), planned('settings', 0)],
      settings: { limits: settings.limits },
      requests: 2,
      retries: 2,
      rateLimits: { answers429: 1, waitedMs: 999, pace: null },
      durations: { totalMs: 1000 },
      sent: [sentRequest({ kind: 'purge-everything', ok: false, status: 500, error: 'HTTP 500' })],
      stoppedAt: 'applying the settings failed (HTTP 500)',
      errors: ['HTTP 500']
    })
    expect(text).toBe(
      `${HEAD}> [!CAUTION]\n> **The step failed.** The purge of everything was not confirmed. See the errors below.\n\n${TABLE}${ZONE_ROW}` +
        '| Purge everything | **not confirmed** |\n' +
        '| Settings | limits: enabled (strict): **not applied** |\n' +
        '| HTTP requests | 2 (2 retries) |\n' +
        '| Rate limits | 1 answer 429, 999 ms waiting |\n' +
        '| Duration | 1.0 s |\n' +
        '\n<details open><summary>Errors (1)</summary>\n\n<ul>\n<li>HTTP 500</li>\n</ul>\n\n</details>\n'
    )
  })

  it('counts what was not purged when nothing was sent for it, and says nothing was sent only when nothing was', () => {
    const failed = summary({ ok: false, failedFiles: ['https://example.com/a'], failedTags: ['t1', 't2'], errors: ['timeout'] })
    expect(failed).toContain('> **The step failed.** 1 of 1 URL and 2 of 2 tags were not purged. See the errors below.\n')
    expect(failed).toContain(
      `${ZONE_ROW}| URLs | none of 1 purged: nothing was sent |\n| Cache tags | none of 2 purged: nothing was sent |\n\n`
    )
    const stopped = { ok: false, failedTags: ['t1'], stoppedAt: 'the zone lookup failed (HTTP 401)', errors: ['HTTP 401'] }
    expect(summary(stopped)).toContain(
      '> **The step failed.** 1 of 1 tag was not purged. Nothing was sent: the zone lookup failed &#40;HTTP 401&#41;. See the errors below.\n'
    )
    expect(summary({ ...stopped, sent: [sentRequest()] })).toContain(
      '> **The step failed.** 1 of 1 tag was not purged. See the errors below.\n'
    )
  })
})

describe('renderSummary: several zones', () => {
  const other = (over: Partial<ZoneResult> = {}): ZoneResult => zoneResult({ id: 'z2', name: 'example.net', ...over })

  it('gives each zone a row, with a column for each thing any zone was asked to do', () => {
    const zones = [
      zoneResult({
        purgeEverythingRequested: true,
        purgedEverything: true,
        purgedFiles: ['u1', 'u2'],
        failedFiles: ['u3'],
        purgedTags: ['t'],
        settingsRequested: true,
        settingsApplied: true
      }),
      zoneResult({ id: 'z2', name: '', status: '', purgeEverythingRequested: true, failedTags: ['t'], settingsRequested: true }),
      zoneResult({ id: 'z3', name: 'example.net', status: 'pending' })
    ]
    expect(summary({ zones })).toBe(
      `## CDN purge: 3 zones\n\n${TABLE}| Zones | example.com, z2, example.net |\n\n` +
        '| Zone | Status | URLs purged | Tags purged | Everything | Settings | Not purged |\n' +
        '|---|---|---|---|---|---|---|\n' +
        '| example.com | active | 2 | 1 | yes | yes | 1 |\n' +
        '| z2 | unknown | 0 | 0 | **no** | **no** | 1 |\n' +
        '| example.net | pending | 0 | 0 |  |  | 0 |\n'
    )
  })

  it('marks what a dry run would do in each zone asked to', () => {
    expect(summary({ dryRun: true, zones: [zoneResult({ purgeEverythingRequested: true, settingsRequested: true }), other()] })).toBe(
      `## CDN purge: 2 zones\n\n${DRY_RUN}${TABLE}| Zones | example.com, example.net |\n\n` +
        '| Zone | Status | Everything | Settings |\n|---|---|---|---|\n| example.com | active | planned | planned |\n| example.net | active |  |  |\n'
    )
  })

  it('has a URL or tag column when any was asked for, even if none went through', () => {
    const table = (zone: ZoneResult): string => summary({ zones: [zone, other()] }).split('\n\n')[2] as string
    expect(table(zoneResult({ failedFiles: ['u'] }))).toBe(
      '| Zone | Status | URLs purged | Not purged |\n|---|---|---|---|\n| example.com | active | 0 | 1 |\n| example.net | active | 0 | 0 |\n'
    )
    expect(table(zoneResult({ failedTags: ['t'] }))).toBe(
      '| Zone | Status | Tags purged | Not purged |\n|---|---|---|---|\n| example.com | active | 0 | 1 |\n| example.net | active | 0 | 0 |\n'
    )
  })

  it('shows 100 zones at most, and counts the rest', () => {
    const zones = (n: number): ZoneResult[] => Array.from({ length: n }, (_, i) => zoneResult({ id: `z${i}`, name: `zone${i}.example` }))
    const hundred = summary({ zones: zones(100) })
    expect(hundred.split('\n').filter((line) => line.startsWith('| zone'))).toHaveLength(100)
    expect(hundred.endsWith('| zone99.example | active |\n')).toBe(true)
    const more = summary({ zones: zones(101) })
    expect(more.split('\n').filter((line) => line.startsWith('| zone'))).toHaveLength(100)
    expect(more.endsWith('| zone99.example | active |\n\n… and 1 more zone: see the zones output.\n')).toBe(true)
    expect(summary({ zones: zones(102) }).endsWith('\n\n… and 2 more zones: see the zones output.\n')).toBe(true)
  })

  it('names ten zones at most in the Zones row, and counts the rest', () => {
    const zones = (n: number): ZoneResult[] => Array.from({ length: n }, (_, i) => zoneResult({ id: `z${i}`, name: `zone${i}.example` }))
    const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `zone${i}.example`)
    expect(summary({ zones: zones(10) })).toContain(`| Zones | ${names(10).join(', ')} |\n`)
    expect(summary({ zones: zones(12) })).toContain(`| Zones | ${names(10).join(', ')} and 2 more |\n`)
  })
})

describe('renderSummary: created zones', () => {
  it('says a dry run would create the zone', () => {
    expect(
      summary({
        dryRun: true,
        zones: [zoneResult({ id: 'new.example', name: 'new.example', status: '', created: { cnameTarget: null, dryRun: true } })]
      })
    ).toBe(
      `## CDN purge: new.example\n\n${DRY_RUN}${TABLE}| Zone | new.example · <code>new.example</code> |\n\n> [!NOTE]\n> Zone **new.example** does not exist and would be created (dry run).\n`
    )
  })

  it('gives the CNAME record to add next, with its target when the service named it', () => {
    const created = (cnameTarget: string | null, status: string): string =>
      summary({
        zones: [
          zoneResult({ id: 'z9', name: 'new.example', status, created: { cnameTarget, dryRun: false } }),
          zoneResult({ id: 'z2', name: 'example.net' })
        ]
      }).split('| example.net | active |\n\n')[1] as string
    expect(created('new-example.cdn.example.net', 'pending')).toBe(
      '> [!IMPORTANT]\n> Zone **new.example** was created (<code>z9</code>, status pending).\n> Next step: point the domain at the service with a DNS **CNAME** record for <code>new.example</code> to <code>new-example.cdn.example.net</code>.\n'
    )
    expect(created(null, '')).toBe(
      '> [!IMPORTANT]\n> Zone **new.example** was created (<code>z9</code>, status unknown).\n> Next step: point the domain at the service with a DNS **CNAME** record for <code>new.example</code> to the target the service gives for it. The create answer did not name the target, so it is not known here: find it in the dashboard.\n'
    )
  })
})

describe('renderSummary: many created zones', () => {
  it('gives 20 notes at most, and counts the rest', () => {
    const zones = (n: number): ZoneResult[] =>
      Array.from({ length: n }, (_, i) =>
        zoneResult({ id: `z${i}`, name: `new${i}.example`, created: { cnameTarget: null, dryRun: true } })
      )
    const twenty = summary({ zones: zones(20) })
    expect(count(twenty, 'does not exist and would be created')).toBe(20)
    expect(twenty).not.toContain('created or to be created')
    const more = summary({ zones: zones(22) })
    expect(count(more, 'does not exist and would be created')).toBe(20)
    expect(more).toContain('**new19.example** does not exist')
    expect(more).toContain(
      '> Zone **new19.example** does not exist and would be created (dry run).\n\n… and 2 more zones created or to be created: see the zones output.\n'
    )
  })
})

describe('renderSummary: what changed', () => {
  it('says why everything was purged, where the manifest went, and what git found, then lists the changes', () => {
    const text = summary({
      everythingInstead: 'over 500 changed files',
      manifestWritten: '.cdn/manifest.json',
      changes: {
        source: 'git',
        how: 'git diff in the local checkout',
        base: 'abc1234',
        head: 'def5678',
        why: '',
        link: null,
        files: ['a.html', 'b.css'],
        urls: ['https://example.com/a.html']
      }
    })
    expect(text).toBe(
      `${HEAD}${TABLE}${ZONE_ROW}\n` +
        '> [!WARNING]\n> **Purged everything instead** of the list: over 500 changed files.\n\n' +
        'Manifest for the next run written to <code>.cdn/manifest.json</code>.\n\n' +
        '### What changed\n\nFound with git diff in the local checkout, from <code>abc1234</code> to <code>def5678</code>: 2 changed files → 1 URL.\n' +
        '\n' +
        details('Changed URLs (1)', ['https://example.com/a.html']) +
        '\n' +
        details('Changed files (2)', ['a.html', 'b.css'])
    )
  })

  it('says what the manifest comparison found, and lists no URLs when none changed', () => {
    const changes = {
      source: 'manifest' as const,
      how: 'comparing with the previous manifest',
      base: 'previous.json',
      head: 'dist',
      why: '',
      link: null,
      files: ['a.html'],
      urls: []
    }
    expect(summary({ changes })).toBe(
      `${HEAD}${TABLE}${ZONE_ROW}\n### What changed\n\nFound comparing with the previous manifest (<code>previous.json</code>), in <code>dist</code>: 1 changed file → 0 URLs.\n\n${details('Changed files (1)', ['a.html'])}`
    )
  })
})

describe('renderSummary: why this base and head', () => {
  const git = {
    source: 'git' as const,
    how: 'git diff in the local checkout',
    base: 'a'.repeat(40),
    head: 'b'.repeat(40),
    files: [],
    urls: []
  }
  it('says which event, base and head were used and why, with a link to the comparison', () => {
    const why =
      'deployment_status event: the base is the last successful deployment to github-pages, aaaaaaa, 2 h ago; the head is the deployed commit, bbbbbbb'
    const link = `https://ghe.example.com/acme/site/compare/${'a'.repeat(40)}...${'b'.repeat(40)}`
    expect(summary({ changes: { ...git, why, link } })).toContain(
      `: 0 changed files → 0 URLs.\n\n${escapeText(why)}. [Compare on GitHub](${link})\n`
    )
    expect(summary({ changes: { ...git, why, link: null } })).toContain(`: 0 changed files → 0 URLs.\n\n${escapeText(why)}.\n`)
  })

  it('says what was counted when there was nothing to compare with', () => {
    const text = summary({
      changes: {
        ...git,
        base: '',
        head: '',
        how: 'Nothing compared, as nothing was merged',
        why: 'pull_request event: nothing was merged',
        link: null
      }
    })
    expect(text).toContain(
      '### What changed\n\nNothing compared, as nothing was merged: 0 changed files → 0 URLs.\n\npull&#95;request event: nothing was merged.\n'
    )
  })

  it('keeps the reason to text: no Markdown or HTML of an environment name gets through', () => {
    const text = summary({
      changes: { ...git, why: 'deployment_status event: the base is the last successful deployment to <img src=x>[x](y)', link: null }
    })
    expect(text).not.toContain('<img')
    expect(text).not.toContain('[x](y)')
  })
})

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

describe('renderSummary: traffic', () => {
  it('gives a zone its traffic section', () => {
    expect(summary({ traffic: [unreadTraffic('z1')] })).toBe(
      `${HEAD}${TABLE}${ZONE_ROW}\n### Traffic: z1, last 24h (by hour)\n\n> [!WARNING]\n> The traffic could not be read: HTTP 500. The purge went ahead regardless.\n`
    )
  })

  it('shows 20 traffic sections at most, and counts the rest', () => {
    const traffic = (n: number): string => summary({ traffic: Array.from({ length: n }, (_, i) => unreadTraffic(`z${i}`)) })
    const twenty = traffic(20)
    expect(count(twenty, '### Traffic: ')).toBe(20)
    expect(twenty).not.toContain('more zones')
    const more = traffic(21)
    expect(count(more, '### Traffic: ')).toBe(20)
    expect(more).toContain('### Traffic: z19,')
    expect(more.endsWith('The purge went ahead regardless.\n\nTraffic of 1 more zones: see the analytics output.\n')).toBe(true)
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
