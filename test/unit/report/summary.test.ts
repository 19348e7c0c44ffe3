// The job summary as a whole (src/report/summary.ts): the banner, the counts table, what untrusted text and the size
// limit do to it, and the traffic sections; each other section's tests are in the file named after its module.
import { fc, test } from '../../support/property.js'
import { describe, expect, it } from 'vitest'
import { SUMMARY_LIMIT_BYTES } from '../../../src/report/markdown.js'
import { notPurgedSentence, renderSummary } from '../../../src/report/summary.js'
import { buildResult, type RunResult } from '../../../src/run/result/index.js'
import { newRunState } from '../../../src/run/state.js'
import { thousands } from '../../../src/text.js'
import { originReport, planned, sentRequest, unreadTraffic, zoneResult } from '../../support/run-result.js'
import { stateWith, zone } from '../../support/run-state.js'
import { allOk, count, details, DRY_RUN, HEAD, pipes, summary, summaryOf, TABLE, tableLines, ZONE_ROW } from '../../support/summary.js'

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
    expect(summary).toContain('| URLs | none of 5 purged: no request was sent, as the zone lookup failed &#40;HTTP 401&#41; |')
    expect(summary).toContain(
      '**The step failed.** 5 of 5 URLs and 3 of 3 tags were not purged. Nothing was sent: the zone lookup failed &#40;HTTP 401&#41;. See the errors below.'
    )
    expect(summary).not.toContain('name unknown')
  })

  it('says why the step ended with nothing to send, and that no zone was looked up, with its text escaped', () => {
    const said = 'This push deleted refs/tags/v1_[x](y): nothing changed to purge'
    const summary = renderSummary(buildResult({ ...newRunState(), zoneInput: ['example.com'], nothingToSend: said }))
    expect(summary).toContain(
      '## CDN purge: example.com\n\n> [!NOTE]\n> This push deleted refs/tags/v1&#95;&#91;x&#93;&#40;y&#41;: nothing changed to purge. No zone was looked up and no request was sent.\n'
    )
    expect(summary).toContain('| Zone | example.com (not looked up) |')
    expect(summary).not.toContain('not resolved')
    expect(summary).not.toContain('[!CAUTION]')
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
      durations: { totalMs: 61_234, purgeMs: 999 },
      sent: [sentRequest(), sentRequest(), sentRequest({ ...planned('tags', 2) })]
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

describe('renderSummary: traffic', () => {
  it('gives a zone its traffic section', () => {
    expect(summary({ traffic: [unreadTraffic('z1')] })).toBe(
      `${HEAD}${TABLE}${ZONE_ROW}\n### Traffic: z1, last 24h (by hour)\n\nWindow: 2026-01-01 00:00 to 2026-01-02 00:00 UTC: the last 24h, from the start of the chart's first bucket (1 hour).\n\n> [!WARNING]\n> The traffic could not be read: HTTP 500. The purge went ahead regardless.\n`
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

describe('renderSummary: a list row when no request of its kind was sent', () => {
  const row = (over: Partial<RunResult>): string | undefined =>
    tableLines(summary({ ok: false, failedFiles: ['https://example.com/a', 'https://example.com/b'], ...over })).find((line) =>
      line.startsWith('| URLs |')
    )
  const notReady = originReport()

  it('says none was sent, and why, where the planned requests would say "purged 0 of 2 in 1 request"', () => {
    const planned1 = [planned('files', 2)]
    expect(row({ planned: planned1, origin: notReady })).toBe(
      '| URLs | none of 2 purged: no request was sent, as the origin was not ready (wait-for-origin) |'
    )
    const cancel = {
      signal: 'SIGTERM' as const,
      phase: 'waiting for the origin',
      afterMs: 1000,
      files: { confirmed: 0, notConfirmed: 0, notSent: 2 },
      tags: { confirmed: 0, notConfirmed: 0, notSent: 0 }
    }
    // A wait cut short by a cancel: the cancel is why.
    expect(row({ planned: planned1, origin: { ...notReady, cutShort: true }, cancelled: cancel })).toBe(
      '| URLs | none of 2 purged: no request was sent, as the run was cancelled |'
    )
    expect(row({ planned: planned1, cancelled: cancel, stoppedAt: 'sending the purge requests failed' })).toBe(
      '| URLs | none of 2 purged: no request was sent, as the run was cancelled |'
    )
    expect(row({ planned: planned1, stoppedAt: 'the zone lookup failed (HTTP 401)' })).toBe(
      '| URLs | none of 2 purged: no request was sent, as the zone lookup failed &#40;HTTP 401&#41; |'
    )
    // A ready origin is no reason: the row counts what was sent.
    expect(row({ planned: planned1, origin: { ...notReady, ready: true } })).toBe('| URLs | none of 2 purged: nothing was sent |')
    expect(row({ planned: planned1, origin: { ...notReady, ready: null } })).toBe('| URLs | none of 2 purged: nothing was sent |')
  })

  it('counts the requests sent of its kind, not those planned', () => {
    const sent = [sentRequest(), sentRequest({ ...planned('tags', 1) })]
    expect(row({ planned: [planned('files', 1), planned('files', 1)], sent, purgedFiles: ['https://example.com/a'] })).toBe(
      '| URLs | purged 1 of 3 in 1 request |'
    )
  })
})

describe('renderSummary: a cancelled run', () => {
  const AFTER =
    'Run the workflow again, or purge what is left in an &#96;if: cancelled&#40;&#41;&#96; step: failed-files-path lists every URL not confirmed, for files-from &#40;the README: &quot;When the run is cancelled&quot;&#41;.'
  const cancelled = (over: Partial<RunResult> = {}): Partial<RunResult> => ({
    ok: false,
    stoppedAt: 'sending the purge requests failed',
    cancelled: {
      signal: 'SIGINT',
      phase: 'sending the purge requests',
      afterMs: 4200,
      files: { confirmed: 1, notConfirmed: 0, notSent: 2 },
      tags: { confirmed: 0, notConfirmed: 0, notSent: 0 }
    },
    purgedFiles: ['https://example.com/a'],
    failedFiles: ['https://example.com/b', 'https://example.com/c'],
    planned: [planned('files', 3)],
    sent: [sentRequest()],
    errors: ['The run was cancelled (SIGINT) at: sending the purge requests'],
    ...over
  })
  const BANNER =
    '> [!WARNING]\n> **Cancelled &#40;SIGINT&#41; 4.2 s in, at: sending the purge requests. 3 URLs: 1 confirmed, 2 not sent.** ' +
    AFTER +
    '\n\n'

  it('puts the cancel first, in a warning, its text escaped, with what to do next; no failure banner', () => {
    const drawn = summary(cancelled())
    expect(drawn.startsWith(`${HEAD}${BANNER}${TABLE}${ZONE_ROW}`)).toBe(true)
    expect(drawn).not.toContain('[!CAUTION]')
    expect(drawn).not.toContain('`')
    expect(count(drawn, '[!WARNING]')).toBe(1)
  })

  it('leads with the cancel before a note of nothing to send or of a dry run', () => {
    const dry = summary(cancelled({ dryRun: true }))
    expect(dry).toContain(
      `${HEAD}> [!WARNING]\n> **Cancelled &#40;SIGINT&#41; 4.2 s in, at: sending the purge requests. Dry run: nothing was sent.** ${AFTER}\n\n`
    )
    expect(dry).not.toContain(DRY_RUN)
    const nothing = summary(cancelled({ nothingToSend: 'This push deleted refs/tags/v1: nothing changed to purge' }))
    expect(nothing.startsWith(`${HEAD}${BANNER}`)).toBe(true)
    expect(nothing).not.toContain('[!NOTE]')
  })

  it('lists the cancel as the error, not a line for each request it kept from being sent', () => {
    const state = stateWith(allOk)
    const [first, ...rest] = state.outcomes
    const outcomes = [
      first!,
      ...rest.map((outcome) => ({
        ...outcome,
        ok: false,
        status: undefined,
        attempts: 0,
        durationMs: 0,
        error: `${outcome.request.label}: not sent: the run was cancelled (SIGINT)`,
        cancelled: true as const
      }))
    ]
    const drawn = renderSummary(
      buildResult({
        ...state,
        outcomes,
        cancelled: { signal: 'SIGINT', phase: 'sending the purge requests', afterMs: 4200 },
        errors: ['The run was cancelled (SIGINT) at: sending the purge requests'],
        stopped: { phase: 'sending the purge requests', status: undefined, input: undefined }
      })
    )
    expect(drawn).toContain(
      '> [!WARNING]\n> **Cancelled &#40;SIGINT&#41; 4.2 s in, at: sending the purge requests. 5 URLs: 2 confirmed, 3 not sent; 3 tags: 0 confirmed, 3 not sent.** '
    )
    expect(drawn).toContain(
      '<details open><summary>Errors (1)</summary>\n\n<ul>\n<li>The run was cancelled (SIGINT) at: sending the purge requests</li>\n</ul>'
    )
    expect(drawn).not.toContain('not sent: the run was cancelled')
  })
})

describe('renderSummary: a wait for the origin the cancel cut short', () => {
  const plan = {
    where: 'edge' as const,
    urls: [{ url: 'https://example.com/0', fetchUrl: 'https://example.com/0?v', file: '/w/0' }],
    marker: undefined,
    known: 1
  }
  const cutShort = (dryRun: boolean): string =>
    renderSummary(
      buildResult({
        ...stateWith(() => false),
        outcomes: [],
        dryRun,
        origin: { plan, waitSeconds: 60 },
        cancelled: { signal: 'SIGINT', phase: dryRun ? 'planning the origin check' : 'waiting for the origin', afterMs: 3000 },
        errors: ['The run was cancelled (SIGINT) at: waiting for the origin'],
        stopped: { phase: 'waiting for the origin', status: undefined, input: undefined }
      })
    )

  it('says the cancel cut the wait short, lists what it was checking, and shows no verdict of null', () => {
    const drawn = cutShort(false)
    expect(drawn).not.toContain('after 60 s')
    expect(drawn).not.toContain('**null**')
    expect(drawn).toContain('| Origin | **not ready**: the run was cancelled before the new build was found; nothing was purged |')
    expect(drawn).toContain(
      '### Origin\n\nWas checking, when the run was cancelled, through the edge:\n\n| URL | Fetched from |\n|---|---|\n'
    )
  })

  // In a dry run nothing waits for the origin: a cancel leaves the report's ready null there.
  it('in a dry run, still says what would be checked', () => {
    const drawn = cutShort(true)
    expect(drawn).toContain('Would check, through the edge:')
    expect(drawn).not.toContain('**null**')
  })
})
