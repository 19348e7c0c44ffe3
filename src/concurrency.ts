/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the order of `items`. */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index] as T, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * Fetches 1, 2, 3… with at most `limit` fetches in flight, never past `upTo()` (asked again after each
 * result), and hands the results to `take` in that order, whatever order they arrive in. It ends when
 * `take` returns true, or when everything up to `upTo()` has been taken: nothing more is fetched then,
 * and later answers, failures included, are dropped. A failure before that, or an exception from
 * `take`, ends it with that error.
 */
export function fetchInOrder<R>(
  fetch: (n: number) => Promise<R>,
  take: (result: R, n: number) => boolean,
  limit: number,
  upTo: () => number
): Promise<void> {
  return new Promise((resolve, reject) => {
    const arrived = new Map<number, R>()
    let next = 1
    let taken = 0
    let inFlight = 0
    let over = false
    const fail = (error: unknown): void => {
      over = true
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the fetch's or take's own error, passed on unchanged
      reject(error)
    }
    // Takes every result that is next in order, up to `upTo()`; true once it is over.
    const drain = (): boolean => {
      while (taken < upTo() && arrived.has(taken + 1)) {
        const result = arrived.get(taken + 1) as R
        arrived.delete(++taken)
        if (take(result, taken)) return true
      }
      return taken >= upTo()
    }
    const pump = (): void => {
      while (inFlight < limit && next <= upTo()) {
        const n = next++
        inFlight++
        fetch(n).then(
          (result) => {
            inFlight--
            if (over) return
            arrived.set(n, result)
            try {
              over = drain()
            } catch (error) {
              fail(error)
              return
            }
            if (over) resolve()
            else pump()
          },
          (error: unknown) => fail(error)
        )
      }
      if (inFlight === 0) resolve()
    }
    pump()
  })
}
