import { redact } from '../secrets/index.js'
import { clip, cut, oneLine, QUOTE_LENGTH } from '../text.js'

/** Why a request failed for good. */
export type FailureKind = 'http' | 'unsuccessful' | 'network' | 'tls' | 'timeout' | 'too-large' | 'rate-limited' | 'cancelled'

export interface ApiErrorDetails {
  readonly method: string
  readonly path: string
  readonly kind: FailureKind
  readonly attempts: number
  readonly status?: number
  readonly serverMessage?: string
  readonly requestId?: string
  /**
   * Network error code, (tls) the certificate's, the timeout, (too-large) the size limit, (rate-limited) how long was
   * waited, or (cancelled) what the cancel left of the request, as text.
   */
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
/** A server that lists thousands of errors says enough in its first few. */
const MAX_ERRORS = 20

/**
 * The server's own words from an error body: `errors[].message` (or a top-level list of them), `error`
 * (text or `{message}`), `message`, or else the text of a non-JSON body (an HTML page as its text,
 * without tags), whitespace folded. At most 300 characters; never throws, whatever the body holds.
 *
 * `hide` takes the secrets out: by default `redact`, every registered secret (the key) in any spelling,
 * since a server may echo what it was given. It is applied to the whole body and again to the whole
 * message (which JSON escapes or HTML entities may have spelled differently) before anything is cut, so
 * that a cut can never leave part of a secret.
 */
export function extractServerMessage(body: string, hide: (text: string) => string = redact): string | undefined {
  const text = hide(body).trim()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return finish(text.startsWith('<') ? textOfMarkup(text) : text, hide)
  }
  if (Array.isArray(json)) return messageOfList(json, hide)
  if (typeof json !== 'object' || json === null) return finish(String(json), hide)
  const record = json as Record<string, unknown>
  if (Array.isArray(record.errors)) {
    const message = messageOfList(record.errors, hide)
    if (message !== undefined) return message
  }
  const message = textValue(record.error) ?? messageOf(record.error) ?? textValue(record.message)
  return message === undefined ? undefined : finish(message, hide)
}

function messageOfList(entries: readonly unknown[], hide: (text: string) => string): string | undefined {
  const messages = entries
    .slice(0, MAX_ERRORS)
    .map((entry) => textValue(entry) ?? messageOf(entry))
    .filter((message) => message !== undefined)
  return finish(messages.join('; '), hide)
}

function messageOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? textValue((value as Record<string, unknown>).message) : undefined
}

/** A message as a server may give it: non-empty text, or a number. */
function textValue(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function finish(message: string, hide: (text: string) => string): string | undefined {
  const folded = hide(message).replace(/\s+/g, ' ').trim()
  return folded === '' ? undefined : clip(folded, MAX_MESSAGE_CHARS)
}

const ENTITIES: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', ' ']
])

/**
 * The text a browser would show of an HTML page: comments, scripts and styles dropped, every tag made a
 * space (so that the words of two paragraphs do not run together), the common entities decoded. Each
 * pattern, once started, always matches (an unclosed tag runs to the end), so the work is linear in the
 * size of the page.
 */
function textOfMarkup(markup: string): string {
  return markup
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .replace(/<[a-z!/?][^>]*(?:>|$)/gi, ' ')
    .replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]+);/gi, (entity: string, name: string) => {
      if (!name.startsWith('#')) return ENTITIES.get(name.toLowerCase()) ?? entity
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return code <= 0x10ffff ? String.fromCodePoint(code) : entity
    })
}

const HINTS: Readonly<Record<number, string>> = {
  400: 'The API rejected the request as sent; check the inputs it came from.',
  401: 'The API key was not accepted: check the "api-key" input or the CDN_API_KEY secret.',
  403: 'The API key is not allowed to do this: check its permissions in the dashboard.',
  404: 'Not found: check the "zone" input and that "api-url" includes the version segment (e.g. /v1).',
  405: 'The address does not take this request: check that "api-url" is the Content Delivery Service API, including /v1.',
  409: "The request conflicts with the zone's current state.",
  413: 'The request is too large: lower "batch-size".',
  429: 'Rate limited: raise "rate-limit-wait", or run again when the account is less busy.'
}

