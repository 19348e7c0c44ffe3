// Rate limiters as real CDN APIs have them, for the stand-in (and the pacer's simulation): a token bucket,
// a fixed window, and a fixed window that punishes overshoot, each with IETF RateLimit headers, X-RateLimit-*
// headers, or none. A rejected request takes nothing from the limit.

export interface Answer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly retryAfterMs?: number
}

/** A limiter: decides each request at its arrival time. */
export interface Limiter {
  take(now: number): Answer
}

export type HeaderStyle = 'ietf' | 'x-ratelimit' | 'none'

/** A token bucket: `rate` per second, at most `burst` at once; 429 with Retry-After: 1. Rejected requests take no token. */
export function tokenBucket(rate: number, burst: number, style: HeaderStyle): Limiter {
  let tokens = burst
  let at = 0
  return {
    take(now) {
      tokens = Math.min(burst, tokens + ((now - at) * rate) / 1000)
      at = now
      const ok = tokens >= 1
      if (ok) tokens -= 1
      const fullIn = Math.ceil(((burst - tokens) / rate) * 1000) / 1000
      const headers: Record<string, string> =
        style === 'ietf'
          ? { ratelimit: `"default";r=${Math.floor(tokens)};t=${Math.ceil(fullIn)}`, 'ratelimit-policy': `"default";q=${rate};w=1` }
          : style === 'x-ratelimit'
            ? {
                'x-ratelimit-limit': String(rate),
                'x-ratelimit-remaining': String(Math.floor(tokens)),
                'x-ratelimit-reset': String(Math.ceil(fullIn))
              }
            : {}
      return ok ? { status: 200, headers } : { status: 429, headers, retryAfterMs: 1000 }
    }
  }
}

/** A fixed window of `limit` requests per `windowMs`, aligned to the clock; 429 with Retry-After until the next window. */
export function fixedWindow(limit: number, windowMs: number, style: HeaderStyle): Limiter {
  let window = -1
  let used = 0
  return {
    take(now) {
      const current = Math.floor(now / windowMs)
      if (current !== window) {
        window = current
        used = 0
      }
      const ok = used < limit
      if (ok) used++
      const resetMs = (current + 1) * windowMs - now
      const seconds = Math.ceil(resetMs / 1000)
      const headers: Record<string, string> =
        style === 'ietf'
          ? { ratelimit: `"default";r=${limit - used};t=${seconds}`, 'ratelimit-policy': `"default";q=${limit};w=${windowMs / 1000}` }
          : style === 'x-ratelimit'
            ? { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(limit - used), 'x-ratelimit-reset': String(seconds) }
            : {}
      return ok ? { status: 200, headers } : { status: 429, headers, retryAfterMs: seconds * 1000 }
    }
  }
}

/**
 * A fixed window of `limit` requests per `windowMs`, aligned to the clock, that punishes overshoot as real purge
 * APIs do (Cloudflare refuses every call for five minutes): the first request over the limit starts a penalty
 * that lasts to the end of the window it came in and `penaltyWindows` windows more, and every request until
 * then is refused, 429 with Retry-After (whole seconds, rounded up) to the penalty's end. The headers, on every
 * answer in the penalty, say nothing is left and the limit resets at the penalty's end. Requests refused in the
 * penalty do not lengthen it (each is only refused); with `extend` each one restarts it from its own window,
 * as an API that counts refused calls against the client would.
 */
export function punishingWindow(
  limit: number,
  windowMs: number,
  penaltyWindows: number,
  style: HeaderStyle,
  { extend = false }: { readonly extend?: boolean } = {}
): Limiter {
  const window = fixedWindow(limit, windowMs, style)
  /** When the penalty ends (exclusive); none before the first overshoot. */
  let penaltyEnd = Number.NEGATIVE_INFINITY
  return {
    take(now) {
      const current = Math.floor(now / windowMs)
      const punished = now < penaltyEnd
      if (!punished || extend) {
        if (!punished) {
          const answer = window.take(now)
          if (answer.status !== 429) return answer
        }
        penaltyEnd = Math.max(penaltyEnd, (current + 1 + penaltyWindows) * windowMs)
      }
      const seconds = Math.ceil((penaltyEnd - now) / 1000)
      const headers: Record<string, string> =
        style === 'ietf'
          ? { ratelimit: `"default";r=0;t=${seconds}`, 'ratelimit-policy': `"default";q=${limit};w=${windowMs / 1000}` }
          : style === 'x-ratelimit'
            ? { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(seconds) }
            : {}
      return { status: 429, headers, retryAfterMs: seconds * 1000 }
    }
  }
}
