import { InputError } from '../errors.js'
import { pathSegment } from '../http/path.js'
import type { ZoneSettings } from '../settings.js'
import { plural, shown } from '../text.js'
import type { ResolvedZone } from '../zones/resolve.js'

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
  /** What the request does, for log lines and errors: "URLs 31-60 of 95 (batch 2 of 4)", "URL 95 of 95 (batch 4 of 4)", "3 tags", "Purge of everything"; with several zones, after the zone's name. */
  readonly label: string
  /** For a batch of URLs or tags: where its items stand in the zone's list, to label parts of it. */
  readonly range?: { readonly first: number; readonly of: number; readonly batch: string; readonly zone: string }
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
  // With several zones, a label names its zone: "example.org: URLs 1-30 of 75 (batch 1 of 3)".
  const prefix = (zone: ResolvedZone): string => (work.length > 1 ? `${shown(zone.name ?? zone.id)}: ` : '')
  const purges = work.flatMap((item) => {
    const purgePath = `/zones/${pathSegment(item.zone.id)}/purge`
    const request = (
      kind: RequestKind,
      body: unknown,
      items: readonly string[],
      label: string,
      range?: PlannedRequest['range']
    ): PlannedRequest => ({
      zoneId: item.zone.id,
      kind,
      method: 'POST',
      path: purgePath,
      body,
      items,
      label: `${prefix(item.zone)}${label}`,
      ...(range === undefined ? {} : { range })
    })
    if (item.purgeEverything) return [request('purge-everything', { purge_everything: true }, [], 'Purge of everything')]
    const batched = (kind: 'files' | 'tags', noun: 'URL' | 'tag', list: readonly string[]): PlannedRequest[] => {
      const split = batches(list, batchSize)
      return split.map((items, index) => {
        const first = index * batchSize + 1
        const label =
          split.length === 1
            ? plural(list.length, noun)
            : `${place(noun, first, items.length, list.length)} (batch ${index + 1} of ${split.length})`
        return request(kind, { [kind]: items }, items, label, {
          first,
          of: list.length,
          batch: split.length === 1 ? '' : `batch ${index + 1} of ${split.length}`,
          zone: prefix(item.zone)
        })
      })
    }
    return [...batched('files', 'URL', item.urls), ...batched('tags', 'tag', item.tags)]
  })
  return { zones: work.map((item) => item.zone), requests: [...settings, ...purges] }
}

/**
 * The log line for a plan, naming only what was asked for: "Planned 4 requests over 1 zone: 25 URLs and 2 tags,
 * up to 10 a request.", "Planned 2 requests over 1 zone: settings, then purge everything."
 */
export function describePlan(plan: Plan, batchSize: number): string {
  const of = (kind: RequestKind): readonly PlannedRequest[] => plan.requests.filter((request) => request.kind === kind)
  const urls = of('files').reduce((sum, request) => sum + request.items.length, 0)
  // Every zone gets every tag: counted once.
  const tags = new Set(of('tags').flatMap((request) => request.items)).size
  const lists = [urls > 0 ? plural(urls, 'URL') : undefined, tags > 0 ? plural(tags, 'tag') : undefined].filter(
    (part) => part !== undefined
  )
  const purge =
    of('purge-everything').length > 0
      ? 'purge everything'
      : lists.length > 0
        ? `${lists.join(' and ')}, up to ${batchSize} a request`
        : undefined
  const settings = of('settings').length > 0
  const what = settings ? (purge === undefined ? 'settings' : `settings, then ${purge}`) : (purge ?? 'nothing to purge')
  return `Planned ${plural(plan.requests.length, 'request')} over ${plural(plan.zones.length, 'zone')}: ${what}.`
}

function settingsRequest(zone: ResolvedZone, settings: ZoneSettings): PlannedRequest {
  if (zone.name === undefined) {
    throw new InputError(
      'settings',
      `Input "settings" needs the zone's domain name, which could not be read for zone ${shown(zone.id)} (the API key may not list zones). ` +
        'Give the zone by name with a key that may list zones.'
    )
  }
  return {
    zoneId: zone.id,
    kind: 'settings',
    method: 'POST',
    path: `/zones/${pathSegment(zone.name)}/settings`,
    body: settings,
    items: [],
    label: `Settings of ${shown(zone.name)}`
  }
}

/** Where a run of items stands in a list of `of`: "URLs 4-6 of 7", or for one item "URL 7 of 7". */
function place(noun: 'URL' | 'tag', first: number, count: number, of: number): string {
  return count === 1 ? `${noun} ${first} of ${of}` : `${noun}s ${first}-${first + count - 1} of ${of}`
}

export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size))
  return out
}

/**
 * A batch of URLs or tags split into parts of at most `size` items, each a request of its own, labelled with
 * its items' place in the zone's list: "URLs 1-15 of 75 (part of batch 1 of 3)".
 */
export function splitRequest(request: PlannedRequest, size: number): PlannedRequest[] {
  if (request.kind !== 'files' && request.kind !== 'tags') return [request]
  const kind = request.kind
  const noun = kind === 'files' ? 'URL' : 'tag'
  const range = request.range ?? { first: 1, of: request.items.length, batch: '', zone: '' }
  return batches(request.items, size).map((items, index) => {
    const first = range.first + index * size
    const where = range.batch === '' ? '' : ` (part of ${range.batch})`
    return {
      ...request,
      body: { [kind]: items },
      items,
      label: `${range.zone}${place(noun, first, items.length, range.of)}${where}`,
      range: { ...range, first }
    }
  })
}
