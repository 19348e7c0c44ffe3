import { describe, expect, it } from 'vitest'
import { fetchInOrder, mapConcurrent } from '../../src/concurrency.js'

/** A promise per call that the test settles, in any order. */
function controlled<R>(): {
  fetch: (n: number) => Promise<R>
  asked: number[]
  answer: (n: number, value: R) => Promise<void>
  fail: (n: number, error: unknown) => Promise<void>
} {
  const pending = new Map<number, { resolve: (value: R) => void; reject: (error: unknown) => void }>()
  const asked: number[] = []
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
  }
  return {
    asked,
    fetch: (n) => {
      asked.push(n)
      return new Promise<R>((resolve, reject) => pending.set(n, { resolve, reject }))
    },
    answer: async (n, value) => {
      pending.get(n)?.resolve(value)
      await settle()
    },
    fail: async (n, error) => {
      pending.get(n)?.reject(error)
      await settle()
    }
  }
}

describe('mapConcurrent', () => {
  it('keeps the order of the items and at most `limit` calls in flight', async () => {
    let inFlight = 0
    let most = 0
    const results = await mapConcurrent([5, 1, 4, 2, 3], 2, async (item, index) => {
      most = Math.max(most, ++inFlight)
      for (let i = 0; i < item; i++) await Promise.resolve()
      inFlight--
      return `${index}:${item}`
    })
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3'])
    expect(most).toBe(2)
  })

  it('starts no more workers than there are items, and none for no items', async () => {
    const calls: number[] = []
    expect(await mapConcurrent([7], 4, (item) => Promise.resolve(calls.push(item)))).toEqual([1])
    expect(await mapConcurrent([], 4, () => Promise.resolve(1))).toEqual([])
    expect(calls).toEqual([7])
  })
})

describe('fetchInOrder', () => {
  it('fetches up to `limit` at once and hands the results over in order, whatever order they arrive in', async () => {
    const { fetch, asked, answer } = controlled<string>()
    const taken: [string, number][] = []
    const done = fetchInOrder(
      fetch,
      (result, n) => taken.push([result, n]) === 0,
      3,
      () => 5
    )
    expect(asked).toEqual([1, 2, 3])
    await answer(3, 'c')
    expect(taken).toEqual([])
    expect(asked).toEqual([1, 2, 3, 4])
    await answer(1, 'a')
    expect(taken).toEqual([['a', 1]])
    expect(asked).toEqual([1, 2, 3, 4, 5])
    await answer(2, 'b')
    expect(taken).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3]
    ])
    await answer(5, 'e')
    await answer(4, 'd')
    await done
    expect(taken.map(([result]) => result)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(asked).toEqual([1, 2, 3, 4, 5])
  })

  it('asks upTo() again after every result, and never fetches past it', async () => {
    const { fetch, asked, answer } = controlled<number>()
    let end = 1
    const done = fetchInOrder(
      fetch,
      () => false,
      10,
      () => end
    )
    expect(asked).toEqual([1])
    end = 3
    await answer(1, 1)
    expect(asked).toEqual([1, 2, 3])
    await answer(2, 2)
    await answer(3, 3)
    await done
    expect(asked).toEqual([1, 2, 3])
  })

  it('stops when `take` says so: nothing more is fetched, and later answers and failures are dropped', async () => {
    const { fetch, asked, answer, fail } = controlled<number>()
    const taken: number[] = []
    const done = fetchInOrder(
      fetch,
      (result) => taken.push(result) === 2,
      3,
      () => 100
    )
    await answer(1, 1)
    await answer(2, 2)
    await expect(done).resolves.toBeUndefined()
    expect(asked).toEqual([1, 2, 3, 4])
    await answer(3, 3)
    await fail(4, new Error('late'))
    expect(taken).toEqual([1, 2])
    expect(asked).toEqual([1, 2, 3, 4])
  })

  it('does not take a result past upTo() that arrived before upTo() came down', async () => {
    const { fetch, answer } = controlled<number>()
    const taken: number[] = []
    let end = 3
    const done = fetchInOrder(
      fetch,
      (result) => {
        taken.push(result)
        end = 1
        return false
      },
      3,
      () => end
    )
    await answer(2, 2)
    await answer(1, 1)
    await done
    expect(taken).toEqual([1])
  })

  it('fails with the first failure before the end, and ignores the rest', async () => {
    const { fetch, answer, fail } = controlled<number>()
    const taken: number[] = []
    const done = fetchInOrder(
      fetch,
      (result) => taken.push(result) === 0,
      2,
      () => 10
    )
    const failure = new Error('page 2')
    await fail(2, failure)
    await expect(done).rejects.toBe(failure)
    await answer(1, 1)
    await fail(3, new Error('later'))
    expect(taken).toEqual([])
  })

  it('fails with what `take` throws', async () => {
    const { fetch, answer } = controlled<number>()
    const failure = new Error('unusable')
    const done = fetchInOrder(
      fetch,
      () => {
        throw failure
      },
      2,
      () => 10
    )
    await answer(1, 1)
    await expect(done).rejects.toBe(failure)
  })

  it('ends at once when there is nothing to fetch', async () => {
    const { fetch, asked } = controlled<number>()
    await fetchInOrder(
      fetch,
      () => false,
      4,
      () => 0
    )
    await fetchInOrder(
      fetch,
      () => false,
      0,
      () => 4
    )
    expect(asked).toEqual([])
  })
})
