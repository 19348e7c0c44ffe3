import { headerValue, parseJson, TOO_MANY_VALUES } from './body.js'
import { extractServerMessage, type ApiErrorDetails } from './errors.js'
import { parseRetryAfter, RETRYABLE_STATUSES } from './retry.js'
import type { AttemptResult } from './transport.js'
import { redact } from '../secrets/index.js'
import { clip, exactSizeText } from '../text.js'

/** The longest request id kept: an id, not a page a server sent in its place. */
const MAX_REQUEST_ID_CHARS = 100

/** The request an attempt was made for, and what its answer may be. */
export interface Attempted {
  readonly method: string
  readonly path: string
  readonly attempt: number
  readonly maxBodyBytes: number
  readonly maxJsonValues: number | undefined
  /** Read only for a `Retry-After` date. */
  readonly now: () => number
}

/** What an attempt came to: an answer to hand back, or a failure that says whether to try again, when, and why. */
export type Judgement =
  | { readonly done: true; readonly response: { status: number; body: unknown; attempts: number } }
  | { readonly done: false; readonly retryable: boolean; readonly retryAfterMs: number | undefined; readonly details: ApiErrorDetails }

/**
 * An attempt's outcome judged: a 2xx answer that is JSON within its limits and not `success: false` is
 * done; anything else is a failure with its details (redacted), retryable by its status or transport.
 */
export function judge(result: AttemptResult, { method, path, attempt, maxBodyBytes, maxJsonValues, now }: Attempted): Judgement {
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
  if (ok && !unsuccessful) return { done: true, response: { status: result.status, body: json, attempts: attempt } }

  const serverMessage = extractServerMessage(result.text)
  const details: ApiErrorDetails = {
    ...common,
    kind: ok ? 'unsuccessful' : 'http',
    ...(serverMessage === undefined ? {} : { serverMessage })
  }
  const retryable = RETRYABLE_STATUSES.has(result.status)
  const retryAfterMs = retryable ? parseRetryAfter(headerValue(result.headers, 'retry-after'), now()) : undefined
  return { done: false, retryable, retryAfterMs, details }
}
