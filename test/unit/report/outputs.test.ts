import { fc, test } from '../../support/property.js'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fitJson, outputsOf, resultDocument, writeFailedFiles } from '../../../src/report/outputs.js'
import type { RunResult } from '../../../src/run/result/index.js'
import { InputError } from '../../../src/errors.js'
import { runResult, unreadTraffic, verdict, zoneResult } from '../../support/run-result.js'

const bytes = (text: string): number => Buffer.byteLength(text)

describe('fitJson', () => {
  it('gives small values whole', () => {
    expect(fitJson(['a', 'b'], 100)).toEqual({ json: '["a","b"]', cut: false })
    expect(fitJson(undefined, 100)).toEqual({ json: 'null', cut: false })
  })
  it('keeps the longest prefix of a list that fits', () => {
    const items = Array.from({ length: 100 }, (_, i) => `https://example.com/${i}`)
    const fitted = fitJson(items, 500)
    expect(fitted.cut).toBe(true)
    expect(bytes(fitted.json)).toBeLessThanOrEqual(500)
    const kept = JSON.parse(fitted.json) as string[]
    expect(kept).toEqual(items.slice(0, kept.length))
    expect(bytes(JSON.stringify(items.slice(0, kept.length + 1)))).toBeGreaterThan(500)
  })
  it('halves the longest list inside a document until it fits, keeping its start', () => {
    const doc = { ok: false, failedFiles: Array.from({ length: 1000 }, (_, i) => `u${i}`), errors: ['e1', 'e2'] }
    const fitted = fitJson(doc, 2000)
    expect(fitted.cut).toBe(true)
    expect(bytes(fitted.json)).toBeLessThanOrEqual(2000)
    const parsed = JSON.parse(fitted.json) as typeof doc
    expect(parsed.ok).toBe(false)
    expect(parsed.errors).toEqual(['e1', 'e2'])
    expect(parsed.failedFiles).toEqual(doc.failedFiles.slice(0, parsed.failedFiles.length))
    expect(parsed.failedFiles.length).toBeGreaterThan(100)
  })
  it('cuts the longest text when no list is left to shorten', () => {
    const fitted = fitJson({ message: 'x'.repeat(10_000), id: 'z1' }, 1000)
    expect(fitted.cut).toBe(true)
    expect(bytes(fitted.json)).toBeLessThanOrEqual(1000)
    expect(JSON.parse(fitted.json)).toMatchObject({ id: 'z1' })
  })
  it('cuts a text that is the whole value', () => {
    const fitted = fitJson('y'.repeat(5000), 100)
    expect(bytes(fitted.json)).toBeLessThanOrEqual(100)
    expect(JSON.parse(fitted.json)).toMatch(/^y+$/)
  })
  it('gives a value whole when its JSON is exactly the limit', () => {
    expect(fitJson({ a: ['aaaa', 'bbbb'] }, 21)).toEqual({ json: '{"a":["aaaa","bbbb"]}', cut: false })
  })
  it('stops halving as soon as the JSON fits, to the byte', () => {
    expect(fitJson({ a: ['aaaa', 'bbbb', 'cccc', 'dddd'] }, 21)).toEqual({ json: '{"a":["aaaa","bbbb"]}', cut: true })
  })
  it('keeps every item of a list that fits to the byte', () => {
    expect(fitJson(['aaa', 'bbb', 'ccc'], 13)).toEqual({ json: '["aaa","bbb"]', cut: true })
    expect(fitJson(['aaa', 'bbb', 'ccc'], 12)).toEqual({ json: '["aaa"]', cut: true })
  })
  it('writes an item that has no JSON of its own as null, as JSON.stringify does in a list', () => {
    expect(fitJson([undefined, 'a'.repeat(50), 'b'], 20)).toEqual({ json: '[null]', cut: true })
  })
  it('halves the longest list and leaves shorter ones whole', () => {
    const doc = { short: ['a', 'b'], long: Array.from({ length: 20 }, (_, i) => `u${i}`), none: null }
    const fitted = fitJson(doc, bytes(JSON.stringify(doc)) - 1)
    expect(JSON.parse(fitted.json)).toEqual({ short: ['a', 'b'], long: doc.long.slice(0, 10), none: null })
  })
  it('halves the first of two lists as long as each other', () => {
    expect(fitJson({ first: ['a', 'b', 'c', 'd'], second: ['e', 'f', 'g', 'h'] }, 46)).toEqual({
      json: '{"first":["a","b"],"second":["e","f","g","h"]}',
      cut: true
    })
  })
  it('empties every list before it cuts a text', () => {
    const fitted = fitJson({ items: ['a', 'b'], meta: { message: 'x'.repeat(1000) } }, 100)
    const parsed = JSON.parse(fitted.json) as { items: string[]; meta: { message: string } }
    expect(fitted.cut).toBe(true)
    expect(bytes(fitted.json)).toBeLessThanOrEqual(100)
    expect(parsed.items).toEqual([])
    expect(parsed.meta.message).toMatch(/^x{30,}$/)
  })
  it('gives up when nothing is left to shorten, and says it cut', () => {
    expect(fitJson({ a: '', b: '', c: 1, d: null, e: [] }, 10)).toEqual({ json: '{"a":"","b":"","c":1,"d":null,"e":[]}', cut: true })
    expect(fitJson({ a: 1, b: true, c: null }, 5)).toEqual({ json: '{"a":1,"b":true,"c":null}', cut: true })
  })
  test.prop([fc.jsonValue(), fc.integer({ min: 10, max: 2000 })])('always gives valid JSON within the limit when it can', (value, max) => {
    const fitted = fitJson(value, max)
    expect(() => JSON.parse(fitted.json) as unknown).not.toThrow()
    // Within the limit, unless nothing is left to shorten (an object of empty keys, say).
    const shrinkable = (node: unknown): boolean =>
      (typeof node === 'string' && node.length > 0) ||
      (Array.isArray(node) && node.length > 0) ||
      (typeof node === 'object' && node !== null && Object.values(node).some(shrinkable))
    if (fitted.cut) expect(bytes(fitted.json) <= max || !shrinkable(JSON.parse(fitted.json))).toBe(true)
    else expect(fitted.json).toBe(JSON.stringify(value) ?? 'null')
  })
})

