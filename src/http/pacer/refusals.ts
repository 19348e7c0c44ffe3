// A fixed window that the API does not describe: no rate-limit headers, only 429s. A window lets its whole
// quota through at once and then refuses everything until it resets, so the fastest way through is a burst at
// each reset, not a steady pace; a token bucket is the opposite. How the 429s tell the two apart, how a window
// is tested, probed and sent its quota, and when it is given up: docs/rate-limits.md (modes refusal-test and
// refusal-window).
import {
  CALM_WINDOWS,
  EXTRA_GROWTH,
  MIN_TEST_QUOTA,
  PAUSE_RETRY_AFTERS,
  PENALTY_WINDOWS,
  PROBE_AHEAD_MS,
  PROBE_EVERY_MS,
  RESET_MARGIN_MS,
  RESET_ROUNDING_MS,
  UNSAID_PROBE_EVERY_MS,
  WINDOW_REFUSALS
} from './tunables.js'

export type Guess = 'unknown' | 'testing' | 'window' | 'bucket'

export class RefusalWindow {
  guess: Guess = 'unknown'
  /**
   * Successes before the first 429 (and those in flight beside it, answered after), then the most that got through in
   * one window. Set at the first 429.
   */
  private quota: number | undefined
  private successes = 0
  /** When the first 429 was answered (a success sent before then got through before it), and its request sent. */
  private firstRefusalAt = Number.POSITIVE_INFINITY
  private firstRefusedSentAt = 0
  /**
   * The first shut: from the first refused request's sending to the first request through after it, at most the
   * longest Retry-After. Against an API that punishes, the rest of a window and the penalty; else the rest of a window.
   */
  private firstShutMs: number | undefined
  /** The soonest end the Retry-Afters since the window shut said: each says it is open again by then. */
  private saidEnd = Number.POSITIVE_INFINITY
  // Stryker disable next-line BooleanLiteral: nothing reads it before a 429, and refused() shuts it then
  private open = false
  /** The first request of the current window (the one that found it open) and when it was sent. */
  private windowFrom = 0
  private windowSentAt = 0
  private windowOk = 0
  /** The quota when the current window opened: it is sent that many. */
  private windowQuota = 0
  private retryAfterMs: number | undefined
  /** The longest Retry-After seen: two resets further apart than twice that are a pause, not a window. */
  private longestRetryAfterMs = RESET_ROUNDING_MS
  private shutAt = 0
  /** When the last reset found right after a refusal was sent, and the window's length measured between two. */
  private previousReset: number | undefined
  private periodMs: number | undefined
  /**
   * How long after a window's start the next is looked for, once a request at the spacing was refused (it doubles
   * each time), or a reset came sooner than the length said. Before, the spacing is the first shut over
   * PENALTY_WINDOWS: see `spacing`.
   */
  private spacingMs: number | undefined
  /** The current window was found open at the spacing: it shows the spacing right once it takes its whole quota. */
  // Stryker disable next-line BooleanLiteral: every window's opening sets it, and nothing reads it before a window is open
  private onTrial = false
  /**
   * Requests a window is sent beyond its quota, to find out whether it takes more (a limit raised or lifted), once
   * CALM_WINDOWS windows went by with nothing refused: doubled each time it took them all. None once the API is seen to
   * punish: a refusal shut it out longer than the windows come (the first shut, or a request past the quota refused).
   */
  private extra = 1
  /** The spacing, when a request past the quota (an extra, or the one at the spacing) was refused: its Retry-After is next. */
  private pastQuotaRefused: number | undefined
  private punishes = false
  /** Windows opened in a row with no request refused: only after CALM_WINDOWS of them does a window get extras. */
  private calm = 0
  /** Requests refused within a window's quota since the last window that took its whole quota. */
  private windowRefused = 0
  /** The test burst: `testSize` requests from this sequence on. */
  private testFrom: number | undefined
  private testOk = 0

  constructor(private readonly concurrency: number) {}

  /** Whether it, not a pace, decides when requests go: a window is tested, or was found. */
  get active(): boolean {
    return this.guess === 'testing' || this.guess === 'window'
  }

  /** Requests per second under the window found: its quota over its length (until that is measured, the spacing). */
  get pace(): number | undefined {
    const said = this.periodMs !== undefined || this.retryAfterMs !== undefined
    return this.guess === 'window' && said ? ((this.quota as number) * 1000) / this.spacing : undefined
  }

