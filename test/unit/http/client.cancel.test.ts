import { getEventListeners } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Cancelled, type StopSignal } from '../../../src/cancel.js'
import { ApiClient, type AttemptRecord, type ClientOptions, type Method, type RetryRecord } from '../../../src/http/client.js'
import { ApiError } from '../../../src/http/errors.js'
import { Pacer } from '../../../src/http/pacer/index.js'
import type { Sleep } from '../../../src/sleep.js'
import { FakeClock, testCancel } from '../../support/clock.js'

// The client once the run is cancelled (src/cancel.ts): no request starts, a read in flight is abandoned at once, a
// change in flight keeps the cancel's grace to answer, and nothing is tried again. The server is a loopback one that
// holds every request until the test answers it, so that a cancel comes exactly where a test puts it; the client's
// waits are a FakeClock's. Nothing sleeps for real.

/** A request the server holds until the test answers it. */
interface Arrival {
  readonly method: string
  readonly path: string
  /** Answers with `status` and a JSON body: a success below 300, an error body otherwise. */
  answer(status: number, headers?: Record<string, string>): void
  /** Closes the connection without an answer. */
  drop(): void
}

interface HoldingServer {
  readonly url: string
  /** Every request that reached the server, in order. */
  readonly arrivals: Arrival[]
  /** Resolves once `count` requests in all have reached the server. */
  arrived(count: number): Promise<Arrival>
  /** Answer every request at once with this status instead of holding it. */
  answerAtOnce: number | undefined
  close(): Promise<void>
}

