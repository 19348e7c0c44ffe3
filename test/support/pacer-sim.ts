// A virtual clock and rate-limited servers, to drive the pacer through whole runs in milliseconds of real
// time: no test sleeps, and every run is the same.
import { Pacer, RateLimitWaitExceeded } from '../../src/http/pacer/index.js'
import type { Limiter } from '../stand-in/limiters.js'

export { fixedWindow, punishingWindow, tokenBucket, type Limiter } from '../stand-in/limiters.js'

export class VirtualClock {
  now = 0
  private sequence = 0
  private timers: { at: number; sequence: number; resolve: () => void }[] = []

  sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      this.timers.push({ at: this.now + Math.max(0, ms), sequence: this.sequence++, resolve })
    })

  /** Runs timers in time order until `done` holds (or nothing is left to run). */
  async run(done: () => boolean, limitMs = 3_600_000): Promise<void> {
    for (let turns = 0; ; turns++) {
      if (turns > 1_000_000) throw new Error(`virtual clock: no end in sight at ${this.now} ms`)
      await new Promise((resolve) => setImmediate(resolve))
      if (done() || this.timers.length === 0) return
      this.timers.sort((a, b) => a.at - b.at || a.sequence - b.sequence)
      const next = this.timers.shift() as (typeof this.timers)[number]
      if (next.at > limitMs) return
      this.now = next.at
      next.resolve()
    }
  }
}

export interface StepResult {
  readonly finishedAt: number
  readonly limited: number
  readonly lost: number
  readonly sent: number
  readonly pace: number | undefined
  readonly waited: number
  readonly paces: number[]
}

/**
 * One step sending `requests` through a pacer to `limiter`, `latencyMs` round trip (half each way), the
 * way the client does: acquire, send, observe, release, and on a 429 wait out Retry-After and queue again.
 */
/** A small seeded generator: the same runs every time, with the spread of a real network. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

export function step(
  clock: VirtualClock,
  limiter: Limiter,
  options: { requests: number; concurrency: number; latencyMs: number; maxWaitMs?: number; startAt?: number; jitter?: () => number; pacer?: Pacer }
) {
  const jitter = options.jitter ?? (() => 0.5)
  const paces: number[] = []
  // A pacer given is shared: the same step sending a second time (purge-again-after, say).
  const pacer = options.pacer ?? new Pacer({ concurrency: options.concurrency, maxWaitMs: options.maxWaitMs ?? 600_000, now: () => clock.now, sleep: clock.sleep, onPace: (rate) => paces.push(rate) })
  let finished = 0
  let lost = 0
  let sent = 0
  let finishedAt = 0
  const one = async (): Promise<void> => {
    try {
      for (let returning = false; ; returning = true) {
        const ticket = await pacer.acquire(returning)
        sent++
        await clock.sleep((options.latencyMs / 2) * (0.6 + 0.8 * jitter()))
        const answer = limiter.take(clock.now)
        await clock.sleep((options.latencyMs / 2) * (0.6 + 0.8 * jitter()))
        pacer.observe(ticket, answer.status, answer.headers)
        ticket.done()
        if (answer.status !== 429) return
        await pacer.waitRetry(answer.retryAfterMs)
      }
    } catch (error) {
      if (!(error instanceof RateLimitWaitExceeded)) throw error
      lost++
    } finally {
      finished++
      finishedAt = clock.now
    }
  }
  const start = async (): Promise<void> => {
    if (options.startAt !== undefined) await clock.sleep(options.startAt)
    await Promise.all(Array.from({ length: options.requests }, one))
  }
  const running = start()
  return {
    pacer,
    running,
    done: () => finished === options.requests,
    result: (): StepResult => ({ finishedAt, limited: pacer.limited, lost, sent, pace: pacer.pace, waited: pacer.waited, paces })
  }
}
