import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, MockAgent, request as undiciRequest } from 'undici'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Pacer, type Ticket } from '../../../src/http/pacer/index.js'
import { ByteBudget } from '../../../src/http/body.js'
import { ApiClient, DEFAULT_MAX_BODY_BYTES, type AttemptRecord, type ClientOptions, type RetryRecord } from '../../../src/http/client.js'
import { ApiError } from '../../../src/http/errors.js'
import { createDispatcher } from '../../../src/http/pool.js'
import { registerSecret } from '../../../src/secrets/index.js'
import { startStandIn, type StandIn } from '../../stand-in/server.js'
import { createTestCa, type TestCa } from '../../support/tls.js'

let api: StandIn
let sleeps: number[]
const clients: ApiClient[] = []

function client(options: Partial<ClientOptions> = {}): ApiClient {
  const created = new ApiClient({
    baseUrl: api.url,
    apiKey: api.apiKey,
    userAgent: 'cdn-purge-action/test',
    timeoutMs: 2000,
    maxAttempts: 5,
    sleep: (ms) => {
      sleeps.push(ms)
      return Promise.resolve()
    },
    random: () => 0.5,
    now: () => Date.parse('2026-11-22T10:00:00Z'),
    ...options
  })
  clients.push(created)
  return created
}

const purge = '/zones/zone-example/purge'
const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

beforeEach(async () => {
  api = await startStandIn()
  sleeps = []
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await api.close()
})

