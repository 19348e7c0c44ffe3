import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Cancelled } from '../../src/cancel.js'
import { connect, paceLine, retryLine, type ClientInputs } from '../../src/connect.js'
import type { ApiClient, RetryRecord } from '../../src/http/client.js'
import { ApiError } from '../../src/http/errors.js'
import { modeLine } from '../../src/http/pacer/mode.js'
import { USER_AGENT } from '../../src/version.js'
import { startStandIn, type StandIn } from '../stand-in/server.js'
import { testCancel } from '../support/clock.js'

const logged = vi.hoisted(() => ({ info: [] as string[], debug: [] as string[] }))
vi.mock('../../src/log.js', () => ({
  info: (message: string) => logged.info.push(message),
  debug: (message: string) => logged.debug.push(message)
}))

const retry = (over: Partial<RetryRecord> = {}): RetryRecord => ({
  method: 'POST',
  path: '/zones/z/purge',
  label: undefined,
  attempt: 1,
  reason: 'HTTP 503',
  delayMs: 1000,
  rateLimited: false,
  ...over
})

describe('retryLine', () => {
  it('names the request by its label, else by method and path, and says which attempt comes when', () => {
    expect(retryLine(retry({ label: 'URLs 1-10 of 40 (batch 1 of 4)' }), 5)).toBe(
      'URLs 1-10 of 40 (batch 1 of 4): HTTP 503; attempt 2 of 5 in 1.0 s.'
    )
    expect(retryLine(retry({ attempt: 3, reason: 'timed out', delayMs: 12_345 }), 4)).toBe(
      'POST /zones/z/purge: timed out; attempt 4 of 4 in 12.3 s.'
    )
  })
  it('says a 429 is sent again, after its wait or at the pace the API allows', () => {
    expect(retryLine(retry({ reason: 'HTTP 429', rateLimited: true, delayMs: 1500 }), 5)).toBe(
      'POST /zones/z/purge: HTTP 429, rate limited; sent again in 1.5 s.'
    )
    // To a tenth, as the other retries.
    expect(retryLine(retry({ reason: 'HTTP 429', rateLimited: true, delayMs: 1234 }), 5)).toBe(
      'POST /zones/z/purge: HTTP 429, rate limited; sent again in 1.2 s.'
    )
    expect(retryLine(retry({ reason: 'HTTP 429', rateLimited: true, delayMs: 0 }), 5)).toBe(
      'POST /zones/z/purge: HTTP 429, rate limited; sent again at the pace the API allows.'
    )
  })
})

describe('paceLine', () => {
  it('says the pace, whole from 10 requests/s, to a tenth below', () => {
    expect(paceLine(19.4, undefined)).toBe('Rate limited by the API: pacing at about 19 requests/s.')
    expect(paceLine(10, undefined)).toBe('Rate limited by the API: pacing at about 10 requests/s.')
    expect(paceLine(9.96, undefined)).toBe('Rate limited by the API: pacing at about 10.0 requests/s.')
    expect(paceLine(2.25, undefined)).toBe('Rate limited by the API: pacing at about 2.3 requests/s.')
  })
  it('says the pace it replaces', () => {
    expect(paceLine(30, 2.5)).toBe('Rate limited by the API: pacing at about 30 requests/s (was 2.5).')
    expect(paceLine(7.5, 10)).toBe('Rate limited by the API: pacing at about 7.5 requests/s (was 10).')
  })
})

