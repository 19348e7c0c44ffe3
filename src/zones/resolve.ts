import { isRecord } from '../json.js'
import { AnswerError, InputError } from '../errors.js'
import { ApiError } from '../http/errors.js'
import { plural, shown } from '../text.js'
import { normalizeName } from '../urls.js'
import { isPathSegment } from '../http/path.js'
import { listZones, type Zone, type ZoneClient, type ZoneList } from './list.js'

/** How the user named the zone: by id, or by domain name. */
export type ZoneRef = { readonly kind: 'id'; readonly id: string } | { readonly kind: 'name'; readonly name: string }

/** The zones to work on: those listed, or `auto` (each URL to the account zone that covers its host). */
export type ZoneSelection = { readonly kind: 'list'; readonly refs: readonly ZoneRef[] } | { readonly kind: 'auto' }

/** The plans a zone can be created with (`POST /zones`). */
export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const
export type ZonePlan = (typeof PLANS)[number]

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

function skippedWarning(skipped: number): string[] {
  return skipped === 0
    ? []
    : [
        `${plural(skipped, 'entry', 'entries')} of the zone list had no usable id, name or status and ${skipped === 1 ? 'was' : 'were'} skipped.`
      ]
}

/**
 * For a list of zones: true once every ref is certain from the pages so far, in list order. An id is
 * certain when found (ids are unique); a name when found active, because the first active zone of that
 * name in list order wins, and a pending or deleted one may still be followed by an active one.
 */
function everyRefFound(refs: readonly ZoneRef[]): (page: readonly Zone[]) => boolean {
  const open = new Set(refs)
  return (page) => {
    for (const ref of open) {
      const found =
        ref.kind === 'id'
          ? page.some((zone) => zone.id === ref.id)
          : page.some((zone) => zone.status === 'active' && normalizeName(zone.name) === normalizeName(ref.name))
      if (found) open.delete(ref)
    }
    return open.size === 0
  }
}

const STATUS_PREFERENCE = ['active', 'pending']

function describeRef(ref: ZoneRef): string {
  return ref.kind === 'id' ? `id "${shown(ref.id)}"` : `name "${shown(ref.name)}"`
}

/** The zone a ref stands for, preferring active over pending; undefined when there is none that can be purged. */
function findZone(zones: readonly Zone[], ref: ZoneRef): { usable: Zone | undefined; candidates: Zone[] } {
  const candidates =
    ref.kind === 'id'
      ? zones.filter((zone) => zone.id === ref.id)
      : zones.filter((zone) => normalizeName(zone.name) === normalizeName(ref.name))
  const usable = STATUS_PREFERENCE.map((status) => candidates.find((candidate) => candidate.status === status)).find(
    (candidate) => candidate !== undefined
  )
  return { usable, candidates }
}

function pendingWarning(zone: ResolvedZone): string[] {
  return zone.status === 'pending'
    ? [
        `Zone ${shown(zone.name ?? zone.id)} (${shown(zone.id)}) is pending: the service may not serve it yet, so the purge may have no visible effect.`
      ]
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
      undefined,
      `No zone with ${describeRef(ref)} among the ${plural(zones.length, 'zone')} this API key can see. ` +
        'Check the "zone" input (a zone id, or the domain name exactly as the zone is named) and that the key belongs to the right account' +
        (ref.kind === 'name' ? ', or set "create-zone: true" to create it.' : '.')
    )
  }
  if (usable === undefined) {
    const statuses = [...new Set(candidates.map((candidate) => candidate.status))].join(', ')
    throw new InputError(
      undefined,
      `The zone with ${describeRef(ref)} is ${statuses}, not active or pending: nothing can be purged in it. Restore it in the dashboard` +
        (ref.kind === 'name' ? ', or set "create-zone: true" to create it anew.' : '.')
    )
  }
  return { zone: usable, warnings: pendingWarning(usable) }
}

export interface ResolveOptions {
  readonly createZone: boolean
  readonly plan: ZonePlan | undefined
  readonly dryRun: boolean
}

/**
 * Finds every zone to work on with one pass over the zone list, creating missing ones when asked. The
 * pass stops as soon as every zone asked for is certain; `auto` and `create-zone` read the whole list.
 * Zones given by id whose listing is refused (403) are used by id alone, with a warning: a key may be
 * scoped to purging.
 */