describe('ApiClient', () => {
  it('sends the key, JSON headers and a User-Agent; Content-Type only with a body', async () => {
    const c = client()
    await c.request('GET', '/zones', { query: { page: 1, per_page: 100 } })
    await c.request('POST', purge, { body: { tags: ['a'] } })
    const [get, post] = api.requests
    expect(get?.headers).toMatchObject({
      authorization: `Bearer ${api.apiKey}`,
      accept: 'application/json',
      'user-agent': 'cdn-purge-action/test'
    })
    expect(get?.headers['content-type']).toBeUndefined()
    expect(get?.query).toEqual({ page: '1', per_page: '100' })
    expect(post?.headers['content-type']).toBe('application/json')
    expect(post?.body).toEqual({ tags: ['a'] })
    expect(c.requestsSent).toBe(2)
  })

  it('waits what Retry-After asks, in seconds or as a date', async () => {
    api.fault({ path: purge, status: 429, retryAfter: '7' })
    api.fault({ path: purge, status: 503, retryAfter: 'Sun, 22 Nov 2026 10:00:03 GMT' })
    const c = client()
    const response = await c.request('POST', purge, { body: { tags: ['a'] } })
    // The 429 was waited out, not counted: the 503 was the one failed attempt.
    expect(response.attempts).toBe(2)
    expect(sleeps).toEqual([7000, 3000])
    expect(c.retries).toBe(1)
    expect(c.rateLimits).toMatchObject({ limited: 1 })
  })

  it('does not spend max-attempts on 429s, and says each in its retry line', async () => {
    api.fault({ path: purge, status: 429, retryAfter: '1', times: 3 })
    const retries: RetryRecord[] = []
    const c = client({ maxAttempts: 1, onRetry: (retry) => retries.push(retry) })
    const response = await c.request('POST', purge, { body: { tags: ['a'] }, label: 'tag a' })
    expect(response.attempts).toBe(1)
    expect(api.requests).toHaveLength(4)
    expect(c.retries).toBe(0)
    expect(c.rateLimits.limited).toBe(3)
    expect(retries).toEqual(
      Array.from({ length: 3 }, () => ({
        method: 'POST',
        path: purge,
        label: 'tag a',
        attempt: 1,
        reason: 'HTTP 429',
        delayMs: 1000,
        rateLimited: true
      }))
    )
  })

  it('fails as rate limited once the time for rate limits is spent, naming the input to raise', async () => {
    api.fault({ path: purge, status: 429, retryAfter: '60', times: 10 })
    let clock = 0
    const sleep = (ms: number): Promise<void> => {
      clock += ms
      return Promise.resolve()
    }
    const pacer = new Pacer({ concurrency: 2, maxWaitMs: 100_000, now: () => clock, sleep })
    const error = await failure(client({ pacer }).request('POST', purge, { body: { tags: ['a'] }, paced: true }))
    expect(error.details).toMatchObject({ kind: 'rate-limited', status: 429, attempts: 1 })
    // One wait of 60 s fitted in the 100 s; the second would not, so it was not started.
    expect(api.requests).toHaveLength(2)
    expect(clock).toBe(60_000)
    expect(error.message).toBe(
      `POST ${purge} failed: rate limited by the API for longer than rate-limit-wait allows (100 s in all). Raise "rate-limit-wait", purge fewer URLs per step (a larger "batch-size" means fewer requests), or run again when the account is less busy.`
    )
  })

  it('caps Retry-After at 120 s', async () => {
    api.fault({ path: purge, status: 503, retryAfter: '86400' })
    await client().request('POST', purge, { body: { tags: ['a'] } })
    expect(sleeps).toEqual([120_000])
  })

  it('backs off exponentially with jitter when no Retry-After is given', async () => {
    api.fault({ path: purge, status: 500, times: 3 })
    await client({ random: () => 0.5 }).request('POST', purge, { body: { tags: ['a'] } })
    expect(sleeps).toEqual([500, 1000, 2000])
  })

  it.each([408, 500, 502, 503, 504])('retries HTTP %i', async (status) => {
    api.fault({ path: purge, status })
    const response = await client().request('POST', purge, { body: { tags: ['a'] } })
    expect(response.attempts).toBe(2)
  })

  it.each([400, 401, 403, 404, 409, 422])('fails HTTP %i at once', async (status) => {
    api.fault({ path: purge, status })
    const error = await failure(client().request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.details).toMatchObject({ status, attempts: 1, kind: 'http' })
    expect(api.requests).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('stops after max-attempts and says how many were made', async () => {
    api.fault({ path: purge, status: 503, times: 10 })
    const error = await failure(client({ maxAttempts: 3 }).request('POST', purge, { body: { tags: ['a'] } }))
    expect(api.requests).toHaveLength(3)
    expect(error.message).toMatch(
      /^POST \/zones\/zone-example\/purge failed \(3 attempts\): HTTP 503: "Injected fault 503" \(request id req-3\)\. /
    )
  })

  it('treats success: false as a failure even with status 200', async () => {
    api.fault({ path: purge, status: 200, body: '{"success":false,"errors":[{"message":"purge queue full"}]}' })
    const error = await failure(client().request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.details).toMatchObject({ kind: 'unsuccessful', status: 200, serverMessage: 'purge queue full', attempts: 1 })
  })

  it('quotes the text of an HTML error page, without its tags', async () => {
    api.fault({ path: purge, status: 502, times: 2, body: '<html><h1>502 Bad Gateway</h1>\n<p>nginx</p></html>' })
    const error = await failure(client({ maxAttempts: 2 }).request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.message).toContain('failed (2 attempts): HTTP 502: "502 Bad Gateway nginx" (request id req-2).')
  })

  it('takes a 300 answer as a failure, and a 299 as a success', async () => {
    api.fault({ path: purge, status: 300, body: '{"success":true}' })
    const error = await failure(client().request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.details).toMatchObject({ kind: 'http', status: 300, attempts: 1, retryable: false })
    expect(error.message).toContain('Redirects are not followed')
    api.fault({ path: purge, status: 299, body: '{"success":true,"data":1}' })
    expect(await client().request('POST', purge, { body: { tags: ['a'] } })).toEqual({
      status: 299,
      body: { success: true, data: 1 },
      attempts: 1
    })
  })

  it('takes a JSON null as a success whose body is null', async () => {
    api.fault({ path: purge, status: 200, body: 'null' })
    expect(await client().request('POST', purge, { body: { tags: ['a'] } })).toEqual({ status: 200, body: null, attempts: 1 })
  })

  it('leaves out of the error what the answer did not give', async () => {
    api.fault({ path: purge, status: 400, body: '', headers: { 'x-request-id': '' } })
    const error = await failure(client().request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.details).toStrictEqual({ method: 'POST', path: purge, attempts: 1, kind: 'http', status: 400, retryable: false })
    api.fault({ path: purge, status: 503, body: '{}', headers: { 'x-request-id': '' } })
    const retryable = await failure(client({ maxAttempts: 1 }).request('POST', purge, { body: { tags: ['a'] } }))
    expect(retryable.details).toStrictEqual({ method: 'POST', path: purge, attempts: 1, kind: 'http', status: 503, retryable: true })
  })

  it('sends nothing more once closed', async () => {
    const c = client({ maxAttempts: 1 })
    clients.splice(clients.indexOf(c), 1)
    await c.close()
    const error = await failure(c.request('GET', '/zones'))
    expect(error.details).toMatchObject({ kind: 'network', detail: 'UND_ERR_DESTROYED' })
    expect(api.requests).toEqual([])
  })

  it('says how many attempts it allows', () => {
    expect(client({ maxAttempts: 3 }).maxAttempts).toBe(3)
  })

  it('opens no more connections than its dispatcher allows', async () => {
    api.barrier(2)
    const c = client({ dispatcher: createDispatcher(api.url, 2) })
    const answers = await Promise.all([1, 2, 3, 4].map((n) => c.request('POST', purge, { body: { tags: [`t${n}`] } })))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect(api.connections).toBe(2)
  })

  it('takes an empty 2xx answer as a success without a body', async () => {
    api.fault({ path: purge, status: 200, body: '' })
    expect(await client().request('POST', purge, { body: { tags: ['a'] } })).toEqual({
      status: 200,
      body: undefined,
      attempts: 1
    })
  })

  it('retries a connection reset, and says it was a network error', async () => {
    api.fault({ path: purge, reset: true })
    const retries: string[] = []
    const response = await client({ onRetry: (r) => retries.push(r.reason) }).request('POST', purge, { body: { tags: ['a'] } })
    expect(response.attempts).toBe(2)
    expect(retries).toEqual(['network error (UND_ERR_SOCKET)'])
  })

  it('reports a reset in the middle of the body as a network error with its code, not a timeout', async () => {
    api.fault({ path: purge, resetMidBody: true, times: 2 })
    const error = await failure(client({ maxAttempts: 2 }).request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.details).toMatchObject({ kind: 'network', detail: 'ECONNRESET', attempts: 2, retryable: true })
    expect(error.message).toContain('failed (2 attempts): network error (ECONNRESET).')
  })

  it('reports a body cut short by a closed connection as a network error', async () => {
    api.fault({ path: purge, cutOff: true, body: '{"success":true}' })
    const error = await failure(client({ maxAttempts: 1 }).request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.details).toMatchObject({ kind: 'network', detail: 'UND_ERR_SOCKET', attempts: 1 })
  })

  describe('timeouts, on a fake clock moved once the request is on the wire', () => {
    afterEach(() => {
      vi.useRealTimers()
    })
    /**
     * Moves the fake clock past the timeout once per attempt, after `channel` says the attempt got that far:
     * 'undici:client:sendHeaders' (the request went out) or 'undici:request:headers' (the answer's headers came).
     */
    const timeOut = async <T>(start: () => Promise<T>, channel: string, timeoutMs: number, attempts: number): Promise<T> => {
      // Counted from before the first request: an attempt may get that far while the clock is being moved.
      let seen = 0
      const listener = (): void => {
        seen++
      }
      subscribe(channel, listener)
      try {
        const pending = start()
        for (let attempt = 1; attempt <= attempts; attempt++) {
          while (seen < attempt) await new Promise((resolve) => setImmediate(resolve))
          await vi.advanceTimersByTimeAsync(timeoutMs)
        }
        return await pending
      } finally {
        unsubscribe(channel, listener)
      }
    }

    it('times out a request that hangs, and retries it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      api.fault({ path: purge, hang: true })
      const response = await timeOut(
        () => client({ timeoutMs: 200 }).request('POST', purge, { body: { tags: ['a'] } }),
        'undici:client:sendHeaders',
        200,
        1
      )
      expect(response.attempts).toBe(2)
      expect(sleeps).toEqual([500])
    })

    it('times out an answer whose headers came but whose body never does', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      api.fault({ path: purge, silentAfterHeaders: true, times: 2 })
      const retries: string[] = []
      const error = await timeOut(
        () =>
          failure(
            client({ timeoutMs: 200, maxAttempts: 2, onRetry: (r) => retries.push(r.reason) }).request('POST', purge, {
              body: { tags: ['a'] }
            })
          ),
        'undici:request:headers',
        200,
        2
      )
      expect(retries).toEqual(['timed out'])
      expect(error.details).toMatchObject({ kind: 'timeout', detail: '0.2 s', attempts: 2 })
    })

    it('times out a body that drips in: the timeout covers the whole answer', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
      api.fault({ path: purge, dripMs: 20 })
      // The stand-in drips a byte every 20 ms of the same fake clock: 15 bytes come before the timeout.
      const error = await timeOut(
        () => failure(client({ timeoutMs: 300, maxAttempts: 1 }).request('POST', purge, { body: { tags: ['a'] } })),
        'undici:request:headers',
        300,
        1
      )
      expect(error.details).toMatchObject({ kind: 'timeout', attempts: 1 })
    })

    it('says a request timed out', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
      api.fault({ path: purge, hang: true, times: 2 })
      const error = await timeOut(
        () => failure(client({ timeoutMs: 200, maxAttempts: 2 }).request('POST', purge, { body: { tags: ['a'] } })),
        'undici:client:sendHeaders',
        200,
        2
      )
      expect(error.details.kind).toBe('timeout')
      expect(error.message).toMatch(/failed \(2 attempts\): timed out after 0\.2 s\./)
    })
  })

  it('does not follow redirects', async () => {
    api.fault({ path: '/zones', status: 301, headers: { location: `${api.url}/elsewhere` } })
    const error = await failure(client().request('GET', '/zones'))
    expect(error.message).toMatch(/HTTP 301.*Redirects are not followed/)
    expect(api.requests.map((r) => r.path)).toEqual(['/zones'])
  })

  it('never puts the key in an error message, even when the server echoes it', async () => {
    api.fault({ path: purge, status: 400, body: `{"errors":[{"message":"bad token Bearer ${api.apiKey}"}]}` })
    const error = await failure(client().request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.message).not.toContain(api.apiKey)
    expect(error.message).toContain('bad token Bearer ***')
  })

  it('never puts the key in an error message in another spelling, nor the GitHub token', async () => {
    const token = 'ghs_clientTestToken000000000000000000'
    registerSecret(token)
    const key = api.apiKey
    const spellings = [
      encodeURIComponent(key),
      Buffer.from(key).toString('base64'),
      Buffer.from(key).toString('base64url'),
      JSON.stringify(key).slice(1, -1),
      key.slice(0, 20),
      key.slice(-20),
      token
    ]
    for (const spelling of spellings) {
      api.fault({
        path: purge,
        status: 400,
        body: JSON.stringify({ errors: [{ message: `echo ${spelling}` }] }),
        headers: { 'x-request-id': `id-${spelling}` }
      })
      const error = await failure(client().request('POST', purge, { body: { tags: ['a'] } }))
      expect(error).toBeInstanceOf(ApiError)
      expect(error.details.serverMessage).toBe('echo ***')
      expect(error.details.requestId).toBe('id-***')
    }
  })

  it('never leaves part of the key where the message is cut', async () => {
    const key = api.apiKey
    const tail = ' was refused; '.repeat(30)
    for (const at of [285, 290, 295, 299]) {
      api.fault({ path: purge, status: 400, body: JSON.stringify({ errors: [{ message: `${'m'.repeat(at)}${key}${tail}` }] }) })
      const error = await failure(client().request('POST', purge, { body: { tags: ['a'] } }))
      expect(error.details.serverMessage).toBe(`${`${'m'.repeat(at)}***${tail}`.replace(/\s+/g, ' ').slice(0, 300)}…`)
      expect(error.message).not.toContain(key.slice(0, 6))
    }
  })

  it('hides the key in the request id, and keeps the id short', async () => {
    api.fault({ path: purge, status: 400, headers: { 'x-request-id': `id-${api.apiKey}` } })
    const error = await failure(client().request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.details.requestId).toBe('id-***')
    api.fault({ path: purge, status: 400, headers: { 'x-request-id': 'r'.repeat(101) } })
    expect((await failure(client().request('POST', purge, { body: { tags: ['a'] } }))).details.requestId).toBe(`${'r'.repeat(100)}…`)
    api.fault({ path: purge, status: 400, headers: { 'x-request-id': 'r'.repeat(100) } })
    expect((await failure(client().request('POST', purge, { body: { tags: ['a'] } }))).details.requestId).toBe('r'.repeat(100))
  })

  it('reads the request id from request-id or x-correlation-id when x-request-id is absent', async () => {
    api.fault({ path: purge, status: 400, headers: { 'x-request-id': '', 'request-id': 'rid-2' } })
    api.fault({ path: purge, status: 400, headers: { 'x-request-id': '', 'x-correlation-id': 'cid-3' } })
    expect((await failure(client().request('POST', purge, { body: { tags: ['a'] } }))).details.requestId).toBe('rid-2')
    expect((await failure(client().request('POST', purge, { body: { tags: ['a'] } }))).details.requestId).toBe('cid-3')
  })

  it("leaves the server's words whole when there is no key to hide", async () => {
    const error = await failure(client({ apiKey: '' }).request('GET', '/zones'))
    expect(error.details.serverMessage).toBe('Authentication error: missing or invalid API key')
  })

  it('reports the outcome of each kind of attempt', async () => {
    api.fault({ path: purge, reset: true })
    api.fault({ path: purge, hang: true })
    api.fault({ path: purge, status: 200, bodyBytes: 2000 })
    const outcomes: (number | string)[] = []
    await failure(
      client({ timeoutMs: 200, onAttempt: (a) => outcomes.push(a.outcome) }).request('POST', purge, {
        body: { tags: ['a'] },
        maxBodyBytes: 1000
      })
    )
    expect(outcomes).toEqual(['UND_ERR_SOCKET', 'timeout', '200, too large'])
  })

  it('reports each attempt and each retry to its callbacks', async () => {
    api.fault({ path: purge, status: 503, retryAfter: '2' })
    const attempts: unknown[] = []
    const durations: number[] = []
    const retries: unknown[] = []
    const onAttempt = (a: AttemptRecord): void => {
      durations.push(a.ms)
      attempts.push({ ...a, ms: 0 })
    }
    await client({ onAttempt, onRetry: (r) => retries.push(r) }).request('POST', purge, { body: { tags: ['a'] } })
    // A duration, not a point in time: never more than the time since the process started.
    const sinceStart = performance.now()
    expect(durations.every((ms) => ms >= 0 && ms <= sinceStart)).toBe(true)
    expect(attempts).toEqual([
      { method: 'POST', path: purge, attempt: 1, outcome: 503, ms: 0 },
      { method: 'POST', path: purge, attempt: 2, outcome: 200, ms: 0 }
    ])
    expect(retries).toEqual([
      { method: 'POST', path: purge, label: undefined, rateLimited: false, attempt: 1, reason: 'HTTP 503', delayMs: 2000 }
    ])
  })
})

