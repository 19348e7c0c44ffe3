// The one HTTP request the edge checks need: a GET of a public URL, as a browser would send it but with
// no cookie and no credential. This module never receives the API key or the GitHub token, so it cannot
// send them. Bounded memory: a body is dropped, drained or hashed as it streams, never kept.
import { createHash } from 'node:crypto'
import { request, type Dispatcher } from '../http/undici.js'
import { edgeDispatcher } from '../http/pool.js'
import { certificateProblem } from '../http/tls.js'
import type { Sleep } from '../sleep.js'
import { seconds } from '../text.js'
import type { ResponseHeaders } from './freshness.js'

/** The most body bytes hashed for the content check: beyond, the content is not compared. */
export const MAX_HASHED_BYTES = 16 * 1024 * 1024

/** A browser's Accept for a page; images, scripts and styles are served whatever it says. */
const ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
/** What browsers accept, so that the edge answers with (and warms) the copy visitors get. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd'

export interface EdgeSettings {
  /** The action's User-Agent (src/version.ts USER_AGENT). */
  readonly userAgent: string
  /** Milliseconds one GET may take, its body included (the `timeout` input). */
  readonly timeoutMs: number
  /** Connections per host (the `concurrency` input); callers keep as many requests in flight. */
  readonly concurrency: number
  /** Default MAX_HASHED_BYTES; smaller in tests. */
  readonly maxHashedBytes?: number
  /** When an answer arrived, in milliseconds; the verification's clock. Default Date.now. */
  readonly now?: () => number
  /** The run's signal (src/cancel.ts): once aborted, every GET rejects with its reason, at once. */
  readonly signal?: AbortSignal | undefined
}

/**
 * What to do with the body: `skip` when the headers are all that matter (read a little so the connection
 * can be reused, else close it); `drain` to read it to the end and drop it (warming: the edge finishes
 * filling its cache); `hash` for the content check (asks for `Accept-Encoding: identity`; only the body
 * of a 200 is hashed, any other is skipped).
 */
export type BodyUse = 'skip' | 'drain' | 'hash'

/** What became of the body. */
export type BodyRead =
  | { readonly kind: 'skipped' }
  /** Read to the end and dropped. */
  | { readonly kind: 'drained'; readonly bytes: number }
  /** Read to the end and hashed: SHA-256 in hex; `found` when GetOptions.find was given: whether the body holds it. */
  | { readonly kind: 'hashed'; readonly bytes: number; readonly sha256: string; readonly found?: boolean }
  /** Longer than the limit for hashing: left unread beyond it. */
  | { readonly kind: 'too large'; readonly limit: number }
  /** Sent compressed although identity was asked: not hashed. */
  | { readonly kind: 'encoded'; readonly encoding: string }
  /** Cut off: a timeout or a network error while it came. */
  | { readonly kind: 'failed'; readonly detail: string }

/** What the edge checks and the wait for the origin are given: the log, the clock and the sleep, and the run's signal. */
export interface EdgeIo {
  readonly log: (message: string) => void
  readonly warn: (message: string) => void
  readonly group: <T>(name: string, fn: () => Promise<T>) => Promise<T>
  readonly now: () => number
  readonly sleep: Sleep
  /** The run's signal (src/cancel.ts): once aborted, no fetch starts, every wait ends, and the work rejects with its reason. */
  readonly signal?: AbortSignal | undefined
}

/** The edge's answer to one GET, or why there was none. */
export type EdgeAnswer =
  | {
      readonly kind: 'response'
      readonly status: number
      readonly headers: ResponseHeaders
      /** When the status and headers arrived (EdgeSettings.now). */
      readonly answeredAt: number
      readonly body: BodyRead
    }
  /** `detail` says what happened: `timed out after 30 s`, `network error (ECONNREFUSED)`, `TLS certificate not trusted (CERT_HAS_EXPIRED)`. */
  | { readonly kind: 'timeout' | 'network'; readonly detail: string }

/** What a GET may ask for besides the body's use (the origin check, src/origin/). */
export interface GetOptions {
  /** Send `Cache-Control: no-cache`, asking every cache on the way for a copy from the origin. */
  readonly noCache?: boolean
  /** With BodyUse `hash`: look for this text (UTF-8) in the body as it streams (BodyRead `found`). */
  readonly find?: string
}

/** GETs public URLs on a connection pool of its own; close it when done. */
export interface EdgeFetcher {
  get(url: string, body: BodyUse, options?: GetOptions): Promise<EdgeAnswer>
  close(): Promise<void>
}

/** Closes a body that will not be read; its abort is expected, not an error to report. */
const drop = (body: Dispatcher.ResponseData['body']): void => {
  body.on('error', () => undefined).destroy()
}

/** The error's code (`ECONNRESET`, `UND_ERR_SOCKET`), else the error itself. */
const errorDetail = (error: unknown): string => String((error as { code?: unknown }).code ?? error)

