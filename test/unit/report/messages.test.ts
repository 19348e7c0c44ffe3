import { describe, expect, it } from 'vitest'
import { failureMessage, headline } from '../../../src/report/messages.js'
import { outputsOf, resultDocument } from '../../../src/report/outputs.js'
import { runResult, sentRequest, unreadTraffic, verdict, zoneResult } from '../../support/run-result.js'

// The outputs, the closing log line and the failure annotation, each from a result that holds only what
// the test gives it.

const two = [
  zoneResult({
    purgedFiles: ['u1', 'u2'],
    purgedTags: ['t1'],
    failedFiles: ['u3'],
    failedTags: ['t2'],
    settingsRequested: true,
    settingsApplied: true
  }),
  zoneResult({
    id: 'z2',
    name: 'example.net',
    status: 'pending',
    created: { cnameTarget: null, dryRun: false },
    purgeEverythingRequested: true,
    purgedEverything: true
  })
]
const traffic = [
  unreadTraffic('z1', { zoneName: 'example.com' }),
  unreadTraffic('z2', {
    totals: { requests: 10, bandwidth: 2048, cache_hit_rate: 0.5 },
    error: undefined,
    points: [
      { time: 0, requests: 4 },
      { time: 3_600_000, requests: 6 }
    ]
  })
]
const rich = runResult({
  ok: false,
  zone: { id: 'z1,z2', name: 'example.com,example.net', status: 'active,pending' },
  zones: two,
  purgedEverything: true,
  purgedFiles: ['u1', 'u2'],
  purgedTags: ['t1'],
  failedFiles: ['u3'],
  failedTags: ['t2'],
  settingsApplied: true,
  requests: 7,
  traffic,
  verification: {
    counts: { fresh: 3, stale: 1, unknown: 0, error: 0, differs: 0 },
    recheckForMs: 0,
    clockSkew: null,
    verdicts: [verdict('https://example.com/s', { verdict: 'stale' })]
  },
  staleFiles: ['https://example.com/s'],
  warm: {
    urls: 2,
    warmed: 1,
    counts: { '2xx': 1, '3xx': 0, '4xx': 0, '5xx': 0, error: 1 },
    problems: [{ url: 'https://example.com/w', detail: 'timeout' }]
  },
  changes: {
    source: 'git',
    how: 'git diff',
    base: 'a',
    head: 'b',
    why: '',
    link: null,
    files: ['f.html'],
    urls: ['https://example.com/f.html']
  }
})

describe('outputsOf', () => {
  it('gives every output from the result: counts and flags as text, lists and tables as JSON', () => {
    const outputs = outputsOf(rich)
    expect({
      ...outputs,
      zones: JSON.parse(outputs.zones as string) as unknown,
      analytics: JSON.parse(outputs.analytics as string) as unknown
    }).toEqual({
      'zone-id': 'z1,z2',
      'zone-name': 'example.com,example.net',
      'zone-status': 'active,pending',
      'purged-everything': 'true',
      'purged-files': '2',
      'purged-tags': '1',
      'failed-files': '["u3"]',
      'failed-tags': '["t2"]',
      'settings-applied': 'true',
      requests: '7',
      zones: [
        {
          id: 'z1',
          name: 'example.com',
          status: 'active',
          created: false,
          'purged-files': 2,
          'purged-tags': 1,
          'purged-everything': false,
          'failed-files': ['u3'],
          'failed-tags': ['t2'],
          'settings-applied': true
        },
        {
          id: 'z2',
          name: 'example.net',
          status: 'pending',
          created: true,
          'purged-files': 0,
          'purged-tags': 0,
          'purged-everything': true,
          'failed-files': [],
          'failed-tags': [],
          'settings-applied': false
        }
      ],
      analytics: [
        {
          zone: 'z1',
          name: 'example.com',
          window: '24h',
          since: '2026-01-01T00:00:00Z',
          until: '2026-01-02T00:00:00Z',
          granularity: 'hour',
          totals: null,
          error: 'HTTP 500'
        },
        {
          zone: 'z2',
          name: '',
          window: '24h',
          since: '2026-01-01T00:00:00Z',
          until: '2026-01-02T00:00:00Z',
          granularity: 'hour',
          totals: { requests: 10, bandwidth: 2048, cache_hit_rate: 0.5 }
        }
      ],
      'verified-files': '3',
      'stale-files': '["https://example.com/s"]',
      'warmed-files': '1',
      'changed-files': '["f.html"]',
      'changed-urls': '["https://example.com/f.html"]',
      result: JSON.stringify(resultDocument(rich))
    })
  })

  it('gives zero and empty lists for what was not done', () => {
    expect(outputsOf(runResult())).toMatchObject({
      analytics: '[]',
      'verified-files': '0',
      'stale-files': '[]',
      'warmed-files': '0',
      'changed-files': '[]',
      'changed-urls': '[]'
    })
  })
})

