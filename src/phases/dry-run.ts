import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import type { WorkAssignment } from '../purge/routing.js'

/** A dry run sends nothing: says so, and counts what verify and warm would fetch (undefined when neither is on). */
export async function dryRun(given: Inputs, work: WorkAssignment): Promise<{ verify: number; warm: number } | undefined> {
  log.info('Dry run: no purge or settings request is sent, and nothing is fetched from the edge.')
  if (!(given.verify > 0 || given.warm)) return undefined
  // Loaded only when a step checks or warms the edge.
  const { edgePlan } = await import('../edge/verify.js')
  return edgePlan(
    work.requested.files,
    given.verify,
    [...work.probes.values()].flat(),
    given.warm,
    work.zones.map(({ zone }) => zone.name)
  )
}
