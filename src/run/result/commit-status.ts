import type { StatusSent } from '../../commit-status/index.js'
import type { RunState } from '../state.js'

/** The commit status as reported: where it went, why that commit, and the statuses sent (or, in a dry run, that would be). */
export interface CommitStatusReport {
  readonly context: string
  /** The commit, and why it is the one; null when none was known (nothing was posted). */
  readonly sha: string | null
  readonly why: string | null
  readonly pending: StatusSent | null
  readonly final: StatusSent | null
  /** The commit a status was posted on (the commit-status-sha output); '' when none was posted. */
  readonly postedOn: string
}

/** The commit status as reported; null when commit-status was not set, or the run ended before it chose a commit. */
export function commitStatusOf(state: Pick<RunState, 'commitStatus'>): CommitStatusReport | null {
  const found = state.commitStatus
  if (found === undefined) return null
  const posted = found.pending?.posted === true || found.final?.posted === true
  return {
    context: found.context,
    sha: found.commit?.sha ?? null,
    why: found.commit?.why ?? null,
    pending: found.pending ?? null,
    final: found.final ?? null,
    postedOn: posted ? (found.commit?.sha ?? '') : ''
  }
}
