import { sleep } from '../../sleep.js'
import type { ResponseHeaders as Headers } from '../headers.js'
import { readRateLimit, type RateLimitInfo } from './rate-limit.js'
import { PROBE_EVERY_MS, RefusalWindow, RESET_ROUNDING_MS } from './refusals.js'

// One pacer for the whole step: it keeps at most `concurrency` requests in flight and sends them no faster
// than the API allows, learning the allowed rate from what the API says. Rate limits are per account, so
// every purge request of every zone goes through the same pacer.
//
// With rate-limit headers, it estimates how many requests the API will still take: the last `remaining`,
// less what this step sent since, plus what the policy refills (a token bucket), or nothing until the reset
// (a fixed window). It starts by trusting the refill; a 429 on a request only the refill allowed is
// evidence of a window, a success evidence of a bucket, and the model with more evidence wins. A
// `remaining` lower than this step's own requests explain is another step on the same account: its share
// of the refill is estimated and left to it.
//
// Without headers, it learns from 429 answers: no pacing until the first, then the rate that got through
// in the last second, doubled every 250 ms until the next 429 (slow start), then raised by a tenth
// each second and set to what got through on a 429 (additive increase, multiplicative decrease), doubled
// again after a quiet spell (3 s and 10 requests without a 429: another step finished, say). When the
// 429s look like a fixed window instead (a request sent at that pace is refused too), refusals.ts tests
// that and, if so, decides when requests go: a burst at each reset, not a pace.
//
// A request answered 429 waits out its Retry-After without holding a slot, and queues again; a 429 is not
// an attempt. The wait ends early when the limit shows room again (a new window in the headers, or a request
// sent after the 429 that got through). All waiting on rate limits counts against one budget for the step.

export interface PacerOptions {
  /** Most requests in flight at once. */
  readonly concurrency: number
  /** Most time, in milliseconds, the step may spend waiting on rate limits in all. */
  readonly maxWaitMs: number
  readonly now?: () => number
  readonly sleep?: (ms: number) => Promise<void>
  /** Told when pacing starts and when its rate changes by a quarter or more, in requests per second. */
  readonly onPace?: (requestsPerSecond: number) => void
}

/** A request still waiting when the step's time for rate limits ran out. */
export class RateLimitWaitExceeded extends Error {
  override name = 'RateLimitWaitExceeded'
}

/** A slot to send one request in; give it back with `done` once the answer is in. */
export interface Ticket {
  /** The request's place in the order of sending. */
  readonly sequence: number
  /** When it was sent, by the pacer's clock. */
  readonly sentAt: number
  /** Sent on the refill estimate alone, when a fixed window would not have allowed it. */
  readonly onRefillAlone: boolean
  done(): void
}

interface Waiter {
  resolve(ticket: Ticket): void
  reject(error: Error): void
  /** Back from waiting out a Retry-After: it goes before requests not yet sent. */
  readonly returning: boolean
}

/** What the latest answer with rate-limit headers said. */
interface Reading {
  readonly info: RateLimitInfo
  readonly at: number
  /** The sequence of the request it answered: requests sent after it may not be counted in `remaining`. */
  readonly sequence: number
}

const SLOW_START_EVERY_MS = 250
const INCREASE_EVERY_MS = 1000
const INCREASE = 1.1
/** No 429 for this long and this many requests, and the pace grows fast again. */
const QUIET_MS = 3000
const QUIET_REQUESTS = 10
/** Requests left that the headers must show for the pace to rise fast again. */
const SPARE = 2
const DECREASE = 0.75
/** Successes remembered to measure the rate that gets through. */
const THROUGHPUT_WINDOW_MS = 1000
/** 429s on requests the refill alone allowed, with no success among them, before the limit is taken for a fixed window. */
const WINDOW_EVIDENCE = 2
/** Without a reset or refill to go by, one request goes to find out after this long. */
const PROBE_MS = 1000

