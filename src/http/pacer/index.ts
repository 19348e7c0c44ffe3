// One pacer for the whole step: it keeps at most `concurrency` requests in flight and sends them no faster
// than the API allows, learning the allowed rate from what the API says. Rate limits are per account, so
// every purge request of every zone goes through the same pacer. This module keeps the slots, the queue and
// the step's time for waiting (budget.ts); which model decides when a request goes is its mode (mode.ts), and the
// models are headers.ts, learning.ts and refusals.ts. The model, its modes and its tunables: docs/rate-limits.md.
import { abortable } from '../../cancel.js'
import { sleep, type Sleep } from '../../sleep.js'
import { seconds } from '../../text.js'
import type { ResponseHeaders as Headers } from '../headers.js'
import { WaitBudget } from './budget.js'
import { HeaderModel, type Delay } from './headers.js'
import { Learning } from './learning.js'
import { byRefusals, modeOf, type Mode } from './mode.js'
import { readRateLimit } from './rate-limit.js'
import { RefusalWindow } from './refusals.js'
import { MIN_RATE, PROBE_MS, QUIET_MS, QUIET_REQUESTS, REPORT_CHANGE, SPARE, STILL_SHUT_SHARE } from './tunables.js'

export interface PacerOptions {
  /** Most requests in flight at once. */
  readonly concurrency: number
  /** Most time, in milliseconds, the step may spend waiting on rate limits in all. */
  readonly maxWaitMs: number
  readonly now?: () => number
  readonly sleep?: Sleep
  /**
   * The run's signal (src/cancel.ts): once aborted, every request still held back fails with its reason, none is let
   * through, and a wait on a Retry-After ends.
   */
  readonly signal?: AbortSignal | undefined
  /** Told when pacing starts and when its rate changes by a quarter or more, in requests per second. */
  readonly onPace?: (requestsPerSecond: number) => void
  /** Told when the mode changes (for the debug log: modeLine). */
  readonly onMode?: (mode: Mode, previous: Mode) => void
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

export class Pacer {
  /** 429 answers seen: counted by observe(), or by countRefusal() for a request that was not paced. */
  private limitedCount = 0
  private readonly now: () => number
  private readonly sleep: Sleep
  private readonly queue: Waiter[] = []
  private inFlight = 0
  /** The sequences of the requests in flight: an answer's `remaining` may not count those sent before it yet. */
  private readonly flying = new Set<number>()
  private sent = 0
  private lastSentAt = Number.NEGATIVE_INFINITY
  /** Learnt from 429s, without headers. */
  private readonly learning = new Learning()
  /** Learnt from headers. */
  private readonly headers = new HeaderModel()
  /** Without headers: a fixed window found from 429s alone. */
  private readonly refusals: RefusalWindow
  private lastMode: Mode = 'unlimited'
  // Reporting and the budget.
  private reported: number | undefined
  private timerAt: number | undefined
  private readonly budget: WaitBudget
  private exhausted = false
  /** Settles when the limit shows room again (see renew): requests waiting out a Retry-After may go then. */
  private renewal = deferred()
  /** Requests sent before the latest 429 was answered; one sent after it that gets through shows room again. */
  private sentBefore429 = Number.POSITIVE_INFINITY
  /** Whether a request sent after the latest 429 got through. */
  // Stryker disable next-line BooleanLiteral: read only after a first 429, which sets it
  private reopened = false
  private last429At = Number.NEGATIVE_INFINITY

  constructor(private readonly options: PacerOptions) {
    this.now = options.now ?? Date.now
    this.sleep = options.sleep ?? sleep
    this.refusals = new RefusalWindow(options.concurrency)
    this.budget = new WaitBudget(this.now)
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once, so the listener runs once either way
    options.signal?.addEventListener('abort', () => this.cancel(), { once: true })
  }

  /** The run was cancelled: every request held back fails with the signal's reason, and none goes from now on. */
  private cancel(): void {
    const reason = (this.options.signal as AbortSignal).reason as Error
    for (const waiter of this.queue.splice(0)) waiter.reject(reason)
  }

  /** Which model decides when requests go, from what the pacer has seen so far. */
  get mode(): Mode {
    return modeOf({
      headers: this.headers.reading !== undefined,
      refills: this.headers.refills,
      refusals: this.refusals.guess,
      paced: this.learning.rate !== undefined
    })
  }

