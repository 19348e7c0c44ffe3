// A pace learnt from 429s: slow start (doubling) until the first cut, then additive increase and
// multiplicative decrease, and doubling again after a quiet spell. The pacer tells it when; it keeps the
// rate and when the next request may go by it. See docs/rate-limits.md.
import {
  DECREASE,
  INCREASE,
  INCREASE_EVERY_MS,
  MIN_RATE,
  SLOW_START_EVERY_MS,
  SLOW_START_GROWTH,
  THROUGHPUT_WINDOW_MS
} from './tunables.js'

export class Learning {
  /** Requests per second; undefined until the first 429 (or 503 with a Retry-After). */
  rate: number | undefined
  // Stryker disable next-line BooleanLiteral: the first rate sets it, before anything reads it
  private slowStart = true
  private lastChange = 0
  private nextSendAt = 0
  private readonly successes: number[] = []

  /** Milliseconds until the next request may go by the pace. */
  wait(now: number): number {
    // Without a rate, nextSendAt is when the last request went: no wait.
    return Math.max(0, this.nextSendAt - now)
  }

  /** A request went `now`: the next one goes an interval later. */
  sent(now: number): void {
    // Without a rate, no interval: the next one may go at once (slowDown sets the first).
    this.nextSendAt = Math.max(this.nextSendAt, now) + 1000 / (this.rate ?? Number.POSITIVE_INFINITY)
  }

  /** A request got through `now`. */
  succeeded(now: number): void {
    this.successes.push(now)
  }

  /** Requests that got through in the last second, per second. */
  throughput(now: number): number {
    // An empty list has no first success: it stops there.
    while ((this.successes[0] ?? Number.POSITIVE_INFINITY) <= now - THROUGHPUT_WINDOW_MS) this.successes.shift()
    return (this.successes.length * 1000) / THROUGHPUT_WINDOW_MS
  }

  /**
   * The API asked for time: the pace is cut (the first time: set). `policy`: the refill the headers say, in
   * requests per millisecond. Returns the new rate, or undefined when it stays.
   */
  slowDown(now: number, withHeaders: boolean, policy: number | undefined): number | undefined {
    const through = Math.max(MIN_RATE, this.throughput(now))
    if (this.rate === undefined) {
      this.rate = policy === undefined ? through : Math.max(through, policy * 1000)
      this.slowStart = policy === undefined
    } else if (now - this.lastChange >= 1000 / this.rate) {
      // The 429s of one burst are one signal: the rate changes at most once per interval between requests.
      // With headers, the cut is by a fixed share, which lets two steps on one account even out (the
      // headers keep each from overrunning the limit); without, the rate that got through is the best guess.
      this.rate = Math.max(MIN_RATE, withHeaders ? this.rate * DECREASE : Math.min(this.rate, Math.max(through, this.rate * DECREASE)))
      this.slowStart = false
    } else {
      return undefined
    }
    this.lastChange = now
    this.nextSendAt = now + 1000 / this.rate
    return this.rate
  }

  /**
   * A success: the pace grows, fast (doubling) in slow start or when `fast` (nothing held it back for a while),
   * else by a tenth, up to the `policy`'s refill. Returns the new rate, or undefined when it stays.
   */
  speedUp(now: number, fast: boolean, policy: number | undefined): number | undefined {
    if (this.rate === undefined) return undefined
    const doubling = this.slowStart || fast
    if (now - this.lastChange < (doubling ? SLOW_START_EVERY_MS : INCREASE_EVERY_MS)) return undefined
    this.rate = Math.min(
      this.rate * (doubling ? SLOW_START_GROWTH : INCREASE),
      policy === undefined ? Number.POSITIVE_INFINITY : policy * 1000
    )
    this.lastChange = now
    return this.rate
  }
}