export class Pacer {
  /** 429 answers seen. */
  limited = 0
  private readonly now: () => number
  private readonly sleep: (ms: number) => Promise<void>
  private readonly queue: Waiter[] = []
  private inFlight = 0
  private sent = 0
  private lastSentAt = Number.NEGATIVE_INFINITY
  // Learnt from 429s, without headers.
  private rate: number | undefined
  // Stryker disable next-line BooleanLiteral: the first rate sets it, before anything reads it
  private slowStart = true
  private lastChange = 0
  private nextSendAt = 0
  private readonly successes: number[] = []
  // Learnt from headers.
  private reading: Reading | undefined
  private resetAt: number | undefined
  private capacity = 0
  private windowEvidence = 0
  private bucketEvidence = 0
  /** Whether the headers showed the limit come back at once, faster than any refill: a fixed window. */
  private sawReset = false
  // Reporting and the budget.
  private reported: number | undefined
  private timerAt: number | undefined
  private waitedMs = 0
  private holds = 0
  private holdStart = 0
  private pacingHeld = false
  private exhausted = false
  /** Settles when the limit shows room again (see renew): requests waiting out a Retry-After may go then. */
  private renewal = deferred()
  /** Requests sent before the latest 429 was answered; one sent after it that gets through shows room again. */
  private sentBefore429 = Number.POSITIVE_INFINITY
  /** Whether a request sent after the latest 429 got through. */
  // Stryker disable next-line BooleanLiteral: read only after a first 429, which sets it
  private reopened = false
  private last429At = Number.NEGATIVE_INFINITY
  /** Without headers: a fixed window found from 429s alone. */
  private readonly refusals: RefusalWindow

  constructor(private readonly options: PacerOptions) {
    this.now = options.now ?? Date.now
    this.sleep = options.sleep ?? sleep
    this.refusals = new RefusalWindow(options.concurrency)
  }

  /** The pace in requests per second once the API has limited the step; undefined while it has not. */
  get pace(): number | undefined {
    if (this.unsaid()) return this.refusals.pace ?? this.rate
    if (!this.windowed()) return this.rate
    // Under a fixed window the pace is its policy, when it says one; its bursts have no steady rate otherwise.
    const policy = this.refill()
    return policy === undefined || this.limited === 0 ? undefined : policy * 1000
  }

  /** Milliseconds spent waiting on rate limits so far. */
  get waited(): number {
    return this.waitedMs + (this.holds > 0 ? this.now() - this.holdStart : 0)
  }

  /**
   * Waits for a slot within the rate. `returning`: the request is back from waiting out a Retry-After, so
   * it goes before those not yet sent (a batch started is a batch to finish first).
   * Rejects with RateLimitWaitExceeded once the step's time for rate limits is spent.
   */
  acquire(returning = false): Promise<Ticket> {
    if (this.exhausted) return Promise.reject(this.exceeded())
    return new Promise<Ticket>((resolve, reject) => {
      const waiter = { resolve, reject, returning }
      const firstNew = this.queue.findIndex((queued) => !queued.returning)
      if (returning && firstNew !== -1) this.queue.splice(firstNew, 0, waiter)
      else this.queue.push(waiter)
      this.pump()
    })
  }

