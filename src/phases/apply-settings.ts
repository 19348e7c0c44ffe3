import type { ApiClient } from '../http/client.js'
import type { Inputs } from '../inputs/index.js'
import { PROPAGATION_MS, sendSettings, waitForPropagation, type RequestOutcome, type SettingsSent } from '../purge/execute.js'
import type { Plan } from '../purge/plan.js'
import { sending } from './io.js'

/** The settings of every zone that has some, at once (none without `settings`). Once cancelled, none starts. */
export function applySettings(api: ApiClient, given: Inputs, plan: Plan, signal?: AbortSignal): Promise<SettingsSent> {
  return sendSettings(api, plan, sending(given, signal))
}

/**
 * The wait for the settings to reach every edge location (`wait-for-propagation`), when some were applied; how long it
 * took (milliseconds). Once the run's `signal` is aborted, the wait ends, rejecting with the signal's reason.
 */
export async function waitForSettings(given: Inputs, settings: readonly RequestOutcome[], signal?: AbortSignal): Promise<number> {
  return given.waitForPropagation ? waitForPropagation(settings, PROPAGATION_MS, sending(given, signal)) : 0
}
