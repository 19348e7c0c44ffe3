// What an answer says about the rate limit it is under, read from whichever header family the API uses:
// IETF `RateLimit` / `RateLimit-Policy` (structured fields), the older `RateLimit-Limit` /
// `RateLimit-Remaining` / `RateLimit-Reset`, or `X-RateLimit-*`. Pure; unreadable values are ignored.
import type { ResponseHeaders as Headers } from '../headers.js'

export interface RateLimitInfo {
  /** Requests the API will still take before the quota is restored: every reading says it. */
  readonly remaining: number
  /** Milliseconds until the quota is restored (the window resets, or the bucket is full again). */
  readonly resetMs?: number
  /** Requests allowed per window, when the API says. */
  readonly limit?: number
  /** The window those requests are counted over, in milliseconds, when the API says. */
  readonly windowMs?: number
}

/** A Unix time in seconds is above this (2001-09-09); a delay in seconds never is. */
const UNIX_SECONDS = 1e9
/** A Unix time in milliseconds is above this. */
const UNIX_MILLISECONDS = 1e12

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name]
  return typeof value === 'object' ? value.join(', ') : value
}

/** A non-negative decimal number, or undefined. */
function number(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const trimmed = text.trim()
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined
}

/** A reset given as delay seconds, Unix seconds or Unix milliseconds (told apart by size), as milliseconds from now. */
export function resetDelayMs(value: number, nowMs: number): number {
  if (value > UNIX_MILLISECONDS) return Math.max(0, value - nowMs)
  if (value > UNIX_SECONDS) return Math.max(0, value * 1000 - nowMs)
  return value * 1000
}

interface Item {
  readonly name: string
  readonly params: ReadonlyMap<string, number>
}

/**
 * A structured-field list of items with numeric parameters (RFC 9651), as the IETF fields use:
 * `"default";r=50;t=30, "burst";r=4;t=1`. Items that do not parse are skipped.
 */
export function parseItems(text: string | undefined): Item[] {
  if (text === undefined) return []
  const items: Item[] = []
  for (const member of text.split(',')) {
    // split gives at least one part.
    const [head, ...params] = member.split(';').map((part) => part.trim()) as [string, ...string[]]
    const name = /^"([^"\\]*)"$/.exec(head)?.[1] ?? (/^[a-z*][a-z0-9_\-.:%*/]*$/i.test(head) ? head : undefined)
    if (name === undefined) continue
    const values = new Map<string, number>()
    for (const param of params) {
      const [key, value] = param.split('=', 2).map((part) => part.trim()) as [string, string?]
      const parsed = number(value)
      if (/^[a-z][a-z0-9_-]*$/.test(key) && parsed !== undefined) values.set(key, parsed)
    }
    items.push({ name, params: values })
  }
  return items
}

/** The IETF fields: the item with the least remaining, and the policy of the same name (or the only one). */
function fromStructuredFields(headers: Headers, nowMs: number): RateLimitInfo | undefined {
  const limits = parseItems(header(headers, 'ratelimit')).filter((item) => item.params.has('r'))
  if (limits.length === 0) return undefined
  const tightest = limits.reduce((best, item) => ((item.params.get('r') as number) < (best.params.get('r') as number) ? item : best))
  const policies = parseItems(header(headers, 'ratelimit-policy'))
  const policy = policies.find((item) => item.name === tightest.name) ?? (policies.length === 1 ? policies[0] : undefined)
  const t = tightest.params.get('t')
  const q = policy?.params.get('q')
  const w = policy?.params.get('w')
  return {
    remaining: tightest.params.get('r') as number,
    ...(t === undefined ? {} : { resetMs: resetDelayMs(t, nowMs) }),
    ...(q === undefined ? {} : { limit: q }),
    ...(w === undefined || w === 0 ? {} : { windowMs: w * 1000 })
  }
}

/** `<prefix>-Limit` / `-Remaining` / `-Reset`; the limit may carry a window (`100, 100;w=60`). */
function fromTriple(headers: Headers, prefix: string, nowMs: number): RateLimitInfo | undefined {
  const remaining = number(header(headers, `${prefix}-remaining`))
  if (remaining === undefined) return undefined
  const limitText = header(headers, `${prefix}-limit`)
  const limit = number(limitText?.split(',')[0])
  const reset = number(header(headers, `${prefix}-reset`))
  // Stryker disable next-line StringLiteral: without a limit there is no window, whatever text stands in for it
  const w = number(/;\s*w=([\d.]+)/.exec(limitText ?? '')?.[1])
  return {
    remaining,
    ...(reset === undefined ? {} : { resetMs: resetDelayMs(reset, nowMs) }),
    ...(limit === undefined ? {} : { limit }),
    ...(w === undefined || w === 0 ? {} : { windowMs: w * 1000 })
  }
}

/** What the answer's headers say about the rate limit, or undefined when they say nothing readable. */
export function readRateLimit(headers: Headers, nowMs: number): RateLimitInfo | undefined {
  const info = fromStructuredFields(headers, nowMs) ?? fromTriple(headers, 'ratelimit', nowMs) ?? fromTriple(headers, 'x-ratelimit', nowMs)
  // More left than the limit itself is a lie one way or the other: the lesser is what a step may count on.
  return info?.limit !== undefined && info.remaining > info.limit ? { ...info, remaining: info.limit } : info
}