  /**
   * How long after a window's start the next is looked for: its length once measured, or the spacing if less. Until
   * either is known, the first shut over PENALTY_WINDOWS, but not under a second (resets are said in whole seconds): a
   * penalty's end is a window's edge, and a shut of the rest of a window and a penalty of that many windows or more
   * is more than that many windows. A shorter penalty costs one more refusal, two at most (see docs/rate-limits.md).
   */
  private get spacing(): number {
    const length = this.periodMs ?? this.longestRetryAfterMs
    if (this.spacingMs !== undefined) return Math.min(length, this.spacingMs)
    return this.periodMs ?? Math.max(RESET_ROUNDING_MS, (this.firstShutMs ?? length) / PENALTY_WINDOWS)
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
    // A request past the quota refused, and told to wait longer than the windows come: a penalty.
    if (ms > (this.pastQuotaRefused ?? Number.POSITIVE_INFINITY)) this.punishes = true
    this.pastQuotaRefused = undefined
    if (ms <= 0) return
    this.retryAfterMs = ms
    this.longestRetryAfterMs = Math.max(this.longestRetryAfterMs, ms)
    // Said in whole seconds, rounded up: the soonest end said is the best (a later 429 may say a second more). Read
    // right after its 429 (only 429s are waited out here), from when that shut the window.
    this.saidEnd = Math.min(this.saidEnd, this.shutAt + ms)
  }

  /**
   * A 429 on request `sequence`, sent at `sentAt` (when not known, taken as `now`, when it was answered). `stillShut`:
   * the request was sent after the latest 429 was answered, so the limit did not come back in the meantime.
   */
  refused(sequence: number, stillShut: boolean, now: number, sentAt = now): void {
    if (this.quota === undefined) {
      this.quota = this.successes
      this.firstRefusalAt = now
      this.firstRefusedSentAt = sentAt
    }
    if (this.guess === 'unknown' && stillShut && this.quota >= MIN_TEST_QUOTA) this.guess = 'testing'
    if (this.guess === 'testing' && sequence >= (this.testFrom ?? Number.POSITIVE_INFINITY)) {
      // A request of the test burst refused: the limit drains with a burst, a bucket.
      this.guess = 'bucket'
      return
    }
    // Stryker disable next-line EqualityOperator: the window's first request got through (it opened the window), so no refusal is of it
    const withinQuota = this.guess === 'window' && sequence >= this.windowFrom && sequence - this.windowFrom < this.windowQuota
    if (withinQuota && this.onTrial) {
      // What the request at the spacing found open was what was left of the window before: the spacing is too
      // short, and the window's length at least twice that.
      this.doubleSpacing()
      // Stryker disable next-line BooleanLiteral: it is read only with a window open, and the next window's opening sets it
      this.onTrial = false
      // Its other refusals are no sign of a bucket.
      this.windowQuota = 0
    } else if (withinQuota && ++this.windowRefused >= WINDOW_REFUSALS) {
      // Two requests refused within the quota a window took before (beyond it they only find out whether it takes
      // more): it drains with a burst after all, it no longer resets, or another step takes part of it. Pacing
      // shares it fairly; a burst at each reset would not.
      this.guess = 'bucket'
      return
    } else this.refusedPastQuota(sequence - this.windowFrom - this.windowQuota)
    this.extra = 1
    this.calm = 0
    // All that got through in this window (the request that found it open, and those sent after) fit in it.
    this.quota = Math.max(this.quota, this.windowOk)
    this.open = false
    this.shutAt = now
    // The reset comes sooner than the length said: the window is shorter now, and its length is measured again.
    const retryAfter = this.retryAfterMs ?? RESET_ROUNDING_MS
    // Stryker disable next-line ConditionalExpression: with no length the sum below is NaN, and the comparison false all the same
    if (this.periodMs !== undefined && now + retryAfter < this.windowSentAt + this.periodMs - PROBE_AHEAD_MS) {
      this.periodMs = undefined
      this.spacingMs = now + retryAfter - this.windowSentAt
    }
  }

  /** A refusal of the request `past` requests beyond the open window's quota: an extra's, or the one sent at the spacing. */
  private refusedPastQuota(past: number): void {
    if (this.guess !== 'window' || !this.open || past < 0) return
    this.pastQuotaRefused = this.spacing
    // The request that looked for the next window at the spacing was refused: the window is longer than that.
    if (past >= this.extras) this.doubleSpacing()
  }

  /**
   * The spacing was too short: the window is longer than that, and the spacing doubles. Not to the first shut, which
   * a window never passes against an API that punishes: with a penalty of a window that is up to twice the window.
   */
  private doubleSpacing(): void {
    this.spacingMs = this.spacing * 2
  }

