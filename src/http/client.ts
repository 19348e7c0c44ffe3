import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { request, type Dispatcher } from 'undici'
import { ApiError, extractServerMessage, type ApiErrorDetails } from './errors.js'
import { Pacer, RateLimitWaitExceeded, type Ticket } from './pacer/index.js'
import { createDispatcher } from './pool.js'
import { backoffDelay, parseRetryAfter, RETRYABLE_STATUSES } from './retry.js'
import { certificateProblem } from './tls.js'
import type { ResponseHeaders as Headers } from './headers.js'
import { sleep } from '../sleep.js'
import { redact, registerSecret, scrubCredentials } from '../secrets.js'
import { clip, exactSizeText, seconds } from '../text.js'

// inputs.ts checks the proxy variables through the client; the pool is where they are read.
export { unusableProxyVariable } from './pool.js'

export type Method = 'GET' | 'POST'

/** One attempt as it happened, for the debug log. */
export interface AttemptRecord {
  readonly method: Method
  readonly path: string
  readonly attempt: number
  /** HTTP status, or the network error / timeout that replaced it. */
  readonly outcome: number | string
  readonly ms: number
}

export interface ClientOptions {
  /** Base address including the version segment, no trailing slash. */
  readonly baseUrl: string
  readonly apiKey: string
  readonly userAgent: string
  readonly timeoutMs: number
  readonly maxAttempts: number
  /** Defaults to createDispatcher's pool for `baseUrl`. */
  readonly dispatcher?: Dispatcher
  /** Injected in tests so that retries do not sleep. */
  readonly sleep?: (ms: number) => Promise<void>
  readonly random?: () => number
  readonly now?: () => number
  readonly onAttempt?: (record: AttemptRecord) => void
  readonly onRetry?: (retry: RetryRecord) => void
  /**
   * Paces requests that ask for it, and bounds the time spent waiting out 429s. Without one, the client
   * has its own that paces nothing and allows ten minutes of waiting on rate limits.
   */
  readonly pacer?: Pacer
}

/** A failed attempt that will be tried again after `delayMs`. */
export interface RetryRecord {
  readonly method: Method
  readonly path: string
  /** What the request does, when the caller said ("URLs 1-30 of 75 (batch 1 of 3)"). */
  readonly label: string | undefined
  readonly attempt: number
  readonly reason: string
  readonly delayMs: number
  /** A 429: waiting it out does not count as an attempt. */
  readonly rateLimited: boolean
}

export interface RequestOptions {
  readonly query?: Readonly<Record<string, string | number>>
  readonly body?: unknown
  /**
   * false: one attempt only, for a request that must not be repeated blindly (creating a zone). The
   * caller checks what happened, then calls `waitBeforeRetry` and tries again itself.
   */
  readonly retry?: boolean
  /**
   * Most bytes of the answer's body that are read (default 1 MiB). A longer answer fails the request
   * at once as too large, without reading the rest, and is not retried: it would not get smaller.
   */
  readonly maxBodyBytes?: number
  /**
   * Most JSON values (objects, arrays, strings, numbers…) the answer may hold. A body within its byte limit
   * can still hold millions of tiny values, each an object in memory: past this, the parse stops and the
   * answer fails as too large. Unset: no count.
   */
  readonly maxJsonValues?: number
  /** Go through the pacer: at most `concurrency` such requests in flight, no faster than the API allows. */
  readonly paced?: boolean
  /** What the request does, for the retry lines of the log. */
  readonly label?: string
}

/** What rate limits cost the step so far. */
export interface RateLimitStats {
  /** 429 answers. */
  readonly limited: number
  readonly waitedMs: number
  /** Requests per second the pacer settled on; undefined when it never had to pace. */
  readonly pace: number | undefined
}

/** Ten minutes: the default of the rate-limit-wait input. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 600_000

/** The body limit of a request that does not set its own: far above any answer of the API. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

export interface ApiResponse<T> {
  readonly status: number
  /** Parsed JSON body; undefined when the body was empty or not JSON. */
  readonly body: T | undefined
  readonly attempts: number
  /** Size of the body as read, in bytes (UTF-8): what a caller that reads many answers counts against its own total. */
  readonly bytes?: number
}

/** The outcome of one attempt: a response to judge (its body, or that it was too large), or a transport failure. */
export type AttemptResult =
  | { readonly kind: 'response'; readonly status: number; readonly text: string; readonly headers: Headers }
  | { readonly kind: 'too-large'; readonly status: number; readonly headers: Headers }
  | { readonly kind: 'network'; readonly detail: string }
  | { readonly kind: 'timeout'; readonly detail: string }
  /** The server's certificate was not accepted; `detail` is Node's code for why. */
  | { readonly kind: 'tls'; readonly detail: string }

