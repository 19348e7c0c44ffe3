/**
 * Waits `ms` milliseconds on a timer: the one real sleep; every waiting part takes it as an injectable option. With
 * a signal, the wait ends as soon as it is aborted, rejecting with its reason (the run was cancelled).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted === true) return Promise.reject(signal.reason as Error)
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer)
      reject((signal as AbortSignal).reason as Error)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** The shape of every injected sleep: `sleep` above, or a test's clock. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>
