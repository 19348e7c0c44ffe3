import { EventEmitter, getEventListeners } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  abandonSignal,
  abortable,
  Cancelled,
  cancelOf,
  cancelOnSignals,
  GRACE_MS,
  isCancel,
  STOP_SIGNALS,
  type GraceTimer,
  type StopSignal
} from '../../src/cancel.js'
import { testCancel } from '../support/clock.js'

/** Runs every job already queued, and those they queue (a timer's turn). */
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/** How `promise` has settled once the jobs queued so far have run: 'pending', 'resolved' with its value, or 'rejected' with its error. */
async function settled<T>(
  promise: Promise<T>
): Promise<{ state: 'pending' } | { state: 'resolved'; value: T } | { state: 'rejected'; error: unknown }> {
  let seen: { state: 'pending' } | { state: 'resolved'; value: T } | { state: 'rejected'; error: unknown } = { state: 'pending' }
  promise.then(
    (value) => (seen = { state: 'resolved', value }),
    (error: unknown) => (seen = { state: 'rejected', error })
  )
  await flush()
  return seen
}

/** The process as cancelOnSignals sees it, and a grace timer that runs only when the test says. */
function signals(): { source: EventEmitter; timer: GraceTimer; graces: { ms: number; then: () => void }[] } {
  const graces: { ms: number; then: () => void }[] = []
  return { source: new EventEmitter(), timer: (ms, then) => graces.push({ ms, then }), graces }
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('the signals and their grace', () => {
  it('stops on SIGINT, SIGTERM and SIGBREAK', () => {
    expect(STOP_SIGNALS).toEqual(['SIGINT', 'SIGTERM', 'SIGBREAK'])
  })
  it('gives changes in flight 5 s after SIGINT, 1.5 s after SIGTERM or SIGBREAK', () => {
    // The runner sends SIGTERM 7.5 s after SIGINT, and kills the step 2.5 s after SIGTERM: a second is left for the report.
    expect(GRACE_MS).toEqual({ SIGINT: 5000, SIGTERM: 1500, SIGBREAK: 1500 })
  })
})

describe('Cancelled', () => {
  it('is an Error that names the signal, and carries it and the grace signal', () => {
    const grace = new AbortController()
    const cancel = new Cancelled('SIGTERM', grace.signal)
    expect(cancel).toBeInstanceOf(Error)
    expect(cancel.name).toBe('Cancelled')
    expect(cancel.message).toBe('the run was cancelled (SIGTERM)')
    expect(String(cancel)).toBe('Cancelled: the run was cancelled (SIGTERM)')
    expect(cancel.signal).toBe('SIGTERM')
    expect(cancel.abandon).toBe(grace.signal)
  })
})

describe('cancelOf', () => {
  it('is undefined without a signal, and while the run goes on', () => {
    expect(cancelOf(undefined)).toBeUndefined()
    expect(cancelOf(new AbortController().signal)).toBeUndefined()
  })
  it('is the cancel behind an aborted run signal', () => {
    const { signal, cancel, reason } = testCancel('SIGINT')
    cancel()
    expect(cancelOf(signal)).toBe(reason)
  })
  it('is undefined for an abort of another kind', () => {
    const controller = new AbortController()
    controller.abort(new Error('shut down'))
    expect(cancelOf(controller.signal)).toBeUndefined()
    const plain = new AbortController()
    plain.abort()
    expect(cancelOf(plain.signal)).toBeUndefined()
  })
  it('reads the reason only of a signal that says it is aborted', () => {
    // A signal's reason is set only by its abort; a stand-in that has one without being aborted is not cancelled.
    const { reason } = testCancel()
    expect(cancelOf({ aborted: false, reason } as unknown as AbortSignal)).toBeUndefined()
  })
})

describe('isCancel', () => {
  it('tells the cancel from every other error or value', () => {
    expect(isCancel(testCancel().reason)).toBe(true)
    expect(isCancel(new Error('the run was cancelled (SIGINT)'))).toBe(false)
    expect(isCancel(Object.assign(new Error('x'), { name: 'Cancelled' }))).toBe(false)
    expect(isCancel(undefined)).toBe(false)
    expect(isCancel('Cancelled')).toBe(false)
  })
})

describe('abandonSignal', () => {
  it('is undefined without a run signal', () => {
    expect(abandonSignal(undefined)).toBeUndefined()
  })

  it('is not aborted by the cancel itself, only once its grace ends, with the cancel as its reason', () => {
    const run = testCancel('SIGINT')
    const abandon = abandonSignal(run.signal) as AbortSignal
    expect(abandon).toBeInstanceOf(AbortSignal)
    expect(abandon.aborted).toBe(false)
    run.cancel()
    expect(abandon.aborted).toBe(false)
    run.abandon()
    expect(abandon.aborted).toBe(true)
    expect(abandon.reason).toBe(run.reason)
  })

  it('made after the cancel, waits for the grace all the same', () => {
    const run = testCancel('SIGTERM')
    run.cancel()
    const abandon = abandonSignal(run.signal) as AbortSignal
    expect(abandon.aborted).toBe(false)
    run.abandon()
    expect(abandon.aborted).toBe(true)
    expect(abandon.reason).toBe(run.reason)
  })

  it('made after the grace ended, is aborted at once', () => {
    const run = testCancel('SIGINT')
    run.cancel()
    run.abandon()
    const abandon = abandonSignal(run.signal) as AbortSignal
    expect(abandon.aborted).toBe(true)
    expect(abandon.reason).toBe(run.reason)
  })

  it('is aborted at once when the cancel comes after its grace already ended', () => {
    const run = testCancel('SIGINT')
    const abandon = abandonSignal(run.signal) as AbortSignal
    run.abandon()
    expect(abandon.aborted).toBe(false)
    run.cancel()
    expect(abandon.aborted).toBe(true)
    expect(abandon.reason).toBe(run.reason)
  })

  it('follows an abort of another kind at once, with its reason', () => {
    const before = new AbortController()
    const shutDown = new Error('shut down')
    before.abort(shutDown)
    const already = abandonSignal(before.signal) as AbortSignal
    expect(already.aborted).toBe(true)
    expect(already.reason).toBe(shutDown)

    const after = new AbortController()
    const later = abandonSignal(after.signal) as AbortSignal
    expect(later.aborted).toBe(false)
    after.abort(shutDown)
    expect(later.aborted).toBe(true)
    expect(later.reason).toBe(shutDown)
  })

  it('leaves no listener behind on the run signal once it has fired', () => {
    const run = testCancel()
    abandonSignal(run.signal)
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1)
    run.cancel()
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0)
    expect(getEventListeners(run.reason.abandon, 'abort')).toHaveLength(1)
    run.abandon()
    expect(getEventListeners(run.reason.abandon, 'abort')).toHaveLength(0)
  })
})

