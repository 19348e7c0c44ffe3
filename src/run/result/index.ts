import type { TrafficReport } from '../../analytics.js'
import { staleUrls } from '../../edge/tally.js'
import { unsentByCancel } from '../../purge/execute.js'
import type { ZoneSettings } from '../../settings.js'
import type { RunState } from '../state.js'
import { cancelReport, type CancelReport } from './cancelled.js'
import { changeReport, type ChangeReport } from './changes.js'
import { commitStatusOf, type CommitStatusReport } from './commit-status.js'
import { originOf, type OriginReport } from './origin.js'
import { purgeAccount, type PurgeAccount } from './purged.js'
import { plannedRequests, rateLimitsOf, sentRequests, type RequestSummary, type SentRequest } from './requests.js'
import { verificationOf, type Verification } from './verification.js'
import { warmReport, type WarmReport } from './warm.js'
import { zoneResult, type ZoneResult } from './zones.js'

// The one result of the run, built section by section: the purge's account (purged.ts), each zone's (zones.ts), what
// changed (changes.ts), the commit status (commit-status.ts), the requests (requests.ts), the wait for the origin (origin.ts), the edge check (verification.ts) and warming (warm.ts).

/** The one object outputs, summary and log are written from: the purge's account (purged.ts) and the other sections. */
export interface RunResult extends Omit<PurgeAccount, 'done'> {
  readonly ok: boolean
  readonly dryRun: boolean
  /** The `zone` input as given. */
  readonly zoneInput: readonly string[]
  /** Why the step stopped early, e.g. "the zone lookup failed (HTTP 401)"; null when it did not. */
  readonly stoppedAt: string | null
  /** The cancel: the signal, the phase it arrived in, when, and what became of the URLs and tags; null when not cancelled. */
  readonly cancelled: CancelReport | null
  /** The input whose value stopped the step, when one did. */
  readonly invalidInput: string | null
  /** The zones' ids, names and statuses, comma-separated in the order of `zones`. */
  readonly zone: { readonly id: string; readonly name: string; readonly status: string }
  readonly zones: readonly ZoneResult[]
  /** The settings sent (or, in a dry run, that would be sent); null when none were given. */
  readonly settings: ZoneSettings | null
  readonly requests: number
  /** Attempts beyond the first, over all requests (429s are not attempts: see rateLimits). */
  readonly retries: number
  /** 429 answers, milliseconds spent waiting on rate limits, and the final pace in requests per second (null when never paced). */
  readonly rateLimits: ReturnType<typeof rateLimitsOf>
  readonly changes: ChangeReport | null
  /** Why the step ended before any request, with no zone looked up: nothing was deployed, nothing else asked; null otherwise. */
  readonly nothingToSend: string | null
  /** Why everything was purged instead of the list; null when it was not. */
  readonly everythingInstead: string | null
  readonly manifestWritten: string | null
  readonly traffic: readonly TrafficReport[]
  /** What wait-for-origin checked and found before the purge (in a dry run: would check); null when it was off. */
  readonly origin: OriginReport | null
  /** Every verdict of the check at the edge, counts by verdict; null when `verify` was off or nothing was checked. */
  readonly verification: Verification | null
  /** URLs still stale when verify-timeout ran out. */
  readonly staleFiles: readonly string[]
  /** What warming got; null when `warm` was off or there was nothing to fetch. */
  readonly warm: WarmReport | null
  /** In a dry run, how many URLs verify and warm would fetch; null otherwise. */
  readonly edgePlan: { readonly verify: number; readonly warm: number } | null
  /** The commit status (commit-status): the commit, why, and the statuses sent; null when not asked or never reached. */
  readonly commitStatus: CommitStatusReport | null
  readonly planned: readonly RequestSummary[]
  readonly sent: readonly SentRequest[]
  readonly errors: readonly string[]
  readonly warnings: readonly string[]
  readonly durations: RunState['durations']
}

/** Derives the result from the state, section by section. Every requested URL and tag lands in exactly one of purged or failed. */
export function buildResult(state: RunState): RunResult {
  const plannedList = state.plan?.requests ?? []
  const zones = state.zones.map(({ zone, requested }) => zoneResult(zone, requested, state, plannedList))
  const account = purgeAccount(state, zones)
  // A request the cancel kept from being sent is no error of its own: the cancel, in state.errors, says it once.
  const errors = [
    ...state.errors,
    ...state.outcomes.flatMap((outcome) => (outcome.ok || outcome.error === undefined || unsentByCancel(outcome) ? [] : [outcome.error]))
  ]
  const verification = verificationOf(state.edge)
  return {
    ok: errors.length === 0 && (state.dryRun || account.done),
    dryRun: state.dryRun,
    zoneInput: state.zoneInput,
    stoppedAt:
      state.stopped === undefined
        ? null
        : `${state.stopped.phase} failed${state.stopped.status === undefined ? '' : ` (HTTP ${state.stopped.status})`}`,
    cancelled: cancelReport(state, account),
    invalidInput: state.stopped?.input ?? null,
    purgeEverythingRequested: account.purgeEverythingRequested,
    zone: {
      id: zones.map((zone) => zone.id).join(','),
      name: zones.map((zone) => zone.name).join(','),
      status: zones.map((zone) => zone.status).join(',')
    },
    zones,
    purgedEverything: account.purgedEverything,
    purgedFiles: account.purgedFiles,
    purgedTags: account.purgedTags,
    failedFiles: account.failedFiles,
    failedTags: account.failedTags,
    tagPurges: account.tagPurges,
    settings: (plannedList.find((request) => request.kind === 'settings')?.body as ZoneSettings | undefined) ?? null,
    settingsApplied: account.settingsApplied,
    requests: state.requestsSent,
    retries: state.retries,
    rateLimits: rateLimitsOf(state),
    changes: changeReport(state),
    nothingToSend: state.nothingToSend ?? null,
    everythingInstead: state.everythingInstead ?? null,
    manifestWritten: state.manifestWritten ?? null,
    traffic: state.traffic,
    origin: originOf(state.origin, state.cancelled !== undefined && !state.dryRun),
    verification,
    staleFiles: verification === null ? [] : staleUrls(verification.verdicts),
    warm: warmReport(state),
    edgePlan: state.edgePlan ?? null,
    commitStatus: commitStatusOf(state),
    planned: plannedRequests(state),
    sent: sentRequests(state),
    errors,
    warnings: state.warnings,
    durations: Object.fromEntries(Object.entries(state.durations).map(([key, ms]) => [key, Math.round(ms)]))
  }
}
