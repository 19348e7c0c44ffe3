// Every way an answer can go wrong, end to end: the bundle against the stand-in, one fault kind a test.
// Whatever the fault, the step must account for every URL exactly once (purged or in failed-files),
// count every request it sent, never show the key or a stack trace, and stay small in memory.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import type { Fault, StandIn } from '../stand-in/server.js'
import { errorLine, noStackTrace, standIn } from './fixture.js'
import type { ActionRun } from '../support/run-action.js'

const KEY = 'mx7Kz84Qw1Vb7Np3Rt6Ly2Hc'
const purgePath = '/zones/zone-example/purge'
// Absolute, so that failed-files lists them as given even when the zone lookup fails.
const URLS = ['a', 'b', 'c', 'd'].map((name) => `https://example.com/${name}`)
/**
 * Two batches of two, one after the other: a fault that hits once hits the first batch. The timeout is the
 * default (30 s): a healthy answer slowed by a loaded machine is not cut off, so the request counts hold.
 */
const INPUTS = { files: URLS.join(' '), 'batch-size': '2', concurrency: '1', 'max-attempts': '2' }
/**
 * For the faults that are timeouts: the shortest timeout, and the first batch's requests never answered in
 * time on either attempt. Any other request that a loaded machine slows past it has its second attempt.
 */
const TIMING_OUT = { timeout: '1' }
const firstBatchEveryTime = { path: purgePath, times: 2, bodyIncludes: URLS[0] as string }
const MIB = 1024 * 1024

// Peak memory of the step: a preload writes the child's peak RSS to a file as it exits.
const scratch = mkdtempSync(join(tmpdir(), 'cdn-purge-rss-'))
const preload = join(scratch, 'peak-rss.mjs')
writeFileSync(
  preload,
  "import { writeFileSync } from 'node:fs'\nprocess.on('exit', () => writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS)))\n"
)
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true })
})
let measured = 0

interface Matrix {
  api: StandIn
  run: ActionRun
  /** Peak resident memory of the step, in MB. */
  peakMb: number
}