describe('connect', () => {
  let api: StandIn
  const clients: ApiClient[] = []
  beforeEach(async () => {
    api = await startStandIn()
    logged.info.length = 0
    logged.debug.length = 0
  })
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
    await api.close()
  })
  const connected = (over: Partial<ClientInputs> = {}, signal?: AbortSignal): ApiClient => {
    const client = connect(
      {
        apiUrl: api.url,
        apiKey: api.apiKey,
        timeoutSeconds: 10,
        maxAttempts: 3,
        concurrency: 4,
        rateLimitWaitSeconds: 60,
        ...over
      },
      signal
    )
    clients.push(client)
    return client
  }
  const purge = '/zones/zone-example/purge'

  it("sends to api-url with the key and the action's User-Agent, and logs each attempt at debug level", async () => {
    const client = connected()
    expect((await client.request('GET', '/zones')).status).toBe(200)
    expect(api.requests[0]?.headers).toMatchObject({ authorization: `Bearer ${api.apiKey}`, 'user-agent': USER_AGENT })
    expect(logged.debug).toHaveLength(1)
    expect(logged.debug[0]).toMatch(/^GET \/zones → 200 \(attempt 1, \d+ ms\)$/)
    expect(logged.info).toEqual([])
  })

  it('retries up to max-attempts, and logs each retry', async () => {
    api.fault({ path: purge, status: 503, retryAfter: '0', times: 3 })
    const error = await connected({ maxAttempts: 2 })
      .request('POST', purge, { body: { tags: ['a'] }, label: 'tag a' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).details).toMatchObject({ attempts: 2, status: 503 })
    expect(logged.info).toEqual(['tag a: HTTP 503; attempt 2 of 2 in 0.0 s.'])
  })

  it('says when pacing starts, and each change of pace with the one it replaces', async () => {
    // The pacer's clock and its waits, faked: the retry goes a paced second after the 429 without a real second passing.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      api.fault({ path: purge, status: 429, retryAfter: '0' })
      const client = connected()
      const sent = client.request('POST', purge, { body: { tags: ['a'] }, paced: true })
      while (logged.info.length < 2) await new Promise((resolve) => setImmediate(resolve))
      expect(logged.info).toEqual([
        'Rate limited by the API: pacing at about 1.0 requests/s.',
        'POST /zones/zone-example/purge: HTTP 429, rate limited; sent again at the pace the API allows.'
      ])
      await vi.advanceTimersByTimeAsync(1000)
      expect((await sent).status).toBe(200)
      // The success, a second on, doubles the pace (slow start).
      expect(logged.info[2]).toBe('Rate limited by the API: pacing at about 2.0 requests/s (was 1.0).')
      expect(client.rateLimits).toMatchObject({ limited: 1, pace: 2 })
      // With the debug log on, the rate-limit mode's change is said once.
      expect(logged.debug.filter((line) => line.startsWith('Rate-limit mode:'))).toEqual([modeLine('learning', 'unlimited')])
    } finally {
      vi.useRealTimers()
    }
  })

  it('fails a request whose wait would pass rate-limit-wait', async () => {
    api.fault({ path: purge, status: 429, retryAfter: '6' })
    const error = await connected({ rateLimitWaitSeconds: 5 })
      .request('POST', purge, { body: { tags: ['a'] }, paced: true })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toMatch(
      /^POST \/zones\/zone-example\/purge failed: rate limited by the API for longer than rate-limit-wait allows \(5 s in all\)\. /
    )
  })

  it('keeps at most concurrency paced requests in flight', async () => {
    api.fault({ path: purge, delayMs: 20, times: 5 })
    const client = connected({ concurrency: 2 })
    await Promise.all([1, 2, 3, 4, 5].map((n) => client.request('POST', purge, { body: { tags: [`t${n}`] }, paced: true })))
    expect(api.requests).toHaveLength(5)
    expect(api.maxInFlight).toBeLessThanOrEqual(2)
  })

  it("opens enough connections for the zone lookup's parallel pages, whatever the concurrency", async () => {
    // The stand-in holds the first 16 until all have arrived: with fewer connections they never would.
    api.barrier(16)
    const client = connected({ concurrency: 1, timeoutSeconds: 5, maxAttempts: 1 })
    const answers = await Promise.all(Array.from({ length: 16 }, () => client.request('GET', '/zones')))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(api.connections).toBe(16)
  })

  it("gives the run's signal to the client: once cancelled, no request is sent", async () => {
    const run = testCancel('SIGINT')
    run.cancel()
    const client = connected({}, run.signal)
    await expect(client.request('GET', '/zones')).rejects.toBe(run.reason)
    expect(api.requests).toHaveLength(0)
  })

  it("gives the run's signal to the pacer: a purge held back for a slot fails at the cancel, while one in flight keeps its grace", async () => {
    const run = testCancel('SIGINT')
    // The first purge is carried out and never answered: it holds the one slot.
    api.fault({ path: purge, hangAfter: true })
    const client = connected({ concurrency: 1 }, run.signal)
    const first = client.request('POST', purge, { body: { tags: ['a'] }, paced: true })
    first.catch(() => undefined)
    try {
      while (api.requests.length === 0) await new Promise((resolve) => setImmediate(resolve))
      let second: unknown = 'pending'
      client.request('POST', purge, { body: { tags: ['b'] }, paced: true }).then(
        () => (second = 'sent'),
        (error: unknown) => (second = error)
      )
      await new Promise((resolve) => setImmediate(resolve))
      expect(second).toBe('pending')
      run.cancel()
      // The pacer refuses the one held back at once: it does not wait for the slot.
      await new Promise((resolve) => setImmediate(resolve))
      expect(second).toBe(run.reason)
      expect(second).toBeInstanceOf(Cancelled)
    } finally {
      // The one in flight is given up on only when the grace ends (and, should a check above fail, is not left to
      // keep the client's close waiting for it).
      run.abandon()
    }
    const error = await first.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).details).toMatchObject({ kind: 'cancelled', attempts: 1 })
    expect(api.requests).toHaveLength(1)
  })

  it('opens as many connections as concurrency asks when that is more', async () => {
    api.barrier(20)
    const client = connected({ concurrency: 20, timeoutSeconds: 5, maxAttempts: 1 })
    await Promise.all(Array.from({ length: 20 }, () => client.request('GET', '/zones')))
    expect(api.connections).toBe(20)
  })
})
