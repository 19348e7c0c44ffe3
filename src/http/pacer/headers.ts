// The model of what the answers' rate-limit headers say: how many requests the API will still take, by a
// token bucket (it refills as it goes) and by a fixed window (it comes back at its reset), and which of the
// two the answers bear out. No clock and no timers: the pacer passes the time in. See docs/rate-limits.md.
import type { RateLimitInfo } from './rate-limit.js'
import { BUCKET_EVIDENCE_WEIGHT, PROBE_MS, RENEWED_SHARE, RESET_MARGIN_MS, RESET_ROUNDING_MS, SPARE, WINDOW_EVIDENCE } from './tunables.js'

/** What the latest answer with rate-limit headers said. */
export interface Reading {
  readonly info: RateLimitInfo
  readonly at: number
  /** The sequence of the request it answered: requests sent after it may not be counted in `remaining`. */
  readonly sequence: number
  /**
   * Requests sent before it and still unanswered when it came: the API may not have counted them yet either (answers
   * come back in any order), so they are taken from `remaining` too.
   */
  readonly pending: number
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
   * How long after a reset it says nothing is sent: RESET_MARGIN_MS, or, once a request sent after a stated reset was
   * refused (an API that rounds its reset down, or whose clock is ahead), a whole second more.
   */
  private margin = RESET_MARGIN_MS
  /** When the window was last taken to have come back (its reset and the margin): a 429 to a request sent after it says the reset came later. */
  private reopenedAt = Number.POSITIVE_INFINITY
  /** When the current window may have begun (the answer before the one that showed it): answers to requests sent since may speak of it. */
  private windowSince = Number.NEGATIVE_INFINITY
  /** When an answer showed the current window: answers to requests sent since speak of it alone. */
  private windowSeen = Number.NEGATIVE_INFINITY
  /** The least left that answers in the current window said, each time it fell, and when: what a request sent then found at most. */
  // Stryker disable next-line ArrayDeclaration: an entry with no time and no figure is never before a request nor the least, as none is
  private falls: { readonly at: number; readonly remaining: number }[] = []

  /**
   * Reads an answer's headers, `now`, for request `sequence` sent at `sentAt`. True when they show a new window
   * with its reset: requests waiting out a Retry-After may go.
   */
  read(sequence: number, sentAt: number, info: RateLimitInfo, now: number, pending = 0, refused = false): boolean {
    const previous = this.reading
    const latest = previous?.sequence ?? Number.NEGATIVE_INFINITY
    // Stryker disable next-line EqualityOperator: each request is answered once, so no two readings share a sequence
    const older = sequence < latest
    // An answer's `remaining` is after its own request: the API took one more than that at once (older answers too).
    this.capacity = Math.max(this.capacity, info.remaining + 1)
    if (older) {
      // In a window the least said holds every request answered: this one too, whenever the API counted it.
      const held = this.lowest(sentAt, info.remaining, now)
      this.settled(this.reading as Reading, info, refused || held)
      return false
    }
    this.reading = { info, at: now, sequence, pending }
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
    // Sent after an answer came, it was counted after that one: in a window, as much left as that said or more is a new
    // window, come before the reset said (a reset said in whole seconds comes up to a second sooner).
    const newWindow = renewed || (info.remaining >= this.leastBefore(sentAt) && !this.refills)
    if (newWindow) {
      this.windowSince = (previous as Reading).at
      this.windowSeen = now
      // Stryker disable next-line ArrayDeclaration: an entry with no time and no figure is never before a request nor the least, as none is
      this.falls = []
    } else if (previous !== undefined) this.lowest(sentAt, previous.info.remaining, now)
    this.fell(now, this.reading.info.remaining)
    const previousReset = this.resetAt
    // Sent before the reset and answered after it, with nothing back: it speaks of the window before, and of its
    // reset. What it says held when it was sent, before that reset.
    if (!newWindow && previousReset !== undefined && sentAt < previousReset && now >= previousReset) {
      this.reading = { ...this.reading, at: sentAt }
      // Unless it says nothing is left until later than that: a stated limit holds.
      if (info.resetMs !== undefined && info.remaining === 0) this.resetAt = Math.max(previousReset, now + info.resetMs)
      return false
    }
    if (info.resetMs === undefined) return false
    const at = now + info.resetMs
    // Resets come in whole seconds: the earliest one said for the current window is the most exact. An answer to a
    // request sent before the window was seen to begin may speak of the one before it, and of its reset.
    if (previousReset !== undefined && now < previousReset && !newWindow) {
      if (sentAt >= this.windowSeen) this.resetAt = Math.min(previousReset, at)
    } else this.resetAt = nextReset(at, previousReset, info.windowMs, now)
    return newWindow
  }

  /** The least left that answers in the current window said before `at` (not at the same moment); infinity before any said. */
  private leastBefore(at: number): number {
    let least = Number.POSITIVE_INFINITY
    for (const fall of this.falls) {
      if (fall.at >= at) break
      least = fall.remaining
    }
    return least
  }

  /** An answer at `at` said `remaining`, or the least left fell to it. */
  private fell(at: number, remaining: number): void {
    if (remaining < (this.falls.at(-1)?.remaining ?? Number.POSITIVE_INFINITY)) this.falls.push({ at, remaining })
  }

  /**
   * Within a window nothing comes back: of two answers in it, the one that says less was counted later (requests reach
   * the API in any order), and its figure holds the other one. What is left is the least any answer said since the
   * window began, for a request sent at `sentAt` that said `remaining`. A bucket's rise is its refill.
   */
  private lowest(sentAt: number, remaining: number, now: number): boolean {
    const reading = this.reading as Reading
    const inWindow = sentAt >= this.windowSince && (this.resetAt === undefined || now < this.resetAt) && !this.refills
    if (inWindow && remaining < reading.info.remaining) {
      this.reading = { ...reading, info: { ...reading.info, remaining } }
      this.fell(now, remaining)
    }
    return inWindow
  }

