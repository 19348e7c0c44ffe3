import { mapConcurrent } from './concurrency.js'
import { InputError } from './errors.js'
import type { ApiClient } from './http/client.js'
import { ApiError } from './http/errors.js'
import type { ZonePlan, ZoneRef, ZoneSelection } from './inputs.js'
import { normalizeName } from './urls.js'

export interface Zone {
  readonly id: string
  readonly name: string
  readonly status: string
}

/** A zone the step works on. Name and status are unknown when the key may not list zones. */
export interface ResolvedZone {
  readonly id: string
  readonly name: string | undefined
  readonly status: string | undefined
  /** Set when this step created the zone (or, in a dry run, would create it). */
  readonly created?: {
    /** The CNAME target the service gave for the domain; null when its answer held none. */
    readonly cnameTarget: string | null
    readonly dryRun: boolean
  }
}

export interface ZoneLookup {
  readonly zone: ResolvedZone
  readonly warnings: readonly string[]
}

/** The zones to work on, and for `zone: auto` every zone a URL may be routed to. */
export interface ZoneResolution {
  readonly zones: readonly ResolvedZone[]
  readonly warnings: readonly string[]
  /** `auto` only: the account's zones that can be purged (active or pending). */
  readonly candidates: readonly Zone[] | undefined
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
      query: { page, per_page: PER_PAGE },
      // 100 zones take kilobytes even with fields the API adds; parsed JSON can take 40 times its size in memory.
      maxBodyBytes: 4 * 1024 * 1024
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

const STATUS_PREFERENCE = ['active', 'pending']

function describeRef(ref: ZoneRef): string {
  return ref.kind === 'id' ? `id "${ref.id}"` : `name "${ref.name}"`
}

/** The zone a ref stands for, preferring active over pending; undefined when there is none that can be purged. */
function findZone(zones: readonly Zone[], ref: ZoneRef): { usable: Zone | undefined; candidates: Zone[] } {
  const candidates = ref.kind === 'id' ? zones.filter((zone) => zone.id === ref.id) : zones.filter((zone) => normalizeName(zone.name) === normalizeName(ref.name))
  const usable = STATUS_PREFERENCE.map((status) => candidates.find((candidate) => candidate.status === status)).find((candidate) => candidate !== undefined)
  return { usable, candidates }
}

function pendingWarning(zone: ResolvedZone): string[] {
  return zone.status === 'pending' && zone.created === undefined
    ? [`Zone ${zone.name ?? zone.id} (${zone.id}) is pending: the service may not serve it yet, so the purge may have no visible effect.`]
    : []
}

/**
 * Picks the zone the user meant. A name matches case-insensitively, ignoring a trailing dot;
 * among zones of the same name, active wins over pending; deleted alone is an error.
 */
export function matchZone(zones: readonly Zone[], ref: ZoneRef): ZoneLookup {
  const { usable, candidates } = findZone(zones, ref)
  if (candidates.length === 0) {
    throw new InputError(
      `No zone with ${describeRef(ref)} among the ${zones.length} zone${zones.length === 1 ? '' : 's'} this API key can see. ` +
        'Check the "zone" input (a zone id, or the domain name exactly as the zone is named) and that the key belongs to the right account' +
        (ref.kind === 'name' ? ', or set "create-zone: true" to create it.' : '.')
    )
  }
  if (usable === undefined) {
    const statuses = [...new Set(candidates.map((candidate) => candidate.status))].join(', ')
    throw new InputError(
      `The zone with ${describeRef(ref)} is ${statuses}, not active or pending: nothing can be purged in it. Restore it in the dashboard` +
        (ref.kind === 'name' ? ', or set "create-zone: true" to create it anew.' : '.')
    )
  }
  return { zone: usable, warnings: pendingWarning(usable) }
}

export interface ResolveOptions {
  readonly concurrency: number
  readonly createZone: boolean
  readonly plan: ZonePlan | undefined
  readonly dryRun: boolean
}

/**
 * Finds every zone to work on with one pass over the zone list, creating missing ones when asked.
 * Zones given by id whose listing is refused (403) are used by id alone, with a warning: a key may be
 * scoped to purging.
 */
export async function resolveZones(client: ApiClient, selection: ZoneSelection, options: ResolveOptions): Promise<ZoneResolution> {
  let zones: Zone[]
  try {
    zones = await listZones(client, options.concurrency)
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403)) throw error
    const named = selection.kind === 'auto' ? undefined : selection.refs.find((ref): ref is ZoneRef & { kind: 'name' } => ref.kind === 'name')
    if (selection.kind === 'auto' || named !== undefined) {
      throw new InputError(
        `The API key may not list zones (HTTP 403), so ${named === undefined ? '"zone: auto" cannot find the zones' : `the zone name "${named.name}" cannot be looked up`}. ` +
          'Give zone ids in the "zone" input instead, or use a key that may list zones.'
      )
    }
    const byId = selection.refs.map((ref) => ({ id: ref.kind === 'id' ? ref.id : '', name: undefined, status: undefined }))
    return {
      zones: byId,
      warnings: [`The API key may not list zones (HTTP 403), so zone ${byId.map((zone) => zone.id).join(', ')} is used by id alone, unchecked; name and status are unknown.`],
      candidates: undefined
    }
  }
  if (selection.kind === 'auto') {
    const candidates = zones.filter((zone) => STATUS_PREFERENCE.includes(zone.status))
    return { zones: [], warnings: [], candidates }
  }
  const resolved: ResolvedZone[] = []
  const warnings: string[] = []
  for (const ref of selection.refs) {
    const lookup =
      options.createZone && ref.kind === 'name' && findZone(zones, ref).usable === undefined
        ? { zone: await createZone(client, ref.name, options), warnings: [] }
        : matchZone(zones, ref)
    if (!resolved.some((zone) => zone.id === lookup.zone.id)) resolved.push(lookup.zone)
    warnings.push(...lookup.warnings)
  }
  return { zones: resolved, warnings, candidates: undefined }
}

