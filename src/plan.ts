import { InputError } from './errors.js'
import type { ZoneSettings } from './settings.js'
import type { ResolvedZone } from './zones.js'

export type RequestKind = 'settings' | 'purge-everything' | 'files' | 'tags'

/** One request the step intends to send. */
export interface PlannedRequest {
  readonly zoneId: string
  readonly kind: RequestKind
  readonly method: 'POST'
  readonly path: string
  readonly body: unknown
  /** The URLs or tags this request purges; empty for settings and purge-everything. */
  readonly items: readonly string[]
}

/** A list of requests over a list of zones: settings first, then purges. */
export interface Plan {
  readonly zones: readonly ResolvedZone[]
  readonly requests: readonly PlannedRequest[]
}

export interface ZoneWork {
  readonly zone: ResolvedZone
  readonly purgeEverything: boolean
  /** Absolute, de-duplicated URLs. */
  readonly urls: readonly string[]
  readonly tags: readonly string[]
  readonly settings: ZoneSettings | undefined
}

/**
 * Splits the work into requests of exactly one kind each: `{purge_everything: true}`,
 * `{files: [...]}` or `{tags: [...]}` in batches of `batchSize`, and the settings.
 */
export function planRequests(work: readonly ZoneWork[], batchSize: number): Plan {
  const settings = work.flatMap((item) => (item.settings === undefined ? [] : [settingsRequest(item.zone, item.settings)]))
  const purges = work.flatMap((item) => {
    const purgePath = `/zones/${encodeURIComponent(item.zone.id)}/purge`
    const request = (kind: RequestKind, body: unknown, items: readonly string[]): PlannedRequest => ({
      zoneId: item.zone.id,
      kind,
      method: 'POST',
      path: purgePath,
      body,
      items
    })
    if (item.purgeEverything) return [request('purge-everything', { purge_everything: true }, [])]
    return [
      ...batches(item.urls, batchSize).map((files) => request('files', { files }, files)),
      ...batches(item.tags, batchSize).map((tags) => request('tags', { tags }, tags))
    ]
  })
  return { zones: work.map((item) => item.zone), requests: [...settings, ...purges] }
}

function settingsRequest(zone: ResolvedZone, settings: ZoneSettings): PlannedRequest {
  if (zone.name === undefined) {
    throw new InputError(
      `Input "settings" needs the zone's domain name, which could not be read for zone ${zone.id} (the API key may not list zones). ` +
        'Give the zone by name with a key that may list zones.'
    )
  }
  return { zoneId: zone.id, kind: 'settings', method: 'POST', path: `/zones/${encodeURIComponent(zone.name)}/settings`, body: settings, items: [] }
}

export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size))
  return out
}