describe('resultDocument', () => {
  it('counts what was purged instead of listing it, in the run and in each zone, and counts the traffic points', () => {
    expect(resultDocument(rich)).toEqual({
      ...rich,
      purgedFiles: 2,
      purgedTags: 1,
      zones: [
        { ...two[0], purgedFiles: 2, purgedTags: 1 },
        { ...two[1], purgedFiles: 0, purgedTags: 0 }
      ],
      traffic: [
        { ...traffic[0], points: 0 },
        { ...traffic[1], points: 2 }
      ]
    })
  })
})

describe('headline', () => {
  it('says what was done, of what was asked, in how many requests', () => {
    expect(
      headline(
        runResult({ purgedEverything: true, settings: { limits: { enabled: true, mode: 'strict' } }, settingsApplied: true, requests: 2 })
      )
    ).toBe('example.com: purged everything, applied settings (2 HTTP requests).')
    expect(headline(runResult({ settings: { limits: { enabled: true, mode: 'strict' } }, requests: 1 }))).toBe(
      'example.com: settings not applied (1 HTTP request).'
    )
    expect(headline(runResult({ purgedTags: ['t1'], failedTags: ['t2'], requests: 2 }))).toBe(
      'example.com: purged 1 of 2 tags (2 HTTP requests).'
    )
  })

  it('says nothing was done, naming each zone by its name, or its id when it has none', () => {
    expect(headline(runResult({ zones: [zoneResult({ name: '' }), zoneResult({ id: 'z2', name: 'example.net' })] }))).toBe(
      'z1, example.net: nothing done (0 HTTP requests).'
    )
  })

  it('names the zones as given when none was resolved, or "the zone"', () => {
    expect(headline(runResult({ zones: [], zoneInput: ['a.example', 'b.example'], requests: 1 }))).toBe(
      'a.example, b.example: nothing done (1 HTTP request).'
    )
    expect(headline(runResult({ zones: [], zoneInput: [] }))).toBe('the zone: nothing done (0 HTTP requests).')
  })

  it('gives the counts, not where it stopped, when the step stopped after sending', () => {
    const stopped = runResult({
      ok: false,
      sent: [sentRequest()],
      stoppedAt: 'applying the settings failed (HTTP 500)',
      purgedFiles: ['u1'],
      requests: 2
    })
    expect(headline(stopped)).toBe('example.com: purged 1 of 1 URL (2 HTTP requests).')
  })
})

describe('failureMessage', () => {
  const stoppedAt = 'the zone lookup failed (HTTP 401)'

  it('leads with where the step stopped when nothing asked for was sent', () => {
    expect(failureMessage(runResult({ ok: false, failedTags: ['t1'], stoppedAt, errors: ['HTTP 401'] }))).toBe(
      `Nothing purged: ${stoppedAt}.\nHTTP 401`
    )
    expect(failureMessage(runResult({ ok: false, purgeEverythingRequested: true, stoppedAt, errors: ['HTTP 401'] }))).toBe(
      `Nothing purged: ${stoppedAt}.\nHTTP 401`
    )
  })

  it('leads with what was not purged when some of it was sent, or the step did not stop', () => {
    const sent = runResult({
      ok: false,
      purgedFiles: ['u1'],
      failedFiles: ['u2'],
      sent: [sentRequest()],
      stoppedAt,
      errors: ['e1', 'e2', 'e3', 'e2']
    })
    expect(failureMessage(sent)).toBe(
      '1 of 2 URLs was not purged. See the failed-files / failed-tags outputs.\ne1 (+2 more errors: see the log and the job summary)'
    )
    expect(failureMessage(runResult({ ok: false, failedFiles: ['u2'], errors: ['e1'] }))).toBe(
      '1 of 1 URL was not purged. See the failed-files / failed-tags outputs.\ne1'
    )
  })

  it('says the purge was not confirmed when the step failed without an error', () => {
    expect(failureMessage(runResult({ ok: false, failedFiles: ['u2'] }))).toBe(
      'The purge was not confirmed by the API: see the failed-files / failed-tags outputs and the job summary for what is still cached.'
    )
  })
})