describe('InputError', () => {
  it('names the input its message is about', () => {
    expect(new InputError('batch-size', 'Input "batch-size" must be a whole number').input).toBe('batch-size')
    expect(new InputError('api-key', 'No API key: set input "api-key" or CDN_API_KEY').input).toBe('api-key')
    expect(new InputError(undefined, 'Nothing to do').input).toBeUndefined()
  })
})

describe('writeFailedFiles', () => {
  const made: string[] = []
  const saved = { ...process.env }
  const dir = (): string => {
    const path = mkdtempSync(join(tmpdir(), 'cdn-purge-outputs-'))
    made.push(path)
    return path
  }
  afterEach(() => {
    process.env = { ...saved }
    for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true })
  })

  it("writes one URL a line under the runner's temporary folder, as the environment it is given names it", async () => {
    // The process's own folders are elsewhere: only the given environment may allow the file's place.
    const elsewhere = dir()
    process.env.RUNNER_TEMP = elsewhere
    process.env.GITHUB_WORKSPACE = elsewhere
    const temp = dir()
    const result = { failedFiles: ['https://example.com/a', 'https://example.com/b'] } as unknown as RunResult
    const path = await writeFailedFiles(result, { RUNNER_TEMP: temp, GITHUB_WORKSPACE: temp })
    expect(path.startsWith(join(temp, 'cdn-purge-'))).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe('https://example.com/a\nhttps://example.com/b\n')
  })
})

// The outputs, from a result that holds only what the test gives it.

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
  origin: { ready: true, seconds: 14.2, waitFor: 120, where: 'edge', cacheBlind: false, cutShort: false, marker: null, urls: [] },
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
  },
  commitStatus: {
    context: 'cdn-purge',
    sha: 'f'.repeat(40),
    why: 'the pushed commit',
    pending: { state: 'pending', description: 'purging', posted: true },
    final: null,
    postedOn: 'f'.repeat(40)
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
      'origin-ready': 'true',
      'origin-wait': '14.2',
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
      'commit-status-sha': 'f'.repeat(40),
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
      'changed-urls': '[]',
      'commit-status-sha': ''
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
