import type { TrafficReport } from '../analytics.js'
import type { StopSignal } from '../cancel.js'
import type { EdgeCheck } from '../edge/index.js'
import type { ChangeSet } from '../changes/index.js'
import type { CommitStatusFound } from '../commit-status/index.js'
import type { OriginFound } from '../origin/index.js'
import type { OriginPlan } from '../origin/targets.js'
import type { RequestOutcome } from '../purge/execute.js'
import type { Plan } from '../purge/plan.js'
import type { Requested } from '../purge/routing.js'
import type { ResolvedZone } from '../zones/resolve.js'

/** Everything known when the step ends, however far it got. Written only by the run's record (record.ts) as the phases return; buildResult (result/) reads it. */
export interface RunState {
  dryRun: boolean
  /** The `zone` input as given (names, ids or auto), to name the zone when it could not be found. */
  zoneInput: readonly string[]
  /** What the step was doing, for "nothing was sent: <phase> failed". */
  phase: string
  /** Where the step stopped, when an error ended it early: the phase, and the HTTP status if an answer ended it. */
  stopped?: { readonly phase: string; readonly status: number | undefined; readonly input: string | undefined } | undefined
  /** When the run was cancelled: by which signal, in which phase, and how long after the start (ms). */
  cancelled?: { readonly signal: StopSignal; readonly phase: string; readonly afterMs: number } | undefined
  /** Everything asked for, over all zones: entries as written until they are routed to zones. */
  requested?: Requested | undefined
  /** The zones worked on, each with what it was asked to purge. */
  zones: { zone: ResolvedZone; requested: Requested }[]
  plan?: Plan | undefined
  outcomes: RequestOutcome[]
  requestsSent: number
  retries: number
  /** What rate limits cost: 429 answers, time spent waiting, the pace settled on. */
  rateLimits?: { readonly limited: number; readonly waitedMs: number; readonly pace: number | undefined } | undefined
  /** What changed, when changed-since or previous-manifest was given. */
  changes?: ChangeSet | undefined
  /** Why the step ended before any request (nothing was deployed, nothing else asked), when it did. */
  nothingToSend?: string | undefined
  /** The changed entries as absolute URLs, once the zones are known. */
  changedUrls?: readonly string[] | undefined
  /** Why everything was purged instead of the list, when that switch was made. */
  everythingInstead?: string | undefined
  /** Where the new manifest was written. */
  manifestWritten?: string | undefined
  traffic: TrafficReport[]
  /**
   * wait-for-origin: what it checks and where (in a dry run, what it would), the longest wait in seconds, and what
   * the wait found once it ran.
   */
  origin?: { readonly plan: OriginPlan; readonly waitSeconds: number; readonly found?: OriginFound | undefined } | undefined
  /** What the edge showed after the purge (verify, warm). */
  edge?: EdgeCheck | undefined
  /** In a dry run: how many URLs the edge checks would fetch. */
  edgePlan?: { readonly verify: number; readonly warm: number } | undefined
  /** The commit status (commit-status): its commit, and the pending and final statuses sent. */
  commitStatus?: CommitStatusFound | undefined
  errors: string[]
  warnings: string[]
  durations: { zoneMs?: number; settingsMs?: number; purgeMs?: number; totalMs?: number }
}

export function newRunState(): RunState {
  return {
    dryRun: false,
    zoneInput: [],
    phase: 'reading the inputs',
    zones: [],
    outcomes: [],
    requestsSent: 0,
    retries: 0,
    traffic: [],
    errors: [],
    warnings: [],
    durations: {}
  }
}
