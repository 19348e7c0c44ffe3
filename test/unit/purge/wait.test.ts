import { describe, expect, it } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import { WAIT_PROGRESS_EVERY_MS, waitWithProgress } from '../../../src/purge/wait.js'
import { FakeClock, testCancel } from '../../support/clock.js'

async function wait(ms: number): Promise<{ sleeps: number[]; logs: string[] }> {
  const sleeps: number[] = []
  const logs: string[] = []
  await waitWithProgress(ms, 'Waiting before the purge (delay)', {
    sleep: (slept) => {
      sleeps.push(slept)
      return Promise.resolve()
    },
    log: (message) => logs.push(message)
  })
  return { sleeps, logs }
}

describe('waitWithProgress', () => {
  it('says how long is left at the start and every 10 s', async () => {
    expect(WAIT_PROGRESS_EVERY_MS).toBe(10_000)
    expect(await wait(25_000)).toEqual({
      sleeps: [10_000, 10_000, 5_000],
      logs: [
        'Waiting before the purge (delay): 25 s left.',
        'Waiting before the purge (delay): 15 s left.',
        'Waiting before the purge (delay): 5 s left.'
      ]
    })
  })

  it('rounds what is left up to whole seconds', async () => {
    expect(await wait(10_001)).toEqual({
      sleeps: [10_000, 1],
      logs: ['Waiting before the purge (delay): 11 s left.', 'Waiting before the purge (delay): 1 s left.']
    })
  })

  it('waits exactly 10 s in one step', async () => {
    expect(await wait(10_000)).toEqual({ sleeps: [10_000], logs: ['Waiting before the purge (delay): 10 s left.'] })
  })

  it('neither waits nor logs for 0', async () => {
    expect(await wait(0)).toEqual({ sleeps: [], logs: [] })
  })
})

describe('waitWithProgress, cancelled', () => {
  const what = 'Waiting before the purge (delay)'

  it('ends at once with the cancel when the run is cancelled during a sleep, and logs no more', async () => {
    const clock = new FakeClock()
    clock.hold = true
    const { signal, cancel, reason } = testCancel()
    const logs: string[] = []
    const waited = waitWithProgress(25_000, what, { sleep: clock.sleep, log: (message) => logs.push(message), signal })
    expect(clock.waiting).toBe(1)
    cancel()
    const error = await waited.catch((caught: unknown) => caught)
    expect(error).toBe(reason)
    expect(error).toBeInstanceOf(Cancelled)
    expect(logs).toEqual([`${what}: 25 s left.`])
    expect(clock.sleeps).toEqual([10_000])
    expect(clock.now).toBe(0)
  })

  it('hands the run’s signal to every sleep', async () => {
    const { signal } = testCancel()
    const given: (AbortSignal | undefined)[] = []
    await waitWithProgress(15_000, what, {
      sleep: (_ms, handed) => {
        given.push(handed)
        return Promise.resolve()
      },
      log: () => undefined,
      signal
    })
    expect(given).toEqual([signal, signal])
    expect(given.every((handed) => handed === signal)).toBe(true)
  })

  it('neither logs nor sleeps again once cancelled between two sleeps, whatever the sleep does', async () => {
    const { signal, cancel, reason } = testCancel('SIGTERM')
    const logs: string[] = []
    const sleeps: number[] = []
    // A sleep that ends as the cancel comes and does not look at the signal: the wait itself must stop.
    const sleep = (ms: number): Promise<void> => {
      sleeps.push(ms)
      cancel()
      return Promise.resolve()
    }
    const error = await waitWithProgress(25_000, what, { sleep, log: (message) => logs.push(message), signal }).catch(
      (caught: unknown) => caught
    )
    expect(error).toBe(reason)
    expect(error).toBeInstanceOf(Cancelled)
    expect((error as Cancelled).signal).toBe('SIGTERM')
    expect(logs).toEqual([`${what}: 25 s left.`])
    expect(sleeps).toEqual([10_000])
  })

  it('does not start when the run was cancelled before it: no line, no sleep', async () => {
    const clock = new FakeClock()
    const { signal, cancel, reason } = testCancel()
    cancel()
    const logs: string[] = []
    await expect(waitWithProgress(5000, what, { sleep: clock.sleep, log: (message) => logs.push(message), signal })).rejects.toBe(reason)
    expect(logs).toEqual([])
    expect(clock.sleeps).toEqual([])
  })

  it('waits it out as before while the signal is not aborted', async () => {
    const clock = new FakeClock()
    const { signal } = testCancel()
    const logs: string[] = []
    await waitWithProgress(12_000, what, { sleep: clock.sleep, log: (message) => logs.push(message), signal })
    expect(logs).toEqual([`${what}: 12 s left.`, `${what}: 2 s left.`])
    expect(clock.now).toBe(12_000)
  })
})
