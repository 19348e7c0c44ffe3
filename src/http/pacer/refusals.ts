// A fixed window that the API does not describe: no rate-limit headers, only 429s. A window lets its whole
// quota through at once and then refuses everything until it resets, so the fastest way through is a burst at
// each reset, not a steady pace; a token bucket is the opposite. How the 429s tell the two apart, how a window
// is tested, probed and sent its quota, and when it is given up: docs/rate-limits.md (modes refusal-test and
// refusal-window).
import {
  EXTRA_GROWTH,
  MIN_TEST_QUOTA,
  PAUSE_RETRY_AFTERS,
  PROBE_AHEAD_MS,
  PROBE_EVERY_MS,
  RESET_ROUNDING_MS,
  UNSAID_PROBE_EVERY_MS,
  WINDOW_REFUSALS
} from './tunables.js'

export type Guess = 'unknown' | 'testing' | 'window' | 'bucket'

export class RefusalWindow {
  guess: Guess = 'unknown'
  /** Successes before the first 429, then the most that got through in one window. Set at the first 429. */
  private quota: number | undefined
  private successes = 0
  // Stryker disable next-line BooleanLiteral: nothing reads it before a 429, and refused() shuts it then
  private open = false
  /** The first request of the current window (the one that found it open) and when it was sent. */
  private windowFrom = 0
  private windowSentAt = 0
  private windowOk = 0
  /** The quota when the current window opened: it is sent that many, and `extra` more. */
  private windowQuota = 0
  private retryAfterMs: number | undefined
  /** The longest Retry-After seen: two resets further apart than twice that are a pause, not a window. */
  private longestRetryAfterMs = RESET_ROUNDING_MS
  private shutAt = 0
  /** When the last reset found right after a refusal was sent, and the window's length measured between two. */
  private previousReset: number | undefined
  private periodMs: number | undefined
  /** Requests refused within a window's quota since the last window that took its whole quota. */
  private windowRefused = 0
  /** The test burst: `testSize` requests from this sequence on. */
  private testFrom: number | undefined
  private testOk = 0
  /** Requests a window is sent beyond its quota, to find out whether it takes more: doubled each time it took them all. */
  private extra = 1

  constructor(private readonly concurrency: number) {}

  /** Whether it, not a pace, decides when requests go: a window is tested, or was found. */
  get active(): boolean {
    return this.guess === 'testing' || this.guess === 'window'
  }

  /** Requests per second under the window found: its quota over its length (until that is measured, the Retry-After). */
  get pace(): number | undefined {
    const length = this.periodMs ?? this.retryAfterMs
    return this.guess === 'window' && length !== undefined ? ((this.quota as number) * 1000) / length : undefined
  }

  /**
   * The test burst: as many requests as got through before the first 429, less the one that found the reset,
   * at most `concurrency`. A window takes them all, however small its quota.
   */
  private get testSize(): number {
    return Math.min((this.quota as number) - 1, this.concurrency)
  }

  /** A 429's Retry-After, in milliseconds: when the window comes back, and the best guess at its length. */
  retryAfter(ms: number): void {
    if (ms <= 0) return
    this.retryAfterMs = ms
    this.longestRetryAfterMs = Math.max(this.longestRetryAfterMs, ms)
  }

  /**
   * A 429 on request `sequence`. `stillShut`: the request was sent after the latest 429 was answered, so the
   * limit did not come back in the meantime.
   */
  refused(sequence: number, stillShut: boolean, now: number): void {
    this.quota ??= this.successes
    if (this.guess === 'unknown' && stillShut && this.quota >= MIN_TEST_QUOTA) this.guess = 'testing'
    if (this.guess === 'testing' && sequence >= (this.testFrom ?? Number.POSITIVE_INFINITY)) {
      // A request of the test burst refused: the limit drains with a burst, a bucket.
      this.guess = 'bucket'
      return
    }
    if (
      this.guess === 'window' &&
      sequence >= this.windowFrom &&
      sequence - this.windowFrom < this.windowQuota &&
      ++this.windowRefused >= WINDOW_REFUSALS
    ) {
      // Two requests refused within the quota a window took before (beyond it they only find out whether it takes
      // more): it drains with a burst after all, it no longer resets, or another step takes part of it. Pacing
      // shares it fairly; a burst at each reset would not.
      this.guess = 'bucket'
      return
    }
    // All that got through in this window (the request that found it open, and those sent after) fit in it.
    this.quota = Math.max(this.quota, this.windowOk)
    this.extra = 1
    this.open = false
    this.shutAt = now
    // The reset comes sooner than the length said: the window is shorter now, and its length is measured again.
    const retryAfter = this.retryAfterMs ?? RESET_ROUNDING_MS
    if (this.periodMs !== undefined && now + retryAfter < this.windowSentAt + this.periodMs - PROBE_AHEAD_MS) this.periodMs = undefined
  }

