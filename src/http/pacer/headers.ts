// The model of what the answers' rate-limit headers say: how many requests the API will still take, by a
// token bucket (it refills as it goes) and by a fixed window (it comes back at its reset), and which of the
// two the answers bear out. No clock and no timers: the pacer passes the time in. See docs/rate-limits.md.
import type { RateLimitInfo } from './rate-limit.js'
import { BUCKET_EVIDENCE_WEIGHT, PROBE_EVERY_MS, PROBE_MS, RENEWED_SHARE, RESET_ROUNDING_MS, SPARE, WINDOW_EVIDENCE } from './tunables.js'

/** What the latest answer with rate-limit headers said. */
export interface Reading {
  readonly info: RateLimitInfo
  readonly at: number
  /** The sequence of the request it answered: requests sent after it may not be counted in `remaining`. */
  readonly sequence: number
}

/** Requests the API will take now, by each model; `bucket` undefined when the policy says no refill. */
export interface Tokens {
  readonly window: number
  readonly bucket: number | undefined
}

/** Milliseconds until the next request may go, and whether only the refill estimate lets it. */
export interface Delay {
  readonly wait: number
  readonly onRefillAlone: boolean
}

export class HeaderModel {
  /** The latest answer's headers, by the order of sending; undefined until an answer has had them. */
  reading: Reading | undefined
  /** When the current window resets, by the earliest reset said for it. */
  resetAt: number | undefined
  private capacity = 0
  private windowEvidence = 0
  private bucketEvidence = 0
  /** Whether the headers showed the limit come back at once, faster than any refill: a fixed window. */
  private sawReset = false

  /**
   * Reads an answer's headers, `now`, for request `sequence` sent at `sentAt`. True when they show a new window
   * with its reset: requests waiting out a Retry-After may go.
   */
  read(sequence: number, sentAt: number, info: RateLimitInfo, now: number): boolean {
    const previous = this.reading
    const latest = previous?.sequence ?? Number.NEGATIVE_INFINITY
    // Stryker disable next-line EqualityOperator: each request is answered once, so no two readings share a sequence
    const older = sequence < latest
    if (older) return false
    this.reading = { info, at: now, sequence }
    // An answer's `remaining` is after its own request: the API took one more than that at once.
    this.capacity = Math.max(this.capacity, info.remaining + 1)
    // A rise counts only for a request sent after the previous answer came: the API took it after that one.
    // Requests sent together (the first burst, say) reach it in any order, and their answers can say more remains
    // on a later request than on an earlier one with nothing coming back.
    const rose = previous === undefined || sentAt < previous.at ? 0 : info.remaining - previous.info.remaining
    // Most of the quota back at once is a new window. More back than the policy's refill explains since the
    // last answer is a fixed window, whatever the policy says: its quota comes back at resets, as a burst.
    const renewed = rose >= this.capacity * RENEWED_SHARE
    const refill = refillOf(info)
    // Renewed only when a previous reading rose. Without a refill, nothing explains the rise: infinitely much would have to.
    if (renewed && rose > (refill ?? Number.POSITIVE_INFINITY) * (now - (previous as Reading).at) + SPARE) this.sawReset = true
    if (info.resetMs === undefined) return false
    const at = now + info.resetMs
    // Resets come in whole seconds: the earliest one said for the current window is the most exact.
    this.resetAt = this.resetAt === undefined || now >= this.resetAt || renewed ? at : Math.min(this.resetAt, at)
    return renewed
  }

  /** The answer to a request the refill alone let through: a 429 is evidence of a window, a success of a bucket. */
  evidence(status: number): void {
    if (status === 429) this.windowEvidence++
    else if (status < 400) this.bucketEvidence++
  }

  /** Requests per millisecond the API's policy refills, when it says. */
  get refill(): number | undefined {
    return this.reading === undefined ? undefined : refillOf(this.reading.info)
  }

  /**
   * Whether the limit refills as it goes (a token bucket): the policy says a refill, and the answers bear it out.
   * Requests the refill alone let through say so; 429s on them say a fixed window, unless some got through
   * (another step on the account takes some of a bucket's refill).
   */
  get refills(): boolean {
    if (this.refill === undefined || this.sawReset) return false
    return this.windowEvidence < WINDOW_EVIDENCE || this.bucketEvidence * BUCKET_EVIDENCE_WEIGHT >= this.windowEvidence
  }

  /**
   * Requests the API will take `now` by the headers, with `sent` requests sent so far, by each model: a bucket
   * refills continuously, a window only at its reset. Undefined when no header said what remains.
   */
  tokens(now: number, sent: number): Tokens | undefined {
    const reading = this.reading
    if (reading === undefined) return undefined
    const remaining = reading.info.remaining
    const unaccounted = sent - reading.sequence - 1
    // No reset said: never after it.
    const resetAt = this.resetAt ?? Number.POSITIVE_INFINITY
    const afterReset = now >= resetAt && reading.at < resetAt
    const window = (afterReset ? Math.max(this.capacity, 1) : remaining) - unaccounted
    const refill = this.refill
    const bucket =
      refill === undefined ? undefined : Math.min(Math.max(this.capacity, 1), remaining + refill * (now - reading.at)) - unaccounted
    return { window, bucket }
  }

  /**
   * When the next request may go by the headers, with `sent` requests sent so far, the last at `lastSentAt`,
   * and `paced` milliseconds to wait by the learnt pace (0 under a window).
   */
  delay(now: number, sent: number, lastSentAt: number, paced: number): Delay {
    const tokens = this.tokens(now, sent)
    if (tokens === undefined || tokens.window >= 1) return { wait: paced, onRefillAlone: false }
    const resetAt = this.resetAt
    const resetIn = resetAt === undefined ? undefined : Math.max(0, resetAt - now)
    const refills = this.refills
    if (refills && (tokens.bucket as number) >= 1) return { wait: paced, onRefillAlone: true }
    if (!refills && resetIn !== undefined) {
      // A reset is said in whole seconds, rounded up: the window may come back up to a second sooner. In that
      // last second, one request every PROBE_EVERY_MS goes to find out, and its answer opens the burst.
      const probeAt = Math.max((resetAt as number) - RESET_ROUNDING_MS, lastSentAt + PROBE_EVERY_MS)
      return { wait: Math.max(paced, Math.min(resetIn, Math.max(0, probeAt - now))), onRefillAlone: false }
    }
    const byRefill = refills ? (1 - (tokens.bucket as number)) / (this.refill as number) : undefined
    // Nothing says when: one request a second after the last one goes to find out.
    const probeIn = Math.max(0, lastSentAt + PROBE_MS - now)
    return {
      wait: Math.max(
        paced,
        Math.min(byRefill ?? Number.POSITIVE_INFINITY, resetIn ?? (byRefill === undefined ? probeIn : Number.POSITIVE_INFINITY))
      ),
      onRefillAlone: false
    }
  }
}

/** Requests per millisecond a policy refills, when it gives both quota and window. */
export function refillOf(info: RateLimitInfo): number | undefined {
  return info.limit !== undefined && info.windowMs !== undefined ? info.limit / info.windowMs : undefined
}
