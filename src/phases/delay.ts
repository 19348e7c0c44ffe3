import type { Inputs } from '../inputs/index.js'
import { delayPurge } from '../purge/execute.js'
import type { Plan } from '../purge/plan.js'
import { sending } from './io.js'

/** `delay` seconds before the first purge request (none when there is nothing to purge). Cancelled, it rejects with the cancel. */
export function delay(given: Inputs, plan: Plan, signal?: AbortSignal): Promise<void> {
  return delayPurge(plan, given.delaySeconds * 1000, sending(given, signal))
}
