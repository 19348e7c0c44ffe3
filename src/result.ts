import type { TrafficReport } from './analytics.js'
import type { EdgeCheck } from './edge/index.js'
import type { Verdict } from './edge/verdict.js'
import { countVerdicts, staleUrls, type VerdictCounts } from './edge/verdicts.js'
import type { ChangeSet } from './changes/index.js'
import type { RequestOutcome } from './execute.js'
import type { Plan, PlannedRequest, RequestKind } from './plan.js'
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
  /** The `zone` input as given (names, ids or auto), to name the zone when it could not be found. */
  zoneInput: readonly string[]
  /** What the step was doing, for "nothing was sent: <phase> failed". */
  phase: string
  /** Where the step stopped, when an error ended it early: the phase, and the HTTP status if an answer ended it. */
  stopped?: { readonly phase: string; readonly status: number | undefined; readonly input: string | undefined } | undefined
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
  /** The changed entries as absolute URLs, once the zones are known. */
  changedUrls?: readonly string[] | undefined
  /** Why everything was purged instead of the list, when that switch was made. */
  everythingInstead?: string | undefined
  /** Where the new manifest was written. */
  manifestWritten?: string | undefined
  traffic: TrafficReport[]
  /** What the edge showed after the purge (verify, warm). */
  edge?: EdgeCheck | undefined
  /** In a dry run: how many URLs the edge checks would fetch. */
  edgePlan?: { readonly verify: number; readonly warm: number } | undefined
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
  /** For `changed-since: auto`: the event, and why this base and head; '' otherwise. */
  readonly why: string
  /** The comparison on the GitHub web site, when base and head are full SHAs; null otherwise. */
  readonly link: string | null
  readonly files: readonly string[]
  readonly urls: readonly string[]
}

/** One zone's part of the run. */
export interface ZoneResult {
  readonly id: string
  readonly name: string
  readonly status: string
  /** Set when the step created the zone (or would, in a dry run). */
  readonly created: { readonly cnameTarget: string | null; readonly dryRun: boolean } | null
  readonly purgeEverythingRequested: boolean
  readonly purgedEverything: boolean
  readonly purgedFiles: readonly string[]
  readonly purgedTags: readonly string[]
  readonly failedFiles: readonly string[]
  readonly failedTags: readonly string[]
  readonly settingsRequested: boolean
  readonly settingsApplied: boolean
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

/** One URL checked at the edge, as reported. */
export interface VerdictReport {
  readonly url: string
  readonly verdict: Verdict
  readonly status: number | null
  readonly age: number | null
  readonly cacheStatus: string | null
  readonly reason: string
  /** same, differs, or "not compared: <why>"; null when the deployed file is not known. */
  readonly content: string | null
  readonly attempts: number
}

export interface Verification {
  readonly counts: VerdictCounts
  readonly recheckForMs: number
  /**
   * The origin's clock when its Date was more than 30 s off the runner's (median over the answers not
   * served from a cache; seconds negative when behind), with what it means; null when it was not.
   */
  readonly clockSkew: { readonly seconds: number; readonly answers: number; readonly note: string } | null
  readonly verdicts: readonly VerdictReport[]
}

function verificationOf(edge: EdgeCheck | undefined): Verification | null {
  const checked = edge?.verification
  if (checked === undefined) return null
  const verdicts = checked.verdicts.map((verdict): VerdictReport => ({
    url: verdict.url,
    verdict: verdict.verdict,
    status: verdict.status ?? null,
    age: verdict.age ?? null,
    cacheStatus: verdict.cacheStatus ?? null,
    reason: verdict.reason,
    content:
      verdict.content === undefined
        ? null
        : verdict.content.result === 'not compared'
          ? `not compared: ${verdict.content.why}`
          : verdict.content.result,
    attempts: verdict.attempts
  }))
  return {
    counts: countVerdicts(checked.verdicts),
    recheckForMs: checked.recheckForMs,
    clockSkew:
      checked.clockSkew === undefined
        ? null
        : { seconds: checked.clockSkew.seconds, answers: checked.clockSkew.answers, note: checked.clockSkew.note },
    verdicts
  }
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

const NOTHING: Requested = { everything: false, files: [], tags: [] }

/**
 * One zone's accounting: a URL or tag is purged when a request carrying it (or a purge of everything)
 * was confirmed in that zone, and failed otherwise; a dry run purges and fails nothing.
 */
function zoneResult(zone: ResolvedZone, requested: Requested, state: RunState, plannedRequests: readonly PlannedRequest[]): ZoneResult {
  const confirmed = state.outcomes.filter((outcome) => outcome.ok && outcome.request.zoneId === zone.id)
  const purgedEverything = confirmed.some((outcome) => outcome.request.kind === 'purge-everything')
  const planned = plannedRequests.filter((request) => request.zoneId === zone.id)
  const split = (kind: RequestKind, asked: readonly string[]): { purged: readonly string[]; failed: readonly string[] } => {
    if (state.dryRun) return { purged: [], failed: [] }
    if (purgedEverything) return { purged: asked, failed: [] }
    // By item, not by count: a request confirmed twice must not stand in for one that failed.
    const purged = new Set(confirmed.filter((outcome) => outcome.request.kind === kind).flatMap((outcome) => outcome.request.items))
    return { purged: asked.filter((item) => purged.has(item)), failed: asked.filter((item) => !purged.has(item)) }
  }
  const files = split('files', requested.files)
  const tags = split('tags', requested.tags)
  return {
    id: zone.id,
    name: zone.name ?? '',
    status: zone.status ?? '',
    created: zone.created ?? null,
    purgeEverythingRequested: planned.some((request) => request.kind === 'purge-everything'),
    purgedEverything,
    purgedFiles: files.purged,
    purgedTags: tags.purged,
    failedFiles: files.failed,
    failedTags: tags.failed,
    settingsRequested: planned.some((request) => request.kind === 'settings'),
    settingsApplied: confirmed.some((outcome) => outcome.request.kind === 'settings')
  }
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
    verification,
    staleFiles: staleUrls(verification?.verdicts ?? []),
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