describe('abortable', () => {
  it('is the work itself without a signal', () => {
    const work = Promise.resolve(1)
    expect(abortable(work, undefined)).toBe(work)
  })

  it("gives the work's value, or its own error, while the run goes on, and then stops listening", async () => {
    const run = new AbortController()
    // Read as settled after a turn rather than awaited: a promise that never settles fails the test at once.
    expect(await settled(abortable(Promise.resolve('done'), run.signal))).toEqual({ state: 'resolved', value: 'done' })
    const failure = new Error('the work failed')
    const failed = await settled(abortable(Promise.reject(failure), run.signal))
    expect(failed).toEqual({ state: 'rejected', error: failure })
    expect(failed.state === 'rejected' && failed.error).toBe(failure)
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0)
    // An abort after the work ended changes nothing.
    let resolveWork: (value: string) => void = () => undefined
    const ended = abortable(new Promise<string>((resolve) => (resolveWork = resolve)), run.signal)
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(1)
    resolveWork('first')
    expect(await settled(ended)).toEqual({ state: 'resolved', value: 'first' })
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0)
  })

  it("ends at once with the signal's reason when the signal is aborted first, leaving the work to itself", async () => {
    const run = testCancel()
    let resolveWork: (value: string) => void = () => undefined
    const work = new Promise<string>((resolve) => (resolveWork = resolve))
    const waiting = abortable(work, run.signal)
    expect(await settled(waiting)).toEqual({ state: 'pending' })
    run.cancel()
    const ended = await settled(waiting)
    expect(ended.state).toBe('rejected')
    expect(ended.state === 'rejected' && ended.error).toBe(run.reason)
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0)
    // The work's own end, later, changes nothing.
    resolveWork('late')
    expect(await settled(waiting)).toEqual(ended)
  })

  it("rejects at once with the reason of a signal already aborted, even if the work is done, and leaves the work's failure handled", async () => {
    const run = testCancel()
    run.cancel()
    const done = await settled(abortable(Promise.resolve('done'), run.signal))
    expect(done.state === 'rejected' && done.error).toBe(run.reason)

    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      let rejectWork: (error: Error) => void = () => undefined
      const work = new Promise<string>((_, reject) => (rejectWork = reject))
      const ended = abortable(work, run.signal)
      const failed = await settled(ended)
      expect(failed.state === 'rejected' && failed.error).toBe(run.reason)
      rejectWork(new Error('the work failed later'))
      await flush()
      await flush()
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0)
  })
})

