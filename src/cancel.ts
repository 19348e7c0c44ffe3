// Cancellation: the runner cancels a step by sending its process SIGINT, then SIGTERM 7.5 s later (on Windows
// Ctrl-C, then Ctrl-Break, which Node reports as SIGBREAK), then kills it 2.5 s after that. The entry point
// (index.ts) turns those signals into the run's one AbortSignal; every wait and request below takes it. No module
// reads a global flag or installs a handler of its own.

/** The signals that cancel a step. */
export type StopSignal = 'SIGINT' | 'SIGTERM' | 'SIGBREAK'
export const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM', 'SIGBREAK']

/**
 * How long changes in flight (purges, settings, a zone's creation) may take to answer once the run is cancelled:
 * only their answer says whether the change happened. After SIGINT the runner waits 7.5 s before SIGTERM; after
 * SIGTERM (or SIGBREAK) it kills the process 2.5 s later, so the grace leaves a second for the report.
 */
export const GRACE_MS: Readonly<Record<StopSignal, number>> = { SIGINT: 5000, SIGTERM: 1500, SIGBREAK: 1500 }

/**
 * Why the run's signal was aborted: the step was cancelled by `signal`. `abandon` is aborted when the grace ends
 * or a second signal comes: a change still unanswered then is given up on.
 */
export class Cancelled extends Error {
  override name = 'Cancelled'
  constructor(
    readonly signal: StopSignal,
    readonly abandon: AbortSignal
  ) {
    super(`the run was cancelled (${signal})`)
  }
}

/** The cancel behind an aborted run signal; undefined while the run goes on (or for an abort of another kind). */
export function cancelOf(signal: AbortSignal | undefined): Cancelled | undefined {
  return signal?.aborted === true && signal.reason instanceof Cancelled ? signal.reason : undefined
}

/** What an error stands for when the run's signal was aborted: the cancel itself, else undefined. */
export function isCancel(error: unknown): error is Cancelled {
  return error instanceof Cancelled
}

/**
 * A signal for requests that change something: aborted only once the cancel's grace ends or a second signal comes
 * (or at once, for an abort that is not a cancel). Undefined when the run has no signal.
 */
export function abandonSignal(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (signal === undefined) return undefined
  const controller = new AbortController()
  const follow = (): void => {
    const reason: unknown = signal.reason
    if (!(reason instanceof Cancelled)) controller.abort(reason)
    else if (reason.abandon.aborted) controller.abort(reason)
    else reason.abandon.addEventListener('abort', () => controller.abort(reason), { once: true })
  }
  if (signal.aborted) follow()
  else signal.addEventListener('abort', follow, { once: true })
  return controller.signal
}

/** `work`, or its end at once with the signal's reason when the signal is aborted first (the work is left to itself). */
export function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work
  if (signal.aborted) {
    work.catch(() => undefined)
    return Promise.reject(signal.reason as Error)
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the work's own error, passed on unchanged
        reject(error)
      }
    )
  })
}

/** What cancelOnSignals listens on: the process, or a stand-in in tests. */
export interface SignalSource {
  on(event: StopSignal, listener: () => void): unknown
}

/** The timer the grace runs on: injected in tests. */
export type GraceTimer = (ms: number, then: () => void) => void

const realTimer: GraceTimer = (ms, then) => {
  // The grace's timer does not keep the process alive: a request still in flight does, until the timer abandons it.
  setTimeout(then, ms).unref()
}

/**
 * The run's one AbortSignal, aborted by the first of SIGINT, SIGTERM or SIGBREAK with a Cancelled as its reason.
 * Its `abandon` is aborted when the grace for that signal ends (GRACE_MS), or at the next signal. The handlers stay
 * for the life of the process: a signal that comes while the report is written changes nothing.
 */
export function cancelOnSignals(source: SignalSource, timer: GraceTimer = realTimer): AbortSignal {
  const run = new AbortController()
  const abandon = new AbortController()
  for (const name of STOP_SIGNALS) {
    source.on(name, () => {
      if (run.signal.aborted) {
        abandon.abort()
        return
      }
      run.abort(new Cancelled(name, abandon.signal))
      timer(GRACE_MS[name], () => abandon.abort())
    })
  }
  return run.signal
}