describe('ApiClient answer size', () => {
  const chunked = { 'transfer-encoding': 'chunked' }
  const request = (c: ApiClient, maxBodyBytes?: number): Promise<unknown> =>
    c.request('POST', purge, { body: { tags: ['a'] }, ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }) })

  it('reads a body up to the limit, sent with or without its length', async () => {
    const body = JSON.stringify({ success: true, data: 'd'.repeat(1000) })
    api.fault({ path: purge, status: 200, body, headers: { 'content-length': String(body.length) } })
    api.fault({ path: purge, status: 200, body, headers: chunked })
    expect(await request(client(), body.length)).toMatchObject({ status: 200, body: { success: true } })
    expect(await request(client(), body.length)).toMatchObject({ status: 200, body: { success: true } })
  })

  it("reads a body of stated length whole, with undici's own reader, and one of no stated length as a stream", async () => {
    // undici's body class, from an answer of its own: its text() is the whole-body reader.
    const probe = await undiciRequest(`${api.url}/zones`)
    const bodyClass = Object.getPrototypeOf(probe.body) as { text: () => Promise<string> }
    await probe.body.text()
    const whole = vi.spyOn(bodyClass, 'text')
    try {
      const body = JSON.stringify({ success: true, data: 'd'.repeat(1000) })
      api.fault({ path: purge, status: 200, body, headers: { 'content-length': String(body.length) } })
      expect(await request(client(), body.length)).toMatchObject({ body: { success: true } })
      expect(whole).toHaveBeenCalledTimes(1)
      api.fault({ path: purge, status: 200, body, headers: chunked })
      expect(await request(client(), body.length)).toMatchObject({ body: { success: true } })
      expect(whole).toHaveBeenCalledTimes(1)
    } finally {
      whole.mockRestore()
    }
  })

  // The zone list's pages share one: what they hold together follows its limit, not how many are read at once.
  it('takes the bytes of answers that share a budget as they arrive, UTF-8, stated length or not, and fails the one that goes past it', async () => {
    const body = JSON.stringify({ success: true, data: 'ä€'.repeat(100) })
    const bytes = Buffer.byteLength(body)
    const budget = new ByteBudget(3 * bytes)
    const shared = (): Promise<unknown> => client().request('POST', purge, { body: { tags: ['a'] }, byteBudget: budget })
    api.fault({ path: purge, status: 200, body, headers: { 'content-length': String(bytes) } })
    api.fault({ path: purge, status: 200, body, headers: chunked })
    api.fault({ path: purge, status: 200, body, headers: chunked })
    expect(await shared()).toMatchObject({ body: { success: true } })
    expect(await shared()).toMatchObject({ body: { success: true } })
    expect(await shared()).toMatchObject({ body: { success: true } })
    expect(budget.bytes).toBe(3 * bytes)
    expect(budget.spent).toBe(false)
    // The next answer is within its own limit, but not within what is left: not read whole, and not retried.
    api.fault({ path: purge, status: 200, body, headers: chunked })
    const error = await failure(shared())
    expect(error.details).toMatchObject({ kind: 'too-large', status: 200, attempts: 1, retryable: false })
    expect(budget.spent).toBe(true)
    expect(budget.bytes).toBeGreaterThan(3 * bytes)
    expect(budget.bytes).toBeLessThanOrEqual(4 * bytes)
    // One of stated length past what is left is refused before it is read.
    api.fault({ path: purge, status: 200, body, headers: { 'content-length': String(bytes) } })
    expect((await failure(shared())).details).toMatchObject({ kind: 'too-large', retryable: false })
    expect(api.requests).toHaveLength(5)
  })

  it('stops every read that shares a budget once it is spent, whichever answer spent it', async () => {
    const budget = new ByteBudget(1000)
    expect(budget.take(600)).toBe(true)
    expect(budget.take(400)).toBe(true)
    expect(budget.spent).toBe(false)
    expect(budget.take(1)).toBe(false)
    expect(budget.spent).toBe(true)
    api.fault({ path: purge, status: 200, body: '{"success":true}', headers: chunked })
    const error = await failure(client().request('POST', purge, { body: { tags: ['a'] }, byteBudget: budget }))
    expect(error.details).toMatchObject({ kind: 'too-large', retryable: false })
    expect(budget.bytes).toBe(1001 + '{"success":true}'.length)
  })

  it('fails a body one byte over the limit as too large, and does not retry it', async () => {
    const body = JSON.stringify({ success: true, data: 'd'.repeat(1000) })
    api.fault({ path: purge, status: 200, body, headers: chunked })
    const error = await failure(request(client(), body.length - 1))
    expect(error.details).toMatchObject({
      kind: 'too-large',
      status: 200,
      attempts: 1,
      retryable: false,
      detail: `${body.length - 1} bytes`,
      requestId: 'req-1'
    })
    expect(error.details.retryAfterMs).toBeUndefined()
    expect(error.message).toBe(
      `POST ${purge} failed: answer too large (HTTP 200, more than ${body.length - 1} bytes; the rest was not read) (request id req-1). The API's answers are far smaller, so this was not retried: check that "api-url" is the Content Delivery Service API, including /v1.`
    )
    expect(api.requests).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  it('is too large whatever the status: a 503 page over the limit is not retried either', async () => {
    api.fault({ path: purge, status: 503, retryAfter: '0', body: 'e'.repeat(5000), headers: chunked })
    const error = await failure(request(client(), 4096))
    expect(error.details).toMatchObject({ kind: 'too-large', status: 503, attempts: 1, retryable: false, detail: '4 KiB' })
    expect(api.requests).toHaveLength(1)
  })

  it('refuses a content-length over the limit without waiting for the body', async () => {
    // The body never comes: reading it would end in the timeout instead.
    api.fault({ path: purge, status: 200, silentAfterHeaders: true, headers: { 'content-length': '1025' } })
    const error = await failure(request(client({ timeoutMs: 5000 }), 1024))
    expect(error.details).toMatchObject({ kind: 'too-large', detail: '1 KiB', attempts: 1 })
  })

  it('limits a body to 1 MiB unless the request says otherwise', async () => {
    const exact = 'x'.repeat(DEFAULT_MAX_BODY_BYTES)
    api.fault({ path: purge, status: 200, body: exact, headers: chunked })
    api.fault({ path: purge, status: 200, body: `${exact}x`, headers: chunked })
    api.fault({ path: purge, status: 200, body: `${exact}x`, headers: chunked })
    expect(await request(client())).toMatchObject({ status: 200, body: undefined })
    expect((await failure(request(client()))).details).toMatchObject({ kind: 'too-large', detail: '1 MiB' })
    expect(await request(client(), 2 * DEFAULT_MAX_BODY_BYTES)).toMatchObject({ status: 200 })
    expect(DEFAULT_MAX_BODY_BYTES).toBe(1_048_576)
  })

  it('drops the connection of a body it refuses, so that the next request need not wait for it', async () => {
    api.fault({ path: purge, status: 200, silentAfterHeaders: true, headers: { 'content-length': '2000' } })
    // One connection, and a timeout longer than the test: a refused body left open would block the next request.
    const c = client({ dispatcher: createDispatcher(api.url, 1), timeoutMs: 120_000 })
    expect((await failure(request(c, 1000))).details.kind).toBe('too-large')
    expect(await request(c)).toMatchObject({ status: 200, body: { success: true } })
    expect(api.connections).toBe(2)
  })

  it('stops reading a body that never ends, and closes its connection', async () => {
    api.fault({ path: purge, status: 200, endless: true })
    const error = await failure(request(client(), 256 * 1024))
    expect(error.details).toMatchObject({ kind: 'too-large', detail: '256 KiB', attempts: 1 })
  })

  it('refuses a gigantic body announced by its content-length', async () => {
    api.fault({ path: purge, status: 200, bodyBytes: 50 * DEFAULT_MAX_BODY_BYTES })
    const error = await failure(request(client()))
    expect(error.details).toMatchObject({ kind: 'too-large', detail: '1 MiB', attempts: 1 })
  })

  it('drops a byte order mark from an answer of stated length too', async () => {
    api.fault({ path: purge, status: 200, body: '\ufeff{"success":true,"data":"é"}', headers: { 'content-type': 'application/json' } })
    expect(await request(client())).toMatchObject({ body: { success: true, data: 'é' } })
  })

  it('decodes UTF-8 split across chunks, and drops a byte order mark', async () => {
    api.fault({ path: purge, status: 200, body: `\ufeff{"success":true,"data":"${'é'.repeat(40_000)}"}`, headers: chunked })
    expect(await request(client())).toMatchObject({ body: { success: true, data: 'é'.repeat(40_000) } })
  })
})

