import type { ChangeSet } from './changes/index.js'
import type { RequestOutcome } from './execute.js'
import type { Plan, RequestKind } from './plan.js'
import type { ZoneSettings } from './settings.js'
import type { ResolvedZone } from './zones.js'

/** What the step was asked to purge, once known. */
export interface Requested {
  readonly everything: boolean
  readonly files: readonly string[]
  readonly tags: readonly string[]
}

/** Everything known when the step ends, however far it got. Filled in by main as the run goes. */
export interface RunState {
  dryRun: boolean
  zone?: ResolvedZone
  requested?: Requested
  plan?: Plan
  outcomes: RequestOutcome[]
  requestsSent: number
  /** What changed, when changed-since or previous-manifest was given. */
  changes?: ChangeSet | undefined
  /** The changed entries as absolute URLs, once the zone is known. */
  changedUrls?: readonly string[] | undefined
  /** Why everything was purged instead of the list, when that switch was made. */
  everythingInstead?: string | undefined
  /** Where the new manifest was written. */
  manifestWritten?: string | undefined
  errors: string[]
  warnings: string[]
  durations: { zoneMs?: number; settingsMs?: number; purgeMs?: number; totalMs?: number }
}

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
  readonly files: readonly string[]
  readonly urls: readonly string[]
}

/** The one object outputs, summary and log are written from. */
export interface RunResult {
  readonly ok: boolean
  readonly dryRun: boolean
  readonly zone: { readonly id: string; readonly name: string; readonly status: string }
  readonly purgedEverything: boolean
  readonly purgedFiles: readonly string[]
  readonly purgedTags: readonly string[]
  /** Requested URLs/tags whose purge the API did not confirm: failed, not sent, or never reached. */
  readonly failedFiles: readonly string[]
  readonly failedTags: readonly string[]
  /** The settings sent (or, in a dry run, that would be sent); null when none were given. */
  readonly settings: ZoneSettings | null
  readonly settingsApplied: boolean
  readonly requests: number
  readonly changes: ChangeReport | null
  /** Why everything was purged instead of the list; null when it was not. */
  readonly everythingInstead: string | null
  readonly manifestWritten: string | null
  readonly planned: readonly RequestSummary[]
  readonly sent: readonly SentRequest[]
  readonly errors: readonly string[]
  readonly warnings: readonly string[]
  readonly durations: RunState['durations']
}

export function newRunState(): RunState {
  return { dryRun: false, outcomes: [], requestsSent: 0, errors: [], warnings: [], durations: {} }
}

/**
 * Derives the result from the state. Every requested URL and tag lands in exactly one of purged or
 * failed: purged when a request carrying it was confirmed, failed otherwise (a dry run purges and fails nothing).
 */
export function buildResult(state: RunState): RunResult {
  const confirmed = state.outcomes.filter((outcome) => outcome.ok)
  const confirmedItems = (kind: RequestKind): Set<string> =>
    new Set(confirmed.filter((outcome) => outcome.request.kind === kind).flatMap((outcome) => outcome.request.items))
  const requested = state.requested ?? { everything: false, files: [], tags: [] }
  const purgedEverything = confirmed.some((outcome) => outcome.request.kind === 'purge-everything')
  // Purging everything purges every URL and tag that was asked for (the switch of purge-everything-over).
  const purgedFiles = purgedEverything ? new Set(requested.files) : confirmedItems('files')
  const purgedTags = purgedEverything ? new Set(requested.tags) : confirmedItems('tags')
  const notConfirmed = (items: readonly string[], purged: Set<string>): string[] =>
    state.dryRun ? [] : items.filter((item) => !purged.has(item))
  const failedFiles = notConfirmed(requested.files, purgedFiles)
  const failedTags = notConfirmed(requested.tags, purgedTags)
  const plannedRequests = state.plan?.requests ?? []
  const settingsRequest = plannedRequests.find((request) => request.kind === 'settings')
  const settingsApplied = confirmed.some((outcome) => outcome.request.kind === 'settings')
  const errors = [...state.errors, ...state.outcomes.flatMap((outcome) => (outcome.ok || outcome.error === undefined ? [] : [outcome.error]))]
  const everythingDone = failedFiles.length === 0 && failedTags.length === 0 && (!requested.everything || purgedEverything) && (settingsRequest === undefined || settingsApplied)

  return {
    ok: errors.length === 0 && (state.dryRun || everythingDone),
    dryRun: state.dryRun,
    zone: { id: state.zone?.id ?? '', name: state.zone?.name ?? '', status: state.zone?.status ?? '' },
    purgedEverything,
    purgedFiles: [...purgedFiles],
    purgedTags: [...purgedTags],
    failedFiles,
    failedTags,
    settings: (settingsRequest?.body as ZoneSettings | undefined) ?? null,
    settingsApplied,
    requests: state.requestsSent,
    changes:
      state.changes === undefined
        ? null
        : {
            source: state.changes.source,
            how: state.changes.how,
            base: state.changes.base,
            head: state.changes.head,
            files: state.changes.files,
            urls: state.changedUrls ?? state.changes.entries
          },
    everythingInstead: state.everythingInstead ?? null,
    manifestWritten: state.manifestWritten ?? null,
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
