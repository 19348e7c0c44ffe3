// The client, executePlan and the pacer against a real limiter, end to end: the bundle sends a few hundred
// URLs to the stand-in, whose own limiter (test/stand-in/limiters.ts) answers 429 past its rate, with the
// IETF RateLimit headers, the X-RateLimit-* ones or none; or, as real purge APIs do, punishes a step that
// passes its limit by refusing everything for a while (issue 33). The stand-in records every request and its
// answer in the order they arrived, which is what the checks below read.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { punishingWindow, tokenBucket, type HeaderStyle } from '../stand-in/limiters.js'
import type { StandIn } from '../stand-in/server.js'
import { errorLine, noStackTrace, standIn } from './fixture.js'

const purgePath = '/zones/zone-example/purge'
const urls = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `https://example.com/page-${String(i).padStart(3, '0')}.html`)

const temps: string[] = []
afterEach(() => {
  for (const temp of temps.splice(0)) rmSync(temp, { recursive: true, force: true })
})
/** A RUNNER_TEMP of the test's own, kept until the test ends, so the failed-files file can be read. */
function runnerTemp(): string {
  const temp = mkdtempSync(join(tmpdir(), 'cdn-purge-rate-'))
  temps.push(temp)
  return temp
}

/** The purge requests in the order they arrived, with the URLs each carried and the status it got. */
function purgeRequests(api: StandIn): { files: string[]; status: number | undefined }[] {
  return api.requests
    .filter((request) => request.method === 'POST' && request.path === purgePath)
    .map((request) => ({ files: (request.body as { files: string[] }).files, status: request.status }))
}

/**
 * Every URL confirmed (answered 200) exactly once, and never sent again after that: the request that
 * confirmed it is the last that carried it. Returns the URLs confirmed.
 */
function expectConfirmedOnce(api: StandIn): string[] {
  const requests = purgeRequests(api)
  const confirmed: string[] = []
  const lastSent = new Map<string, number>()
  requests.forEach((request, index) => {
    for (const url of request.files) lastSent.set(url, index)
  })
  requests.forEach((request, index) => {
    if (request.status !== 200) return
    confirmed.push(...request.files)
    for (const url of request.files) expect(lastSent.get(url), `${url} sent again after its purge was confirmed`).toBe(index)
  })
  expect(new Set(confirmed).size).toBe(confirmed.length)
  return confirmed
}

describe('rate limits, end to end against the stand-in limiter', () => {
  it.each<[string, HeaderStyle]>([
    ['with IETF RateLimit headers', 'ietf'],
    ['without rate-limit headers', 'none']
  ])('a token bucket %s: 300 URLs all purged, none lost, none sent again once confirmed; 429s spend no attempt', async (_, style) => {
    // 60 requests of 5 URLs, 10 at once, into a bucket of 5 that refills 25 a second: the first burst alone
    // is refused in part, and the whole takes about two seconds at the bucket's rate.
    const api = await standIn({ rateLimit: tokenBucket(25, 5, style) })
    const all = urls(300)
    // One attempt: a 429 counted as one would fail its batch.
    const run = await api.run(
      { 'files-from': 'urls.txt', 'batch-size': '5', concurrency: '10', 'max-attempts': '1' },
      // With the debug log on: it says which model the pacer goes by, each time that changes.
      { files: { 'urls.txt': all.join('\n') }, env: { RUNNER_DEBUG: '1' } }
    )
    expect(run.code).toBe(0)
    expect(run.outputs['purged-files']).toBe('300')
    expect(JSON.parse(run.outputs['failed-files'] ?? '')).toEqual([])
    expect(api.limited).toBeGreaterThanOrEqual(3)
    expect(expectConfirmedOnce(api).sort()).toEqual(all)
    expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual(all)
    const result = JSON.parse(run.outputs.result ?? '{}') as { requests: number; retries: number; rateLimits: { answers429: number } }
    expect(result.rateLimits.answers429).toBe(api.limited)
    // Every request sent is counted, and the 429s are no retries.
    expect(result.requests).toBe(api.requests.length)
    expect(result.retries).toBe(0)
    // The first change of mode: the headers' bucket from the first purge answer, or a pace learnt from the first 429.
    expect(run.log.match(/^::debug::Rate-limit mode: .*$/m)?.[0]).toBe(
      style === 'ietf'
        ? '::debug::Rate-limit mode: header-bucket (a token bucket, by the rate-limit headers); was unlimited.'
        : '::debug::Rate-limit mode: learning (a pace learnt from 429s); was unlimited.'
    )
    expect(noStackTrace(run)).toBe(true)
  })

  it('rate-limit-wait running out: every request still waiting fails and is in failed-files (output and file), the rest purged, exit 1, the reason in the log', async () => {
    // 20 requests of 2 URLs into a bucket of 3 that refills 2 a second: the step may wait 1 s in all, far
    // less than the 8 s or so the bucket needs for all of them.
    const api = await standIn({ rateLimit: tokenBucket(2, 3, 'ietf') })
    const all = urls(40)
    const temp = runnerTemp()
    const run = await api.run(
      { 'files-from': 'urls.txt', 'batch-size': '2', concurrency: '4', 'rate-limit-wait': '1' },
      { files: { 'urls.txt': all.join('\n') }, env: { RUNNER_TEMP: temp } }
    )
    expect(run.code).toBe(1)
    const failed = JSON.parse(run.outputs['failed-files'] ?? '') as string[]
    const confirmed = expectConfirmedOnce(api)
    // The bucket's first three went through; the wait ran out long before the last.
    expect(confirmed.length).toBeGreaterThanOrEqual(6)
    expect(failed.length).toBeGreaterThan(0)
    // Each URL either confirmed or failed, none both, none lost.
    expect([...confirmed, ...failed].sort()).toEqual(all)
    expect(Number(run.outputs['purged-files'])).toBe(confirmed.length)
    const path = run.outputs['failed-files-path'] ?? ''
    expect(path.startsWith(temp)).toBe(true)
    expect(readFileSync(path, 'utf8')).toBe(failed.map((url) => `${url}\n`).join(''))
    expect(errorLine(run)).toContain('rate limited by the API for longer than rate-limit-wait allows (1 s in all)')
    // The mode is a debug line: not in the log without the debug log on.
    expect(run.log).not.toContain('Rate-limit mode')
    expect(noStackTrace(run)).toBe(true)
  })
})