describe('ApiClient over TLS', () => {
  let dir: string
  let ca: TestCa
  let secure: StandIn | undefined
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cdn-purge-client-tls-'))
    ca = createTestCa(dir)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  afterEach(async () => {
    await secure?.close()
    secure = undefined
  })

  it('does not retry a certificate the runner does not trust, and says it is one', async () => {
    secure = await startStandIn({ tls: { cert: ca.selfSigned.cert.pem, key: ca.selfSigned.key.pem } })
    const attempts: AttemptRecord[] = []
    const retries: RetryRecord[] = []
    const c = client({
      baseUrl: secure.url,
      dispatcher: new Agent(),
      maxAttempts: 5,
      onAttempt: (a) => attempts.push(a),
      onRetry: (r) => retries.push(r)
    })
    const error = await failure(c.request('GET', '/zones'))
    expect(error.details).toMatchObject({ kind: 'tls', detail: 'DEPTH_ZERO_SELF_SIGNED_CERT', attempts: 1, retryable: false })
    expect(error.message).toContain('NODE_EXTRA_CA_CERTS')
    expect(attempts.map((a) => a.outcome)).toEqual(['certificate not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)'])
    expect(retries).toEqual([])
    expect(sleeps).toEqual([])
    expect([c.requestsSent, c.retries]).toEqual([1, 0])
    expect(secure.connections).toBe(1)
    expect(secure.requests).toEqual([])
  })

  it('talks to a server whose CA it trusts', async () => {
    secure = await startStandIn({ tls: { cert: ca.server.cert.pem, key: ca.server.key.pem } })
    const c = client({ baseUrl: secure.url, apiKey: secure.apiKey, dispatcher: new Agent({ connect: { ca: ca.ca.pem } }) })
    expect((await c.request('GET', '/zones')).status).toBe(200)
    expect(secure.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${secure.apiKey}`])
  })
})

describe('ApiClient error details', () => {
  it('hides the key in a network error it quotes', async () => {
    const mock = new MockAgent()
    mock.disableNetConnect()
    mock
      .get('http://api.test')
      .intercept({ path: '/v1/zones', method: 'GET' })
      .replyWithError(new Error(`refused for ${api.apiKey}`))
    const error = await failure(client({ baseUrl: 'http://api.test/v1', dispatcher: mock, maxAttempts: 1 }).request('GET', '/zones'))
    expect(error.details).toMatchObject({ kind: 'network', detail: 'refused for ***' })
    expect(error.message).not.toContain(api.apiKey)
  })
})

describe('ApiClient waits for real when no sleep is injected', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  const shipped = (): { c: ApiClient; sleeping: Promise<void> } => {
    let asleep = (): void => undefined
    const sleeping = new Promise<void>((resolve) => (asleep = resolve))
    const c = new ApiClient({
      baseUrl: api.url,
      apiKey: api.apiKey,
      userAgent: 't',
      timeoutMs: 2000,
      maxAttempts: 2,
      random: () => 0.5,
      onRetry: () => asleep()
    })
    clients.push(c)
    return { c, sleeping }
  }

  it('waits the Retry-After time before the next attempt', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    api.fault({ path: purge, status: 503, retryAfter: '7' })
    const { c, sleeping } = shipped()
    const response = c.request('POST', purge, { body: { tags: ['a'] } })
    await sleeping
    await vi.advanceTimersByTimeAsync(6999)
    expect(c.requestsSent).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect((await response).attempts).toBe(2)
    expect(api.requests).toHaveLength(2)
  })

  it('waits the backoff time when no Retry-After is given', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    api.fault({ path: purge, status: 500 })
    const { c, sleeping } = shipped()
    const response = c.request('POST', purge, { body: { tags: ['a'] } })
    await sleeping
    await vi.advanceTimersByTimeAsync(499)
    expect(c.requestsSent).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect((await response).attempts).toBe(2)
  })

  it('waits as asked when the caller retries', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { c } = shipped()
    let waited = false
    const waiting = c
      .waitBeforeRetry(1, new ApiError({ method: 'POST', path: '/zones', kind: 'http', status: 503, attempts: 1, retryAfterMs: 3000 }))
      .then(() => {
        waited = true
      })
    await vi.advanceTimersByTimeAsync(2999)
    expect(waited).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await waiting
    expect(waited).toBe(true)
    expect(c.retries).toBe(1)
  })
})

describe('ApiClient without automatic retries', () => {
  it('makes one attempt, says whether a retry could help, and waits as asked when the caller retries', async () => {
    api.fault({ path: '/zones', method: 'POST', status: 503, retryAfter: '4' })
    const c = client()
    const error = await failure(c.request('POST', '/zones', { body: { name: 'a.net' }, retry: false }))
    expect(api.requests).toHaveLength(1)
    expect(error.details).toMatchObject({ status: 503, attempts: 1, retryable: true, retryAfterMs: 4000 })
    await c.waitBeforeRetry(1, error)
    expect(sleeps).toEqual([4000])
  })
  it('marks a refusal as not retryable', async () => {
    api.fault({ path: '/zones', method: 'POST', status: 409 })
    const error = await failure(client().request('POST', '/zones', { body: { name: 'a.net' }, retry: false }))
    expect(error.details.retryable).toBe(false)
  })
})

describe('ApiClient with a pacer', () => {
  const body = { tags: ['a'] }
  /** A pacer whose waits end when the test says. */
  const manual = (concurrency = 1) => {
    const waits: { ms: number; end: () => void }[] = []
    const pacer = new Pacer({ concurrency, maxWaitMs: 60_000, now: () => 0, sleep: (ms) => new Promise((end) => waits.push({ ms, end })) })
    return { pacer, waits }
  }
  // A 429 that says requests remain in the window: the pacer sets no pace for it, so only the order of waiting matters.
  const limitedOnce = (retryAfter: string): void =>
    api.fault({ path: purge, status: 429, retryAfter, headers: { 'x-ratelimit-remaining': '5' } })

  it('sends a paced request through the pacer, and others past it', async () => {
    const { pacer } = manual()
    const c = client({ pacer })
    await c.request('POST', purge, { body })
    await c.request('POST', purge, { body, paced: true })
    const next = await pacer.acquire()
    expect(next.sequence).toBe(1)
  })

  it('queues a paced request behind those already waiting', async () => {
    const { pacer } = manual()
    const c = client({ pacer })
    const held = await pacer.acquire()
    const order: string[] = []
    const waiting = pacer.acquire().then((ticket) => {
      order.push(`waiting one went with ${api.requests.length} sent`)
      ticket.done()
    })
    const request = c.request('POST', purge, { body, paced: true }).then(() => order.push('request answered'))
    held.done()
    await Promise.all([waiting, request])
    expect(order).toEqual(['waiting one went with 0 sent', 'request answered'])
  })

  it.each([
    ['1', 'before', ['new one went with 2 sent', 'request answered']],
    ['0', 'after', ['new one went with 1 sent', 'request answered']]
  ])('after waiting out Retry-After: %s, goes %s requests not yet sent', async (retryAfter, _, expected) => {
    limitedOnce(retryAfter)
    const { pacer, waits } = manual()
    const order: string[] = []
    let held: Ticket | undefined
    let fresh: Promise<void> | undefined
    const c = client({
      pacer,
      onRetry: () => {
        void pacer.acquire().then((ticket) => (held = ticket))
        fresh = pacer.acquire().then((ticket) => {
          order.push(`new one went with ${api.requests.length} sent`)
          ticket.done()
        })
      }
    })
    const request = c.request('POST', purge, { body, paced: true }).then(() => order.push('request answered'))
    await vi.waitFor(() => expect(waits).toHaveLength(1))
    expect(waits[0]?.ms).toBe(Number(retryAfter) * 1000)
    waits[0]?.end()
    await new Promise((resolve) => setImmediate(resolve))
    held?.done()
    await Promise.all([request, fresh])
    expect(order).toEqual(expected)
  })

  it('after a failed attempt, queues again behind requests not yet sent, even after a Retry-After', async () => {
    limitedOnce('1')
    api.fault({ path: purge, status: 503, retryAfter: '0' })
    const { pacer, waits } = manual()
    const backoff: (() => void)[] = []
    const attempts: number[] = []
    let held: Ticket | undefined
    let first: Ticket | undefined
    const c = client({
      pacer,
      sleep: () => new Promise((end) => backoff.push(end)),
      onAttempt: (attempt) => attempts.push(attempt.attempt),
      onRetry: (retry) => {
        if (!retry.rateLimited) return
        void pacer.acquire().then((ticket) => (held = ticket))
        void pacer.acquire().then((ticket) => (first = ticket))
      }
    })
    const request = c.request('POST', purge, { body, paced: true })
    await vi.waitFor(() => expect(waits).toHaveLength(1))
    waits[0]?.end()
    await new Promise((resolve) => setImmediate(resolve))
    // The request goes again first (back from its Retry-After), is answered 503, and its slot goes to the one waiting.
    held?.done()
    await vi.waitFor(() => expect(backoff).toHaveLength(1))
    expect(first).toBeDefined()
    const order: string[] = []
    const second = pacer.acquire().then((ticket) => {
      order.push(`new one went after attempt ${attempts.length}`)
      ticket.done()
    })
    backoff[0]?.()
    await new Promise((resolve) => setImmediate(resolve))
    first?.done()
    await Promise.all([request, second])
    expect(order).toEqual(['new one went after attempt 2'])
    expect(attempts).toEqual([1, 1, 2])
  })

  it('counts a 429 once, paced or not', async () => {
    limitedOnce('0')
    const c = client({ pacer: new Pacer({ concurrency: 4, maxWaitMs: 60_000, now: () => 0, sleep: () => Promise.resolve() }) })
    expect((await c.request('POST', purge, { body, paced: true })).attempts).toBe(1)
    expect(c.rateLimits.limited).toBe(1)
  })

  it('waits a backoff for a 429 without Retry-After, or with a pacer the pace it sets', async () => {
    api.fault({ path: purge, status: 429 })
    const retries: RetryRecord[] = []
    await client({ onRetry: (retry) => retries.push(retry) }).request('POST', purge, { body })
    expect(sleeps).toEqual([500])
    api.fault({ path: purge, status: 429, headers: { 'x-ratelimit-remaining': '5' } })
    const { pacer, waits } = manual(4)
    const answered = client({ pacer, onRetry: (retry) => retries.push(retry) }).request('POST', purge, { body, paced: true })
    await vi.waitFor(() => expect(waits).toHaveLength(1))
    waits[0]?.end()
    await answered
    expect(retries.map((retry) => retry.delayMs)).toEqual([500, 0])
    expect(waits[0]?.ms).toBe(0)
  })

  it('learns from a paced answer too large to read, and fails it', async () => {
    api.fault({ path: purge, status: 429, body: 'x'.repeat(2000), headers: { 'transfer-encoding': 'chunked' } })
    const c = client({ pacer: manual(4).pacer })
    const error = await failure(c.request('POST', purge, { body, paced: true, maxBodyBytes: 1000 }))
    expect(error.details).toMatchObject({ kind: 'too-large', status: 429, attempts: 1 })
    expect(c.rateLimits.limited).toBe(1)
  })

  it('retries a paced request after a network error', async () => {
    api.fault({ path: purge, reset: true })
    const c = client({ pacer: manual(4).pacer })
    expect((await c.request('POST', purge, { body, paced: true })).attempts).toBe(2)
    expect(c.rateLimits.limited).toBe(0)
  })

  it('makes one attempt at a 429 when the caller retries, and says a retry may help', async () => {
    api.fault({ path: purge, status: 429, retryAfter: '3' })
    const error = await failure(client().request('POST', purge, { body, retry: false }))
    expect(error.details).toMatchObject({ kind: 'http', status: 429, attempts: 1, retryable: true, retryAfterMs: 3000 })
    expect(api.requests).toHaveLength(1)
  })

  it('fails as rate limited, not sent, once the time is spent, and sends nothing more', async () => {
    api.fault({ path: purge, status: 429, retryAfter: '10', times: 5 })
    const pacer = new Pacer({ concurrency: 4, maxWaitMs: 5000, now: () => 0, sleep: () => Promise.resolve() })
    const c = client({ pacer })
    const unpaced = await failure(c.request('POST', purge, { body }))
    expect(unpaced.details).toStrictEqual({
      method: 'POST',
      path: purge,
      attempts: 1,
      kind: 'rate-limited',
      status: 429,
      detail: 'rate limited by the API for longer than rate-limit-wait allows (5 s in all)',
      retryable: true
    })
    expect(api.requests).toHaveLength(1)
    const paced = await failure(c.request('POST', purge, { body, paced: true }))
    expect(paced.details).toMatchObject({ kind: 'rate-limited', attempts: 1, retryable: true })
    expect(api.requests).toHaveLength(1)
  })

  it('spends the whole of rate-limit-wait on stated waits, though each timer fires late, and never announces a wait it will not make', async () => {
    // A 429 with Retry-After: 1 for good, and rate-limit-wait: 6 (issue 33): six waits of a second fit. Each
    // timer here fires 30 ms late, as real ones do; those 30 ms are not the API's, and spend none of the budget.
    api.fault({ path: purge, status: 429, retryAfter: '1', times: 100 })
    let now = 0
    const late = (ms: number): Promise<void> => {
      now += ms + 30
      return Promise.resolve()
    }
    const retried: RetryRecord[] = []
    const pacer = new Pacer({ concurrency: 1, maxWaitMs: 6000, now: () => now, sleep: late })
    const error = await failure(
      client({ pacer, now: () => now, sleep: late, onRetry: (retry) => retried.push(retry) }).request('POST', purge, { body, paced: true })
    )
    expect(error).toBeInstanceOf(ApiError)
    expect(error.details).toMatchObject({ kind: 'rate-limited', status: 429 })
    // Seven requests: the first and six sent again, each announced; the seventh refusal is not announced.
    expect(api.requests).toHaveLength(7)
    expect(retried).toHaveLength(6)
    expect(retried.every((retry) => retry.rateLimited && retry.delayMs === 1000)).toBe(true)
    expect(pacer.waited).toBe(6000)
  })

  it('passes on a failure of the pacer that is not about time', async () => {
    api.fault({ path: purge, status: 429, retryAfter: '1' })
    const broken = new Error('the clock broke')
    const pacer = new Pacer({ concurrency: 4, maxWaitMs: 5000, now: () => 0, sleep: () => Promise.reject(broken) })
    const error = await client({ pacer })
      .request('POST', purge, { body, paced: true })
      .catch((caught: unknown) => caught)
    expect(error).toBe(broken)
  })
})

describe('ApiClient timers', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('clears the timeout of an attempt once it is answered', async () => {
    const set = vi.spyOn(globalThis, 'setTimeout')
    const cleared = vi.spyOn(globalThis, 'clearTimeout')
    await client({ timeoutMs: 61_234 }).request('GET', '/zones')
    const timers = set.mock.results.filter((_, i) => set.mock.calls[i]?.[1] === 61_234).map((result) => result.value as unknown)
    expect(timers).toHaveLength(1)
    expect(cleared.mock.calls.map(([timer]) => timer as unknown)).toContain(timers[0])
  })
})