/** Why no answer came: a certificate the runner does not trust is named as such (Node's code says why). */
function failureDetail(error: unknown): string {
  const certificate = certificateProblem(error)
  return certificate === undefined ? `network error (${errorDetail(error)})` : `TLS certificate not trusted (${certificate})`
}

/**
 * Looks for `text` in a body that comes in chunks, holding only the chunk and the last bytes of the one before
 * (one fewer than the text's length), so that a text split over two chunks is found too.
 */
export function textSearch(text: string): { update(chunk: Buffer): void; found(): boolean } {
  const needle = Buffer.from(text)
  let tail = Buffer.alloc(0)
  let seen = needle.length === 0
  return {
    update(chunk) {
      if (seen) return
      const joined = Buffer.concat([tail, chunk])
      seen = joined.includes(needle)
      // Stryker disable next-line ArithmeticOperator: a longer tail finds the same texts; only what is held differs
      tail = joined.subarray(Math.max(0, joined.length - needle.length + 1))
    },
    found: () => seen
  }
}

/**
 * Reads the body as `use` asks: drained and dropped, or hashed (and searched for `find`) up to `limit` bytes. A body
 * cut off once `signal` (the fetch's) is aborted says it timed out.
 */
async function readBody(
  response: Dispatcher.ResponseData,
  use: 'drain' | 'hash',
  limit: number,
  find: string | undefined,
  signal: AbortSignal,
  timeout: string
): Promise<BodyRead> {
  const hash = use === 'hash' ? createHash('sha256') : undefined
  // Only a hashed body says whether it held the text.
  const search = find === undefined ? undefined : textSearch(find)
  let bytes = 0
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      bytes += chunk.length
      // Leaving the loop destroys the body, and with it the connection.
      if (hash !== undefined && bytes > limit) return { kind: 'too large', limit }
      hash?.update(chunk)
      search?.update(chunk)
    }
  } catch (error) {
    return { kind: 'failed', detail: signal.aborted ? timeout : errorDetail(error) }
  }
  if (hash === undefined) return { kind: 'drained', bytes }
  return { kind: 'hashed', bytes, sha256: hash.digest('hex'), ...(search === undefined ? {} : { found: search.found() }) }
}

/**
 * A fetcher with its own keep-alive pool that honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY like the API
 * requests. Redirects are not followed: a 3xx is judged by its own headers. Once the run's signal is aborted, a
 * GET rejects with its reason: one asked for then sends nothing, one in flight is abandoned at once.
 */
export function openEdge(settings: EdgeSettings): EdgeFetcher {
  const dispatcher = edgeDispatcher(settings.concurrency)
  const now = settings.now ?? Date.now
  const limit = settings.maxHashedBytes ?? MAX_HASHED_BYTES
  const timeout = `timed out after ${seconds(settings.timeoutMs)}`
  const run = settings.signal

  // An abort of the run's signal reads here as a timeout: get() turns it into the cancel.
  const fetchOnce = async (url: string, use: BodyUse, options: GetOptions): Promise<EdgeAnswer> => {
    const timer = AbortSignal.timeout(settings.timeoutMs)
    const signal = run === undefined ? timer : AbortSignal.any([timer, run])
    const headers = {
      'user-agent': settings.userAgent,
      accept: ACCEPT,
      'accept-encoding': use === 'hash' ? 'identity' : BROWSER_ENCODINGS,
      ...(options.noCache === true ? { 'cache-control': 'no-cache' } : {})
    }
    let response: Dispatcher.ResponseData
    try {
      response = await request(url, { headers, dispatcher, signal })
    } catch (error) {
      return signal.aborted ? { kind: 'timeout', detail: timeout } : { kind: 'network', detail: failureDetail(error) }
    }
    const answeredAt = now()
    const answer = (body: BodyRead): EdgeAnswer => ({
      kind: 'response',
      status: response.statusCode,
      headers: response.headers,
      answeredAt,
      body
    })
    const encoding = String(response.headers['content-encoding'] ?? '').trim()
    const length = Number(response.headers['content-length'])
    // Only a 200 is compared with the deployed file: the body of any other answer is not worth reading.
    if (use === 'skip' || (use === 'hash' && response.statusCode !== 200)) {
      await response.body.dump()
      return answer({ kind: 'skipped' })
    }
    if (use === 'hash' && !['', 'identity'].includes(encoding.toLowerCase())) {
      drop(response.body)
      return answer({ kind: 'encoded', encoding })
    }
    if (use === 'hash' && length > limit) {
      drop(response.body)
      return answer({ kind: 'too large', limit })
    }
    return answer(await readBody(response, use, limit, options.find, signal, timeout))
  }

  const get = async (url: string, use: BodyUse, options: GetOptions = {}): Promise<EdgeAnswer> => {
    run?.throwIfAborted()
    const answer = await fetchOnce(url, use, options)
    // Whatever the abort made of the answer (no answer, a body cut off), the caller is told of the cancel instead.
    run?.throwIfAborted()
    return answer
  }

  return { get, close: () => dispatcher.close() }
}
