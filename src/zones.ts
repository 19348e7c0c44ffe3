import { mapConcurrent } from './concurrency.js'
import { InputError } from './errors.js'
import type { ApiClient } from './http/client.js'
import { ApiError } from './http/errors.js'
import type { ZoneRef } from './inputs.js'

export interface Zone {
  readonly id: string
  readonly name: string
  readonly status: string
}

/** The zone the step works on. Name and status are unknown when the key may not list zones. */
export interface ResolvedZone {
  readonly id: string
  readonly name: string | undefined
  readonly status: string | undefined
}

export interface ZoneLookup {
  readonly zone: ResolvedZone
  readonly warnings: readonly string[]
}

const PER_PAGE = 100

interface ZonePage {
  readonly zones: Zone[]
  readonly total: number | undefined
}

/** Every zone the key can see: `GET /zones`, 100 a page; once the first page gives the total, the rest at once. */
export async function listZones(client: ApiClient, concurrency: number): Promise<Zone[]> {
  const fetchPage = async (page: number): Promise<ZonePage> => {
    const response = await client.request<{ data?: unknown; meta?: { total?: unknown } }>('GET', '/zones', {
      query: { page, per_page: PER_PAGE }
    })
    const data = response.body?.data
    if (!Array.isArray(data)) {
      throw new InputError(`GET /zones answered without a list of zones: check that "api-url" is the Content Delivery Service API, including /v1.`)
    }
    const total = response.body?.meta?.total
    return { zones: data.filter(isZone), total: typeof total === 'number' && Number.isInteger(total) ? total : undefined }
  }

  const first = await fetchPage(1)
  if (first.total !== undefined) {
    const rest = Array.from({ length: Math.max(0, Math.ceil(first.total / PER_PAGE) - 1) }, (_, i) => i + 2)
    const pages = await mapConcurrent(rest, concurrency, fetchPage)
    return [first, ...pages].flatMap((page) => page.zones)
  }
  // No total in meta: read on until a page comes back short.
  const zones = [...first.zones]
  let last = first
  for (let page = 2; last.zones.length === PER_PAGE; page++) {
    last = await fetchPage(page)
    zones.push(...last.zones)
  }
  return zones
}

function isZone(value: unknown): value is Zone {
  const zone = value as Partial<Record<keyof Zone, unknown>> | null
  return typeof zone === 'object' && zone !== null && typeof zone.id === 'string' && typeof zone.name === 'string' && typeof zone.status === 'string'
}

const normalizeName = (name: string): string => name.toLowerCase().replace(/\.$/, '')
const STATUS_PREFERENCE = ['active', 'pending']

/**
 * Picks the zone the user meant. A name matches case-insensitively, ignoring a trailing dot;
 * among zones of the same name, active wins over pending; deleted alone is an error.
 */
export function matchZone(zones: readonly Zone[], ref: ZoneRef): ZoneLookup {
  const wanted = ref.kind === 'id' ? `id "${ref.id}"` : `name "${ref.name}"`
  const candidates =
    ref.kind === 'id' ? zones.filter((zone) => zone.id === ref.id) : zones.filter((zone) => normalizeName(zone.name) === normalizeName(ref.name))
  if (candidates.length === 0) {
    throw new InputError(
      `No zone with ${wanted} among the ${zones.length} zone${zones.length === 1 ? '' : 's'} this API key can see. ` +
        'Check the "zone" input (a zone id, or the domain name exactly as the zone is named) and that the key belongs to the right account.'
    )
  }
  const zone = STATUS_PREFERENCE.map((status) => candidates.find((candidate) => candidate.status === status)).find(
    (candidate) => candidate !== undefined
  )
  if (zone === undefined) {
    const statuses = [...new Set(candidates.map((candidate) => candidate.status))].join(', ')
    throw new InputError(`The zone with ${wanted} is ${statuses}, not active or pending: nothing can be purged in it. Restore or recreate the zone first.`)
  }
  const warnings =
    zone.status === 'pending'
      ? [`Zone ${zone.name} (${zone.id}) is pending: the service may not serve it yet, so the purge may have no visible effect.`]
      : []
  return { zone, warnings }
}

/**
 * Finds the zone to work on. A zone given by id whose listing is refused (403) is used by id alone,
 * with a warning: a key may be scoped to purging one zone.
 */
export async function resolveZone(client: ApiClient, ref: ZoneRef, concurrency: number): Promise<ZoneLookup> {
  let zones: Zone[]
  try {
    zones = await listZones(client, concurrency)
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      if (ref.kind === 'id') {
        return {
          zone: { id: ref.id, name: undefined, status: undefined },
          warnings: [`The API key may not list zones (HTTP 403), so zone ${ref.id} is used by id alone, unchecked; its name and status are unknown.`]
        }
      }
      throw new InputError(
        `The API key may not list zones (HTTP 403), so the zone name "${ref.name}" cannot be looked up. Give the zone id in the "zone" input instead, or use a key that may list zones.`
      )
    }
    throw error
  }
  return matchZone(zones, ref)
}
