import { getEventListeners } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sleep } from '../../src/sleep.js'

// The one real sleep, on Vitest's fake timers: time moves only when a test moves it.

/** Whether `promise` has settled, and how, once every job already queued has run. */
async function state(promise: Promise<unknown>): Promise<'pending' | 'resolved' | { rejected: unknown }> {
  let seen: 'pending' | 'resolved' | { rejected: unknown } = 'pending'
  promise.then(
    () => (seen = 'resolved'),
    (error: unknown) => (seen = { rejected: error })
  )
  await vi.advanceTimersByTimeAsync(0)
  return seen
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('sleep', () => {
  it('ends once its time has passed, and not before', async () => {
    const waited = sleep(1000)
    await vi.advanceTimersByTimeAsync(999)
    expect(await state(waited)).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(await state(waited)).toBe('resolved')
  })

  it('with a signal that is not aborted, waits the same, and leaves no listener on the signal', async () => {
    const run = new AbortController()
    const waited = sleep(500, run.signal)
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(499)
    expect(await state(waited)).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(await state(waited)).toBe('resolved')
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0)
    // An abort after the end changes nothing.
    run.abort(new Error('too late'))
    expect(await state(waited)).toBe('resolved')
  })

  it('rejects at once with the reason of a signal already aborted, and sets no timer', async () => {
    const run = new AbortController()
    const reason = new Error('cancelled')
    run.abort(reason)
    const waited = sleep(1000, run.signal)
    expect(vi.getTimerCount()).toBe(0)
    expect(await state(waited)).toEqual({ rejected: reason })
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0)
  })

  it('ends as soon as the signal is aborted, rejecting with its reason, and clears its timer', async () => {
    const run = new AbortController()
    const reason = new Error('cancelled')
    const waited = sleep(60_000, run.signal)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await state(waited)).toBe('pending')
    expect(vi.getTimerCount()).toBe(1)
    run.abort(reason)
    const settled = await state(waited)
    expect(settled).toEqual({ rejected: reason })
    expect((settled as { rejected: unknown }).rejected).toBe(reason)
    expect(vi.getTimerCount()).toBe(0)
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0)
  })

  it('rejects with the reason as given, whatever it is', async () => {
    const run = new AbortController()
    const waited = sleep(10, run.signal)
    run.abort('a reason that is text')
    expect(await state(waited)).toEqual({ rejected: 'a reason that is text' })
  })
})
