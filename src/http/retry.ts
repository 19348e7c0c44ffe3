/** Statuses worth another attempt: the request may succeed unchanged a moment later. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504])

export const RETRY_AFTER_CAP_MS = 120_000
export const BACKOFF_BASE_MS = 1_000
export const BACKOFF_CAP_MS = 30_000

/**
 * The wait a `Retry-After` header asks for, in milliseconds, capped at two minutes:
 * either delay-seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  let ms: number
  if (/^\d+$/.test(text)) {
    ms = Number(text) * 1000
  } else if (/^[a-z]{3},/i.test(text)) {
    // HTTP-date (RFC 9110) starts with the day name; Date.parse alone would read "-5" as a year.
    const date = Date.parse(text)
    if (Number.isNaN(date)) return undefined
    ms = Math.max(0, date - nowMs)
  } else {
    return undefined
  }
  return Math.min(ms, RETRY_AFTER_CAP_MS)
}

/** Exponential backoff with full jitter: uniform in [0, min(cap, base * 2^(attempt-1))). */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1))
  return Math.floor(random() * ceiling)
}