describe('a rate limit that punishes overshoot, end to end (issue 33)', () => {
  // 900 URLs in 30 requests of 30, 4 at once, into a window of 10 a second that, once one request passes the limit,
  // refuses every request to the end of that window and two windows more: 2 s or more with nothing purged. Three
  // windows' worth, not two: a step that sends on into the next window may still land there by luck, twice hardly.
  const CONCURRENCY = 4
  const inputs = { 'files-from': 'urls.txt', 'batch-size': '30', concurrency: String(CONCURRENCY) }
  const all = urls(900)

  it.each<[string, HeaderStyle]>([
    ['IETF RateLimit headers', 'ietf'],
    ['X-RateLimit-* headers', 'x-ratelimit']
  ])('with %s: the step never passes the limit (no 429 at all), and every URL is purged', async (_, style) => {
    const api = await standIn({ rateLimit: punishingWindow(10, 1000, 2, style) })
    const run = await api.run(inputs, { files: { 'urls.txt': all.join('\n') } })
    // One check for the three, so that a failure shows them all.
    expect({ answers429: api.limited, code: run.code, purged: run.outputs['purged-files'] }).toEqual({
      answers429: 0,
      code: 0,
      purged: '900'
    })
    expect(expectConfirmedOnce(api).sort()).toEqual(all)
    expect(noStackTrace(run)).toBe(true)
  })

  it('without rate-limit headers: every URL purged, and the only 429s those of the one overshoot that shows the limit', async () => {
    const api = await standIn({ rateLimit: punishingWindow(10, 1000, 2, 'none') })
    const run = await api.run(inputs, { files: { 'urls.txt': all.join('\n') } })
    expect({ code: run.code, purged: run.outputs['purged-files'] }).toEqual({ code: 0, purged: '900' })
    expect(expectConfirmedOnce(api).sort()).toEqual(all)
    // Without headers only a 429 tells the limit: the request that passed it, and the others in flight beside it
    // (the concurrency in all), reach the API inside the penalty it started, before the step can have read its 429;
    // so may two sent on the pace the first 429 cut, before a second one shows a window and nothing goes until the
    // Retry-After ends. After that the step knows how many a window lets through and, by Retry-After, where the
    // penalty ends: any other 429 is a second overshoot, and a second penalty.
    const statuses = purgeRequests(api).map((request) => request.status)
    const order = `statuses in the order of arrival: ${statuses.join(' ')}`
    expect(api.limited, order).toBeGreaterThanOrEqual(1)
    expect(api.limited, order).toBeLessThanOrEqual(CONCURRENCY + 2)
    // One penalty: the 429s one unbroken run in the order of arrival (the API answers nothing else in a penalty).
    const first = statuses.indexOf(429)
    expect(statuses.slice(first, first + api.limited), order).toEqual(Array.from({ length: api.limited }, () => 429))
    const result = JSON.parse(run.outputs.result ?? '{}') as { rateLimits: { answers429: number } }
    expect(result.rateLimits.answers429).toBe(api.limited)
    expect(noStackTrace(run)).toBe(true)
  })
})
