// A clock for unit tests: time moves only when the code under test sleeps (or a test moves it), and nothing sleeps
// for real. Its sleep takes the run's AbortSignal as the real one does (src/sleep.ts): aborted, it rejects with the
// signal's reason. `hold` makes sleeps wait until a test releases them or the signal aborts: a wait caught mid-way.
import { Cancelled, type StopSignal } from '../../src/cancel.js'

export class FakeClock {
  now = 0
  readonly sleeps: number[] = []
  /** While true, a sleep does not end by itself: only `release()` or an abort ends it. */
  hold = false
  private readonly held: (() => void)[] = []

  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted === true) return Promise.reject(signal.reason as Error)
    this.sleeps.push(ms)
    if (!this.hold) {
      this.now += ms
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject((signal as AbortSignal).reason as Error)
      signal?.addEventListener('abort', onAbort, { once: true })
      this.held.push(() => {
        signal?.removeEventListener('abort', onAbort)
        this.now += ms
        resolve()
      })
    })
  }

  /**
   * A sleep that holds, and cancels the run as it starts (`cancel`, e.g. testCancel's): a wait the cancel catches
   * mid-way, which only the signal can end.
   */
  cancelling(cancel: () => void): (ms: number, signal?: AbortSignal) => Promise<void> {
    this.hold = true
    return (ms, signal) => {
      const held = this.sleep(ms, signal)
      cancel()
      return held
    }
  }

  /** Ends every sleep held so far. */
  release(): void {
    for (const end of this.held.splice(0)) end()
  }

  /** Sleeps held and not yet ended (an aborted one stays counted). */
  get waiting(): number {
    return this.held.length
  }
}

/**
 * A cancel as the entry point makes it, without a real signal: `cancel()` aborts the run's signal with a Cancelled;
 * `abandon()` ends the grace, as its timer or a second signal would.
 */
export function testCancel(name: StopSignal = 'SIGINT'): {
  signal: AbortSignal
  cancel: () => void
  abandon: () => void
  reason: Cancelled
} {
  const run = new AbortController()
  const grace = new AbortController()
  const reason = new Cancelled(name, grace.signal)
  return { signal: run.signal, cancel: () => run.abort(reason), abandon: () => grace.abort(), reason }
}