  /**
   * An answer to a request sent before the one `reading` answered, and so counted in its `pending`: one the API
   * refused took nothing, and one that left more than the reading says was counted before it. Either way the
   * reading's `remaining` already holds it (`held`: so does a window's least said). One that left as much or less
   * was counted after, and stays counted.
   */
  private settled(reading: Reading, info: RateLimitInfo, held: boolean): void {
    if (reading.pending > 0 && (held || info.remaining > reading.info.remaining))
      this.reading = { ...reading, pending: reading.pending - 1 }
  }

  /**
   * A 429 to a request sent at `sentAt`: when it went after the window was taken to have come back, the reset came
   * later than said (rounded down, or another clock): from now on a whole second more is left after each.
   */
  refused(sentAt: number): void {
    if (sentAt >= this.reopenedAt) this.margin = RESET_MARGIN_MS + RESET_ROUNDING_MS
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
    // The API took as much at once as its policy's quota: a window of that quota would say the same, and a request
    // sent on a refill that is not there is one past the stated limit. Only a burst smaller than the quota shows a
    // bucket (its quota is a rate, and what it holds at once is less).
    const quota = (this.reading as Reading).info.limit as number
    if (this.capacity >= quota) return false
    return this.windowEvidence < WINDOW_EVIDENCE || this.bucketEvidence * BUCKET_EVIDENCE_WEIGHT >= this.windowEvidence
  }

  /**
   * Requests the API will take `now` by the headers, with `sent` requests sent so far, by each model: a bucket
   * refills continuously, a window only at its reset. Undefined when no header said what remains.
   */
  tokens(now: number, sent: number, inFlight = 0): Tokens | undefined {
    const reading = this.reading
    if (reading === undefined) return undefined
    const remaining = reading.info.remaining
    // Sent since the request it answered, and sent before it but unanswered then: the API may count all of them yet.
    // Any request in flight may be counted after the answer that said the least.
    const unaccounted = Math.max(inFlight, sent - reading.sequence - 1 + reading.pending)
    // No reset said: never after it. A reset comes in whole seconds: nothing goes before it and the margin.
    // Stryker disable next-line ConditionalExpression: undefined plus the margin is NaN, which no time reaches either
    const resetAt = this.resetAt === undefined ? Number.POSITIVE_INFINITY : this.resetAt + this.margin
    const afterReset = now >= resetAt && reading.at < resetAt
    const window = (afterReset ? Math.max(this.capacity, 1) : remaining) - unaccounted
    const refill = this.refill
    const bucket =
      refill === undefined ? undefined : Math.min(Math.max(this.capacity, 1), remaining + refill * (now - reading.at)) - unaccounted
    return { window, bucket }
  }

  /**
   * When the next request may go by the headers, with `sent` requests sent so far, the last at `lastSentAt`,
   * `paced` milliseconds to wait by the learnt pace (0 under a window), and whether an answer is still to come
   * (`inFlight` requests to be answered). Infinity: not before an answer.
   */
  delay(now: number, sent: number, lastSentAt: number, paced: number, inFlight: number): Delay {
    const tokens = this.tokens(now, sent, inFlight)
    if (tokens === undefined || tokens.window >= 1) return { wait: paced, onRefillAlone: false }
    const resetAt = this.resetAt
    const refills = this.refills
    if (refills && (tokens.bucket as number) >= 1) return { wait: paced, onRefillAlone: true }
    const resetIn = resetAt === undefined ? undefined : Math.max(0, resetAt - now)
    if (refills) {
      // Whichever comes first: the refill's next request, or the reset.
      const byRefill = (1 - (tokens.bucket as number)) / (this.refill as number)
      return { wait: Math.max(paced, Math.min(byRefill, resetIn ?? Number.POSITIVE_INFINITY)), onRefillAlone: false }
    }
    if (resetAt !== undefined) {
      // The headers said when the window comes back: nothing goes before then (and the margin), since an API that
      // punishes a request past its limit shuts out the whole account.
      const reopenAt = resetAt + this.margin
      this.reopenedAt = reopenAt
      if (now < reopenAt) return { wait: Math.max(paced, reopenAt - now), onRefillAlone: false }
      // Back, and sent as much as it took at once before: its answers say how much more it takes now.
      if (inFlight > 0) return { wait: Number.POSITIVE_INFINITY, onRefillAlone: false }
    }
    // Nothing says when, and no answer is to come: one request a second after the last one goes to find out.
    return { wait: Math.max(paced, lastSentAt + PROBE_MS - now), onRefillAlone: false }
  }
}

/**
 * The reset of a new window, said `at` (in whole seconds, rounded up: it may come up to a second sooner). When the
 * policy says the window's length, the new one ends that long after the previous reset, when that is consistent with
 * what was said: a reset read from an answer comes as late as the answer did, and each window would start later.
 */
export function nextReset(at: number, previousReset: number | undefined, windowMs: number | undefined, now: number): number {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: without either, `anchored` is NaN, and `at` is returned below all the same
  if (previousReset === undefined || windowMs === undefined) return at
  const anchored = previousReset + windowMs
  return anchored > now && anchored > at - RESET_ROUNDING_MS ? Math.min(at, anchored) : at
}

/** Requests per millisecond a policy refills, when it gives both quota and window. */
export function refillOf(info: RateLimitInfo): number | undefined {
  return info.limit !== undefined && info.windowMs !== undefined ? info.limit / info.windowMs : undefined
}