  /** Learns from an answer: its rate-limit headers, and whether it was a 429. */
  observe(ticket: Ticket, status: number, headers: Headers): void {
    const now = this.now()
    const info = readRateLimit(headers, now)
    if (info !== undefined) this.read(ticket, info, now)
    if (ticket.onRefillAlone) {
      if (status === 429) this.windowEvidence++
      else if (status < 400) this.bucketEvidence++
    }
    if (status === 429) {
      this.limited++
      // Sent after the latest 429 was answered, at least one interval of the pace that got through later, and
      // nothing sent since got through: the limit did not come back as a bucket would have by then.
      const interval = 1000 / Math.max(1, this.throughput(now))
      const stillShut = ticket.sequence >= this.sentBefore429 && !this.reopened && ticket.sentAt - this.last429At >= interval * 0.8
      this.reopened = false
      this.sentBefore429 = this.sent
      this.last429At = now
      this.refusals.refused(ticket.sequence, stillShut, now)
      this.askedForTime(now, info !== undefined)
    } else if (status < 400) {
      const reopened = ticket.sequence >= this.sentBefore429
      this.reopened ||= reopened
      this.refusals.succeeded(ticket.sequence, ticket.sentAt, reopened, this.sent)
      if (this.unsaid()) this.report(this.refusals.pace)
      this.successes.push(now)
      // Requests to spare in the headers: nobody else takes the refill now (another step finished, say).
      // Under a window found from 429s the window decides, and its pace is the one reported.
      if (!this.unsaid()) this.speedUp(now, (info?.remaining ?? 0) >= SPARE)
      // A request sent after the latest 429 that got through shows the limit has room again (a new window, or
      // a bucket's refill; without headers the only sign of it): requests waiting out a Retry-After in whole
      // seconds queue again now, still paced, rather than up to a second late.
      if (reopened) this.renew()
    } else if (status === 503 && headers['retry-after'] !== undefined) {
      // The service asks for time as on a 429. The request itself is an attempt that failed, and the client
      // waits its Retry-After before the next.
      this.askedForTime(now, info !== undefined)
    }
  }

  /**
   * A 429, or a 503 with a Retry-After: the pace is cut. Under a fixed window (from headers, or found from 429s)
   * refusals of the requests that look for its reset are expected, and the window, not a pace, decides.
   */
  private askedForTime(now: number, withHeaders: boolean): void {
    if (!this.windowed() && !this.unsaid()) this.slowDown(now, withHeaders)
  }

  /**
   * Waits out a 429's Retry-After (without one: a second) without holding a slot. Rejects with
   * RateLimitWaitExceeded when that wait would take the step past its time for rate limits.
   */
  async waitRetry(retryAfterMs: number | undefined): Promise<void> {
    const ms = retryAfterMs ?? PROBE_MS
    this.refusals.retryAfter(ms)
    if (this.exhausted || this.waited + ms > this.options.maxWaitMs) {
      this.exhaust()
      throw this.exceeded()
    }
    this.hold()
    try {
      // A new window, seen in another answer's headers, says more than a Retry-After in whole seconds.
      await Promise.race([this.sleep(ms), this.renewal.promise])
    } finally {
      this.unhold()
    }
  }

  private exceeded(): RateLimitWaitExceeded {
    return new RateLimitWaitExceeded(
      `rate limited by the API for longer than rate-limit-wait allows (${Math.round(this.options.maxWaitMs / 1000)} s in all)`
    )
  }

  private read(ticket: Ticket, info: RateLimitInfo, now: number): void {
    const previous = this.reading
    if (previous !== undefined && ticket.sequence < previous.sequence) return
    this.reading = { info, at: now, sequence: ticket.sequence }
    // An answer's `remaining` is after its own request: the API took one more than that at once.
    this.capacity = Math.max(this.capacity, info.remaining + 1)
    const rose = previous === undefined ? 0 : info.remaining - previous.info.remaining
    // Most of the quota back at once is a new window. More back than the policy's refill explains since the
    // last answer is a fixed window, whatever the policy says: its quota comes back at resets, as a burst.
    const renewed = rose >= this.capacity / 2
    const refill = refillOf(info)
    // Renewed only when a previous reading rose. Without a refill, nothing explains the rise: infinitely much would have to.
    if (renewed && rose > (refill ?? Number.POSITIVE_INFINITY) * (now - (previous as Reading).at) + SPARE) this.sawReset = true
    if (info.resetMs !== undefined) {
      const at = now + info.resetMs
      // Resets come in whole seconds: the earliest one said for the current window is the most exact.
      this.resetAt = this.resetAt === undefined || now >= this.resetAt || renewed ? at : Math.min(this.resetAt, at)
      if (renewed) this.renew()
    }
  }

  /** Requests waiting out a Retry-After go now: the headers showed a new window, or a request sent after the latest 429 got through. */
  private renew(): void {
    this.renewal.resolve()
    this.renewal = deferred()
  }

  /** No headers, and the 429s so far look like a fixed window: it decides when requests go, not a pace. */
  private unsaid(): boolean {
    return this.reading === undefined && this.refusals.active
  }

