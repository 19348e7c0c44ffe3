import type { ChangeSet } from '../changes/index.js'
import type { CommitStatusFound, StatusContext } from '../commit-status/index.js'
import type { RunOutcome } from '../commit-status/describe.js'
import type { StatusTarget } from '../commit-status/target.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import type { WorkAssignment } from '../purge/routing.js'
import type { RunResult } from '../run/result/index.js'
import type { RunState } from '../run/state.js'

/**
 * The pending commit status, once the zones are found and the requests planned (so the counts are known); in a dry
 * run, the log line that says what it would be. Undefined, and nothing loaded, when commit-status is empty. Once the
 * run's `signal` is aborted, the post is given up and it rejects with the signal's reason.
 */
export async function postPendingStatus(
  given: Inputs,
  work: WorkAssignment,
  changes: ChangeSet | undefined,
  warn: (message: string) => void,
  signal?: AbortSignal
): Promise<CommitStatusFound | undefined> {
  const target = given.commitStatus
  if (target === undefined) return undefined
  // Loaded only by a step that sets commit-status: its cold start is unchanged otherwise.
  const status = await import('../commit-status/index.js')
  const context = statusContext(target, given.dryRun, warn)
  const asked = {
    zones: work.zones.map(({ zone }) => zone.name ?? zone.id),
    files: work.requested.files.length,
    tags: work.requested.tags.length,
    everything: work.requested.everything
  }
  return status.postPending(status.chooseCommit(changes, context), asked, given.origin.waitSeconds > 0, context, signal)
}

/**
 * The final commit status, from the result: the run's end, not a phase of it, as a cancel must not stop it (it has a
 * timeout of its own). Posted once the run reached the zone lookup (its inputs valid, what changed known, so the
 * commit too), whether the pending status went out or the run stopped before it; `found` as it was otherwise.
 */
export async function postFinalStatus(
  inputs: Inputs | undefined,
  state: RunState,
  result: RunResult,
  warn: (message: string) => void
): Promise<CommitStatusFound | undefined> {
  if (inputs?.commitStatus === undefined || state.requested === undefined || state.nothingToSend !== undefined) return state.commitStatus
  const status = await import('../commit-status/index.js')
  const context = statusContext(inputs.commitStatus, inputs.dryRun, warn)
  return status.postFinal(state.commitStatus ?? status.chooseCommit(state.changes, context), statusOutcomeOf(result), context)
}

/** Where a status goes, and the run's means to say so: the runner's environment, the log and `warn`. */
function statusContext(target: StatusTarget, dryRun: boolean, warn: (message: string) => void): StatusContext {
  return { target, env: process.env, dryRun, log: log.info, warn }
}

/** What the final status tells of the result. */
export function statusOutcomeOf(result: RunResult): RunOutcome {
  return {
    zones: result.zones.map((zone) => zone.name || zone.id),
    files: result.purgedFiles.length + result.failedFiles.length,
    tags: result.tagPurges.requested,
    everything: result.purgeEverythingRequested,
    purgedFiles: result.purgedFiles.length,
    purgedTags: result.purgedTags.length,
    failedFiles: result.failedFiles.length,
    failedTags: result.tagPurges.failed,
    purgedEverything: result.purgedEverything,
    ok: result.ok,
    stopped: result.stoppedAt === null ? null : (result.errors[0] ?? result.stoppedAt),
    cancelled: result.cancelled !== null,
    originNotReady: result.origin?.ready === false,
    stale: result.verification === null ? null : result.staleFiles.length,
    ms: result.durations.totalMs ?? 0
  }
}