  /** 429 answers seen, paced or not. */
  get limited(): number {
    return this.limitedCount
  }

  /** Counts a 429 to a request sent without a ticket (not paced): observe() counts the others. */
  countRefusal(): void {
    this.limitedCount++
  }

  /** The pace in requests per second once the API has limited the step; undefined while it has not. */
  get pace(): number | undefined {
    const mode = this.mode
    // A window found from 429s has a pace (its quota over its length) once its length or a Retry-After says it.
    if (mode === 'refusal-window') return this.refusals.pace ?? this.learning.rate
    if (mode !== 'header-window') return this.learning.rate
    // Under a fixed window the pace is its policy, when it says one; its bursts have no steady rate otherwise.
    const policy = this.headers.refill
    return policy === undefined || this.limited === 0 ? undefined : policy * 1000
  }

  /** Milliseconds spent waiting on rate limits so far. */
  get waited(): number {
    return this.budget.waited
  }

  /**
   * Waits for a slot within the rate. `returning`: the request is back from waiting out a Retry-After, so
   * it goes before those not yet sent (a batch started is a batch to finish first).
   * Rejects with RateLimitWaitExceeded once the step's time for rate limits is spent.
   */
  acquire(returning = false): Promise<Ticket> {
    if (this.options.signal?.aborted === true) return Promise.reject(this.options.signal.reason as Error)
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
    if (
      info !== undefined &&
      this.headers.read(ticket.sequence, ticket.sentAt, info, now, this.sentBeforeInFlight(ticket.sequence), status === 429)
    )
      this.renew()
    if (ticket.onRefillAlone) this.headers.evidence(status)
    if (status === 429) {
      this.limitedCount++
      this.headers.refused(ticket.sentAt)
      // Sent after the latest 429 was answered, at least one interval of the pace that got through later, and
      // nothing sent since got through: the limit did not come back as a bucket would have by then.
      const interval = 1000 / Math.max(MIN_RATE, this.learning.throughput(now))
      const stillShut =
        ticket.sequence >= this.sentBefore429 && !this.reopened && ticket.sentAt - this.last429At >= interval * STILL_SHUT_SHARE
      this.reopened = false
      this.sentBefore429 = this.sent
      this.last429At = now
      this.refusals.refused(ticket.sequence, stillShut, now, ticket.sentAt)
      this.askedForTime(now, info !== undefined)
    } else if (status < 400) {
      const reopened = ticket.sequence >= this.sentBefore429
      this.reopened ||= reopened
      this.refusals.succeeded(ticket.sequence, ticket.sentAt, reopened, this.sent)
      this.learning.succeeded(now)
      // Requests to spare in the headers: nobody else takes the refill now (another step finished, say). No
      // 429 for a while at this pace: whatever held it back has gone. Either way the pace doubles again rather
      // than creeping up by a tenth a second. Under a window found from 429s the window decides, and its pace
      // is the one reported.
      const quiet = now - this.last429At >= QUIET_MS && this.sent - this.sentBefore429 >= QUIET_REQUESTS
      this.report(
        byRefusals(this.mode)
          ? this.refusals.pace
          : this.learning.speedUp(now, (info?.remaining ?? 0) >= SPARE || quiet, this.headers.refill)
      )
      // A request sent after the latest 429 that got through shows the limit has room again (a new window, or
      // a bucket's refill; without headers the only sign of it): requests waiting out a Retry-After in whole
      // seconds queue again now, still paced, rather than up to a second late.
      if (reopened) this.renew()
    } else if (status === 503 && headers['retry-after'] !== undefined) {
      // The service asks for time as on a 429. The request itself is an attempt that failed, and the client
      // waits its Retry-After before the next.
      this.askedForTime(now, info !== undefined)
    }
    this.noteMode()
  }

  /** Requests in flight that were sent before request `sequence`. */
  private sentBeforeInFlight(sequence: number): number {
    let count = 0
    for (const flying of this.flying) if (flying < sequence) count++
    return count
  }

  /** Tells onMode when the mode has changed. */
  private noteMode(): void {
    const mode = this.mode
    if (mode === this.lastMode) return
    const previous = this.lastMode
    this.lastMode = mode
    this.options.onMode?.(mode, previous)
  }

