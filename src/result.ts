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
  const purgedFiles = confirmedItems('files')
  const purgedTags = confirmedItems('tags')
  const notConfirmed = (items: readonly string[], purged: Set<string>): string[] =>
    state.dryRun ? [] : items.filter((item) => !purged.has(item))
  const requested = state.requested ?? { everything: false, files: [], tags: [] }
  const failedFiles = notConfirmed(requested.files, purgedFiles)
  const failedTags = notConfirmed(requested.tags, purgedTags)
  const purgedEverything = confirmed.some((outcome) => outcome.request.kind === 'purge-everything')
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
