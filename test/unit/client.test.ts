import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient, type ClientOptions } from '../../src/http/client.js'
import { ApiError } from '../../src/http/errors.js'
import { startStandIn, type StandIn } from '../stand-in/server.js'

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
    expect(get?.headers).toMatchObject({ authorization: `Bearer ${api.apiKey}`, accept: 'application/json', 'user-agent': 'cdn-purge-action/test' })
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
    expect(response.attempts).toBe(3)
    expect(sleeps).toEqual([7000, 3000])
    expect(c.retries).toBe(2)
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

  it.each([408, 429, 500, 502, 503, 504])('retries HTTP %i', async (status) => {
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
    expect(error.message).toMatch(/^POST \/zones\/zone-example\/purge failed: HTTP 503: "Injected fault 503" \(request id req-3\) after 3 attempts\./)
  })

  it('treats success: false as a failure even with status 200', async () => {
    api.fault({ path: purge, status: 200, body: '{"success":false,"errors":[{"message":"purge queue full"}]}' })
    const error = await failure(client().request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.details).toMatchObject({ kind: 'unsuccessful', status: 200, serverMessage: 'purge queue full', attempts: 1 })
  })

  it('quotes the start of a non-JSON error body', async () => {
    api.fault({ path: purge, status: 502, times: 2, body: '<html><h1>502 Bad Gateway</h1></html>' })
    const error = await failure(client({ maxAttempts: 2 }).request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.message).toContain('HTTP 502: "<html><h1>502 Bad Gateway</h1></html>"')
  })

  it('retries a connection reset', async () => {
    api.fault({ path: purge, reset: true })
    const response = await client().request('POST', purge, { body: { tags: ['a'] } })
    expect(response.attempts).toBe(2)
  })

  it('times out a request that hangs, and retries it', async () => {
    api.fault({ path: purge, hang: true })
    const response = await client({ timeoutMs: 200 }).request('POST', purge, { body: { tags: ['a'] } })
    expect(response.attempts).toBe(2)
    expect(sleeps).toEqual([500])
  })

  it('says a request timed out', async () => {
    api.fault({ path: purge, hang: true, times: 2 })
    const error = await failure(client({ timeoutMs: 200, maxAttempts: 2 }).request('POST', purge, { body: { tags: ['a'] } }))
    expect(error.details.kind).toBe('timeout')
    expect(error.message).toMatch(/timed out after 0.2 s after 2 attempts/)
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

  it('reports each attempt and each retry to its callbacks', async () => {
    api.fault({ path: purge, status: 503, retryAfter: '2' })
    const attempts: unknown[] = []
    const retries: unknown[] = []
    await client({ onAttempt: (a) => attempts.push({ ...a, ms: 0 }), onRetry: (r) => retries.push(r) }).request('POST', purge, { body: { tags: ['a'] } })
    expect(attempts).toEqual([
      { method: 'POST', path: purge, attempt: 1, outcome: 503, ms: 0 },
      { method: 'POST', path: purge, attempt: 2, outcome: 200, ms: 0 }
    ])
    expect(retries).toEqual([{ method: 'POST', path: purge, attempt: 1, reason: 'HTTP 503', delayMs: 2000 }])
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
