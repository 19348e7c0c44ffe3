import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import { describePlan, planRequests, type Plan } from '../purge/plan.js'
import type { WorkAssignment } from '../purge/routing.js'

/** The requests, per zone: settings first, then the purges in batches of `batch-size`; said in the log. */
export function planPurge(given: Inputs, work: WorkAssignment, tags: readonly string[]): Plan {
  const plan = planRequests(
    work.zones.map(({ zone, requested }) => ({
      zone,
      purgeEverything: requested.everything,
      urls: requested.files,
      tags,
      settings: given.settings
    })),
    given.batchSize
  )
  log.info(describePlan(plan, given.batchSize))
  return plan
}
