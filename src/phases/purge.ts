import { executePlan, PROPAGATION_MS, type Execution } from '../execute.js'
import type { ApiClient } from '../http/client.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import { describePlan, planRequests, type Plan } from '../plan.js'
import type { WorkAssignment } from '../routing.js'
import { sleep } from '../sleep.js'

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

/**
 * Sends the plan: settings, the wait for them to spread when asked, the delay, the wait for the origin (`beforePurge`,
 * when asked), the purges and their second pass.
 */
export function execute(api: ApiClient, given: Inputs, plan: Plan, beforePurge?: () => Promise<boolean>): Promise<Execution> {
  return executePlan(api, plan, {
    concurrency: given.concurrency,
    waitForPropagation: given.waitForPropagation,
    propagationMs: PROPAGATION_MS,
    delayMs: given.delaySeconds * 1000,
    againAfterMs: given.purgeAgainAfterSeconds * 1000,
    beforePurge,
    sleep,
    log: log.info,
    group: log.group
  })
}