async function holdingServer(): Promise<HoldingServer> {
  const arrivals: Arrival[] = []
  const waiting: { count: number; resolve: (arrival: Arrival) => void }[] = []
  const answer = (res: ServerResponse, status: number, headers: Record<string, string>): void => {
    if (res.writableEnded || res.destroyed) return
    const body =
      status < 300 ? { success: true, result: { id: 'done' } } : { success: false, errors: [{ code: status, message: 'failed' }] }
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
  }
  const held: HoldingServer = {
    url: '',
    arrivals,
    answerAtOnce: undefined,
    arrived: (count) =>
      new Promise((resolve) => {
        const reached = arrivals[count - 1]
        if (reached !== undefined) resolve(reached)
        else waiting.push({ count, resolve })
      }),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // A client that hangs up (an abandoned read) is no error of the server's.
    req.socket.on('error', () => undefined)
    req.resume()
    req.on('end', () => {
      const arrival: Arrival = {
        method: req.method ?? '',
        path: req.url ?? '',
        answer: (status, headers = {}) => answer(res, status, headers),
        drop: () => req.socket.destroy()
      }
      arrivals.push(arrival)
      if (held.answerAtOnce !== undefined) arrival.answer(held.answerAtOnce)
      for (const waiter of waiting.filter((one) => arrivals.length >= one.count)) {
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve(arrivals[waiter.count - 1] as Arrival)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(held, { url: `http://127.0.0.1:${port}/v1` })
}

/** Runs every job already queued, and those they queue. */
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

type Outcome<T> = { state: 'pending' } | { state: 'resolved'; value: T } | { state: 'rejected'; error: unknown }

/** A promise watched: how it has settled so far, for a test to read without awaiting it. */
function watch<T>(promise: Promise<T>): () => Outcome<T> {
  let outcome: Outcome<T> = { state: 'pending' }
  promise.then(
    (value) => (outcome = { state: 'resolved', value }),
    (error: unknown) => (outcome = { state: 'rejected', error })
  )
  return () => outcome
}

/** The error a request ended with. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('the request succeeded')
    },
    (error: unknown) => error
  )
}

/** The ApiError a request ended with, checked to be one. */
async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

const PURGE = '/zones/zone-example/purge'
const BODY = { body: { files: ['https://example.com/a'] } }

let server: HoldingServer
let clock: FakeClock
let attempts: AttemptRecord[]
let retries: RetryRecord[]
/** Told of each retry line, for `retried`. */
let retryWatchers: (() => void)[]
const clients: ApiClient[] = []

function client(signal: AbortSignal | undefined, options: Partial<ClientOptions> = {}): ApiClient {
  const created = new ApiClient({
    baseUrl: server.url,
    apiKey: 'test-key-cancel-7f3e91',
    userAgent: 'cdn-purge-action/test',
    // Far longer than any test: an attempt ends by its answer or the cancel, never by the timeout.
    timeoutMs: 60_000,
    maxAttempts: 3,
    sleep: clock.sleep,
    random: () => 0.5,
    onAttempt: (attempt) => attempts.push(attempt),
    onRetry: (retry) => {
      retries.push(retry)
      for (const watcher of retryWatchers.splice(0)) watcher()
    },
    ...(signal === undefined ? {} : { signal }),
    ...options
  })
  clients.push(created)
  return created
}

// The waits below end also when the request ends first: a client that goes wrong then fails the test's checks at once
// rather than leaving it to hang until its timeout.

/** The request the server holds as its `count`th, once it has arrived. */
async function reached(sent: Promise<unknown>, count: number): Promise<Arrival> {
  const arrival = await Promise.race([server.arrived(count), sent.then(ignore, ignore)])
  if (arrival === undefined) throw new Error(`the request ended before request ${count} reached the server`)
  return arrival
}

/** Resolves once the client has logged `count` retries in all and begun the wait that follows. */
async function retried(sent: Promise<unknown>, count = 1): Promise<void> {
  const logged = new Promise<void>((resolve) => {
    const check = (): void => {
      if (retries.length >= count) resolve()
      else retryWatchers.push(check)
    }
    check()
  })
  await Promise.race([logged, sent.then(ignore, ignore)])
  await flush()
}

const ignore = (): undefined => undefined

/** Sends a request and resolves once the server holds it, with the request's promise and the request as the server has it. */
async function inFlight(c: ApiClient, method: Method): Promise<{ sent: Promise<unknown>; arrival: Arrival }> {
  const sent = method === 'GET' ? c.request('GET', '/zones') : c.request('POST', PURGE, BODY)
  // Watched from the start, so that a rejection before the test looks is not an unhandled one.
  sent.catch(ignore)
  return { sent, arrival: await reached(sent, 1) }
}

beforeEach(async () => {
  server = await holdingServer()
  clock = new FakeClock()
  attempts = []
  retries = []
  retryWatchers = []
})
afterEach(async () => {
  // The server first: a request it still holds (a test that failed midway) ends with its connection, rather than
  // keeping the client's close waiting for it.
  await server.close()
  await Promise.all(clients.splice(0).map((c) => c.close()))
})

describe('ApiClient, cancelled before a request starts', () => {
  // A request that should not go is answered at once if it does: the test fails then, rather than hanging.
  beforeEach(() => {
    server.answerAtOnce = 200
  })

  it.each<Method>(['GET', 'POST'])('sends no %s once the run is cancelled: the request ends with the cancel itself', async (method) => {
    const run = testCancel('SIGINT')
    run.cancel()
    const c = client(run.signal)
    const error = await failure(method === 'GET' ? c.request('GET', '/zones') : c.request('POST', PURGE, BODY))
    expect(error).toBe(run.reason)
    expect(error).toBeInstanceOf(Cancelled)
    expect(server.arrivals).toHaveLength(0)
    expect(c.requestsSent).toBe(0)
    expect(attempts).toEqual([])
  })

  it('sends no paced request once the run is cancelled, through its own pacer or one it is given', async () => {
    const run = testCancel('SIGTERM')
    run.cancel()
    const own = client(run.signal)
    const throughOwn = watch(own.request('POST', PURGE, { ...BODY, paced: true }))
    // A pacer that does not know of the cancel lets the request through; the client itself stops it.
    const unaware = new Pacer({ concurrency: 2, maxWaitMs: 60_000, now: () => clock.now, sleep: clock.sleep })
    const given = client(run.signal, { pacer: unaware })
    const throughGiven = watch(given.request('POST', PURGE, { ...BODY, paced: true }))
    await flush()
    expect(throughOwn()).toEqual({ state: 'rejected', error: run.reason })
    expect(throughGiven()).toEqual({ state: 'rejected', error: run.reason })
    expect(server.arrivals).toHaveLength(0)
    expect(own.requestsSent + given.requestsSent).toBe(0)
  })

  // A pacer that does not know the signal (connect() gives it the same one, so in the action the pacer refuses first)
  // still gets back the slot of a request the client will not send.
  it('gives back the slot of a pacer that let the request through after the cancel', async () => {
    const run = testCancel()
    run.cancel()
    const unaware = new Pacer({ concurrency: 1, maxWaitMs: 60_000, now: () => clock.now, sleep: clock.sleep })
    await expect(client(run.signal, { pacer: unaware }).request('POST', PURGE, { ...BODY, paced: true })).rejects.toBe(run.reason)
    const next = watch(unaware.acquire())
    await flush()
    expect(next().state).toBe('resolved')
  })

  it('stops as well for an abort of another kind, with its reason, and sends nothing', async () => {
    const shutDown = new Error('shut down')
    const controller = new AbortController()
    controller.abort(shutDown)
    const c = client(controller.signal)
    await expect(c.request('GET', '/zones')).rejects.toBe(shutDown)
    await expect(c.request('POST', PURGE, BODY)).rejects.toBe(shutDown)
    expect(server.arrivals).toHaveLength(0)
  })
})

describe('ApiClient, cancelled while a request is in flight', () => {
  it('abandons a read at once, without waiting for the grace, and ends with the cancel itself', async () => {
    const run = testCancel('SIGINT')
    const c = client(run.signal)
    const { sent, arrival } = await inFlight(c, 'GET')
    run.cancel()
    // Abandoned at the cancel, the read never sees this answer.
    arrival.answer(200)
    const error = await failure(sent)
    expect(error).toBe(run.reason)
    expect(run.reason.abandon.aborted).toBe(false)
    expect(attempts).toHaveLength(1)
    expect(attempts[0]).toMatchObject({ method: 'GET', path: '/zones', attempt: 1, outcome: 'abandoned: the run was cancelled' })
    expect(attempts[0]?.ms).toBeTypeOf('number')
    expect(server.arrivals).toHaveLength(1)
    expect(retries).toEqual([])
    expect(clock.sleeps).toEqual([])
  })

  it('abandons a read the same without an onAttempt to tell', async () => {
    const run = testCancel('SIGINT')
    const c = new ApiClient({
      baseUrl: server.url,
      apiKey: 'test-key-cancel-7f3e91',
      userAgent: 'cdn-purge-action/test',
      timeoutMs: 60_000,
      maxAttempts: 3,
      sleep: clock.sleep,
      signal: run.signal
    })
    clients.push(c)
    const { sent, arrival } = await inFlight(c, 'GET')
    run.cancel()
    arrival.answer(200)
    expect(await failure(sent)).toBe(run.reason)
  })

  it('leaves no listener on the run signal once a request has ended', async () => {
    const run = testCancel('SIGINT')
    const c = client(run.signal)
    // The client's own: the grace it follows (abandonSignal), and its pacer's.
    const before = getEventListeners(run.signal, 'abort').length
    server.answerAtOnce = 200
    await c.request('GET', '/zones')
    await c.request('GET', '/zones')
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(before)
    expect(server.arrivals).toHaveLength(2)
  })

  it('keeps a change in flight through the grace, and returns its answer when it comes as usual', async () => {
    const run = testCancel('SIGINT')
    const c = client(run.signal)
    const { sent, arrival } = await inFlight(c, 'POST')
    const outcome = watch(sent)
    run.cancel()
    await flush()
    expect(outcome().state).toBe('pending')
    arrival.answer(200)
    await expect(sent).resolves.toEqual({ status: 200, body: { success: true, result: { id: 'done' } }, attempts: 1 })
    expect(attempts.map((attempt) => attempt.outcome)).toEqual([200])
    expect(server.arrivals).toHaveLength(1)
  })

  it.each<[StopSignal, number]>([
    ['SIGINT', 1],
    ['SIGTERM', 2]
  ])('gives up on a change still unanswered when the grace of %s ends (attempt %i), its outcome unknown', async (name, attempt) => {
    const run = testCancel(name)
    const c = client(run.signal)
    const { sent, arrival } = await inFlight(c, 'POST')
    if (attempt === 2) {
      // The first attempt failed and was tried again: the cancel comes in the second.
      arrival.answer(503)
      await reached(sent, 2)
    }
    run.cancel()
    run.abandon()
    // Given up on at the grace's end, the change never sees this answer.
    server.arrivals.at(-1)?.answer(200)
    const error = await apiFailure(sent)
    const detail = `no answer before the run was cancelled (${name}): the API may or may not have carried it out`
    expect(error.details).toEqual({ method: 'POST', path: PURGE, attempts: attempt, kind: 'cancelled', detail, retryable: true })
    expect(error.status).toBeUndefined()
    expect(error.message).toBe(
      `POST ${PURGE} failed${attempt > 1 ? ` (${attempt} attempts)` : ''}: ${detail}. Run the step again, or purge what is left in an \`if: cancelled()\` step (the README's "When the run is cancelled").`
    )
    expect(attempts.at(-1)).toMatchObject({ method: 'POST', path: PURGE, attempt, outcome: 'abandoned: the run was cancelled' })
    expect(server.arrivals).toHaveLength(attempt)
  })
})

describe('ApiClient, an answer after the cancel', () => {
  it.each([503, 500, 408, 429])('does not try again a change answered HTTP %i: that answer is its outcome', async (status) => {
    const run = testCancel('SIGINT')
    const c = client(run.signal)
    const { sent, arrival } = await inFlight(c, 'POST')
    // A request sent again, which should not be, is answered at once: the test fails then, rather than hanging.
    server.answerAtOnce = 200
    run.cancel()
    arrival.answer(status, { 'retry-after': '1' })
    const error = await apiFailure(sent)
    expect(error.details).toEqual({
      method: 'POST',
      path: PURGE,
      attempts: 1,
      kind: 'cancelled',
      status,
      // The server's own words are kept, as in any failure.
      serverMessage: 'failed',
      detail: `HTTP ${status}, not tried again: the run was cancelled (SIGINT)`,
      retryable: true
    })
    expect(server.arrivals).toHaveLength(1)
    expect(retries).toEqual([])
    expect(clock.sleeps).toEqual([])
    expect(c.retries).toBe(0)
  })

  it('does not try again a change whose connection failed, and gives no status', async () => {
    const run = testCancel('SIGBREAK')
    const c = client(run.signal)
    const { sent, arrival } = await inFlight(c, 'POST')
    server.answerAtOnce = 200
    run.cancel()
    arrival.drop()
    const error = await apiFailure(sent)
    expect(error.details).toMatchObject({ method: 'POST', path: PURGE, attempts: 1, kind: 'cancelled', retryable: true })
    expect('status' in error.details).toBe(false)
    expect(error.details.detail).toMatch(/^network error \(.+\), not tried again: the run was cancelled \(SIGBREAK\)$/)
    expect(server.arrivals).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
  })

  it('fails as it would have without the cancel when the answer would not be tried again anyway', async () => {
    const checks: [Partial<ClientOptions>, number, boolean][] = [
      // Not retryable.
      [{}, 400, true],
      // Retryable, but the last attempt.
      [{ maxAttempts: 1 }, 503, true],
      // Retryable, but the caller retries it itself.
      [{}, 503, false],
      [{}, 429, false]
    ]
    for (const [options, status, retry] of checks) {
      const run = testCancel('SIGINT')
      const c = client(run.signal, options)
      const sent = c.request('POST', PURGE, { ...BODY, ...(retry ? {} : { retry: false }) })
      sent.catch(ignore)
      const arrival = await reached(sent, server.arrivals.length + 1)
      server.answerAtOnce = 200
      run.cancel()
      arrival.answer(status)
      const error = await apiFailure(sent)
      expect(error.details, `HTTP ${status}`).toMatchObject({ kind: 'http', status, attempts: 1 })
      server.answerAtOnce = undefined
    }
    expect(server.arrivals).toHaveLength(checks.length)
    expect(clock.sleeps).toEqual([])
  })

  it('ends a read cancelled while it waits to try again with the cancel itself', async () => {
    // A read is never left with an outcome of its own: whatever its last answer, the cancel is what it ends with.
    const run = testCancel('SIGINT')
    const c = client(run.signal)
    clock.hold = true
    const sent = c.request('GET', '/zones')
    const outcome = watch(sent)
    ;(await reached(sent, 1)).answer(503)
    await retried(sent)
    run.cancel()
    await flush()
    expect(outcome()).toEqual({ state: 'rejected', error: run.reason })
    expect(server.arrivals).toHaveLength(1)
  })
})

describe('ApiClient, cancelled while it waits to try again', () => {
  it('ends the backoff at once: a change keeps its last answer as its outcome, and is not sent again', async () => {
    const run = testCancel('SIGTERM')
    clock.hold = true
    const c = client(run.signal)
    const { sent } = await inFlight(c, 'POST')
    const outcome = watch(sent)
    server.arrivals[0]?.answer(502)
    await retried(sent)
    expect(clock.sleeps).toEqual([500])
    expect(retries).toHaveLength(1)
    run.cancel()
    await flush()
    const ended = outcome()
    expect(ended.state).toBe('rejected')
    const error = (ended as { error: unknown }).error
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).details).toEqual({
      method: 'POST',
      path: PURGE,
      attempts: 1,
      kind: 'cancelled',
      status: 502,
      serverMessage: 'failed',
      detail: 'HTTP 502, not tried again: the run was cancelled (SIGTERM)',
      retryable: true
    })
    expect(server.arrivals).toHaveLength(1)
  })

  it('passes on what ends the backoff when it is not the cancel', async () => {
    const run = testCancel()
    const broken = new Error('the clock broke')
    const c = client(run.signal, { sleep: () => Promise.reject(broken) })
    const { sent, arrival } = await inFlight(c, 'POST')
    arrival.answer(503)
    expect(await failure(sent)).toBe(broken)
  })

  it.each<Method>(['POST', 'GET'])('ends the wait out of a 429 at once for a %s', async (method) => {
    const run = testCancel('SIGINT')
    clock.hold = true
    const c = client(run.signal)
    const { sent, arrival } = await inFlight(c, method)
    const outcome = watch(sent)
    arrival.answer(429, { 'retry-after': '30' })
    await retried(sent)
    expect(clock.sleeps).toEqual([30_000])
    expect(retries).toMatchObject([{ method, reason: 'HTTP 429', delayMs: 30_000, rateLimited: true }])
    run.cancel()
    await flush()
    const ended = outcome()
    expect(ended.state).toBe('rejected')
    const error = (ended as { error: unknown }).error
    if (method === 'GET') expect(error).toBe(run.reason)
    else {
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).details).toMatchObject({
        kind: 'cancelled',
        status: 429,
        attempts: 1,
        detail: 'HTTP 429, not tried again: the run was cancelled (SIGINT)'
      })
    }
    expect(server.arrivals).toHaveLength(1)
  })

  it('ends the wait out of a 429 even if the sleep it was given does not heed the signal', async () => {
    const run = testCancel('SIGINT')
    const deaf: Sleep = () => new Promise<void>(() => undefined)
    const c = client(run.signal, { sleep: deaf })
    const { sent, arrival } = await inFlight(c, 'POST')
    const outcome = watch(sent)
    arrival.answer(429, { 'retry-after': '30' })
    await retried(sent)
    run.cancel()
    await flush()
    const ended = outcome()
    expect(ended.state).toBe('rejected')
    expect((ended as { error: unknown }).error).toBeInstanceOf(ApiError)
    expect(((ended as { error: unknown }).error as ApiError).details).toMatchObject({ kind: 'cancelled', status: 429 })
  })

  it('keeps the rate-limited failure when the time for rate limits is spent and the run goes on', async () => {
    const run = testCancel()
    const pacer = new Pacer({ concurrency: 2, maxWaitMs: 10_000, now: () => clock.now, sleep: clock.sleep, signal: run.signal })
    const c = client(run.signal, { pacer })
    const { sent, arrival } = await inFlight(c, 'POST')
    server.answerAtOnce = 200
    arrival.answer(429, { 'retry-after': '30' })
    const error = await apiFailure(sent)
    expect(error.details).toMatchObject({ kind: 'rate-limited', status: 429 })
  })
})