/** How to make the runner trust a private CA: the one remedy every certificate problem mentions. */
const TRUST_A_PRIVATE_CA =
  "If the API's certificate is issued by a private CA, trust that CA: set NODE_EXTRA_CA_CERTS to the path of its PEM file in the step's env:. " +
  'Not retried: the certificate would be the same.'

/** What to check for a certificate Node gave this code for, then how to trust a private CA. */
function certificateHint(code: string | undefined): string {
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') {
    return `The certificate is not for the host in "api-url": check the address. ${TRUST_A_PRIVATE_CA}`
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return `The certificate is out of its validity dates: the API's certificate needs renewing, or the runner's clock is wrong; check "api-url". ${TRUST_A_PRIVATE_CA}`
  }
  return `Check "api-url". ${TRUST_A_PRIVATE_CA}`
}

function hintFor(details: ApiErrorDetails): string {
  switch (details.kind) {
    case 'timeout':
      return 'No answer in time: raise "timeout" or run again later.'
    case 'network':
      return 'Check "api-url", the runner\'s network and any HTTPS_PROXY/NO_PROXY settings, or run again later.'
    case 'tls':
      return certificateHint(details.detail)
    case 'too-large':
      return 'The API\'s answers are far smaller, so this was not retried: check that "api-url" is the Content Delivery Service API, including /v1.'
    case 'unsuccessful':
      return 'The API answered success: false.'
    case 'cancelled':
      return 'Run the step again, or purge what is left in an `if: cancelled()` step (the README\'s "When the run is cancelled").'
    case 'rate-limited':
      return 'Raise "rate-limit-wait", purge fewer URLs per step (a larger "batch-size" means fewer requests), or run again when the account is less busy.'
    case 'http': {
      const status = details.status ?? 0
      if (status >= 300 && status < 400) return 'Redirects are not followed: set "api-url" to the address the API is served at.'
      if (status >= 500) return 'The service failed: run again later.'
      return HINTS[status] ?? 'The API refused the request.'
    }
  }
}

function describeWhat(details: ApiErrorDetails): string {
  const detail = details.detail ?? ''
  switch (details.kind) {
    case 'timeout':
      return `timed out${detail === '' ? '' : ` after ${detail}`}`
    case 'network':
      return `network error${detail === '' ? '' : ` (${detail})`}`
    case 'tls':
      return `the server's TLS certificate was not trusted${detail === '' ? '' : ` (${detail})`}`
    case 'too-large':
      // A byte limit stops the reading; a count of JSON values stops the parse of what was read.
      return detail.endsWith('JSON values')
        ? `answer too large (HTTP ${details.status ?? '?'}, more than ${detail})`
        : `answer too large (HTTP ${details.status ?? '?'}${detail === '' ? '' : `, more than ${detail}`}; the rest was not read)`
    case 'rate-limited':
    case 'cancelled':
      return detail
    case 'unsuccessful':
    case 'http':
      return `HTTP ${details.status ?? '?'}${details.kind === 'unsuccessful' ? ' with success: false' : ''}`
  }
}

export function describeFailure(details: ApiErrorDetails): string {
  const server = details.serverMessage === undefined ? '' : `: "${details.serverMessage}"`
  const requestId = details.requestId === undefined ? '' : ` (request id ${cut(oneLine(details.requestId), QUOTE_LENGTH)})`
  // Next to "failed", not after the cause: "timed out after 30 s after 2 attempts" would read as a slip.
  const attempts = details.attempts > 1 ? ` (${details.attempts} attempts)` : ''
  return `${details.method} ${cut(details.path, QUOTE_LENGTH)} failed${attempts}: ${describeWhat(details)}${server}${requestId}. ${hintFor(details)}`
}