  /** The headers say what remains, and the limit comes back at a reset rather than as it goes. */
  private windowed(): boolean {
    return this.reading !== undefined && (this.refill() === undefined || !this.trustRefill())
  }

  /** Requests per millisecond the API's policy refills, when it says. */
  private refill(): number | undefined {
    return this.reading === undefined ? undefined : refillOf(this.reading.info)
  }

  /**
   * Whether the limit refills as it goes (a token bucket). Requests the refill alone let through say so; 429s on
   * them say a fixed window, unless some got through (another step on the account takes some of a bucket's refill).
   */
  private trustRefill(): boolean {
    if (this.sawReset) return false
    return this.windowEvidence < WINDOW_EVIDENCE || this.bucketEvidence * 4 >= this.windowEvidence
  }

  /**
   * Requests the API will take now by the headers, by each model: a bucket refills continuously, a window
   * only at its reset. Undefined when no header said what remains.
   */
  private tokens(now: number): { window: number; bucket: number | undefined } | undefined {
    const reading = this.reading
    if (reading === undefined) return undefined
    const remaining = reading.info.remaining
    const unaccounted = this.sent - reading.sequence - 1
    const afterReset = this.resetAt !== undefined && now >= this.resetAt && reading.at < this.resetAt
    const window = (afterReset ? Math.max(this.capacity, 1) : remaining) - unaccounted
    const refill = this.refill()
    const bucket =
      refill === undefined ? undefined : Math.min(Math.max(this.capacity, 1), remaining + refill * (now - reading.at)) - unaccounted
    return { window, bucket }
  }

  /** Milliseconds until the next request may go, and whether only the refill estimate lets it. */
  private delay(now: number): { wait: number; onRefillAlone: boolean } {
    if (this.unsaid()) return { wait: this.refusals.delay(now, this.sent, this.lastSentAt), onRefillAlone: false }
    const tokens = this.tokens(now)
    // Under a fixed window the headers say all there is: the burst goes at once, then nothing until the reset.
    const paced = this.rate === undefined || this.windowed() ? 0 : Math.max(0, this.nextSendAt - now)
    if (tokens === undefined || tokens.window >= 1) return { wait: paced, onRefillAlone: false }
    const resetIn = this.resetAt === undefined ? undefined : Math.max(0, this.resetAt - now)
    const trustRefill = tokens.bucket !== undefined && this.trustRefill()
    if (trustRefill && (tokens.bucket as number) >= 1) return { wait: paced, onRefillAlone: true }
    const refill = this.refill()
    if (!trustRefill && this.resetAt !== undefined && resetIn !== undefined) {
      // A reset is said in whole seconds, rounded up: the window may come back up to a second sooner. In that
      // last second, one request every PROBE_EVERY_MS goes to find out, and its answer opens the burst.
      const probeAt = Math.max(this.resetAt - RESET_ROUNDING_MS, this.lastSentAt + PROBE_EVERY_MS)
      return { wait: Math.max(paced, Math.min(resetIn, Math.max(0, probeAt - now))), onRefillAlone: false }
    }
    const byRefill = trustRefill && refill !== undefined ? (1 - (tokens.bucket as number)) / refill : undefined
    // Nothing says when: one request a second after the last one goes to find out.
    const probeIn = Math.max(0, this.lastSentAt + PROBE_MS - now)
    return {
      wait: Math.max(
        paced,
        Math.min(byRefill ?? Number.POSITIVE_INFINITY, resetIn ?? (byRefill === undefined ? probeIn : Number.POSITIVE_INFINITY))
      ),
      onRefillAlone: false
    }
  }

