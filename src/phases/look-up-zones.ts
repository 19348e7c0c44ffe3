import { type ApiClient } from '../http/client.js'
import { onTheWire } from '../http/wire.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import { routeEarly, type EarlyRouting } from '../purge/routing.js'
import { shown } from '../text.js'
import { resolveZones, type ResolvedZone, type ZoneResolution } from '../zones/resolve.js'
import type { Lists } from './read-lists.js'

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

function describeZone(zone: ResolvedZone): string {
  if (zone.created?.dryRun) return `Zone ${shown(zone.name ?? zone.id)} does not exist: it would be created (dry run).`
  const what = zone.created === undefined ? 'Zone' : 'Created zone'
  return `${what} ${zone.name === undefined ? '(name unknown)' : shown(zone.name)} (${shown(zone.id)}), status ${shown(zone.status ?? 'unknown')}.`
}
