// A long wait that the log can follow: `delay` before the purge, `purge-again-after` before the second
// pass. A line at the start and every WAIT_PROGRESS_EVERY_MS, so that a quiet log does not look like a hang.
import type { Sleep } from '../sleep.js'
import { seconds } from '../text.js'

/** How often a wait says how long is left. */
export const WAIT_PROGRESS_EVERY_MS = 10_000

export interface WaitOptions {
  readonly sleep: Sleep
  readonly log: (message: string) => void
  /** The run's signal: aborted, the wait ends at once, rejecting with its reason (the cancel). */
  readonly signal?: AbortSignal | undefined
}

/**
 * Waits `ms`, logging `<what>: <n> s left.` at the start and every WAIT_PROGRESS_EVERY_MS (e.g. what =
 * "Waiting before the purge (delay)"). Nothing is logged or slept for 0. Cancelled, it ends at once with the cancel.
 */
export async function waitWithProgress(ms: number, what: string, options: WaitOptions): Promise<void> {
  for (let waited = 0; waited < ms; waited += WAIT_PROGRESS_EVERY_MS) {
    options.signal?.throwIfAborted()
    options.log(`${what}: ${seconds(ms - waited, 'up')} left.`)
    await options.sleep(Math.min(WAIT_PROGRESS_EVERY_MS, ms - waited), options.signal)
  }
}
