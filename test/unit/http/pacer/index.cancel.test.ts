import { describe, expect, it } from 'vitest'
import { Cancelled } from '../../../../src/cancel.js'
import { Pacer, RateLimitWaitExceeded, type PacerOptions, type Ticket } from '../../../../src/http/pacer/index.js'
import type { Sleep } from '../../../../src/sleep.js'
import { FakeClock, testCancel } from '../../../support/clock.js'

// The pacer once the run is cancelled (src/cancel.ts): nothing held back goes, nothing new is let through, and a
// wait on a Retry-After ends, all with the cancel as the reason. Time is a FakeClock's: nothing sleeps for real.

/** Runs every job already queued, and those they queue. */
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

type Outcome = { state: 'pending' } | { state: 'resolved'; ticket: Ticket } | { state: 'rejected'; error: unknown }

/** Asks for a slot and keeps how it went, for a test to read when it likes. */
function ask(pacer: Pacer, returning = false): { outcome: () => Outcome } {
  let outcome: Outcome = { state: 'pending' }
  pacer.acquire(returning).then(
    (ticket) => (outcome = { state: 'resolved', ticket }),
    (error: unknown) => (outcome = { state: 'rejected', error })
  )
  return { outcome: () => outcome }
}

/** A pacer on a held FakeClock whose sleeps are recorded with the signal they were given. */
function setup(options: Partial<PacerOptions> = {}) {
  const clock = new FakeClock()
  clock.hold = true
  const run = testCancel('SIGINT')
  const given: (AbortSignal | undefined)[] = []
  const sleep: Sleep = (ms, signal) => {
    given.push(signal)
    return clock.sleep(ms, signal)
  }
  const pacer = new Pacer({ concurrency: 2, maxWaitMs: 600_000, now: () => clock.now, sleep, signal: run.signal, ...options })
  return { clock, run, pacer, given }
}