  /** A success on request `sequence`, sent at `sentAt`. `reopened`: it was sent after the latest 429 was answered. `sent`: requests sent so far. */
  succeeded(sequence: number, sentAt: number, reopened: boolean, sent: number): void {
    this.successes++
    // In flight beside the first 429 and answered after it: it got through in the window that 429 shut.
    if (sentAt < this.firstRefusalAt && this.quota !== undefined) this.quota++
    // Sent after the latest 429 was answered, and through: open again, whatever the 429s said.
    if (reopened) this.saidEnd = Number.POSITIVE_INFINITY
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
      // The first window opens right after the first shut (a probe past the allowance opens none before a window is found).
      this.firstShutMs ??= Math.min(sentAt - this.firstRefusedSentAt, this.longestRetryAfterMs)
      this.onTrial = !afterRefusal
      this.previousReset = afterRefusal ? sentAt : undefined
      // A window that took its whole quota clears the count.
      if (this.windowOk >= this.windowQuota) this.windowRefused = 0
      this.open = true
      this.calm++
      this.windowFrom = sequence
      this.windowSentAt = sentAt
      this.windowOk = 1
      this.windowQuota = this.quota as number
      // The first reset found while testing starts the test burst (under a window, it was set long before).
      this.testFrom ??= sent
      return
    }
    // Sent before this window opened: it counts for none. (The window's first request took the branch above.)
    // Stryker disable next-line EqualityOperator: the window's first request took the branch above, and is answered once
    if (sequence < this.windowFrom) return
    this.windowOk++
    if (this.guess === 'testing' && sequence >= (this.testFrom as number) && ++this.testOk >= this.testSize) this.guess = 'window'
    if (this.guess !== 'window') return
    if (this.onTrial && this.windowOk >= this.windowQuota) {
      // Found open at the spacing, and it took its whole quota: a new window, so the windows come at the spacing or
      // sooner. A first shut longer than that was a penalty.
      this.onTrial = false
      if ((this.firstShutMs as number) > this.spacing) this.punishes = true
    }
    // More got through in this window than the quota said: the quota grows. All it was sent got through: it is sent
    // twice as many more at once (a limit raised or lifted is found in a few round trips, as TCP's slow start finds a
    // link's speed).
    this.quota = Math.max(this.quota as number, this.windowOk)
    if (this.extras > 0 && this.windowOk >= this.windowQuota + this.extras) this.extra *= EXTRA_GROWTH
  }

  /** Requests the current window is sent beyond its quota: see `extra`. */
  private get extras(): number {
    return !this.punishes && this.calm > CALM_WINDOWS ? this.extra : 0
  }

  /**
   * How many requests the current window may be sent, counting the one that found it open: the test burst
   * while testing; under a window its quota and the extras (see `extra`).
   */
  private get allowance(): number {
    // While testing, it is read only with the window open, which set testFrom.
    return this.guess === 'testing' ? (this.testFrom as number) + this.testSize - this.windowFrom : this.windowQuota + this.extras
  }

  /** Milliseconds until the next request may go, with `sent` requests sent so far, the last at `lastSentAt`. */
  delay(now: number, sent: number, lastSentAt: number): number {
    if (this.open && sent - this.windowFrom < this.allowance) return 0
    // Shut, or its allowance sent: nothing goes before the next reset is due (an API that punishes a request past
    // its limit shuts the whole account out for longer), then one request at a time looks for it. A window found
    // is due by its spacing from the last one's start (a refusal in a penalty says only the penalty's end); while
    // testing, by the soonest end the Retry-Afters said since it shut, or the Retry-After from the window's start.
    const retryAfter = this.retryAfterMs
    const afterRetry = this.open
      ? this.windowSentAt + (retryAfter ?? RESET_ROUNDING_MS)
      : Math.min(this.saidEnd, this.shutAt + (retryAfter ?? RESET_ROUNDING_MS))
    let due = afterRetry
    if (this.guess === 'window') {
      const spacing = this.spacing
      // Shut by a refusal, not before its Retry-After, which is said in whole seconds, rounded up: it may come up to a
      // second sooner, unless the API punishes (then its end is a penalty's).
      const shut = this.open ? 0 : afterRetry - (this.punishes ? 0 : RESET_ROUNDING_MS)
      due = Math.max(this.windowSentAt + spacing, shut) + RESET_MARGIN_MS
    }
    const every = retryAfter === undefined ? UNSAID_PROBE_EVERY_MS : PROBE_EVERY_MS
    return Math.max(0, Math.max(due, lastSentAt + every) - now)
  }
}