async function runWith(faults: readonly Fault[], inputs: Record<string, string> = {}): Promise<Matrix> {
  const api = await standIn({ apiKey: KEY })
  for (const fault of faults) api.fault(fault)
  const rssFile = join(scratch, `rss-${++measured}`)
  // With the debug log on, so that its lines too are checked for the key and for a stack trace.
  const run = await api.run(
    { ...INPUTS, ...inputs },
    { env: { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`, PEAK_RSS_FILE: rssFile, RUNNER_DEBUG: '1' } }
  )
  const peakMb = Number(readFileSync(rssFile, 'utf8')) / 1024
  if (process.env.SHOW_PEAK_RSS) console.log(`peak RSS ${peakMb.toFixed(0)} MB`)
  return { api, run, peakMb }
}

/** What a user or a later step can see. The runner's own `::add-mask::` lines are left out: it never prints them. */
const visible = (run: ActionRun): string => [run.log, run.stderr, run.summary, ...Object.values(run.outputs)].join('\n')

/**
 * The invariants every fault must keep. `unrecorded`: URLs the step may count as purged although the
 * stand-in recorded no purge of them, because the fault itself answered "done" (an empty 200).
 */
function expectAccounted({ api, run }: Matrix, code: 0 | 1, unrecorded = 0): void {
  expect(run.code).toBe(code)
  const failed = JSON.parse(run.outputs['failed-files'] ?? '') as string[]
  const purged = Number(run.outputs['purged-files'])
  const recorded = api.purges.flatMap((purge) => purge.files)
  expect(new Set(failed).size).toBe(failed.length)
  expect(new Set(recorded).size).toBe(recorded.length)
  expect(failed.filter((url) => !URLS.includes(url))).toEqual([])
  expect(recorded.filter((url) => failed.includes(url) || !URLS.includes(url))).toEqual([])
  expect(purged + failed.length).toBe(URLS.length)
  expect(purged - recorded.length).toBe(unrecorded)
  expect(failed.length > 0).toBe(code === 1)
  expect(Number(run.outputs.requests)).toBe(api.requests.length)
  const shown = visible(run)
  for (let at = 0; at + 8 <= KEY.length; at++) expect(shown).not.toContain(KEY.slice(at, at + 8))
  expect(run.stdout.split('\n').filter((line) => line.includes(KEY))).toEqual([`::add-mask::${KEY}`])
  expect(noStackTrace(run)).toBe(true)
}

/** A JSON error whose message puts the key where a cut at 300 characters would split it. */
const echoingKey = (status: number): string =>
  JSON.stringify({ success: false, errors: [{ code: status, message: `${'m'.repeat(290)}${KEY} was refused` }] })

describe('fault matrix (end to end)', () => {
  it('429 with Retry-After: retried, then purged', async () => {
    const matrix = await runWith([{ path: purgePath, status: 429, retryAfter: '0' }])
    expectAccounted(matrix, 0)
    expect(matrix.api.purges.flatMap((purge) => purge.files).sort()).toEqual(URLS)
  })

  it('429 without Retry-After: sent again at the pace the pacer learnt, not counted as an attempt, then purged', async () => {
    const matrix = await runWith([{ path: purgePath, status: 429 }])
    expectAccounted(matrix, 0)
    expect(matrix.run.log).toContain('URLs 1-2 of 4 (batch 1 of 2): HTTP 429, rate limited; sent again at the pace the API allows.')
    expect(matrix.run.log).toMatch(/^Rate limited by the API: pacing at about \d+(\.\d)? requests\/s\.$/m)
    expect(JSON.parse(matrix.run.outputs.result ?? '{}')).toMatchObject({ rateLimits: { answers429: 1 }, retries: 0 })
  })

  it.each([408, 500, 502, 503, 504])('%i on every attempt: the batch fails after max-attempts, the other is purged', async (status) => {
    const matrix = await runWith([{ path: purgePath, status, retryAfter: '0', times: 2, bodyIncludes: URLS[0] as string }])
    expectAccounted(matrix, 1)
    expect(JSON.parse(matrix.run.outputs['failed-files'] ?? '')).toEqual(URLS.slice(0, 2))
    expect(errorLine(matrix.run)).toMatch(
      new RegExp(`POST ${purgePath} failed \\(2 attempts\\): HTTP ${status}: "Injected fault ${status}" \\(request id req-\\d+\\)\\.`)
    )
  })

  it('an HTML error page: shown as its text, key hidden', async () => {
    const page = `<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>h1 { color: red }</style></head>
      <body><h1>Bad&nbsp;Gateway</h1><p>upstream refused Bearer ${KEY}</p><!-- edge-7 --></body></html>`
    const matrix = await runWith([{ path: purgePath, status: 502, body: page, times: 2, bodyIncludes: URLS[0] as string }])
    expectAccounted(matrix, 1)
    expect(errorLine(matrix.run)).toMatch(
      /failed \(2 attempts\): HTTP 502: "502 Bad Gateway Bad Gateway upstream refused Bearer \*\*\*" \(request id req-\d+\)\./
    )
  })

  it('a reset before the answer: retried, then purged', async () => {
    const matrix = await runWith([{ path: purgePath, reset: true }])
    expectAccounted(matrix, 0)
    expect(matrix.run.log).toContain('network error (UND_ERR_SOCKET); attempt 2 of 2')
  })

  it('a reset in the middle of the body, every time: a network error, not a timeout', async () => {
    const matrix = await runWith([
      {
        path: purgePath,
        status: 200,
        resetMidBody: true,
        body: JSON.stringify({ success: true, data: 'x'.repeat(5000) }),
        times: 2,
        bodyIncludes: URLS[0] as string
      }
    ])
    expectAccounted(matrix, 1)
    expect(errorLine(matrix.run)).toContain(`POST ${purgePath} failed (2 attempts): network error (ECONNRESET).`)
  })

  it('no answer at all: the request times out', async () => {
    const matrix = await runWith([{ ...firstBatchEveryTime, hang: true }], TIMING_OUT)
    expectAccounted(matrix, 1)
    expect(errorLine(matrix.run)).toContain(`POST ${purgePath} failed (2 attempts): timed out after 1 s. No answer in time`)
  })

  it('headers, then silence: the request times out', async () => {
    const matrix = await runWith([{ ...firstBatchEveryTime, status: 200, silentAfterHeaders: true }], TIMING_OUT)
    expectAccounted(matrix, 1)
    expect(errorLine(matrix.run)).toContain(`POST ${purgePath} failed (2 attempts): timed out after 1 s.`)
  })

  it('a body that drips in: the timeout ends it, memory stays small', async () => {
    const matrix = await runWith([{ ...firstBatchEveryTime, status: 200, dripMs: 20 }], TIMING_OUT)
    expectAccounted(matrix, 1)
    expect(errorLine(matrix.run)).toContain(`POST ${purgePath} failed (2 attempts): timed out after 1 s.`)
    expect(matrix.peakMb).toBeLessThan(300)
  })

  it('success: false in a 200: a failure, not retried, key hidden', async () => {
    const matrix = await runWith([{ path: purgePath, status: 200, body: echoingKey(200) }])
    expectAccounted(matrix, 1)
    expect(errorLine(matrix.run)).toContain(
      `POST ${purgePath} failed: HTTP 200 with success: false: "${'m'.repeat(290)}*** was re…" (request id req-2). The API answered success: false.`
    )
  })

  it('an empty 200: taken as done', async () => {
    const matrix = await runWith([{ path: purgePath, status: 200, body: '' }])
    expectAccounted(matrix, 0, 2)
  })

  it('a 200 cut off before its announced length: a network error, retried, then purged', async () => {
    const matrix = await runWith([{ path: purgePath, status: 200, cutOff: true, body: '{"success":true}' }])
    expectAccounted(matrix, 0)
    expect(matrix.api.purges.flatMap((purge) => purge.files).sort()).toEqual(URLS)
  })

  it.each([301, 302, 307, 308])('a %i redirect to another server: not followed, that server hears nothing', async (status) => {
    const elsewhere = await standIn({ apiKey: KEY })
    const matrix = await runWith([{ path: purgePath, status, headers: { location: `${elsewhere.url}${purgePath}` } }])
    expectAccounted(matrix, 1)
    expect(elsewhere.requests).toEqual([])
    expect(elsewhere.connections).toBe(0)
    expect(errorLine(matrix.run)).toContain(
      `POST ${purgePath} failed: HTTP ${status}: "Injected fault ${status}" (request id req-2). Redirects are not followed`
    )
  })

  it('413 once: the batch is split in half and the halves sent; the smaller size holds for the rest', async () => {
    const matrix = await runWith([{ path: purgePath, status: 413, bodyIncludes: URLS[0] as string }])
    expectAccounted(matrix, 0)
    const sent = matrix.api.purges.map((purge) => purge.files)
    expect(sent.flat().sort()).toEqual(URLS)
    expect(sent).toContainEqual([URLS[0]])
    expect(sent).toContainEqual([URLS[1]])
    // The zone list, the refused batch, its two halves, and the second batch: whole if it went before
    // the 413 came back, else in two.
    expect([5, 6]).toContain(matrix.api.requests.length)
    expect(matrix.run.log).toContain(
      'URLs 1-2 of 4 (batch 1 of 2): the API refused it as too large (HTTP 413); up to 1 a request from now on.'
    )
    // Each half is one URL, labelled as one.
    expect(matrix.run.log).toMatch(/^URL 1 of 4 \(part of batch 1 of 2\): purged \(1 attempt, \d+ ms\)$/m)
    expect(matrix.run.log).toMatch(/^URL 2 of 4 \(part of batch 1 of 2\): purged \(1 attempt, \d+ ms\)$/m)
  })

  it('413 every time: split down to one URL each, then given up, nothing sent twice', async () => {
    const matrix = await runWith([{ path: purgePath, status: 413, times: 100 }])
    expectAccounted(matrix, 1)
    expect(JSON.parse(matrix.run.outputs['failed-files'] ?? '')).toEqual(URLS)
    const bodies = matrix.api.requests
      .filter((request) => request.method === 'POST')
      .map((request) => (request.body as { files: string[] }).files)
    // Every URL sent alone exactly once, after the batches it was in were refused whole.
    expect(
      bodies
        .filter((files) => files.length === 1)
        .flat()
        .sort()
    ).toEqual(URLS)
    expect(bodies.filter((files) => files.length === 2)).toContainEqual(URLS.slice(0, 2))
  })

  it.each([400, 401, 403, 404, 405, 409, 415, 422])(
    '%i: fails at once, the other batch is purged, no part of an echoed key shows',
    async (status) => {
      const matrix = await runWith([{ path: purgePath, status, body: echoingKey(status) }])
      expectAccounted(matrix, 1)
      expect(JSON.parse(matrix.run.outputs['failed-files'] ?? '')).toEqual(URLS.slice(0, 2))
      expect(matrix.api.requests).toHaveLength(3)
      expect(errorLine(matrix.run)).toContain(
        `POST ${purgePath} failed: HTTP ${status}: "${'m'.repeat(290)}*** was re…" (request id req-2).`
      )
    }
  )

  it('a gigantic body (50 MiB, with its length): refused unread, memory stays small', async () => {
    const matrix = await runWith([{ path: purgePath, status: 200, bodyBytes: 50 * MIB }])
    expectAccounted(matrix, 1)
    expect(errorLine(matrix.run)).toContain(
      `POST ${purgePath} failed: answer too large (HTTP 200, more than 1 MiB; the rest was not read) (request id req-2).`
    )
    expect(matrix.peakMb).toBeLessThan(300)
  })

  it('a body that never ends: read to 1 MiB, then dropped, not retried; memory stays small', async () => {
    const matrix = await runWith([{ path: purgePath, status: 200, endless: true }])
    expectAccounted(matrix, 1)
    expect(matrix.api.requests).toHaveLength(3)
    expect(errorLine(matrix.run)).toContain(`POST ${purgePath} failed: answer too large (HTTP 200, more than 1 MiB; the rest was not read)`)
    expect(matrix.peakMb).toBeLessThan(300)
  })

  it('a zone page that never ends: read to 16 MiB, then dropped; nothing is purged; memory stays small', async () => {
    const matrix = await runWith([{ method: 'GET', path: '/zones', status: 200, endless: true }])
    expectAccounted(matrix, 1)
    expect(JSON.parse(matrix.run.outputs['failed-files'] ?? '')).toEqual(URLS)
    expect(errorLine(matrix.run)).toContain('GET /zones failed: answer too large (HTTP 200, more than 16 MiB; the rest was not read)')
    expect(matrix.peakMb).toBeLessThan(300)
  })

  it('a zone page just under 16 MiB of empty objects, the JSON that takes the most memory: memory stays small', async () => {
    const count = Math.floor((16 * MIB - 40) / 3)
    const page = `{"success":true,"data":[${'{},'.repeat(count - 1)}{}]}`
    const matrix = await runWith([
      { method: 'GET', path: '/zones', status: 200, body: page, headers: { 'content-type': 'application/json' } }
    ])
    expectAccounted(matrix, 1)
    expect(errorLine(matrix.run)).toContain('GET /zones failed: answer too large (HTTP 200, more than 1000000 JSON values)')
    expect(matrix.peakMb).toBeLessThan(300)
  })
})
