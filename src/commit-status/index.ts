// The commit status of a run (commit-status): the commit it goes on, the pending status once the zones are found,
// the final one once the result is known. Loaded only by a step that sets commit-status.
import type { ChangeSet, DeployedCommit } from '../changes/index.js'
import { shown } from '../text.js'
import { runPage, statusCommit } from './commit.js'
import { finalStatus, pendingStatus, type StatusAsked, type RunOutcome, type StatusText } from './describe.js'
import { postStatus } from './post.js'
import type { StatusTarget } from './target.js'

/** How long one status may take: a status is one small request, and a GitHub that hangs must not hold the step. */
export const STATUS_TIMEOUT_MS = 10_000

/**
 * How long the final status may take after a cancel: after SIGTERM the runner kills the step 2.5 s later and the
 * purges' grace takes 1.5 s of that (src/cancel.ts), so the status gets half of the second left for the report.
 */
export const CANCELLED_STATUS_TIMEOUT_MS = 500

/** One status as the run sent it, or in a dry run would have: what it said, and whether GitHub took it. */
export interface StatusSent extends StatusText {
  readonly posted: boolean
}

/** The commit status of the run so far: where it goes, and the statuses sent. */
export interface CommitStatusFound {
  readonly context: string
  /** Undefined when no commit is known (GITHUB_SHA not set and no event names one): nothing is posted. */
  readonly commit: DeployedCommit | undefined
  readonly pending?: StatusSent | undefined
  /** Whether GitHub refused the pending post (401, 403, 404): the final status is then not tried, as it would be refused too. */
  readonly pendingRefused?: boolean | undefined
  readonly final?: StatusSent | undefined
}

/** Where a status goes, and the run's means to say so. */
export interface StatusContext {
  readonly target: StatusTarget
  readonly env: NodeJS.ProcessEnv
  readonly dryRun: boolean
  readonly log: (message: string) => void
  readonly warn: (message: string) => void
}

/** The commit the status goes on, said in the log with why; a warning when there is none. */
export function chooseCommit(changes: ChangeSet | undefined, context: StatusContext): CommitStatusFound {
  const commit = statusCommit(changes, context.env)
  const named = `Commit status "${shown(context.target.context)}"`
  if (commit === undefined) {
    context.warn(
      `${named} is not posted: no commit is known (GITHUB_SHA is not a full commit SHA, and no event names one). ` +
        'Run the action in a workflow, which sets GITHUB_SHA, or leave "commit-status" empty.'
    )
  } else {
    context.log(`${named} goes on ${commit.sha}: ${commit.why}.`)
  }
  return { context: context.target.context, commit }
}

/** Posts the pending status (in a dry run, says what it would be), under the run's `signal` and a timeout of its own. */
export async function postPending(
  found: CommitStatusFound,
  asked: StatusAsked,
  waitsForOrigin: boolean,
  context: StatusContext,
  signal: AbortSignal | undefined
): Promise<CommitStatusFound> {
  const status = pendingStatus(asked, waitsForOrigin)
  const timeout = AbortSignal.timeout(STATUS_TIMEOUT_MS)
  const result = await send(found, status, context, signal === undefined ? timeout : AbortSignal.any([signal, timeout]), signal)
  // A cancel that cut the post short ends the phase like any other, with no warning of its own: the final status says it.
  signal?.throwIfAborted()
  return { ...found, pending: { ...status, posted: result.posted }, pendingRefused: result.refused }
}

/**
 * Posts the final status, with a timeout of its own rather than the run's signal: after a cancel, the status that
 * says so must still go out (within the time the cancel leaves: CANCELLED_STATUS_TIMEOUT_MS).
 */
export async function postFinal(found: CommitStatusFound, outcome: RunOutcome, context: StatusContext): Promise<CommitStatusFound> {
  const status = finalStatus(outcome)
  if (found.pendingRefused === true) {
    context.log(`The final commit status (${status.state}) is not posted: GitHub refused the pending one (see its warning).`)
    return { ...found, final: { ...status, posted: false } }
  }
  const timeout = AbortSignal.timeout(outcome.cancelled ? CANCELLED_STATUS_TIMEOUT_MS : STATUS_TIMEOUT_MS)
  const result = await send(found, status, context, timeout)
  return { ...found, final: { ...status, posted: result.posted } }
}

/** What `send` answers when it sends nothing (no commit, a dry run): nothing to warn of, and nothing refused. */
const NOT_SENT = { posted: false, refused: false } as const
/** What `send` answers for a status posted. */
const SENT = { posted: true, refused: false } as const

/** One post, or in a dry run the log line that says what it would be; its warning when it failed (not when `run` was cancelled). */
async function send(
  found: CommitStatusFound,
  status: StatusText,
  context: StatusContext,
  signal: AbortSignal,
  run?: AbortSignal
): Promise<{ readonly posted: boolean; readonly refused: boolean }> {
  const commit = found.commit
  if (commit === undefined) return NOT_SENT
  if (context.dryRun) {
    context.log(`Dry run: commit status "${shown(found.context)}" would be ${status.state} on ${commit.sha}: "${status.description}".`)
    return NOT_SENT
  }
  const post = { ...status, sha: commit.sha, targetUrl: runPage(context.env) }
  const result = await postStatus(context.target, post, context.env, signal)
  if (result.posted)
    context.log(`Commit status "${shown(found.context)}" posted on ${commit.sha}: ${status.state}, "${status.description}".`)
  else if (run?.aborted !== true) context.warn(result.warning)
  return result.posted ? SENT : result
}
