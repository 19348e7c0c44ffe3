import type { TrafficReport } from './analytics.js'
import { staleUrls } from './edge/verdicts.js'
import type { RequestKind } from './plan.js'
import type { Requested, RunState } from './run-state.js'
import type { ZoneSettings } from './settings.js'
import { originOf, type OriginReport } from './result/origin.js'
import { verificationOf, type Verification } from './result/verification.js'
import { zoneResult, type ZoneResult } from './result/zones.js'

// What the modules that build and read the result import from here: the run state and the parts of the result.
export { newRunState, type Requested, type RunState } from './run-state.js'
export type { OriginReport, OriginUrlReport } from './result/origin.js'
export type { VerdictReport, Verification } from './result/verification.js'
export type { ZoneResult } from './result/zones.js'

const NOTHING: Requested = { everything: false, files: [], tags: [] }

export interface RequestSummary {
  readonly kind: RequestKind
  readonly method: string
  readonly path: string
  /** How many URLs or tags the request carries. */
  readonly items: number
}

export interface SentRequest extends RequestSummary {
  readonly ok: boolean
  readonly status: number | null
  readonly attempts: number
  readonly durationMs: number
  readonly error: string | null
}

/** What changed and how it was found, as reported. */
export interface ChangeReport {
  readonly source: 'git' | 'manifest'
  readonly how: string
  readonly base: string
  readonly head: string
  /** For `changed-since: auto`: the event, and why this base and head; '' otherwise. */
  readonly why: string
  /** The comparison on the GitHub web site, when base and head are full SHAs; null otherwise. */
  readonly link: string | null
  readonly files: readonly string[]
  readonly urls: readonly string[]
}

/** The one object outputs, summary and log are written from. */
export interface RunResult {
  readonly ok: boolean
  readonly dryRun: boolean
  /** The `zone` input as given. */
  readonly zoneInput: readonly string[]
  /** Why the step stopped early, e.g. "the zone lookup failed (HTTP 401)"; null when it did not. */
  readonly stoppedAt: string | null
  /** The input whose value stopped the step, when one did. */
  readonly invalidInput: string | null
  /** Whether a purge of everything was planned in any zone. */
  readonly purgeEverythingRequested: boolean
  /** The zones' ids, names and statuses, comma-separated in the order of `zones`. */
  readonly zone: { readonly id: string; readonly name: string; readonly status: string }
  readonly zones: readonly ZoneResult[]
  readonly purgedEverything: boolean
  readonly purgedFiles: readonly string[]
  readonly purgedTags: readonly string[]
  /** Requested URLs/tags whose purge the API did not confirm: failed, not sent, or never reached. */
  readonly failedFiles: readonly string[]
  readonly failedTags: readonly string[]
  /**
   * Tag purges, one per tag and zone (a tag sent to two zones is two): how many were asked for and how many
   * not confirmed. `purgedTags` counts the same way; `failedTags` lists each tag once, for a retry.
   */
  readonly tagPurges: { readonly requested: number; readonly failed: number }
  /** The settings sent (or, in a dry run, that would be sent); null when none were given. */
  readonly settings: ZoneSettings | null
  readonly settingsApplied: boolean
  readonly requests: number
  /** Attempts beyond the first, over all requests (429s are not attempts: see rateLimits). */
  readonly retries: number
  /** 429 answers, milliseconds spent waiting on rate limits, and the final pace in requests per second (null when never paced). */
  readonly rateLimits: { readonly answers429: number; readonly waitedMs: number; readonly pace: number | null }
  readonly changes: ChangeReport | null
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
  readonly warm: {
    readonly urls: number
    readonly warmed: number
    readonly counts: Readonly<Record<string, number>>
    readonly problems: readonly { readonly url: string; readonly detail: string }[]
  } | null
  /** In a dry run, how many URLs verify and warm would fetch; null otherwise. */
  readonly edgePlan: { readonly verify: number; readonly warm: number } | null
  readonly planned: readonly RequestSummary[]
  readonly sent: readonly SentRequest[]
  readonly errors: readonly string[]
  readonly warnings: readonly string[]
  readonly durations: RunState['durations']
}