/**
 * A proxy that would not open the tunnel, said as such: undici reports it as an abort
 * (`Proxy response (407) !== 200 when HTTP Tunneling`), which its code alone does not tell.
 */
const TUNNEL_REFUSED = /^Proxy response \((\d{3})\) !== 200 when HTTP Tunneling$/

/**
 * A small JSON client for the service: authentication, timeouts, retries with `Retry-After`,
 * and errors that say what failed. It knows nothing about zones or purges.
 */
export class ApiClient {
  /** HTTP requests sent, retries included. */
  requestsSent = 0
  /** Attempts beyond the first, over all requests (including those a caller retried via waitBeforeRetry). */
  retries = 0
  private readonly dispatcher: Dispatcher
  private readonly sleep: (ms: number) => Promise<void>
  private readonly random: () => number
  private readonly now: () => number
  private readonly pacer: Pacer

  constructor(private readonly options: ClientOptions) {
    // The key the client sends is one redaction must know, however the client was made.
    registerSecret(options.apiKey)
    this.dispatcher = options.dispatcher ?? createDispatcher(options.baseUrl, 8)
    this.sleep = options.sleep ?? sleep
    this.random = options.random ?? Math.random
    this.now = options.now ?? Date.now
    this.pacer =
      options.pacer ??
      new Pacer({ concurrency: Number.POSITIVE_INFINITY, maxWaitMs: DEFAULT_RATE_LIMIT_WAIT_MS, now: this.now, sleep: this.sleep })
  }

  get rateLimits(): RateLimitStats {
    return { limited: this.pacer.limited, waitedMs: this.pacer.waited, pace: this.pacer.pace }
  }

