import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import { testCancel } from '../../support/clock.js'
import { createTestCa } from '../../support/tls.js'
import { MAX_HASHED_BYTES, openEdge, textSearch, type EdgeFetcher, type EdgeSettings } from '../../../src/edge/fetch.js'
import { defaultBody, startEdge, type StandInEdge } from '../../stand-in/edge.js'

let edge: StandInEdge
const fetchers: EdgeFetcher[] = []

/** A fetcher that reaches the stand-in edge through HTTP_PROXY, as the action does on a runner behind a proxy. */
function fetcher(settings: Partial<EdgeSettings> = {}): EdgeFetcher {
  const created = openEdge({ userAgent: 'cdn-purge-action/test', timeoutMs: 5000, concurrency: 2, now: () => 42_000, ...settings })
  fetchers.push(created)
  return created
}

const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex')
const page = 'http://example.com/a.html'

beforeEach(async () => {
  edge = await startEdge()
  for (const name of ['http_proxy', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY']) vi.stubEnv(name, undefined)
  vi.stubEnv('HTTP_PROXY', edge.url)
})
afterEach(async () => {
  await Promise.all(fetchers.splice(0).map((f) => f.close()))
  await edge.close()
  vi.unstubAllEnvs()
})

describe('openEdge: what is sent', () => {
  it('sends a GET through HTTP_PROXY with the User-Agent, a browser Accept, and no cookie or credential', async () => {
    await fetcher().get(page, 'skip')
    expect(edge.requests).toHaveLength(1)
    const [request] = edge.requests
    expect(request).toMatchObject({ method: 'GET', url: page, viaProxy: true })
    expect(request?.headers).toMatchObject({
      'user-agent': 'cdn-purge-action/test',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-encoding': 'gzip, deflate, br, zstd'
    })
    for (const name of ['cookie', 'authorization', 'proxy-authorization', 'cache-control', 'pragma'])
      expect(request?.headers[name]).toBeUndefined()
  })

  it('asks for identity encoding when the body is hashed, and browser encodings when drained', async () => {
    const edgeFetcher = fetcher()
    await edgeFetcher.get(page, 'hash')
    await edgeFetcher.get(page, 'drain')
    expect(edge.requests.map((request) => request.headers['accept-encoding'])).toEqual(['identity', 'gzip, deflate, br, zstd'])
  })

  it('goes to the host directly when NO_PROXY names it', async () => {
    vi.stubEnv('NO_PROXY', '127.0.0.1')
    const direct = `${edge.url}/direct.html`
    const answer = await fetcher().get(direct, 'skip')
    expect(answer).toMatchObject({ kind: 'response', status: 200 })
    expect(edge.requests).toMatchObject([{ url: direct, viaProxy: false }])
  })

  it('does not follow a redirect: the 3xx is the answer', async () => {
    edge.set(page, { status: 301, headers: { location: 'http://example.com/b.html' }, age: 5 })
    const answer = await fetcher().get(page, 'skip')
    expect(answer).toMatchObject({ kind: 'response', status: 301, headers: { location: 'http://example.com/b.html', age: '5' } })
    expect(edge.requests.map((request) => request.url)).toEqual([page])
  })
})

describe('openEdge: the answer', () => {
  it('gives the status, the headers and when they arrived, and skips the body', async () => {
    edge.set(page, { status: 404, age: 7, headers: { 'cf-cache-status': 'HIT' } })
    const answer = await fetcher().get(page, 'skip')
    expect(answer).toMatchObject({
      kind: 'response',
      status: 404,
      answeredAt: 42_000,
      body: { kind: 'skipped' },
      headers: { age: '7', 'cf-cache-status': 'HIT' }
    })
  })

  it('reads an answer without a clock of its own to Date.now', async () => {
    const before = Date.now()
    const answer = await openEdgeWithoutClock().get(page, 'skip')
    expect(answer.kind === 'response' && answer.answeredAt >= before && answer.answeredAt <= Date.now()).toBe(true)
  })

  it('hashes the body with SHA-256', async () => {
    const answer = await fetcher().get(page, 'hash')
    expect(answer).toMatchObject({
      kind: 'response',
      body: { kind: 'hashed', bytes: Buffer.byteLength(defaultBody(page)), sha256: sha256(defaultBody(page)) }
    })
  })

  it('hashes only the body of a 200', async () => {
    edge.set(page, { status: 404, body: 'not found' })
    expect(await fetcher().get(page, 'hash')).toMatchObject({ kind: 'response', status: 404, body: { kind: 'skipped' } })
    edge.set(page, { status: 203, body: 'from elsewhere' })
    expect(await fetcher().get(page, 'hash')).toMatchObject({ kind: 'response', status: 203, body: { kind: 'skipped' } })
  })

  it('drains the body of any answer', async () => {
    edge.set(page, { status: 404, body: 'not found' })
    expect(await fetcher().get(page, 'drain')).toMatchObject({ kind: 'response', status: 404, body: { kind: 'drained', bytes: 9 } })
  })

  it('hashes a body that says Content-Encoding: identity', async () => {
    edge.set(page, { body: 'plain', headers: { 'content-encoding': ' Identity ' } })
    expect(await fetcher().get(page, 'hash')).toMatchObject({ body: { kind: 'hashed', sha256: sha256('plain') } })
  })

  it('reads a drained body to the end without hashing it, whatever its length and encoding', async () => {
    const bytes = 3 * 1024 * 1024 + 5
    edge.set(page, { bodyBytes: bytes, headers: { 'content-length': String(bytes), 'content-encoding': 'gzip' } })
    const answer = await fetcher({ maxHashedBytes: 1024 }).get(page, 'drain')
    expect(answer).toEqual({
      kind: 'response',
      status: 200,
      headers: expect.any(Object) as unknown,
      answeredAt: 42_000,
      body: { kind: 'drained', bytes }
    })
    expect(edge.requests[0]?.finished).toBe(true)
  })

  it('does not hash a body sent compressed although identity was asked', async () => {
    edge.set(page, { body: 'compressed?', headers: { 'content-encoding': 'gzip' } })
    expect(await fetcher().get(page, 'hash')).toMatchObject({ kind: 'response', status: 200, body: { kind: 'encoded', encoding: 'gzip' } })
  })

  it('hashes at most 16 MiB by default', () => {
    expect(MAX_HASHED_BYTES).toBe(16 * 1024 * 1024)
  })

  it('hashes a body of exactly the limit, streamed or with its length', async () => {
    const expected = { body: { kind: 'hashed', bytes: 1024, sha256: sha256(Buffer.alloc(1024, 'x')) } }
    edge.set(page, { bodyBytes: 1024 })
    expect(await fetcher({ maxHashedBytes: 1024 }).get(page, 'hash')).toMatchObject(expected)
    edge.set(page, { bodyBytes: 1024, headers: { 'content-length': '1024' } })
    expect(await fetcher({ maxHashedBytes: 1024 }).get(page, 'hash')).toMatchObject(expected)
  })

  it('does not wait for a body whose Content-Length is over the limit', async () => {
    edge.set(page, { body: 'x'.repeat(2048), cutBody: 'stall' })
    expect(await fetcher({ maxHashedBytes: 1500, timeoutMs: 2000 }).get(page, 'hash')).toMatchObject({
      kind: 'response',
      body: { kind: 'too large', limit: 1500 }
    })
  })

  it.each([
    ['too large by its Content-Length', { 'content-length': String(8 * 1024 * 1024) }],
    ['compressed', { 'content-encoding': 'gzip' }],
    ['too large as it streams', {}]
  ])('closes the connection of a body it does not hash (%s), instead of leaving it blocked', async (_, headers) => {
    edge.set(page, { bodyBytes: 8 * 1024 * 1024, headers })
    expect(await fetcher({ maxHashedBytes: 1024, timeoutMs: 10_000 }).get(page, 'hash')).toMatchObject({ kind: 'response', status: 200 })
    await vi.waitFor(() => expect(edge.requests[0]?.connectionClosed).toBe(true), { timeout: 3000 })
    expect(edge.requests[0]?.finished).toBe(false)
  })

  it('keeps to `concurrency` connections to a host', async () => {
    vi.stubEnv('NO_PROXY', '127.0.0.1')
    const oneConnection = fetcher({ concurrency: 1 })
    const answers = await Promise.all(['a', 'b', 'c'].map((name) => oneConnection.get(`${edge.url}/${name}`, 'skip')))
    expect(answers.map((answer) => answer.kind === 'response' && answer.status)).toEqual([200, 200, 200])
    expect(edge.connections).toBe(1)
  })

  it('stops reading a streamed body at the limit instead of holding it', async () => {
    const total = 256 * 1024 * 1024
    edge.set(page, { bodyBytes: total })
    const answer = await fetcher({ maxHashedBytes: 1024 * 1024 }).get(page, 'hash')
    expect(answer).toMatchObject({ kind: 'response', status: 200, body: { kind: 'too large', limit: 1024 * 1024 } })
    expect(edge.requests[0]?.finished).toBe(false)
    expect(edge.requests[0]?.bytesSent).toBeLessThan(total)
  })
})

describe('openEdge: what the origin check asks for', () => {
  it('sends Cache-Control: no-cache only when asked', async () => {
    await fetcher().get(page, 'hash', { noCache: true })
    await fetcher().get(page, 'hash', { noCache: false })
    expect(edge.requests.map((request) => request.headers['cache-control'])).toEqual(['no-cache', undefined])
  })

  it('looks for a text in a hashed body, also across chunks, and says whether it was there', async () => {
    edge.set(page, { body: 'release v2.4.1 built' })
    const found = await fetcher().get(page, 'hash', { find: 'v2.4.1' })
    expect(found).toMatchObject({ kind: 'response', body: { kind: 'hashed', sha256: sha256('release v2.4.1 built'), found: true } })
    const missing = await fetcher().get(page, 'hash', { find: 'v2.4.2' })
    expect(missing).toMatchObject({ body: { kind: 'hashed', found: false } })
    // Without a text to find, the body says nothing of it.
    const plain = await fetcher().get(page, 'hash')
    expect(plain.kind === 'response' && 'found' in plain.body).toBe(false)
    const big = 'http://example.com/big'
    edge.set(big, { bodyBytes: 200 * 1024 })
    expect(await fetcher().get(big, 'hash', { find: 'xxxy' })).toMatchObject({ body: { kind: 'hashed', found: false } })
    expect(await fetcher().get(big, 'hash', { find: 'x'.repeat(70 * 1024) })).toMatchObject({ body: { kind: 'hashed', found: true } })
  })
})

describe('textSearch', () => {
  const search = (text: string, chunks: string[]): boolean => {
    const searching = textSearch(text)
    for (const chunk of chunks) searching.update(Buffer.from(chunk))
    return searching.found()
  }

  it('finds a text within a chunk, split over two or over many, and nothing that is not there', () => {
    expect(search('abc', ['xxabcxx'])).toBe(true)
    expect(search('abc', ['xxa', 'bcxx'])).toBe(true)
    expect(search('abcdef', ['a', 'b', 'c', 'd', 'e', 'f'])).toBe(true)
    expect(search('abc', ['ab', 'xc'])).toBe(false)
    expect(search('abc', ['a', 'b'])).toBe(false)
    expect(search('abc', [])).toBe(false)
    expect(search('', [])).toBe(true)
    // Once found, it stays found whatever comes after.
    expect(search('abc', ['abc', 'xyz'])).toBe(true)
    expect(search('été', ['é', 't', 'é'])).toBe(true)
  })

  it('joins the tail of one chunk to the next, and only what is really next to it', () => {
    expect(search('bca', ['ab', 'cab'])).toBe(true)
    expect(search('aab', ['a', 'xa', 'b'])).toBe(false)
  })
})

describe('openEdge: when there is no answer', () => {
  it('times out a request that hangs', async () => {
    edge.set(page, { hang: true })
    expect(await fetcher({ timeoutMs: 200 }).get(page, 'skip')).toEqual({ kind: 'timeout', detail: 'timed out after 0.2 s' })
  })

  it('reports a reset connection as a network error', async () => {
    edge.set(page, { reset: true })
    expect(await fetcher().get(page, 'skip')).toEqual({ kind: 'network', detail: 'network error (UND_ERR_SOCKET)' })
  })

  it('reports a URL it cannot fetch as a network error, without throwing', async () => {
    expect(await fetcher().get('not a url', 'skip')).toEqual({ kind: 'network', detail: 'network error (ERR_INVALID_URL)' })
  })

  it("says a certificate the runner does not trust is one, with Node's code for why", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdn-purge-edge-tls-'))
    const { selfSigned } = createTestCa(dir)
    const server = createServer({ cert: selfSigned.cert.pem, key: selfSigned.key.pem }, (_, res) => res.end('page'))
    try {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      vi.stubEnv('HTTP_PROXY', undefined)
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/a.html`
      expect(await fetcher().get(url, 'skip')).toEqual({
        kind: 'network',
        detail: 'TLS certificate not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)'
      })
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('fetches nothing once closed', async () => {
    const closed = openEdge({ userAgent: 'ua', timeoutMs: 5000, concurrency: 1 })
    await closed.close()
    expect(await closed.get(page, 'skip')).toEqual({ kind: 'network', detail: 'network error (UND_ERR_DESTROYED)' })
    expect(edge.requests).toEqual([])
  })

  it('keeps the answer when the body is cut off, and says why', async () => {
    edge.set(page, { cutBody: 'reset', age: 3 })
    expect(await fetcher().get(page, 'hash')).toMatchObject({
      kind: 'response',
      status: 200,
      headers: { age: '3' },
      body: { kind: 'failed', detail: 'UND_ERR_SOCKET' }
    })
  })

  it('keeps the answer when the body times out', async () => {
    edge.set(page, { cutBody: 'stall' })
    expect(await fetcher({ timeoutMs: 300 }).get(page, 'drain')).toMatchObject({
      kind: 'response',
      status: 200,
      body: { kind: 'failed', detail: 'timed out after 0.3 s' }
    })
  })

  it('gives up on a skipped body that never ends when the time is up', async () => {
    edge.set(page, { cutBody: 'stall' })
    expect(await fetcher({ timeoutMs: 300 }).get(page, 'skip')).toMatchObject({ kind: 'response', status: 200, body: { kind: 'skipped' } })
  })
})

// The per-fetch timeout is a minute here: only the run's signal can end these fetches before the test times out.
describe('openEdge: when the run is cancelled', () => {
  it('sends nothing once the run is cancelled, and rejects with the cancel', async () => {
    const run = testCancel()
    run.cancel()
    const got = fetcher({ signal: run.signal }).get(page, 'skip')
    await expect(got).rejects.toBe(run.reason)
    await expect(got).rejects.toBeInstanceOf(Cancelled)
    expect(edge.requests).toEqual([])
    expect(edge.connections).toBe(0)
  })

  it('abandons a request that has no answer yet at once, rejecting with the cancel', async () => {
    edge.set(page, { hang: true })
    const run = testCancel()
    const got = fetcher({ timeoutMs: 60_000, signal: run.signal }).get(page, 'skip')
    await vi.waitFor(() => expect(edge.requests).toHaveLength(1))
    run.cancel()
    await expect(got).rejects.toBe(run.reason)
    await expect(got).rejects.toBeInstanceOf(Cancelled)
  })

  it.each(['skip', 'drain', 'hash'] as const)('abandons a body that never ends (%s) at once, rejecting with the cancel', async (use) => {
    edge.set(page, { cutBody: 'stall' })
    const run = testCancel()
    // The cancel comes as the status and headers arrive: while the body is read.
    const now = (): number => {
      run.cancel()
      return 42_000
    }
    const got = fetcher({ timeoutMs: 60_000, signal: run.signal, now }).get(page, use)
    await expect(got).rejects.toBe(run.reason)
    await expect(got).rejects.toBeInstanceOf(Cancelled)
  })

  it('still answers with a timeout, or the page, while the run goes on', async () => {
    const run = testCancel()
    edge.set(page, { hang: true })
    expect(await fetcher({ timeoutMs: 200, signal: run.signal }).get(page, 'skip')).toEqual({
      kind: 'timeout',
      detail: 'timed out after 0.2 s'
    })
    edge.set(page, { body: 'page' })
    expect(await fetcher({ signal: run.signal }).get(page, 'hash')).toMatchObject({ kind: 'response', body: { sha256: sha256('page') } })
  })
})

function openEdgeWithoutClock(): EdgeFetcher {
  const created = openEdge({ userAgent: 'ua', timeoutMs: 5000, concurrency: 1 })
  fetchers.push(created)
  return created
}