export async function resolveZones(client: ZoneClient, selection: ZoneSelection, options: ResolveOptions): Promise<ZoneResolution> {
  let list: ZoneList
  try {
    list = await listZones(client, selection.kind === 'list' && !options.createZone ? everyRefFound(selection.refs) : undefined)
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403)) throw error
    const ids = selection.kind === 'auto' ? [] : selection.refs.filter((ref): ref is ZoneRef & { kind: 'id' } => ref.kind === 'id')
    if (selection.kind === 'auto' || ids.length < selection.refs.length) {
      const named =
        selection.kind === 'auto' ? undefined : selection.refs.find((ref): ref is ZoneRef & { kind: 'name' } => ref.kind === 'name')
      throw new InputError(
        undefined,
        `The API key may not list zones (HTTP 403), so ${named === undefined ? '"zone: auto" cannot find the zones' : `the zone name "${shown(named.name)}" cannot be looked up`}. ` +
          'Give zone ids in the "zone" input instead, or use a key that may list zones.'
      )
    }
    const byId = ids.map((ref) => ({ id: ref.id, name: undefined, status: undefined }))
    return {
      zones: byId,
      warnings: [
        `The API key may not list zones (HTTP 403), so zone ${byId.map((zone) => shown(zone.id)).join(', ')} is used by id alone, unchecked; name and status are unknown.`
      ],
      candidates: undefined
    }
  }
  const { zones } = list
  const warnings = skippedWarning(list.skipped)
  if (selection.kind === 'auto') {
    const candidates = zones.filter((zone) => STATUS_PREFERENCE.includes(zone.status))
    return { zones: [], warnings, candidates }
  }
  const resolved: ResolvedZone[] = []
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
async function createZone(client: ZoneClient, name: string, options: ResolveOptions): Promise<ResolvedZone> {
  const label = normalizeName(name)
  if (options.dryRun) {
    // A placeholder id per name: zones are told apart by id, and two missing zones must stay two.
    return { id: `(new zone ${label})`, name: label, status: 'would be created', created: { cnameTarget: null, dryRun: true } }
  }
  const body = { name: label, ...(options.plan === undefined ? {} : { plan: options.plan }) }
  const lookAgain = async (): Promise<Zone | undefined> => findZone((await listZones(client)).zones, { kind: 'name', name: label }).usable
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await client.request('POST', '/zones', { body, retry: false })
      return createdZone(response.body, label)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      const exists = error.status === 409 || ALREADY_EXISTS.test(error.details.serverMessage ?? '')
      if (!exists && !error.details.retryable) throw error
      // The request may have been carried out although no answer said so: look before trying again.
      const found = await lookAgain()
      if (found !== undefined) return exists ? found : { ...found, created: { cnameTarget: null, dryRun: false } }
      if (exists)
        throw new InputError(
          undefined,
          `POST /zones says a zone named ${label} already exists, but this API key cannot see it. Check that the key belongs to the account that owns ${label}.`
        )
      if (attempt >= client.maxAttempts) throw error
      await client.waitBeforeRetry(attempt, error)
    }
  }
}

/** The new zone from the create answer (its shape is not documented), with any CNAME target it names. */
function createdZone(answer: unknown, name: string): ResolvedZone {
  const data = isRecord(answer) ? answer.data : undefined
  if (!isRecord(data) || typeof data.id !== 'string' || !isPathSegment(data.id)) {
    throw new AnswerError(
      `POST /zones answered without the new zone's id (a text "id" in its "data" object), so zone ${name} cannot be used. ` +
        'Check the dashboard: the zone may have been created, and the next run will find it.'
    )
  }
  const cname = Object.entries(data).find(
    ([key, value]) => key.toLowerCase().includes('cname') && typeof value === 'string' && value !== ''
  )
  return {
    id: data.id,
    name: typeof data.name === 'string' ? data.name : name,
    status: typeof data.status === 'string' ? data.status : undefined,
    created: { cnameTarget: (cname?.[1] as string | undefined) ?? null, dryRun: false }
  }
}