const ALREADY_EXISTS = /already exists/i

/**
 * `POST /zones`. Creating is not idempotent: after a timeout, a network error or a retryable answer,
 * the zone list is read again before any retry, so a zone is never created twice; a 409 or an
 * "already exists" answer is followed by a lookup, not a failure.
 */
async function createZone(client: ApiClient, name: string, options: ResolveOptions): Promise<ResolvedZone> {
  const label = normalizeName(name)
  if (options.dryRun) {
    // A placeholder id per name: zones are told apart by id, and two missing zones must stay two.
    return { id: `(new zone ${label})`, name: label, status: 'would be created', created: { cnameTarget: null, dryRun: true } }
  }
  const body = { name: label, ...(options.plan === undefined ? {} : { plan: options.plan }) }
  const lookAgain = async (): Promise<Zone | undefined> => findZone(await listZones(client, options.concurrency), { kind: 'name', name: label }).usable
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await client.request<{ data?: Record<string, unknown> }>('POST', '/zones', { body, retry: false })
      return createdZone(response.body?.data, label)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const exists = error.status === 409 || ALREADY_EXISTS.test(error.details.serverMessage ?? '')
      if (!exists && !error.details.retryable) throw error
      // The request may have been carried out although no answer said so: look before trying again.
      const found = await lookAgain()
      if (found !== undefined) return exists ? found : { ...found, created: { cnameTarget: null, dryRun: false } }
      if (exists) throw new InputError(`POST /zones says a zone named ${label} already exists, but this API key cannot see it. Check that the key belongs to the account that owns ${label}.`)
      if (attempt >= client.maxAttempts) throw error
      await client.waitBeforeRetry(attempt, error)
    }
  }
}

/** The new zone from the create answer (its shape is not documented), with any CNAME target it names. */
function createdZone(data: Record<string, unknown> | undefined, name: string): ResolvedZone {
  const id = data?.id
  if (typeof id !== 'string' || id === '') {
    throw new Error(`POST /zones answered without the new zone's id, so zone ${name} cannot be used. Check the dashboard: the zone may have been created.`)
  }
  const cname = Object.entries(data ?? {}).find(([key, value]) => key.toLowerCase().includes('cname') && typeof value === 'string' && value !== '')
  return {
    id,
    name: typeof data?.name === 'string' ? data.name : name,
    status: typeof data?.status === 'string' ? data.status : undefined,
    created: { cnameTarget: (cname?.[1] as string | undefined) ?? null, dryRun: false }
  }
}
