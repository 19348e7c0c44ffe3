/** Why a request failed for good. */
export type FailureKind = 'http' | 'unsuccessful' | 'network' | 'timeout'

export interface ApiErrorDetails {
  readonly method: string
  readonly path: string
  readonly kind: FailureKind
  readonly attempts: number
  readonly status?: number
  readonly serverMessage?: string
  readonly requestId?: string
  /** Network error code or the timeout, for kinds network/timeout. */
  readonly detail?: string
  /** Whether the same request may succeed later (network error, timeout, 408/429/5xx). */
  readonly retryable?: boolean
  /** The wait the server asked for (Retry-After), if it did. */
  readonly retryAfterMs?: number
}

/** A request that failed after all its attempts. The message says which request, why, and what to do. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(readonly details: ApiErrorDetails) {
    super(describeFailure(details))
  }
  get status(): number | undefined {
    return this.details.status
  }
}

const MAX_MESSAGE_CHARS = 300

/**
 * The server's own words from an error body: `errors[].message`, `error` (text or `{message}`),
 * `message`, or else the start of a non-JSON body.
 */
export function extractServerMessage(body: string): string | undefined {
  const text = body.trim()
  if (text === '') return undefined
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return clip(text.replace(/\s+/g, ' '))
  }
  if (typeof json !== 'object' || json === null) return clip(String(json))
  const record = json as Record<string, unknown>
  if (Array.isArray(record.errors)) {
    const messages = record.errors
      .map((entry: unknown) => (typeof entry === 'string' ? entry : messageOf(entry)))
      .filter((message): message is string => message !== undefined)
    if (messages.length > 0) return clip(messages.join('; '))
  }
  const error = typeof record.error === 'string' ? record.error : messageOf(record.error)
  if (error !== undefined) return clip(error)
  if (typeof record.message === 'string' && record.message !== '') return clip(record.message)
  return undefined
}

function messageOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const message = (value as Record<string, unknown>).message
  return typeof message === 'string' && message !== '' ? message : undefined
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text
}

const HINTS: Readonly<Record<number, string>> = {
  400: 'The API rejected the request as sent; check the inputs it came from.',
  401: 'The API key was not accepted: check the "api-key" input or the CDN_API_KEY secret.',
  403: 'The API key is not allowed to do this: check its permissions in the dashboard.',
  404: 'Not found: check the "zone" input and that "api-url" includes the version segment (e.g. /v1).',
  409: 'The request conflicts with the zone\'s current state.',
  413: 'The request is too large: lower "batch-size".',
  429: 'Rate limited: lower "concurrency", or run again later.'
}

function hintFor(details: ApiErrorDetails): string {
  switch (details.kind) {
    case 'timeout':
      return 'No answer in time: raise "timeout" or run again later.'
    case 'network':
      return 'Check "api-url", the runner\'s network and any HTTPS_PROXY/NO_PROXY settings, or run again later.'
    case 'unsuccessful':
      return 'The API answered success: false.'
    case 'http': {
      const status = details.status ?? 0
      if (status >= 300 && status < 400) return 'Redirects are not followed: set "api-url" to the address the API is served at.'
      if (status >= 500) return 'The service failed: run again later.'
      return HINTS[status] ?? 'The API refused the request.'
    }
  }
}

export function describeFailure(details: ApiErrorDetails): string {
  const what =
    details.kind === 'timeout'
      ? `timed out${details.detail === undefined ? '' : ` after ${details.detail}`}`
      : details.kind === 'network'
        ? `network error${details.detail === undefined ? '' : ` (${details.detail})`}`
        : `HTTP ${details.status ?? '?'}${details.kind === 'unsuccessful' ? ' with success: false' : ''}`
  const server = details.serverMessage === undefined ? '' : `: "${details.serverMessage}"`
  const requestId = details.requestId === undefined ? '' : ` (request id ${details.requestId})`
  const attempts = details.attempts > 1 ? ` after ${details.attempts} attempts` : ''
  return `${details.method} ${details.path} failed: ${what}${server}${requestId}${attempts}. ${hintFor(details)}`
}