  /** Sends what may be sent now, and sets a timer for the rest. */
  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.options.concurrency) {
      const now = this.now()
      const { wait, onRefillAlone } = this.delay(now)
      if (wait > 0) {
        this.setHeld(true)
        const budgetLeft = this.options.maxWaitMs - this.waited
        if (budgetLeft < 0) {
          this.exhaust()
          return
        }
        // Whole milliseconds: a clock's resolution, and no endless run of ever smaller waits.
        this.schedule(now + Math.ceil(Math.min(wait, budgetLeft + 1)))
        return
      }
      const waiter = this.queue.shift() as Waiter
      this.inFlight++
      const sequence = this.sent++
      this.lastSentAt = now
      if (this.rate !== undefined) this.nextSendAt = Math.max(this.nextSendAt, now) + 1000 / this.rate
      let released = false
      waiter.resolve({
        sequence,
        sentAt: now,
        onRefillAlone,
        done: () => {
          if (released) return
          released = true
          this.inFlight--
          this.pump()
        }
      })
    }
    this.setHeld(false)
  }

  private hold(): void {
    if (this.holds++ === 0) this.holdStart = this.now()
  }

  private unhold(): void {
    if (--this.holds === 0) this.waitedMs += this.now() - this.holdStart
  }

  /** Whether the pump is holding requests back for the rate: counted once, however many are queued. */
  private setHeld(held: boolean): void {
    if (held === this.pacingHeld) return
    this.pacingHeld = held
    if (held) this.hold()
    else this.unhold()
  }

  private schedule(at: number): void {
    if (this.timerAt !== undefined && this.timerAt <= at) return
    this.timerAt = at
    void this.sleep(at - this.now()).then(() => {
      if (this.timerAt === at) this.timerAt = undefined
      this.pump()
    })
  }

  /** Every request still waiting fails: the step's time for rate limits is spent. */
  private exhaust(): void {
    this.exhausted = true
    this.setHeld(false)
    for (const waiter of this.queue.splice(0)) waiter.reject(this.exceeded())
  }

  /** Requests that got through in the last second, per second. */
  private throughput(now: number): number {
    while (this.successes.length > 0 && (this.successes[0] as number) <= now - THROUGHPUT_WINDOW_MS) this.successes.shift()
    return (this.successes.length * 1000) / THROUGHPUT_WINDOW_MS
  }

  private slowDown(now: number, withHeaders: boolean): void {
    const through = Math.max(1, this.throughput(now))
    if (this.rate === undefined) {
      const policy = this.refill()
      this.rate = policy === undefined ? through : Math.max(through, policy * 1000)
      this.slowStart = policy === undefined
    } else if (now - this.lastChange >= 1000 / this.rate) {
      // The 429s of one burst are one signal: the rate changes at most once per interval between requests.
      // With headers, the cut is by a fixed share, which lets two steps on one account even out (the
      // headers keep each from overrunning the limit); without, the rate that got through is the best guess.
      this.rate = Math.max(1, withHeaders ? this.rate * DECREASE : Math.min(this.rate, Math.max(through, this.rate * DECREASE)))
      this.slowStart = false
    } else {
      return
    }
    this.lastChange = now
    this.nextSendAt = now + 1000 / this.rate
    this.report(this.rate)
  }

  private speedUp(now: number, spare: boolean): void {
    if (this.rate === undefined) return
    // No 429 for a while at this pace: whatever held it back has gone (another step finished, say), and the
    // pace doubles again rather than creeping up by a tenth a second.
    const fast = this.slowStart || spare || (now - this.last429At >= QUIET_MS && this.sent - this.sentBefore429 >= QUIET_REQUESTS)
    if (now - this.lastChange < (fast ? SLOW_START_EVERY_MS : INCREASE_EVERY_MS)) return
    const policy = this.refill()
    this.rate = Math.min(this.rate * (fast ? 2 : INCREASE), policy === undefined ? Number.POSITIVE_INFINITY : policy * 1000)
    this.lastChange = now
    this.report(this.rate)
  }

  private report(rate: number | undefined): void {
    if (rate === undefined) return
    if (this.reported !== undefined && Math.abs(rate - this.reported) < this.reported / 4) return
    this.reported = rate
    this.options.onPace?.(rate)
  }
}

/** Requests per millisecond a policy refills, when it gives both quota and window. */
function refillOf(info: RateLimitInfo): number | undefined {
  return info.limit !== undefined && info.windowMs !== undefined ? info.limit / info.windowMs : undefined
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}