  /** Sends the request, retrying what may succeed later. Resolves on success; throws ApiError otherwise. */
  async request<T = unknown>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = this.options.baseUrl + path + queryString(options.query)
    // No body: JSON.stringify(undefined) is undefined.
    const body: string | undefined = JSON.stringify(options.body)
    const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
    let returning = false
    for (let attempt = 1; ;) {
      const ticket: Ticket | undefined = options.paced === true ? await this.acquire(method, path, attempt, returning) : undefined
      const started = performance.now()
      const result = await this.attempt(method, url, body, maxBodyBytes)
      if (ticket !== undefined) {
        if (result.kind === 'response' || result.kind === 'too-large') this.pacer.observe(ticket, result.status, result.headers)
        ticket.done()
      }
      this.options.onAttempt?.({ method, path, attempt, outcome: outcomeOf(result), ms: Math.round(performance.now() - started) })
      const judged = this.judge(method, path, attempt, result, maxBodyBytes, options.maxJsonValues)
      if (judged.done) return judged.response as ApiResponse<T>
      const rateLimited = result.kind === 'response' && result.status === 429 && options.retry !== false
      if (rateLimited) {
        if (ticket === undefined) this.pacer.limited++
        // A 429 is not a failed attempt: it is waited out, within the step's time for rate limits.
        const delayMs: number = judged.retryAfterMs ?? (ticket === undefined ? backoffDelay(attempt, this.random) : 0)
        this.options.onRetry?.({ method, path, label: options.label, attempt, reason: 'HTTP 429', delayMs, rateLimited: true })
        await this.waitOutRateLimit(method, path, attempt, delayMs)
        returning = delayMs > 0
        continue
      }
      if (!judged.retryable || attempt >= this.options.maxAttempts || options.retry === false) {
        throw new ApiError({
          ...judged.details,
          retryable: judged.retryable,
          ...(judged.retryAfterMs === undefined ? {} : { retryAfterMs: judged.retryAfterMs })
        })
      }
      const delayMs = judged.retryAfterMs ?? backoffDelay(attempt, this.random)
      this.options.onRetry?.({ method, path, label: options.label, attempt, reason: retryReason(result), delayMs, rateLimited: false })
      this.retries++
      attempt++
      returning = false
      await this.sleep(delayMs)
    }
  }

  /** A slot from the pacer; once the step's time for rate limits is spent, the request fails as rate limited. */
  private async acquire(method: Method, path: string, attempt: number, returning: boolean): Promise<Ticket> {
    try {
      return await this.pacer.acquire(returning)
    } catch (error) {
      throw this.rateLimitFailure(error, method, path, attempt)
    }
  }

  private async waitOutRateLimit(method: Method, path: string, attempt: number, delayMs: number): Promise<void> {
    try {
      await this.pacer.waitRetry(delayMs)
    } catch (error) {
      throw this.rateLimitFailure(error, method, path, attempt)
    }
  }

  private rateLimitFailure(error: unknown, method: Method, path: string, attempt: number): unknown {
    if (!(error instanceof RateLimitWaitExceeded)) return error
    return new ApiError({ method, path, attempts: attempt, kind: 'rate-limited', status: 429, detail: error.message, retryable: true })
  }

  /** Waits as the client would before attempt `attempt + 1` after `error`: Retry-After, else backoff. */
  async waitBeforeRetry(attempt: number, error: ApiError): Promise<void> {
    this.retries++
    await this.sleep(error.details.retryAfterMs ?? backoffDelay(attempt, this.random))
  }

  get maxAttempts(): number {
    return this.options.maxAttempts
  }

  async close(): Promise<void> {
    await this.dispatcher.close()
  }

  private async attempt(method: Method, url: string, body: string | undefined, maxBodyBytes: number): Promise<AttemptResult> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    // One signal for the whole attempt, body included: an answer that drips in slowly ends at the timeout too.
    // Its timer is cleared with the attempt, so a thousand requests do not leave a thousand timers behind.
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs)
    const signal = controller.signal
    this.requestsSent++
    try {
      const response = await request(url, { method, headers, body: body ?? null, dispatcher: this.dispatcher, signal })
      const text = await readBody(response, maxBodyBytes)
      if (text === undefined) return { kind: 'too-large', status: response.statusCode, headers: response.headers }
      return { kind: 'response', status: response.statusCode, text, headers: response.headers }
    } catch (error) {
      return transportFailure(error, signal, this.options.timeoutMs)
    } finally {
      clearTimeout(timer)
    }
  }

  private judge(
    method: Method,
    path: string,
    attempt: number,
    result: AttemptResult,
    maxBodyBytes: number,
    maxJsonValues: number | undefined
  ):
    | { done: true; response: ApiResponse<unknown> }
    | { done: false; retryable: boolean; retryAfterMs: number | undefined; details: ApiErrorDetails } {
    if (result.kind === 'network' || result.kind === 'timeout' || result.kind === 'tls') {
      const details: ApiErrorDetails = { method, path, attempts: attempt, kind: result.kind, detail: redact(result.detail) }
      return { done: false, retryable: result.kind !== 'tls', retryAfterMs: undefined, details }
    }
    const requestId = ['x-request-id', 'request-id', 'x-correlation-id']
      .map((name) => headerValue(result.headers, name))
      .find((value) => value !== undefined && value !== '')
    const common = {
      method,
      path,
      attempts: attempt,
      status: result.status,
      ...(requestId === undefined ? {} : { requestId: clip(redact(requestId), MAX_REQUEST_ID_CHARS) })
    }
    if (result.kind === 'too-large') {
      return {
        done: false,
        retryable: false,
        retryAfterMs: undefined,
        details: { ...common, kind: 'too-large', detail: exactSizeText(maxBodyBytes) }
      }
    }
    const json = parseJson(result.text, maxJsonValues)
    if (json === TOO_MANY_VALUES) {
      return {
        done: false,
        retryable: false,
        retryAfterMs: undefined,
        details: { ...common, kind: 'too-large', detail: `${maxJsonValues} JSON values` }
      }
    }
    const unsuccessful = typeof json === 'object' && json !== null && (json as { success?: unknown }).success === false
    // 2xx: undici settles a request only with a final status (200 and up).
    const ok = result.status < 300
    if (ok && !unsuccessful)
      return { done: true, response: { status: result.status, body: json, attempts: attempt, bytes: Buffer.byteLength(result.text) } }

    const serverMessage = extractServerMessage(result.text)
    const details: ApiErrorDetails = {
      ...common,
      kind: ok ? 'unsuccessful' : 'http',
      ...(serverMessage === undefined ? {} : { serverMessage })
    }
    const retryable = RETRYABLE_STATUSES.has(result.status)
    const retryAfterMs = retryable ? parseRetryAfter(headerValue(result.headers, 'retry-after'), this.now()) : undefined
    return { done: false, retryable, retryAfterMs, details }
  }
}

/**
 * The body as text, or undefined when it is longer than `maxBytes`: then the rest is not read and the
 * connection is dropped. A content-length over the limit is refused before a byte is read.
 */
async function readBody(response: Dispatcher.ResponseData, maxBytes: number): Promise<string | undefined> {
  const length = Number(headerValue(response.headers, 'content-length'))
  if (length > maxBytes) {
    discard(response.body)
    return undefined
  }
  // A length within the limit (no header: NaN): undici reads it whole, its cheapest way. The stream is for answers of no stated length.
  if (Number.isInteger(length)) return response.body.text()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length
    // Leaving the loop destroys the stream, which drops the connection with the rest of the body.
    if (size > maxBytes) return undefined
    chunks.push(chunk)
  }
  // As TextDecoder would, without making one per answer: UTF-8, a byte order mark dropped.
  const text = Buffer.concat(chunks).toString('utf8')
  return text.startsWith('\ufeff') ? text.slice(1) : text
}