describe('ApiClient, cancelled while a paced request waits for its turn', () => {
  it('fails a first attempt held back by the pacer with the cancel itself, and sends nothing', async () => {
    const run = testCancel('SIGINT')
    const pacer = new Pacer({ concurrency: 1, maxWaitMs: 60_000, now: () => clock.now, sleep: clock.sleep, signal: run.signal })
    const c = client(run.signal, { pacer })
    const slot = await pacer.acquire()
    const outcome = watch(c.request('POST', PURGE, { ...BODY, paced: true }))
    await flush()
    expect(outcome().state).toBe('pending')
    run.cancel()
    await flush()
    expect(outcome()).toEqual({ state: 'rejected', error: run.reason })
    expect(server.arrivals).toHaveLength(0)
    slot.done()
  })

  it('fails a request back from a 429 and held back by the pacer with its last answer', async () => {
    const run = testCancel('SIGINT')
    const pacer = new Pacer({ concurrency: 1, maxWaitMs: 60_000, now: () => clock.now, sleep: clock.sleep, signal: run.signal })
    const c = client(run.signal, { pacer })
    const sent = c.request('POST', PURGE, { ...BODY, paced: true })
    const outcome = watch(sent)
    const arrival = await reached(sent, 1)
    // Another request takes the slot as soon as this one gives it back.
    const other = watch(pacer.acquire())
    arrival.answer(429, { 'retry-after': '1' })
    await retried(sent)
    expect(other().state).toBe('resolved')
    expect(outcome().state).toBe('pending')
    run.cancel()
    await flush()
    const ended = outcome()
    expect(ended.state).toBe('rejected')
    expect((ended as { error: unknown }).error).toBeInstanceOf(ApiError)
    expect(((ended as { error: unknown }).error as ApiError).details).toEqual({
      method: 'POST',
      path: PURGE,
      attempts: 1,
      kind: 'cancelled',
      status: 429,
      serverMessage: 'failed',
      detail: 'HTTP 429, not tried again: the run was cancelled (SIGINT)',
      retryable: true
    })
    expect(server.arrivals).toHaveLength(1)
  })

  /** A paced change answered 503, its retry held back by the pacer (another request took the slot), then the cancel. */
  async function retryHeldBack(): Promise<ApiError> {
    const run = testCancel('SIGINT')
    const pacer = new Pacer({ concurrency: 1, maxWaitMs: 60_000, now: () => clock.now, sleep: clock.sleep, signal: run.signal })
    const c = client(run.signal, { pacer })
    const sent = c.request('POST', PURGE, { ...BODY, paced: true })
    const outcome = watch(sent)
    const arrival = await reached(sent, 1)
    const other = watch(pacer.acquire())
    arrival.answer(503)
    await retried(sent)
    expect(other().state).toBe('resolved')
    expect(clock.sleeps).toEqual([500])
    expect(outcome().state).toBe('pending')
    run.cancel()
    await flush()
    const ended = outcome()
    expect(ended.state).toBe('rejected')
    const error = (ended as { error: unknown }).error as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(server.arrivals).toHaveLength(1)
    return error
  }

  it('fails a retry held back by the pacer with its last answer', async () => {
    const error = await retryHeldBack()
    expect(error.details).toMatchObject({
      method: 'POST',
      path: PURGE,
      kind: 'cancelled',
      status: 503,
      detail: 'HTTP 503, not tried again: the run was cancelled (SIGINT)',
      retryable: true
    })
  })

  // The attempt count is the attempts made: a retry that waited for the pacer when the run was cancelled is not one.
  it('counts only the attempt made when a retry held back by the pacer is cancelled', async () => {
    const error = await retryHeldBack()
    expect(error.details.attempts).toBe(1)
    expect(error.message).toMatch(/^POST \S+ failed: HTTP 503, not tried again/)
  })
})

describe('ApiClient.waitBeforeRetry, cancelled', () => {
  const refused = new ApiError({ method: 'POST', path: '/zones', kind: 'http', status: 503, attempts: 1, retryAfterMs: 4000 })

  it('waits with the run signal, and ends with the cancel', async () => {
    const run = testCancel('SIGINT')
    clock.hold = true
    const c = client(run.signal)
    const outcome = watch(c.waitBeforeRetry(1, refused))
    await flush()
    expect(clock.sleeps).toEqual([4000])
    expect(outcome().state).toBe('pending')
    run.cancel()
    await flush()
    expect(outcome()).toEqual({ state: 'rejected', error: run.reason })
    expect(c.retries).toBe(1)
  })

  it('ends at once once the run is cancelled', async () => {
    const run = testCancel('SIGINT')
    run.cancel()
    const c = client(run.signal)
    await expect(c.waitBeforeRetry(1, refused)).rejects.toBe(run.reason)
    expect(clock.sleeps).toEqual([])
  })
})
