import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici'
import { ApiError, extractServerMessage, type ApiErrorDetails } from './errors.js'
import { backoffDelay, parseRetryAfter, RETRYABLE_STATUSES } from './retry.js'

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
  /** Defaults to one keep-alive pool that honours HTTP(S)_PROXY and NO_PROXY. */
  readonly dispatcher?: Dispatcher
  /** Injected in tests so that retries do not sleep. */
  readonly sleep?: (ms: number) => Promise<void>
  readonly random?: () => number
  readonly now?: () => number
  readonly onAttempt?: (record: AttemptRecord) => void
  readonly onRetry?: (retry: RetryRecord) => void
}

/** A failed attempt that will be tried again after `delayMs`. */
export interface RetryRecord {
  readonly method: Method
  readonly path: string
  readonly attempt: number
  readonly reason: string
  readonly delayMs: number
}

export interface RequestOptions {
  readonly query?: Readonly<Record<string, string | number>>
  readonly body?: unknown
  /**
   * false: one attempt only, for a request that must not be repeated blindly (creating a zone). The
   * caller checks what happened, then calls `waitBeforeRetry` and tries again itself.
   */
  readonly retry?: boolean
}

export interface ApiResponse<T> {
  readonly status: number
  /** Parsed JSON body; undefined when the body was empty or not JSON. */
  readonly body: T | undefined
  readonly attempts: number
}

/** The outcome of one attempt: a response to judge, or a transport failure. */
type AttemptResult =
  | { readonly kind: 'response'; readonly status: number; readonly text: string; readonly headers: Dispatcher.ResponseData['headers'] }
  | { readonly kind: 'network' | 'timeout'; readonly detail: string }

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export function createDispatcher(connections: number): Dispatcher {
  return new EnvHttpProxyAgent({ connections, keepAliveTimeout: 10_000 })
}

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

  constructor(private readonly options: ClientOptions) {
    this.dispatcher = options.dispatcher ?? createDispatcher(8)
    this.sleep = options.sleep ?? realSleep
    this.random = options.random ?? Math.random
    this.now = options.now ?? Date.now
  }

  /** Sends the request, retrying what may succeed later. Resolves on success; throws ApiError otherwise. */
  async request<T = unknown>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = this.options.baseUrl + path + queryString(options.query)
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    for (let attempt = 1; ; attempt++) {
      const started = performance.now()
      const result = await this.attempt(method, url, body)
      this.options.onAttempt?.({
        method,
        path,
        attempt,
        outcome: result.kind === 'response' ? result.status : result.kind === 'timeout' ? 'timeout' : result.detail,
        ms: Math.round(performance.now() - started)
      })
      const judged = this.judge(method, path, attempt, result)
      if (judged.done) return judged.response as ApiResponse<T>
      if (!judged.retryable || attempt >= this.options.maxAttempts || options.retry === false) {
        throw new ApiError({
          ...judged.details,
          retryable: judged.retryable,
          ...(judged.retryAfterMs === undefined ? {} : { retryAfterMs: judged.retryAfterMs })
        })
      }
      const delayMs = judged.retryAfterMs ?? backoffDelay(attempt, this.random)
      const reason = judged.details.kind === 'http' ? `HTTP ${judged.details.status ?? ''}` : judged.details.kind === 'timeout' ? 'timed out' : `network error (${judged.details.detail ?? ''})`
      this.options.onRetry?.({ method, path, attempt, reason, delayMs })
      this.retries++
      await this.sleep(delayMs)
    }
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

  private async attempt(method: Method, url: string, body: string | undefined): Promise<AttemptResult> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const signal = AbortSignal.timeout(this.options.timeoutMs)
    this.requestsSent++
    try {
      const response = await request(url, { method, headers, body: body ?? null, dispatcher: this.dispatcher, signal })
      const text = await response.body.text()
      return { kind: 'response', status: response.statusCode, text, headers: response.headers }
    } catch (error) {
      if (signal.aborted) return { kind: 'timeout', detail: `${this.options.timeoutMs / 1000} s` }
      const code = (error as { code?: unknown }).code
      return { kind: 'network', detail: typeof code === 'string' ? code : error instanceof Error ? error.message : String(error) }
    }
  }

  private judge(
    method: Method,
    path: string,
    attempt: number,
    result: AttemptResult
  ):
    | { done: true; response: ApiResponse<unknown> }
    | { done: false; retryable: boolean; retryAfterMs: number | undefined; details: ApiErrorDetails } {
    if (result.kind !== 'response') {
      return { done: false, retryable: true, retryAfterMs: undefined, details: { method, path, attempts: attempt, kind: result.kind, detail: result.detail } }
    }
    const json = parseJson(result.text)
    const unsuccessful = typeof json === 'object' && json !== null && (json as { success?: unknown }).success === false
    const ok = result.status >= 200 && result.status < 300
    if (ok && !unsuccessful) return { done: true, response: { status: result.status, body: json, attempts: attempt } }

    const serverMessage = extractServerMessage(result.text)
    const requestId = headerValue(result.headers, 'x-request-id') ?? headerValue(result.headers, 'request-id') ?? headerValue(result.headers, 'x-correlation-id')
    const details: ApiErrorDetails = {
      method,
      path,
      attempts: attempt,
      kind: ok ? 'unsuccessful' : 'http',
      status: result.status,
      ...(serverMessage === undefined ? {} : { serverMessage: serverMessage.split(this.options.apiKey).join('***') }),
      ...(requestId === undefined ? {} : { requestId })
    }
    const retryable = RETRYABLE_STATUSES.has(result.status)
    const retryAfterMs = retryable ? parseRetryAfter(headerValue(result.headers, 'retry-after'), this.now()) : undefined
    return { done: false, retryable, retryAfterMs, details }
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function headerValue(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

function queryString(query: RequestOptions['query']): string {
  if (query === undefined) return ''
  const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))
  return `?${params.toString()}`
}
