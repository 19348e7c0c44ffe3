import type { ChangeInputs, ChangeSet } from '../changes/index.js'
import { checkUrlBase, routeEntries, zoneHost } from '../urls.js'
import type { ResolvedZone, ZoneResolution, ZoneSelection } from '../zones/resolve.js'

/** What the step was asked to purge, once known. */
export interface Requested {
  readonly everything: boolean
  readonly files: readonly string[]
  readonly tags: readonly string[]
}

export interface WorkInput {
  /** Entries from files and files-from, as written. */
  readonly entries: readonly string[]
  readonly tags: readonly string[]
  readonly purgeEverything: boolean
  readonly changes: ChangeSet | undefined
  readonly changeInputs: ChangeInputs | undefined
  readonly resolution: ZoneResolution
  /** Entries of probe-urls, as written: checked and warmed besides the purged URLs. */
  readonly probes?: readonly string[]
  /** The entries as routed before the zones were found (routeEarly): used when those are the zones found. */
  readonly early?: EarlyRouting | undefined
}

/** Which zone purges what. */
export interface WorkAssignment {
  /** Each zone worked on, with its share: its URLs, every tag, purge everything or not. */
  readonly zones: readonly { readonly zone: ResolvedZone; readonly requested: Requested }[]
  /** Everything asked for, as absolute URLs. */
  readonly requested: Requested
  /** The changed files' URLs. */
  readonly changedUrls: readonly string[]
  /** Why everything is purged instead of the list, when it is. */
  readonly everythingInstead: string | undefined
  /** The probe URLs per zone id, resolved by the same rules as files. */
  readonly probes: ReadonlyMap<string, readonly string[]>
}

/**
 * Pure: resolves every entry to an absolute URL, sends it to its zone (the one zone, by host among
 * several, or among all for `auto`, where only zones that get a URL take part), and decides whether
 * to purge everything instead (an incomplete change list, or more changed URLs than purge-everything-over).
 */
export function assignWork(input: WorkInput): WorkAssignment {
  const { resolution, changes, changeInputs, tags } = input
  const targets = resolution.candidates ?? resolution.zones
  if (changeInputs !== undefined)
    checkUrlBase(
      changeInputs.urlBase,
      targets.map((zone) => zone.name)
    )
  const changedUrls = [...routeEntries(changes?.entries ?? [], targets).values()].flat()
  const routed =
    (changedUrls.length === 0 ? routedEarly(input.early, targets) : undefined) ?? routeEntries([...input.entries, ...changedUrls], targets)
  const zones = resolution.candidates === undefined ? resolution.zones : resolution.candidates.filter((zone) => routed.has(zone.id))
  const limit = changeInputs?.purgeEverythingOver ?? 0
  const everythingInstead =
    changes?.incomplete ??
    (limit > 0 && changedUrls.length > limit
      ? `${changedUrls.length} changed URLs is more than purge-everything-over (${limit})`
      : undefined)
  const everything = input.purgeEverything || everythingInstead !== undefined
  return {
    zones: zones.map((zone) => ({ zone, requested: { everything, files: routed.get(zone.id) ?? [], tags } })),
    requested: { everything, files: [...routed.values()].flat(), tags },
    changedUrls,
    everythingInstead,
    probes: routeEntries(input.probes ?? [], targets, '"probe-urls"')
  }
}

/**
 * The entries routed among the zones the input names, before the lookup has found them: the work
 * assignWork does once they are found (parsing every URL, ~25 ms for 10,000), done while the lookup is
 * on the wire. An error is kept, not thrown, so that assignWork raises it where it always has: after the
 * lookup's own errors, and only if these are the zones found.
 */
export interface EarlyRouting {
  /** The zone names, as URL hosts are compared with them, in the order of the input. */
  readonly hosts: readonly string[]
  /** The URLs per zone, keyed by the zone's place in `hosts`; or what routing threw. */
  readonly outcome: { readonly routed: ReadonlyMap<string, string[]> } | { readonly error: unknown }
}

/** Routes the entries among the zones named in the input; undefined when a zone is given by id or auto (its name comes from the lookup), or when there is nothing to route. */
export function routeEarly(entries: readonly string[], selection: ZoneSelection): EarlyRouting | undefined {
  if (selection.kind === 'auto' || entries.length === 0) return undefined
  const names: string[] = []
  for (const ref of selection.refs) {
    if (ref.kind === 'id') return undefined
    names.push(ref.name)
  }
  const hosts = names.map(zoneHost)
  try {
    return {
      hosts,
      outcome: {
        routed: routeEntries(
          entries,
          names.map((name, place) => ({ id: String(place), name }))
        )
      }
    }
  } catch (error) {
    return { hosts, outcome: { error } }
  }
}

/** The early routing with the found zones' ids, when the zones found are those it routed among, in that order; undefined otherwise. */
function routedEarly(early: EarlyRouting | undefined, targets: readonly ResolvedZone[]): Map<string, string[]> | undefined {
  if (early === undefined || targets.length !== early.hosts.length) return undefined
  if (!targets.every((zone, place) => zone.name !== undefined && zoneHost(zone.name) === early.hosts[place])) return undefined
  if ('error' in early.outcome) throw early.outcome.error
  return new Map([...early.outcome.routed].map(([place, urls]) => [(targets[Number(place)] as ResolvedZone).id, urls]))
}
