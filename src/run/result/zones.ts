// One zone's part of the result: what was purged and what failed in it, from the outcomes of its requests.
import type { PlannedRequest, RequestKind } from '../../purge/plan.js'
import type { Requested } from '../../purge/routing.js'
import type { RunState } from '../state.js'
import type { ResolvedZone } from '../../zones/resolve.js'

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

/**
 * One zone's accounting: a URL or tag is purged when a request carrying it (or a purge of everything)
 * was confirmed in that zone, and failed otherwise; a dry run purges and fails nothing.
 */
export function zoneResult(
  zone: ResolvedZone,
  requested: Requested,
  state: Pick<RunState, 'dryRun' | 'outcomes'>,
  plannedRequests: readonly PlannedRequest[]
): ZoneResult {
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