  /** A success on request `sequence`, sent at `sentAt`. `reopened`: it was sent after the latest 429 was answered. `sent`: requests sent so far. */
  succeeded(sequence: number, sentAt: number, reopened: boolean, sent: number): void {
    this.successes++
    if (!this.active) return
    // A new window: the first request to get through after it shut, or a request sent past its allowance (a
    // probe, which goes only when the next reset is due) that gets through.
    const beyond = this.guess === 'window' && sequence - this.windowFrom >= this.allowance
    if ((reopened && !this.open) || beyond) {
      // The window's length: between two resets each found right after a refusal, no more than two
      // Retry-Afters apart (a longer gap is a pause in the step). A probe past the allowance measures none.
      const afterRefusal = !this.open
      // With no reset found before, the gap is NaN, which measures nothing.
      const gap = sentAt - (this.previousReset ?? Number.NaN)
      if (afterRefusal && gap <= PAUSE_RETRY_AFTERS * this.longestRetryAfterMs) this.periodMs = gap
      this.previousReset = afterRefusal ? sentAt : undefined
      // A window that took its whole quota clears the count.
      if (this.windowOk >= this.windowQuota) this.windowRefused = 0
      this.open = true
      this.windowFrom = sequence
      this.windowSentAt = sentAt
      this.windowOk = 1
      this.windowQuota = this.quota as number
      // The first reset found while testing starts the test burst (under a window, it was set long before).
      this.testFrom ??= sent
      return
    }
    // Sent before this window opened: it counts for none. (The window's first request took the branch above.)
    if (sequence < this.windowFrom) return
    this.windowOk++
    if (this.guess === 'testing' && sequence >= (this.testFrom as number) && ++this.testOk >= this.testSize) this.guess = 'window'
    if (this.guess !== 'window') return
    // More got through in this window than the quota said: the quota grows. All it was sent got through: it
    // is sent twice as many more at once (a limit raised or lifted is found in a few round trips, as TCP's
    // slow start finds a link's speed).
    this.quota = Math.max(this.quota as number, this.windowOk)
    if (this.windowOk >= this.windowQuota + this.extra) this.extra *= EXTRA_GROWTH
  }

  /**
   * How many requests the current window may be sent, counting the one that found it open: the test burst
   * while testing; under a window its quota and `extra` more, to find out whether it takes more (one
   * refused waits for the next reset, and the window is known to be spent).
   */
  private get allowance(): number {
    // While testing, it is read only with the window open, which set testFrom.
    return this.guess === 'testing' ? (this.testFrom as number) + this.testSize - this.windowFrom : this.windowQuota + this.extra
  }

  /** Milliseconds until the next request may go, with `sent` requests sent so far, the last at `lastSentAt`. */
  delay(now: number, sent: number, lastSentAt: number): number {
    if (this.open && sent - this.windowFrom < this.allowance) return 0
    // Shut, or its allowance sent: one request at a time looks for the reset, from just before it is due by
    // the window's length, or else from a second before the Retry-After says (counted from the 429 that shut
    // it, or from the window's start).
    const retryAfter = this.retryAfterMs
    const due =
      this.periodMs !== undefined
        ? this.windowSentAt + this.periodMs - PROBE_AHEAD_MS
        : (this.open ? this.windowSentAt : this.shutAt) + (retryAfter ?? RESET_ROUNDING_MS) - RESET_ROUNDING_MS
    const every = retryAfter === undefined ? UNSAID_PROBE_EVERY_MS : PROBE_EVERY_MS
    return Math.max(0, Math.max(due, lastSentAt + every) - now)
  }
}
