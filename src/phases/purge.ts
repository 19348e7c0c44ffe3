import type { ApiClient } from '../http/client.js'
import type { Inputs } from '../inputs/index.js'
import { purgeAll, sendSecondPass, type PurgePass, type RequestOutcome } from '../purge/execute.js'
import type { Plan } from '../purge/plan.js'
import { sending } from './io.js'

/**
 * The purge requests of the plan; a zone whose settings failed gets none. Cancelled (`signal`), it returns what was
 * confirmed, and what was not sent as such.
 */
export function purge(
  api: ApiClient,
  given: Inputs,
  plan: Plan,
  settings: readonly RequestOutcome[],
  signal?: AbortSignal
): Promise<PurgePass> {
  return purgeAll(api, plan, settings, sending(given, signal))
}

/**
 * The second pass (`purge-again-after`): after the wait, what the first pass confirmed is sent again. Cancelled, the
 * first pass's confirmation stands where the second did not answer.
 */
export function purgeAgain(api: ApiClient, given: Inputs, first: PurgePass, signal?: AbortSignal): Promise<PurgePass> {
  return sendSecondPass(api, first, given.purgeAgainAfterSeconds * 1000, sending(given, signal))
}
