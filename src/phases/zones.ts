import type { ChangeSet } from '../changes/index.js'
import { type ApiClient } from '../http/client.js'
import { onTheWire } from '../http/wire.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import { assignWork, routeEarly, type EarlyRouting, type WorkAssignment } from '../purge/routing.js'
import { shown } from '../text.js'
import { resolveZones, type ResolvedZone, type ZoneResolution } from '../zones/resolve.js'
import type { Lists } from './lists.js'

/** The zones found, with the URLs as routed ahead of them and how long the lookup took. */
export interface ZonesFound {
  readonly resolution: ZoneResolution
  /** Emptied once routed (see route()), to let it go. */
  early: EarlyRouting | undefined
  readonly lookupMs: number
}

/** Looks the zones up (creating one when asked), and routes the URLs among the zones the input names meanwhile. */
export async function lookUpZones(api: ApiClient, given: Inputs, lists: Lists, warn: (message: string) => void): Promise<ZonesFound> {
  const started = performance.now()
  const finding = log.group('Zone', async () => {
    const found = await resolveZones(api, given.zones, { createZone: given.createZone, plan: given.plan, dryRun: given.dryRun })
    found.zones.forEach((zone) => log.info(describeZone(zone)))
    if (found.candidates !== undefined)
      log.info(`zone: auto - URLs go to the longest matching of ${found.candidates.length} active or pending zones.`)
    return found
  })
  // The URLs are routed while the lookup's request is on the wire (~25 ms for 10,000 URLs, parsing each), not after its
  // answer; the lookup's errors are raised by the await below, before any of routing's (routeEarly keeps those).
  await onTheWire(finding)
  const early = routeEarly(lists.entries, given.zones)
  const resolution = await finding
  const lookupMs = performance.now() - started
  resolution.warnings.forEach(warn)
  return { resolution, early, lookupMs }
}

/** Sends every URL, tag and probe to its zone, and decides whether to purge everything instead of a change list. */
export function route(
  given: Inputs,
  lists: Lists,
  zones: ZonesFound,
  changes: ChangeSet | undefined,
  warn: (message: string) => void
): WorkAssignment {
  const work = assignWork({
    entries: lists.entries,
    tags: lists.tags,
    purgeEverything: lists.everything,
    changes,
    changeInputs: given.changes,
    resolution: zones.resolution,
    probes: given.probeUrls,
    early: zones.early
  })
  // Let the lists as read go: run() holds `lists` and `zones` until it ends (an async function keeps its locals alive),
  // and 100,000 URLs as read are megabytes.
  lists.entries = []
  zones.early = undefined
  // Stryker disable next-line OptionalChaining: everythingInstead is only set when there is a change list
  if (work.everythingInstead !== undefined && changes?.incomplete === undefined)
    warn(`Purging everything instead of the list: ${work.everythingInstead}.`)
  return work
}

function describeZone(zone: ResolvedZone): string {
  if (zone.created?.dryRun) return `Zone ${shown(zone.name ?? zone.id)} does not exist: it would be created (dry run).`
  const what = zone.created === undefined ? 'Zone' : 'Created zone'
  return `${what} ${zone.name === undefined ? '(name unknown)' : shown(zone.name)} (${shown(zone.id)}), status ${shown(zone.status ?? 'unknown')}.`
}
