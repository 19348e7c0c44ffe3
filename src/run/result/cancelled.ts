// The cancel as reported: which signal, where the run stopped and when, and what became of every URL and tag.
import type { StopSignal } from '../../cancel.js'
import type { RunState } from '../state.js'
import type { PurgeAccount } from './purged.js'

/** URLs or tags (tags counted once per zone, as tagPurges counts them) by what the cancel left of them. */
export interface CancelTally {
  /** Confirmed by the API: purged. */
  readonly confirmed: number
  /** Sent, and not confirmed: in flight at the cancel and unanswered in its grace, or answered with a failure and not tried again. */
  readonly notConfirmed: number
  /** Never sent. */
  readonly notSent: number
}

export interface CancelReport {
  readonly signal: StopSignal
  /** The phase the signal arrived in, as the run's record names it ("sending the purge requests"). */
  readonly phase: string
  /** Milliseconds from the start of the run to the signal. */
  readonly afterMs: number
  readonly files: CancelTally
  readonly tags: CancelTally
}

type Account = Pick<PurgeAccount, 'purgedFiles' | 'purgedTags' | 'failedFiles' | 'tagPurges'>

/** The cancel as reported; null when the run was not cancelled. Every URL and tag asked for is in exactly one count. */
export function cancelReport(state: Pick<RunState, 'cancelled' | 'outcomes'>, account: Account): CancelReport | null {
  const cancelled = state.cancelled
  if (cancelled === undefined) return null
  // What was sent and not confirmed, by zone: a URL or tag of such a request that is not purged is "not confirmed".
  const sentUnconfirmed = (kind: 'files' | 'tags'): Set<string> =>
    new Set(
      state.outcomes
        .filter((outcome) => !outcome.ok && outcome.attempts > 0 && outcome.request.kind === kind)
        .flatMap((outcome) => outcome.request.items.map((item) => `${outcome.request.zoneId}\n${item}`))
    )
  const purged = (kind: 'files' | 'tags'): Set<string> =>
    new Set(
      state.outcomes
        .filter((outcome) => outcome.ok && outcome.request.kind === kind)
        .flatMap((outcome) => outcome.request.items.map((item) => `${outcome.request.zoneId}\n${item}`))
    )
  const tally = (kind: 'files' | 'tags', confirmed: number, failed: number): CancelTally => {
    const done = purged(kind)
    const notConfirmed = [...sentUnconfirmed(kind)].filter((key) => !done.has(key)).length
    return { confirmed, notConfirmed, notSent: failed - notConfirmed }
  }
  return {
    signal: cancelled.signal,
    phase: cancelled.phase,
    afterMs: Math.round(cancelled.afterMs),
    files: tally('files', account.purgedFiles.length, account.failedFiles.length),
    tags: tally('tags', account.purgedTags.length, account.tagPurges.failed)
  }
}
