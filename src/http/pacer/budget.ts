// The step's time for rate limits (`rate-limit-wait`): how long the pacer has waited so far. Waits that
// overlap count once: a Retry-After waited out by several requests at once, or pacing that holds back
// many queued requests, is one wait while it lasts. A wait of a stated length (a Retry-After) counts at most
// that length: a timer that fires late spends none of the budget, so six waits of a second fit in six seconds.

export class WaitBudget {
  private waitedMs = 0
  private holds = 0
  private holdStart = 0
  /** When the waits going on are over, by what they stated; infinite while one of them stated nothing (pacing). */
  private holdEnd = 0
  private pacingHeld = false

  constructor(private readonly now: () => number) {}

  /** Milliseconds spent waiting on rate limits so far, the wait going on included. */
  get waited(): number {
    return this.waitedMs + (this.holds > 0 ? this.held() : 0)
  }

  /** A wait starts: a Retry-After of `ms` milliseconds, or pacing (`ms` undefined: as long as it lasts). */
  hold(ms?: number): void {
    const now = this.now()
    if (this.holds++ === 0) {
      this.holdStart = now
      this.holdEnd = Number.NEGATIVE_INFINITY
    }
    this.holdEnd = Math.max(this.holdEnd, ms === undefined ? Number.POSITIVE_INFINITY : now + ms)
  }

  /** A wait ends. */
  unhold(): void {
    if (this.holds === 1) this.waitedMs += this.held()
    this.holds--
  }

  /** The time the waits going on have spent: since the first began, up to the end they stated. */
  private held(): number {
    return Math.min(this.now(), this.holdEnd) - this.holdStart
  }

  /** Whether the pump is holding requests back for the rate: counted once, however many are queued. */
  setHeld(held: boolean): void {
    if (held === this.pacingHeld) return
    this.pacingHeld = held
    if (held) this.hold()
    else this.unhold()
  }
}