  /**
   * A 429, or a 503 with a Retry-After: the pace is cut. Under a fixed window (from headers, or found from 429s)
   * refusals of the requests that look for its reset are expected, and the window, not a pace, decides.
   */
  private askedForTime(now: number, withHeaders: boolean): void {
    const mode = this.mode
    if (mode === 'unlimited' || mode === 'learning' || mode === 'header-bucket')
      this.report(this.learning.slowDown(now, withHeaders, this.headers.refill))
  }

  /**
   * Waits out a 429's Retry-After (without one: a second) without holding a slot. Rejects with
   * RateLimitWaitExceeded when that wait would take the step past its time for rate limits.
   */
  async waitRetry(retryAfterMs: number | undefined): Promise<void> {
    const ms = retryAfterMs ?? PROBE_MS
    this.refusals.retryAfter(ms)
    this.checkRetry(ms)
    this.budget.hold(ms)
    try {
      // A new window, seen in another answer's headers, says more than a Retry-After in whole seconds.
      // The run's cancel ends it too, whatever the sleep does with the signal.
      await abortable(Promise.race([this.sleep(ms, this.options.signal), this.renewal.promise]), this.options.signal)
    } finally {
      this.budget.unhold()
    }
  }

  /**
   * Throws RateLimitWaitExceeded when waiting out a Retry-After of `retryAfterMs` (without one: a second) would take
   * the step past its time for rate limits; every request still waiting then fails too. The client asks before it
   * says in the log that the request will be sent again.
   */
  checkRetry(retryAfterMs: number | undefined): void {
    if (this.exhausted || this.waited + (retryAfterMs ?? PROBE_MS) > this.options.maxWaitMs) {
      this.exhaust()
      throw this.exceeded()
    }
  }

  private exceeded(): RateLimitWaitExceeded {
    return new RateLimitWaitExceeded(
      `rate limited by the API for longer than rate-limit-wait allows (${seconds(this.options.maxWaitMs, 'nearest')} in all)`
    )
  }

  /** Requests waiting out a Retry-After go now: the headers showed a new window, or a request sent after the latest 429 got through. */
  private renew(): void {
    this.renewal.resolve()
    this.renewal = deferred()
  }

  /** Milliseconds until the next request may go, and whether only the refill estimate lets it. */
  private delay(now: number): Delay {
    const mode = this.mode
    if (byRefusals(mode)) return { wait: this.refusals.delay(now, this.sent, this.lastSentAt), onRefillAlone: false }
    // Under a fixed window the headers say all there is: the burst goes at once, then nothing until the reset.
    return this.headers.delay(now, this.sent, this.lastSentAt, mode === 'header-window' ? 0 : this.learning.wait(now), this.flying.size)
  }

  /** Sends what may be sent now, and sets a timer for the rest. */
  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.options.concurrency) {
      const now = this.now()
      const { wait, onRefillAlone } = this.delay(now)
      // Only an answer says more (see HeaderModel.delay): it comes with the slot given back, which looks again.
      if (wait === Number.POSITIVE_INFINITY) break
      if (wait > 0) {
        this.budget.setHeld(true)
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
      this.flying.add(sequence)
      this.lastSentAt = now
      this.learning.sent(now)
      let released = false
      waiter.resolve({
        sequence,
        sentAt: now,
        onRefillAlone,
        done: () => {
          if (released) return
          released = true
          this.inFlight--
          this.flying.delete(sequence)
          this.pump()
        }
      })
    }
    this.budget.setHeld(false)
  }

  private schedule(at: number): void {
    if ((this.timerAt ?? Number.POSITIVE_INFINITY) <= at) return
    this.timerAt = at
    // Cancelled, the timer ends at once: nothing is held back any more, and no timer keeps the process alive.
    this.sleep(at - this.now(), this.options.signal).then(
      () => {
        if (this.timerAt === at) this.timerAt = undefined
        this.pump()
      },
      () => undefined
    )
  }

  /** Every request still waiting fails: the step's time for rate limits is spent. */
  private exhaust(): void {
    this.exhausted = true
    this.budget.setHeld(false)
    for (const waiter of this.queue.splice(0)) waiter.reject(this.exceeded())
  }

  private report(rate: number | undefined): void {
    if (rate === undefined) return
    if (this.reported !== undefined && Math.abs(rate - this.reported) < this.reported * REPORT_CHANGE) return
    this.reported = rate
    this.options.onPace?.(rate)
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}