/** Drops the rest of a body and its connection. The stream then reports the abort as an error, which is expected here. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', ignore).destroy()
}

const ignore = (): void => undefined

/**
 * What a thrown attempt stands for. A timeout only when the error is the timeout signal's own abort:
 * a network error stays a network error (with its code) even if the timeout fired by the time it is seen.
 * A certificate the runner does not accept is its own kind, found on the error or its cause. Without a
 * code, the error's message, with any credentials of a URL in it (a proxy's `user:password@`) taken out.
 */
export function transportFailure(error: unknown, signal: AbortSignal, timeoutMs: number): AttemptResult {
  if (signal.aborted && error === signal.reason) return { kind: 'timeout', detail: seconds(timeoutMs) }
  const certificate = certificateProblem(error)
  if (certificate !== undefined) return { kind: 'tls', detail: certificate }
  const refused = error instanceof Error ? TUNNEL_REFUSED.exec(error.message) : null
  if (refused !== null) return { kind: 'network', detail: `the proxy refused the tunnel: HTTP ${refused[1]}` }
  const code = (error as { code?: unknown } | null | undefined)?.code
  return {
    kind: 'network',
    detail: typeof code === 'string' ? code : scrubCredentials(error instanceof Error ? error.message : String(error))
  }
}

function outcomeOf(result: AttemptResult): number | string {
  switch (result.kind) {
    case 'response':
      return result.status
    case 'too-large':
      return `${result.status}, too large`
    case 'timeout':
      return 'timeout'
    case 'network':
      return result.detail
    case 'tls':
      return `certificate not trusted (${result.detail})`
  }
}

/** Why an attempt is tried again, for the log line that says so. */
function retryReason(result: AttemptResult): string {
  if (result.kind === 'timeout') return 'timed out'
  return 'status' in result ? `HTTP ${result.status}` : `network error (${result.detail})`
}

/** The longest request id kept: an id, not a page a server sent in its place. */
const MAX_REQUEST_ID_CHARS = 100

const TOO_MANY_VALUES = Symbol('too many JSON values')

/**
 * Whether JSON text may hold more than `max` values, told without parsing it: outside strings, every value
 * but the first follows a `,`, `[` or `:`, so one more than their count is at least the number of values.
 * Stops as soon as that bound passes `max`.
 */
export function mayHoldMoreValues(text: string, max: number): boolean {
  // The first value needs no separator before it.
  if (max < 1) return true
  let count = 1
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c)
        i++ // a backslash escapes the next character
      else if (code === 0x22) inString = false
    } else if (code === 0x22) {
      inString = true
    } else if ((code === 0x2c || code === 0x5b || code === 0x3a) && ++count > max) {
      return true
    }
  }
  return false
}

/** The parsed body; undefined when it is empty or not JSON; TOO_MANY_VALUES past `maxValues` (checked before parsing). */
function parseJson(text: string, maxValues: number | undefined): unknown {
  if (maxValues !== undefined && mayHoldMoreValues(text, maxValues)) return TOO_MANY_VALUES
  try {
    return JSON.parse(text)
  } catch {
    // Not JSON: judged by its status alone, and quoted as text if it is an error.
  }
  return undefined
}

function headerValue(headers: Headers, name: string): string | undefined {
  const value = headers[name]
  return typeof value === 'object' ? value[0] : value
}

function queryString(query: RequestOptions['query']): string {
  if (query === undefined) return ''
  const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))
  return `?${params.toString()}`
}

/** Where undici tells that a request's headers went out on a socket. */
const SEND_HEADERS = 'undici:client:sendHeaders'

/**
 * Resolves once a request of this process has gone out on the wire (undici wrote its headers), or once
 * `pending` settles, whichever comes first: work done from then on overlaps the wait for the answer
 * instead of holding the request back (on loopback, a few turns of the event loop; over TLS, the handshake).
 */
export async function onTheWire(pending: Promise<unknown>): Promise<void> {
  let sent = (): void => undefined
  const wrote = new Promise<void>((resolve) => (sent = resolve))
  const listener = (): void => sent()
  subscribe(SEND_HEADERS, listener)
  try {
    await Promise.race([
      wrote,
      pending.then(
        () => undefined,
        () => undefined
      )
    ])
  } finally {
    unsubscribe(SEND_HEADERS, listener)
  }
}