/** Derives the result from the state. Every requested URL and tag lands in exactly one of purged or failed. */
export function buildResult(state: RunState): RunResult {
  const plannedRequests = state.plan?.requests ?? []
  const zones = state.zones.map(({ zone, requested }) => zoneResult(zone, requested, state, plannedRequests))
  const requested = state.requested ?? NOTHING
  // A URL goes to one zone; a tag to every listed zone, so tag counts are sums over zones.
  const purgedFiles = zones.flatMap((zone) => zone.purgedFiles)
  const purgedTags = zones.flatMap((zone) => zone.purgedTags)
  // The zones share out everything asked for once it is routed; before that (the step stopped first), all of it failed.
  const failedFiles = state.dryRun ? [] : zones.length === 0 ? requested.files : zones.flatMap((zone) => zone.failedFiles)
  const zoneFailedTags = zones.flatMap((zone) => zone.failedTags)
  const failedTags = state.dryRun ? [] : zones.length === 0 ? [...requested.tags] : [...new Set(zoneFailedTags)]
  const tagPurgesFailed = state.dryRun ? 0 : zones.length === 0 ? requested.tags.length : zoneFailedTags.length
  const everythingZones = zones.filter((zone) => zone.purgeEverythingRequested)
  const settingsZones = zones.filter((zone) => zone.settingsRequested)
  const settingsApplied = settingsZones.length > 0 && settingsZones.every((zone) => zone.settingsApplied)
  const errors = [
    ...state.errors,
    ...state.outcomes.flatMap((outcome) => (outcome.ok || outcome.error === undefined ? [] : [outcome.error]))
  ]
  const verification = verificationOf(state.edge)
  const everythingDone =
    failedFiles.length === 0 &&
    failedTags.length === 0 &&
    everythingZones.every((zone) => zone.purgedEverything) &&
    (!requested.everything || everythingZones.length > 0) &&
    (settingsZones.length === 0 || settingsApplied)

  return {
    ok: errors.length === 0 && (state.dryRun || everythingDone),
    dryRun: state.dryRun,
    zoneInput: state.zoneInput,
    stoppedAt:
      state.stopped === undefined
        ? null
        : `${state.stopped.phase} failed${state.stopped.status === undefined ? '' : ` (HTTP ${state.stopped.status})`}`,
    invalidInput: state.stopped?.input ?? null,
    // A zone plans a purge of everything only when everything was asked for.
    purgeEverythingRequested: requested.everything,
    zone: {
      id: zones.map((zone) => zone.id).join(','),
      name: zones.map((zone) => zone.name).join(','),
      status: zones.map((zone) => zone.status).join(',')
    },
    zones,
    purgedEverything: everythingZones.length > 0 && everythingZones.every((zone) => zone.purgedEverything),
    purgedFiles,
    purgedTags,
    failedFiles,
    failedTags,
    tagPurges: { requested: purgedTags.length + tagPurgesFailed, failed: tagPurgesFailed },
    settings: (plannedRequests.find((request) => request.kind === 'settings')?.body as ZoneSettings | undefined) ?? null,
    settingsApplied,
    requests: state.requestsSent,
    retries: state.retries,
    rateLimits: {
      answers429: state.rateLimits?.limited ?? 0,
      waitedMs: Math.round(state.rateLimits?.waitedMs ?? 0),
      pace: state.rateLimits?.pace === undefined ? null : Math.round(state.rateLimits.pace * 10) / 10
    },
    changes:
      state.changes === undefined
        ? null
        : {
            source: state.changes.source,
            how: state.changes.how,
            base: state.changes.base,
            head: state.changes.head,
            why: state.changes.why,
            link: state.changes.link ?? null,
            files: state.changes.files,
            urls: state.changedUrls ?? state.changes.entries
          },
    everythingInstead: state.everythingInstead ?? null,
    manifestWritten: state.manifestWritten ?? null,
    traffic: state.traffic,
    origin: originOf(state.origin),
    verification,
    staleFiles: verification === null ? [] : staleUrls(verification.verdicts),
    warm:
      state.edge?.warm === undefined
        ? null
        : {
            urls: state.edge.warm.urls,
            warmed: state.edge.warm.warmed,
            counts: state.edge.warm.counts,
            problems: state.edge.warm.problems.map(({ url, detail }) => ({ url, detail }))
          },
    edgePlan: state.edgePlan ?? null,
    planned: plannedRequests.map(summarize),
    sent: state.outcomes
      .filter((outcome) => outcome.attempts > 0)
      .map((outcome) => ({
        ...summarize(outcome.request),
        ok: outcome.ok,
        status: outcome.status ?? null,
        attempts: outcome.attempts,
        durationMs: Math.round(outcome.durationMs),
        error: outcome.error ?? null
      })),
    errors,
    warnings: state.warnings,
    durations: Object.fromEntries(Object.entries(state.durations).map(([key, ms]) => [key, Math.round(ms)]))
  }
}

function summarize(request: { kind: RequestKind; method: string; path: string; items: readonly string[] }): RequestSummary {
  return { kind: request.kind, method: request.method, path: request.path, items: request.items.length }
}