describe('Pacer: cancelled', () => {
  it('refuses a slot at once once the run is cancelled, with the cancel as the reason', async () => {
    const { run, pacer } = setup()
    run.cancel()
    const first = ask(pacer)
    const returning = ask(pacer, true)
    await flush()
    for (const asked of [first, returning]) {
      const outcome = asked.outcome()
      expect(outcome.state).toBe('rejected')
      expect(outcome.state === 'rejected' && outcome.error).toBe(run.reason)
    }
    await expect(pacer.acquire()).rejects.toBeInstanceOf(Cancelled)
  })

  it('refuses with the cancel, not for the time for rate limits, when that is spent too', async () => {
    const { run, pacer } = setup({ maxWaitMs: 1000 })
    await expect(pacer.waitRetry(5000)).rejects.toBeInstanceOf(RateLimitWaitExceeded)
    await expect(pacer.acquire()).rejects.toBeInstanceOf(RateLimitWaitExceeded)
    run.cancel()
    await expect(pacer.acquire()).rejects.toBe(run.reason)
  })

  it('fails every request held back for a slot with the cancel, and lets none through after', async () => {
    const { run, pacer } = setup({ concurrency: 1 })
    const first = await pacer.acquire()
    const waiting = [ask(pacer), ask(pacer, true), ask(pacer)]
    await flush()
    expect(waiting.map((asked) => asked.outcome().state)).toEqual(['pending', 'pending', 'pending'])
    run.cancel()
    await flush()
    for (const asked of waiting) {
      const outcome = asked.outcome()
      expect(outcome.state).toBe('rejected')
      expect(outcome.state === 'rejected' && outcome.error).toBe(run.reason)
    }
    // The slot given before the cancel stays good; giving it back lets nothing go.
    expect(first.sequence).toBe(0)
    first.done()
    await flush()
    await expect(pacer.acquire()).rejects.toBe(run.reason)
  })

  it('fails requests held back by the pace with the cancel, and ends its timer with it', async () => {
    const { run, pacer, clock, given } = setup({ concurrency: 10 })
    const refused = await pacer.acquire()
    pacer.observe(refused, 429, {})
    refused.done()
    // One request a second after a 429: the next waits on the pacer's timer.
    expect(pacer.pace).toBe(1)
    const paced = ask(pacer)
    await flush()
    expect(paced.outcome().state).toBe('pending')
    expect(clock.sleeps).toEqual([1000])
    expect(given).toEqual([run.signal])
    run.cancel()
    await flush()
    const outcome = paced.outcome()
    expect(outcome.state).toBe('rejected')
    expect(outcome.state === 'rejected' && outcome.error).toBe(run.reason)
    // The timer's sleep ended with the cancel (its rejection is the pacer's to swallow: no unhandled rejection), and
    // its end changes nothing.
    clock.release()
    await flush()
    expect(paced.outcome()).toBe(outcome)
    await expect(pacer.acquire()).rejects.toBe(run.reason)
  })

  it('without a cancel, its timer still lets the request held back by the pace go', async () => {
    const { pacer, clock } = setup({ concurrency: 10 })
    const refused = await pacer.acquire()
    pacer.observe(refused, 429, {})
    refused.done()
    const paced = ask(pacer)
    await flush()
    expect(paced.outcome().state).toBe('pending')
    clock.release()
    await flush()
    const outcome = paced.outcome()
    expect(outcome.state).toBe('resolved')
    expect(outcome.state === 'resolved' && outcome.ticket.sentAt).toBe(1000)
  })

  it('ends a wait on a Retry-After with the cancel, giving its sleep the signal', async () => {
    const { run, pacer, clock, given } = setup()
    const waiting = pacer.waitRetry(30_000)
    let ended: unknown = 'pending'
    waiting.then(
      () => (ended = 'resolved'),
      (error: unknown) => (ended = error)
    )
    await flush()
    expect(ended).toBe('pending')
    expect(clock.waiting).toBe(1)
    expect(given).toEqual([run.signal])
    run.cancel()
    await flush()
    expect(ended).toBe(run.reason)
    expect(ended).toBeInstanceOf(Cancelled)
  })

  it('ends a wait on a Retry-After with the cancel even if the sleep does not heed the signal', async () => {
    const run = testCancel('SIGTERM')
    let slept = 0
    // A sleep that never ends and never looks at the signal.
    const deaf: Sleep = () => {
      slept++
      return new Promise<void>(() => undefined)
    }
    const pacer = new Pacer({ concurrency: 2, maxWaitMs: 600_000, now: () => 0, sleep: deaf, signal: run.signal })
    const waiting = pacer.waitRetry(1000)
    let ended: unknown = 'pending'
    waiting.then(
      () => (ended = 'resolved'),
      (error: unknown) => (ended = error)
    )
    await flush()
    expect(slept).toBe(1)
    expect(ended).toBe('pending')
    run.cancel()
    await flush()
    expect(ended).toBe(run.reason)
  })

  it('refuses a wait on a Retry-After at once once cancelled', async () => {
    const run = testCancel()
    run.cancel()
    const deaf: Sleep = () => new Promise<void>(() => undefined)
    const pacer = new Pacer({ concurrency: 2, maxWaitMs: 600_000, now: () => 0, sleep: deaf, signal: run.signal })
    let ended: unknown = 'pending'
    pacer.waitRetry(1000).then(
      () => (ended = 'resolved'),
      (error: unknown) => (ended = error)
    )
    await flush()
    expect(ended).toBe(run.reason)
  })

  it('without a signal, holds requests and waits as before', async () => {
    const clock = new FakeClock()
    const given: (AbortSignal | undefined)[] = []
    const pacer = new Pacer({
      concurrency: 1,
      maxWaitMs: 600_000,
      now: () => clock.now,
      sleep: (ms, signal) => {
        given.push(signal)
        return clock.sleep(ms, signal)
      }
    })
    await pacer.waitRetry(2000)
    expect(given).toEqual([undefined])
    expect(clock.now).toBe(2000)
    const first = await pacer.acquire()
    const next = ask(pacer)
    await flush()
    expect(next.outcome().state).toBe('pending')
    first.done()
    await flush()
    expect(next.outcome().state).toBe('resolved')
  })
})