describe('cancelOnSignals', () => {
  it('listens for SIGINT, SIGTERM and SIGBREAK, and is not aborted before one comes', () => {
    const { source, timer, graces } = signals()
    const run = cancelOnSignals(source, timer)
    expect(source.eventNames().sort()).toEqual(['SIGBREAK', 'SIGINT', 'SIGTERM'])
    for (const name of STOP_SIGNALS) expect(source.listenerCount(name)).toBe(1)
    expect(run.aborted).toBe(false)
    expect(graces).toEqual([])
  })

  it.each<[StopSignal, number]>([
    ['SIGINT', 5000],
    ['SIGTERM', 1500],
    ['SIGBREAK', 1500]
  ])('on %s aborts the run with a Cancelled, and gives changes in flight %i ms before they are abandoned', (name, ms) => {
    const { source, timer, graces } = signals()
    const run = cancelOnSignals(source, timer)
    source.emit(name)
    expect(run.aborted).toBe(true)
    const cancel = cancelOf(run) as Cancelled
    expect(cancel).toBeInstanceOf(Cancelled)
    expect(cancel.signal).toBe(name)
    expect(cancel.abandon.aborted).toBe(false)
    expect(graces.map((grace) => grace.ms)).toEqual([ms])
    graces[0]?.then()
    expect(cancel.abandon.aborted).toBe(true)
    expect(run.reason).toBe(cancel)
  })

  it.each<[StopSignal, StopSignal]>([
    ['SIGINT', 'SIGTERM'],
    ['SIGINT', 'SIGINT'],
    ['SIGTERM', 'SIGBREAK'],
    ['SIGBREAK', 'SIGINT']
  ])('on %s then %s, abandons changes in flight at the second, and the cancel stays the first', (first, second) => {
    const { source, timer, graces } = signals()
    const run = cancelOnSignals(source, timer)
    source.emit(first)
    const cancel = run.reason as Cancelled
    source.emit(second)
    expect(cancel.abandon.aborted).toBe(true)
    expect(run.reason).toBe(cancel)
    expect(cancel.signal).toBe(first)
    // No second grace is started.
    expect(graces).toHaveLength(1)
    // Later signals, and the first grace's end, change nothing.
    source.emit('SIGTERM')
    graces[0]?.then()
    expect(run.reason).toBe(cancel)
    expect(cancel.abandon.aborted).toBe(true)
    expect(graces).toHaveLength(1)
  })

  it('keeps listening for the life of the process', () => {
    const { source, timer } = signals()
    cancelOnSignals(source, timer)
    source.emit('SIGINT')
    source.emit('SIGINT')
    for (const name of STOP_SIGNALS) expect(source.listenerCount(name)).toBe(1)
  })

  it('runs the grace on a timer that does not keep the process alive', () => {
    const unref = vi.fn()
    const timers: { then: () => void; ms: number | undefined }[] = []
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((then: () => void, ms?: number) => {
      timers.push({ then, ms })
      return { unref }
    }) as unknown as typeof setTimeout)
    const source = new EventEmitter()
    const run = cancelOnSignals(source)
    expect(timers).toEqual([])
    source.emit('SIGTERM')
    expect(timers.map((timer) => timer.ms)).toEqual([1500])
    expect(unref).toHaveBeenCalledTimes(1)
    const cancel = run.reason as Cancelled
    expect(cancel.abandon.aborted).toBe(false)
    timers[0]?.then()
    expect(cancel.abandon.aborted).toBe(true)
  })

  it('on the real timer, abandons changes in flight when the grace has passed, not before', async () => {
    vi.useFakeTimers()
    const source = new EventEmitter()
    const run = cancelOnSignals(source)
    source.emit('SIGINT')
    const cancel = run.reason as Cancelled
    await vi.advanceTimersByTimeAsync(4999)
    expect(cancel.abandon.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(cancel.abandon.aborted).toBe(true)
  })
})
