import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { failureMessage, headline, report } from '../../src/report/index.js'
import { buildResult, type RunResult } from '../../src/result.js'
import { parseOutputFile } from '../e2e/run-action.js'
import { stateWith, urls, zone } from './fixtures/run-state.js'

// core writes outputs to GITHUB_OUTPUT and the summary to GITHUB_STEP_SUMMARY (whose path it keeps once read).
const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-report-'))
const summaryPath = join(dir, 'summary.md')
const outputPath = join(dir, 'output')
const runnerTemp = join(dir, 'temp')
const env = { GITHUB_OUTPUT: outputPath, GITHUB_STEP_SUMMARY: summaryPath, RUNNER_TEMP: runnerTemp }
let log: string[] = []
const saved = { ...process.env }

beforeEach(() => {
  rmSync(summaryPath, { recursive: true, force: true })
  writeFileSync(summaryPath, '')
  writeFileSync(outputPath, '')
  mkdirSync(runnerTemp, { recursive: true })
  Object.assign(process.env, env)
  log = []
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    log.push(String(chunk))
    return true
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  process.exitCode = undefined
  process.env = { ...saved }
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const outputs = (): Record<string, string> => parseOutputFile(readFileSync(outputPath, 'utf8'))
const errorLines = (): string[] => log.join('').split('\n').filter((line) => line.startsWith('::error'))
const warningLines = (): string[] => log.join('').split('\n').filter((line) => line.startsWith('::warning'))
const allOk = (): boolean => true

describe('report', () => {
  it('writes every output, an empty failed-files list file, the summary, and no error when all went through', async () => {
    await report(buildResult(stateWith(allOk)), true, { ...process.env })
    const values = outputs()
    expect(values).toMatchObject({ 'zone-id': 'z1', 'purged-files': '5', 'failed-files': '[]', 'purged-tags': '3' })
    expect(values['failed-files-path']?.startsWith(join(runnerTemp, 'cdn-purge-'))).toBe(true)
    expect(readFileSync(values['failed-files-path']!, 'utf8')).toBe('')
    expect(readFileSync(summaryPath, 'utf8')).toContain('## CDN purge: example.com')
    expect(errorLines()).toEqual([])
    expect(log.join('')).toContain('example.com: purged 5 of 5 URLs, purged 3 of 3 tags (5 HTTP requests).\n')
    expect(process.exitCode).toBeUndefined()
  })

  it('fails with one error annotation, lists every error in the log, and writes the URLs not purged one a line', async () => {
    await report(buildResult(stateWith((index) => index !== 0 && index !== 3)), true, { ...process.env })
    expect(errorLines()).toEqual([
      '::error title=CDN purge failed::2 of 5 URLs and 2 of 3 tags were not purged. See the failed-files / failed-tags outputs.%0APOST /zones/z1/purge failed: HTTP 400 (request 0) (+1 more error: see the log and the job summary)'
    ])
    expect(log.join('')).toContain('All 2 errors:\n1. POST /zones/z1/purge failed: HTTP 400 (request 0)\n2. POST /zones/z1/purge failed: HTTP 400 (request 3)\n')
    expect(readFileSync(outputs()['failed-files-path']!, 'utf8')).toBe(`${urls[0]}\n${urls[1]}\n`)
    expect(process.exitCode).toBe(1)
  })

  it('titles the annotation with the input that stopped the step', async () => {
    const state = { ...stateWith(allOk), zones: [], plan: undefined, outcomes: [], requested: undefined, errors: ['Input "batch-size" must be a whole number from 1 to 1000, got "0".'], stopped: { phase: 'reading the inputs', status: undefined, input: 'batch-size' } }
    await report(buildResult(state), true, { ...process.env })
    expect(errorLines()).toEqual(['::error title=Invalid input "batch-size"::Input "batch-size" must be a whole number from 1 to 1000, got "0".'])
  })

  it('cuts failed-files to 512 KiB with a warning, while the file keeps every URL', async () => {
    const many = Array.from({ length: 6000 }, (_, i) => `https://example.com/${String(i).padStart(5, '0')}/${'p'.repeat(100)}`)
    const requested = { everything: false, files: many, tags: [] }
    await report(buildResult({ ...stateWith(() => false), requested, zones: [{ zone, requested }] }), true, { ...process.env })
    const listed = JSON.parse(outputs()['failed-files']!) as string[]
    expect(Buffer.byteLength(outputs()['failed-files']!)).toBeLessThanOrEqual(512 * 1024)
    expect(listed).toEqual(many.slice(0, listed.length))
    expect(listed.length).toBeGreaterThan(4000)
    expect(readFileSync(outputs()['failed-files-path']!, 'utf8').split('\n').filter(Boolean)).toEqual(many)
    expect(warningLines()).toContain('::warning::Output "failed-files" was cut to stay under 512 KiB, the most an output can carry: the file that failed-files-path names lists every URL not purged.')
    expect(readFileSync(summaryPath, 'utf8')).toContain('Output &quot;failed-files&quot; was cut to stay under 512 KiB')
    expect(Buffer.byteLength(outputs().result!)).toBeLessThanOrEqual(512 * 1024)
  })

  it('warns, and does not fail, when the summary file cannot be written', async () => {
    rmSync(summaryPath)
    mkdirSync(summaryPath)
    await report(buildResult(stateWith(allOk)), true, { ...process.env })
    expect(warningLines().some((line) => line.startsWith('::warning::The job summary could not be written: '))).toBe(true)
    expect(errorLines()).toEqual([])
    expect(outputs()['purged-files']).toBe('5')
  })

  it('writes no summary when asked not to', async () => {
    await report(buildResult(stateWith(allOk)), false, { ...process.env })
    expect(readFileSync(summaryPath, 'utf8')).toBe('')
  })

  it('still writes the other outputs and a plain summary when part of the report breaks, and fails with one error', async () => {
    const good = buildResult(stateWith(allOk))
    const broken: RunResult = {
      ...good,
      traffic: [
        {
          zoneId: 'z1',
          zoneName: 'example.com',
          window: '1h',
          granularity: 'minute',
          since: '',
          until: '',
          totals: { requests: 1, bandwidth: 1, cache_hit_rate: 0.5 },
          error: undefined,
          warnings: [],
          bucketMs: 60_000,
          get points(): never {
            throw new RangeError('Invalid time value')
          }
        }
      ]
    }
    await report(broken, true, { ...process.env })
    expect(outputs()).toMatchObject({ 'purged-files': '5', 'failed-files': '[]', 'zone-id': 'z1' })
    expect(readFileSync(summaryPath, 'utf8')).toContain('The full summary could not be drawn: see the log.')
    const errors = errorLines()
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^::error title=CDN purge failed::The purge went as asked, but the report is incomplete\.%0AReporting broke while .*Invalid time value/)
    expect(process.exitCode).toBe(1)
  })
})

describe('headline and failureMessage', () => {
  it('says why nothing was purged when the step stopped before sending', () => {
    const state = { ...stateWith(allOk), zones: [], plan: undefined, outcomes: [], errors: ['GET /zones failed: HTTP 401'], stopped: { phase: 'the zone lookup', status: 401, input: undefined } }
    expect(headline(buildResult(state))).toBe('Nothing purged: the zone lookup failed (HTTP 401).')
    expect(failureMessage(buildResult(state))).toBe('Nothing purged: the zone lookup failed (HTTP 401).\nGET /zones failed: HTTP 401')
  })
  it('names the zones given when none was resolved', () => {
    const state = { ...stateWith(allOk), zones: [], outcomes: [], requestsSent: 0 }
    expect(headline(buildResult(state))).toBe('example.com: purged 0 of 5 URLs, purged 0 of 3 tags (0 HTTP requests).')
  })
  it('gives the error alone when nothing was asked', () => {
    const state = { ...stateWith(allOk), zones: [], plan: undefined, outcomes: [], requested: undefined, errors: ['Nothing to do'], stopped: { phase: 'reading the inputs', status: undefined, input: undefined } }
    expect(failureMessage(buildResult(state))).toBe('Nothing to do')
  })
  it('falls back to a general message when the step failed without an error', () => {
    const state = stateWith(allOk)
    expect(failureMessage({ ...buildResult(state), ok: false })).toMatch(/^The purge was not confirmed by the API/)
  })
})
