import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { EOL } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { writeReport } from '../../../src/report/index.js'
import { renderSummary } from '../../../src/report/summary.js'
import { buildResult, type RunResult } from '../../../src/run/result/index.js'
import { registerSecret } from '../../../src/secrets/index.js'
import { reportEnv } from '../../support/report-env.js'
import { parseOutputFile } from '../../support/run-action.js'
import { runResult, unreadTraffic } from '../../support/run-result.js'
import { stateWith, urls, zone } from '../../support/run-state.js'

const { dir, summaryPath, outputPath, runnerTemp, log, outputs, linesOf } = reportEnv('cdn-purge-report-')
const errorLines = (): string[] => linesOf('error')
const warningLines = (): string[] => linesOf('warning')
const allOk = (): boolean => true

describe('report', () => {
  it('writes every output, an empty failed-files list file, the summary, and no error when all went through', async () => {
    const result = buildResult(stateWith(allOk))
    await writeReport(result, true, { ...process.env })
    const values = outputs()
    expect(values).toMatchObject({ 'zone-id': 'z1', 'purged-files': '5', 'failed-files': '[]', 'purged-tags': '3' })
    expect(values['failed-files-path']?.startsWith(join(runnerTemp, 'cdn-purge-'))).toBe(true)
    expect(readFileSync(values['failed-files-path']!, 'utf8')).toBe('')
    expect(readFileSync(summaryPath, 'utf8')).toBe(`${renderSummary(result)}${EOL}`)
    expect(errorLines()).toEqual([])
    expect(warningLines()).toEqual([])
    expect(log.join('')).toContain('example.com: purged 5 of 5 URLs, purged 3 of 3 tags (5 HTTP requests).\n')
    expect(process.exitCode).toBeUndefined()
  })

  it('fails with one error annotation, lists every error in the log, and writes the URLs not purged one a line', async () => {
    await writeReport(buildResult(stateWith((index) => index !== 0 && index !== 3)), true, { ...process.env })
    expect(errorLines()).toEqual([
      '::error title=CDN purge failed::2 of 5 URLs and 2 of 3 tags were not purged. See the failed-files / failed-tags outputs.%0APOST /zones/z1/purge failed: HTTP 400 (request 0) (+1 more error: see the log and the job summary)'
    ])
    expect(log.join('')).toContain(
      'All 2 errors:\n1. POST /zones/z1/purge failed: HTTP 400 (request 0)\n2. POST /zones/z1/purge failed: HTTP 400 (request 3)\n'
    )
    expect(readFileSync(outputs()['failed-files-path']!, 'utf8')).toBe(`${urls[0]}\n${urls[1]}\n`)
    expect(process.exitCode).toBe(1)
  })

  it('titles the annotation with the input that stopped the step', async () => {
    const state = {
      ...stateWith(allOk),
      zones: [],
      plan: undefined,
      outcomes: [],
      requested: undefined,
      errors: ['Input "batch-size" must be a whole number of URLs or tags from 1 to 1000, got "0".'],
      stopped: { phase: 'reading the inputs', status: undefined, input: 'batch-size' }
    }
    await writeReport(buildResult(state), true, { ...process.env })
    expect(errorLines()).toEqual([
      '::error title=Invalid input "batch-size"::Input "batch-size" must be a whole number of URLs or tags from 1 to 1000, got "0".'
    ])
    expect(log.join('')).not.toContain('errors:')
  })

  it('cuts failed-files to 512 KiB with a warning, while the file keeps every URL', async () => {
    const many = Array.from({ length: 6000 }, (_, i) => `https://example.com/${String(i).padStart(5, '0')}/${'p'.repeat(100)}`)
    const requested = { everything: false, files: many, tags: [] }
    await writeReport(buildResult({ ...stateWith(() => false), requested, zones: [{ zone, requested }] }), true, { ...process.env })
    const listed = JSON.parse(outputs()['failed-files']!) as string[]
    expect(Buffer.byteLength(outputs()['failed-files']!)).toBeLessThanOrEqual(512 * 1024)
    expect(listed).toEqual(many.slice(0, listed.length))
    expect(listed.length).toBeGreaterThan(4000)
    expect(readFileSync(outputs()['failed-files-path']!, 'utf8').split('\n').filter(Boolean)).toEqual(many)
    expect(warningLines()).toContain(
      '::warning::Output "failed-files" was cut to stay under 512 KiB, the most an output can carry: the file that failed-files-path names lists every URL not purged.'
    )
    expect(readFileSync(summaryPath, 'utf8')).toContain('Output &quot;failed-files&quot; was cut to stay under 512 KiB')
    expect(Buffer.byteLength(outputs().result!)).toBeLessThanOrEqual(512 * 1024)
  })

  it('warns, and does not fail, when the summary file cannot be written', async () => {
    rmSync(summaryPath)
    mkdirSync(summaryPath)
    await writeReport(buildResult(stateWith(allOk)), true, { ...process.env })
    expect(warningLines().some((line) => line.startsWith('::warning::The job summary could not be written: '))).toBe(true)
    expect(errorLines()).toEqual([])
    expect(outputs()['purged-files']).toBe('5')
  })

  it('writes no summary when asked not to', async () => {
    await writeReport(buildResult(stateWith(allOk)), false, { ...process.env })
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
          chartMs: 60_000,
          get points(): never {
            throw new RangeError('Invalid time value')
          }
        }
      ]
    }
    vi.stubEnv('RUNNER_DEBUG', '1')
    await writeReport(broken, true, { ...process.env })
    expect(outputs()).toMatchObject({ 'purged-files': '5', 'failed-files': '[]', 'zone-id': 'z1', result: '' })
    expect(readFileSync(summaryPath, 'utf8')).toBe(
      `## CDN purge\n\nDone. 5 URLs and 3 tags purged, 0 URLs and 0 tags not purged. The full summary could not be drawn: see the log.\n${EOL}`
    )
    expect(errorLines()).toEqual([
      '::error title=CDN purge failed::The purge went as asked, but the report is incomplete.%0AReporting broke while reading the result (Invalid time value); computing output "result" (Invalid time value); drawing the job summary (Invalid time value): please report this as a bug. Outputs and summary were written as far as possible.'
    ])
    // The stack, for the bug report, at debug level.
    expect(log.join('')).toContain('::debug::RangeError: Invalid time value%0A    at ')
    expect(process.exitCode).toBe(1)
  })

  it('says in the plain summary whether the step failed or was a dry run', async () => {
    const broken = (over: Partial<RunResult>): RunResult => {
      const traffic = unreadTraffic('z1')
      return runResult({
        failedFiles: ['https://example.com/a'],
        failedTags: ['t1'],
        ...over,
        traffic: [
          {
            ...traffic,
            // An error without a stack: it is reported all the same.
            get points(): never {
              throw Object.assign(new RangeError('Invalid time value'), { stack: undefined })
            }
          }
        ]
      })
    }
    // With the debug log on: an error without a stack writes no empty debug line.
    vi.stubEnv('RUNNER_DEBUG', '1')
    await writeReport(broken({ ok: false, errors: ['HTTP 500'] }), true, { ...process.env })
    expect(log.join('')).not.toContain('::debug::')
    expect(readFileSync(summaryPath, 'utf8')).toContain('\n\n**The step failed.** 0 URLs and 0 tags purged, 1 URL and 1 tag not purged.')
    expect(errorLines()).toEqual([
      '::error title=CDN purge failed::1 of 1 URL and 1 of 1 tag were not purged. See the failed-files / failed-tags outputs.%0AHTTP 500%0AReporting broke while reading the result (Invalid time value); computing output "result" (Invalid time value); drawing the job summary (Invalid time value): please report this as a bug. Outputs and summary were written as far as possible.'
    ])
    writeFileSync(summaryPath, '')
    await writeReport(broken({ dryRun: true }), true, { ...process.env })
    expect(readFileSync(summaryPath, 'utf8')).toContain(
      '\n\nDry run: nothing was sent. 0 URLs and 0 tags purged, 1 URL and 1 tag not purged.'
    )
    // Only what was asked for is counted: no tags on a purge of URLs, no counts on a purge of everything.
    writeFileSync(summaryPath, '')
    await writeReport(broken({ failedTags: [], purgedFiles: ['https://example.com/b', 'https://example.com/c'] }), true, { ...process.env })
    expect(readFileSync(summaryPath, 'utf8')).toContain('\n\nDone. 2 URLs purged, 1 URL not purged. The full summary')
    writeFileSync(summaryPath, '')
    await writeReport(broken({ failedFiles: [], purgedTags: ['t2'], failedTags: [] }), true, { ...process.env })
    expect(readFileSync(summaryPath, 'utf8')).toContain('\n\nDone. 1 tag purged, 0 tags not purged. The full summary')
    writeFileSync(summaryPath, '')
    await writeReport(broken({ failedFiles: [], failedTags: [], purgeEverythingRequested: true, purgedEverything: true }), true, {
      ...process.env
    })
    expect(readFileSync(summaryPath, 'utf8')).toContain('\n\nDone. The full summary could not be drawn: see the log.')
  })

  it('takes every registered secret out of the outputs and the summary', async () => {
    registerSecret('sk-live-4f9a2c')
    await writeReport(runResult({ ok: false, errors: ['HTTP 401 for key sk-live-4f9a2c'] }), true, { ...process.env })
    expect(outputs().result).toContain('"errors":["HTTP 401 for key ***"]')
    expect(readFileSync(summaryPath, 'utf8')).toContain('<li>HTTP 401 for key ***</li>')
    const logged = log
      .join('')
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
    expect([readFileSync(outputPath, 'utf8'), readFileSync(summaryPath, 'utf8'), ...logged].join('\n')).not.toContain('sk-live')
  })

  it('takes every spelling of a secret, and any run of 12 of it, out of the outputs, the summary, the log and the failed-files file', async () => {
    const key = 'sk_live/77a1b2c3d4e5f6a7b8c9'
    registerSecret(key)
    const spellings = [
      encodeURIComponent(key),
      Buffer.from(key).toString('base64'),
      Buffer.from(key).toString('base64url'),
      Buffer.from(`Bearer ${key}`).toString('base64').slice(12),
      JSON.stringify(key).slice(1, -1).replace('/', '\\u002f'),
      key.slice(0, 20),
      key.slice(-20)
    ]
    const failedFiles = spellings.map((spelling, index) => `https://example.com/${index}?k=${spelling}`)
    await writeReport(
      runResult({
        ok: false,
        errors: spellings.map((spelling) => `HTTP 401: bad key ${spelling}`),
        warnings: [`echo ${spellings[1]}`],
        failedFiles
      }),
      true,
      { ...process.env }
    )
    const values = outputs()
    const written = [
      readFileSync(outputPath, 'utf8'),
      readFileSync(summaryPath, 'utf8'),
      readFileSync(values['failed-files-path']!, 'utf8'),
      ...log
        .join('')
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
    ].join('\n')
    for (const spelling of [key, ...spellings, key.slice(4, 16)]) expect(written).not.toContain(spelling)
    // Of base64 inside a longer value, the last character may mix the key's last bits with the padding: it stays.
    const expected = spellings
      .map((_, index) => `https://example\\.com/${index}\\?k=\\*\\*\\*${index === 3 ? '[A-Za-z0-9+/]?=*' : ''}\n`)
      .join('')
    expect(readFileSync(values['failed-files-path']!, 'utf8')).toMatch(new RegExp(`^${expected}$`))
    const result = JSON.parse(values.result ?? '') as { errors: string[]; warnings: string[] }
    expect(result.errors).toHaveLength(spellings.length)
    for (const error of result.errors) expect(error).toMatch(/^HTTP 401: bad key \*\*\*(?:[A-Za-z0-9+/]?=*)$/)
    expect(result.warnings).toEqual(['echo ***'])
  })

  it('warns of each output it could not write, and goes on', async () => {
    const missing = join(dir, 'no-such-output-file')
    process.env.GITHUB_OUTPUT = missing
    await writeReport(runResult(), true, { ...process.env })
    const warnings = warningLines()
    expect(warnings).toHaveLength(21)
    expect(warnings[0]).toBe(`::warning::Output "zone-id" could not be written: Missing file at path: ${missing}.`)
    expect(warnings[20]).toBe(`::warning::Output "result" could not be written: Missing file at path: ${missing}.`)
    expect(errorLines()).toEqual([])
    expect(readFileSync(summaryPath, 'utf8')).toContain('<details><summary>Warnings (21)</summary>')
  })

  it("writes the outputs to the GITHUB_OUTPUT of the environment it is given, not the process's", async () => {
    const given = join(dir, 'given-output')
    writeFileSync(given, '')
    process.env.GITHUB_OUTPUT = join(dir, 'no-such-output-file')
    await writeReport(runResult(), false, { ...process.env, GITHUB_OUTPUT: given })
    const values = parseOutputFile(readFileSync(given, 'utf8'))
    expect(Object.keys(values)).toContain('result')
    expect(values['failed-files-path']?.startsWith(join(runnerTemp, 'cdn-purge-'))).toBe(true)
    expect(warningLines()).toEqual([])
  })

  it('leaves failed-files-path empty, with a warning, when the list cannot be written', async () => {
    const missing = join(dir, 'no-such-temp')
    await writeReport(runResult({ ok: false, failedFiles: ['https://example.com/a'], errors: ['HTTP 500'] }), true, {
      ...process.env,
      RUNNER_TEMP: missing
    })
    expect(outputs()['failed-files-path']).toBe('')
    const warnings = warningLines()
    expect(warnings).toHaveLength(1)
    expect(
      warnings[0]?.startsWith(
        `::warning::The list of URLs not purged could not be written (ENOENT: no such file or directory, mkdtemp '${join(missing, 'cdn-purge-')}`
      )
    ).toBe(true)
    expect(warnings[0]?.endsWith("'); failed-files-path is empty.")).toBe(true)
    expect(outputs()['failed-files']).toBe('["https://example.com/a"]')
  })
})
