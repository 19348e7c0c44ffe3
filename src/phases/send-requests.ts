import type { ApiClient } from '../http/client.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import { executePlan, PROPAGATION_MS, type Execution } from '../purge/execute.js'
import type { Plan } from '../purge/plan.js'
import { sleep } from '../sleep.js'

/**
 * Sends the plan: settings, the wait for them to spread when asked, the delay, the wait for the origin (`beforePurge`,
 * when asked), the purges and their second pass. Cancelled (`signal`), it returns what was done and what was not sent.
 */
export function sendRequests(
  api: ApiClient,
  given: Inputs,
  plan: Plan,
  beforePurge?: () => Promise<boolean>,
  signal?: AbortSignal
): Promise<Execution> {
  return executePlan(api, plan, {
    concurrency: given.concurrency,
    waitForPropagation: given.waitForPropagation,
    propagationMs: PROPAGATION_MS,
    delayMs: given.delaySeconds * 1000,
    againAfterMs: given.purgeAgainAfterSeconds * 1000,
    beforePurge,
    sleep,
    signal,
    log: log.info,
    group: log.group
  })
}
