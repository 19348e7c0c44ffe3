import { describe, expect, it } from 'vitest'
import { WAIT_PROGRESS_EVERY_MS, waitWithProgress } from '../../../src/purge/wait.js'

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
