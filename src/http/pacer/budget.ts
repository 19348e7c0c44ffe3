// The step's time for rate limits (`rate-limit-wait`): how long the pacer has waited so far. Waits that
// overlap count once: a Retry-After waited out by several requests at once, or pacing that holds back
// many queued requests, is one wait while it lasts.

export class WaitBudget {
  private waitedMs = 0
  private holds = 0
  private holdStart = 0
  private pacingHeld = false

  constructor(private readonly now: () => number) {}

  /** Milliseconds spent waiting on rate limits so far, the wait going on included. */
  get waited(): number {
    return this.waitedMs + (this.holds > 0 ? this.now() - this.holdStart : 0)
  }

  /** A wait starts (a Retry-After, or pacing). */
  hold(): void {
    if (this.holds++ === 0) this.holdStart = this.now()
  }

  /** A wait ends. */
  unhold(): void {
    if (--this.holds === 0) this.waitedMs += this.now() - this.holdStart
  }

  /** Whether the pump is holding requests back for the rate: counted once, however many are queued. */
  setHeld(held: boolean): void {
    if (held === this.pacingHeld) return
    this.pacingHeld = held
    if (held) this.hold()
    else this.unhold()
  }
}
