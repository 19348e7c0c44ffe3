import type { ChangeSet } from './changes/index.js'
import type { ChangeInputs } from './inputs.js'
import type { Requested } from './result.js'
import { checkUrlBase, routeEntries } from './urls.js'
import type { ResolvedZone, ZoneResolution } from './zones.js'

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
  if (changeInputs !== undefined) checkUrlBase(changeInputs.urlBase, targets.map((zone) => zone.name))
  const changedUrls = [...routeEntries(changes?.entries ?? [], targets).values()].flat()
  const routed = routeEntries([...input.entries, ...changedUrls], targets)
  const zones = resolution.candidates === undefined ? resolution.zones : resolution.candidates.filter((zone) => routed.has(zone.id))
  const limit = changeInputs?.purgeEverythingOver ?? 0
  const everythingInstead =
    changes?.incomplete ?? (limit > 0 && changedUrls.length > limit ? `${changedUrls.length} changed URLs is more than purge-everything-over (${limit})` : undefined)
  const everything = input.purgeEverything || everythingInstead !== undefined
  return {
    zones: zones.map((zone) => ({ zone, requested: { everything, files: routed.get(zone.id) ?? [], tags } })),
    requested: { everything, files: [...routed.values()].flat(), tags },
    changedUrls,
    everythingInstead,
    probes: routeEntries(input.probes ?? [], targets, '"probe-urls"')
  }
}
