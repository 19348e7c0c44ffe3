import { request, type Dispatcher } from './undici.js'
import { readBody, type ByteBudget } from './body.js'
import { ApiError, type ApiErrorDetails } from './errors.js'
import { judge } from './judge.js'
import { Pacer, RateLimitWaitExceeded, type Ticket } from './pacer/index.js'
import { createDispatcher } from './pool.js'
import { backoffDelay } from './retry.js'
import { outcomeOf, retryReason, transportFailure, type AttemptResult } from './transport.js'
import { abandonSignal, cancelOf, type Cancelled } from '../cancel.js'
import { sleep, type Sleep } from '../sleep.js'
import { registerSecret } from '../secrets/index.js'

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
  readonly sleep?: Sleep
  /**
   * The run's signal (src/cancel.ts): once aborted, no request or retry starts and every wait ends. A read in flight
   * (GET) is abandoned at once; a request that changes something (POST) keeps the cancel's grace to answer, since
   * only its answer says whether the change happened.
   */
  readonly signal?: AbortSignal | undefined
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
   * Bytes shared with other requests (several pages of one list): every attempt's body takes from it as it
   * arrives, and once it is past its limit the body fails as too large, like one past `maxBodyBytes` (and
   * not retried). The caller, which knows what the bytes are, sees `spent` and says what went past its limit.
   */
  readonly byteBudget?: ByteBudget
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
  private readonly sleep: Sleep
  private readonly signal: AbortSignal | undefined
  /** Ends a change in flight: when the cancel's grace is over, or at a second signal. */
  private readonly abandon: AbortSignal | undefined
  private readonly random: () => number
  private readonly now: () => number
  private readonly pacer: Pacer

  constructor(private readonly options: ClientOptions) {
    // The key the client sends is one redaction must know, however the client was made.
    registerSecret(options.apiKey)
    this.dispatcher = options.dispatcher ?? createDispatcher(options.baseUrl, 8)
    this.sleep = options.sleep ?? sleep
    this.signal = options.signal
    this.abandon = abandonSignal(options.signal)
    this.random = options.random ?? Math.random
    this.now = options.now ?? Date.now
    this.pacer =
      options.pacer ??
      new Pacer({
        concurrency: Number.POSITIVE_INFINITY,
        maxWaitMs: DEFAULT_RATE_LIMIT_WAIT_MS,
        now: this.now,
        sleep: this.sleep,
        signal: options.signal
      })
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
    /** The last answer, once there is one: a cancel before the next attempt leaves it as the outcome. */
    let last: Answered | undefined
    const paced = options.paced === true
    for (let attempt = 1; ;) {
      const result = await this.sendOnce(
        method,
        path,
        { url, body, maxBodyBytes, paced, byteBudget: options.byteBudget },
        attempt,
        returning,
        last
      )
      const judged = judge(result, { method, path, attempt, maxBodyBytes, maxJsonValues: options.maxJsonValues, now: this.now })
      if (judged.done) return judged.response as ApiResponse<T>
      last = { attempt, result, details: judged.details }
      const rateLimited = result.kind === 'response' && result.status === 429 && options.retry !== false
      // Cancelled while the answer came: it stands as the outcome, not tried again.
      const stop = this.cutShort(method, path, last)
      if (stop !== undefined && (rateLimited || (judged.retryable && attempt < this.options.maxAttempts && options.retry !== false)))
        throw stop
      if (rateLimited) {
        if (!paced) this.pacer.countRefusal()
        // A 429 is not a failed attempt: it is waited out, within the step's time for rate limits.
        const delayMs: number = judged.retryAfterMs ?? (paced ? 0 : backoffDelay(attempt, this.random))
        // The log announces only a wait the step's time for rate limits allows.
        this.checkRateLimitWait(method, path, attempt, delayMs)
        this.options.onRetry?.({ method, path, label: options.label, attempt, reason: 'HTTP 429', delayMs, rateLimited: true })
        await this.waitOutRateLimit(method, path, attempt, delayMs, last)
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
      await this.waitToRetry(method, path, delayMs, last)
      attempt++
      returning = false
    }
  }

  /**
   * One attempt: its slot from the pacer when paced (the answer's headers told to the pacer), and what it came to,
   * said to onAttempt. Once the run is cancelled it is not sent, or, abandoned in flight, ends with the cancel.
   */
  private async sendOnce(
    method: Method,
    path: string,
    send: { url: string; body: string | undefined; maxBodyBytes: number; paced: boolean; byteBudget: RequestOptions['byteBudget'] },
    attempt: number,
    returning: boolean,
    last: Answered | undefined
  ): Promise<AttemptResult> {
    const ticket: Ticket | undefined = send.paced ? await this.acquire(method, path, attempt, returning, last) : undefined
    // No request starts once the run is cancelled (the pacer, when there is one, has refused it already).
    const notSent = this.cutShort(method, path, last)
    if (notSent !== undefined) {
      ticket?.done()
      throw notSent
    }
    const started = performance.now()
    const result = await this.attempt(method, send.url, send.body, send.maxBodyBytes, send.byteBudget)
    if (ticket !== undefined) {
      if (result.kind === 'response' || result.kind === 'too-large') this.pacer.observe(ticket, result.status, result.headers)
      ticket.done()
    }
    const ms = Math.round(performance.now() - started)
    if (result.kind === 'cancelled') {
      this.options.onAttempt?.({ method, path, attempt, outcome: 'abandoned: the run was cancelled', ms })
      throw this.cancelledFailure(method, path, result.cancel, { attempt, result: undefined, details: undefined })
    }
    this.options.onAttempt?.({ method, path, attempt, outcome: outcomeOf(result), ms })
    return result
  }

  /**
   * A request the cancel cut short after it was sent: abandoned in flight (`last.result` undefined), or answered with
   * a failure that is not tried again. A change's outcome is then unknown or failed, and the caller reports it as not
   * confirmed; a read ends with the cancel itself.
   */
  private cancelledFailure(method: Method, path: string, cancel: Cancelled, last: Answered | AbandonedAttempt): Error {
    if (method === 'GET') return cancel
    const { result, details } = last
    const detail =
      result === undefined
        ? `no answer before the run was cancelled (${cancel.signal}): the API may or may not have carried it out`
        : `${retryReason(result)}, not tried again: the run was cancelled (${cancel.signal})`
    return new ApiError({
      method,
      path,
      attempts: last.attempt,
      kind: 'cancelled',
      ...(details?.status === undefined ? {} : { status: details.status }),
      ...(details?.serverMessage === undefined ? {} : { serverMessage: details.serverMessage }),
      ...(details?.requestId === undefined ? {} : { requestId: details.requestId }),
      detail,
      retryable: true
    })
  }

  /**
   * How a request ends once the run is cancelled: the cancel itself before it was sent, else its last answer as its
   * outcome; undefined while the run goes on.
   */
  private cutShort(method: Method, path: string, last: Answered | undefined): Error | undefined {
    const cancel = cancelOf(this.signal)
    if (cancel === undefined) return undefined
    return last === undefined ? cancel : this.cancelledFailure(method, path, cancel, last)
  }

  /** The wait before a retry; a cancel during it leaves the last answer as the outcome. */
  private async waitToRetry(method: Method, path: string, delayMs: number, last: Answered): Promise<void> {
    try {
      await this.sleep(delayMs, this.signal)
    } catch (error) {
      throw this.cutShort(method, path, last) ?? error
    }
  }

  /** A slot from the pacer; once the step's time for rate limits is spent, the request fails as rate limited. */
  private async acquire(method: Method, path: string, attempt: number, returning: boolean, last: Answered | undefined): Promise<Ticket> {
    try {
      return await this.pacer.acquire(returning)
    } catch (error) {
      throw this.cutShort(method, path, last) ?? this.rateLimitFailure(error, method, path, attempt)
    }
  }

  private async waitOutRateLimit(method: Method, path: string, attempt: number, delayMs: number, last: Answered): Promise<void> {
    try {
      await this.pacer.waitRetry(delayMs)
    } catch (error) {
      throw this.cutShort(method, path, last) ?? this.rateLimitFailure(error, method, path, attempt)
    }
  }

  private checkRateLimitWait(method: Method, path: string, attempt: number, delayMs: number): void {
    try {
      this.pacer.checkRetry(delayMs)
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
    await this.sleep(error.details.retryAfterMs ?? backoffDelay(attempt, this.random), this.signal)
  }

  get maxAttempts(): number {
    return this.options.maxAttempts
  }

  async close(): Promise<void> {
    await this.dispatcher.close()
  }

  private async attempt(
    method: Method,
    url: string,
    body: string | undefined,
    maxBodyBytes: number,
    budget: ByteBudget | undefined
  ): Promise<AttemptResult | Abandoned> {
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
    // The cancel ends a read at once; a change (POST) only once its grace is over (abandonSignal).
    const stop = method === 'GET' ? this.signal : this.abandon
    const onStop = (): void => controller.abort(stop?.reason)
    stop?.addEventListener('abort', onStop, { once: true })
    this.requestsSent++
    try {
      if (stop?.aborted === true) onStop()
      const response = await request(url, { method, headers, body: body ?? null, dispatcher: this.dispatcher, signal })
      const text = await readBody(response, maxBodyBytes, budget)
      if (text === undefined) return { kind: 'too-large', status: response.statusCode, headers: response.headers }
      return { kind: 'response', status: response.statusCode, text, headers: response.headers }
    } catch (error) {
      const cancel = cancelOf(stop)
      if (cancel !== undefined) return { kind: 'cancelled', cancel }
      return transportFailure(error, signal, this.options.timeoutMs)
    } finally {
      clearTimeout(timer)
      stop?.removeEventListener('abort', onStop)
    }
  }
}

/** The last answer of a request that is to be tried again: the attempt that got it, and what it was. */
interface Answered {
  readonly attempt: number
  readonly result: AttemptResult
  readonly details: ApiErrorDetails
}

/** An attempt given up on, unanswered, when the cancel's grace ended. */
interface AbandonedAttempt {
  readonly attempt: number
  readonly result: undefined
  readonly details: undefined
}

/** An attempt the cancel ended before its answer came. */
interface Abandoned {
  readonly kind: 'cancelled'
  readonly cancel: Cancelled
}

function queryString(query: RequestOptions['query']): string {
  if (query === undefined) return ''
  const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))
  return `?${params.toString()}`
}
