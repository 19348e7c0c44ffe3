// The purge engine's steps (src/purge/execute.ts) in the order main.ts runs them: the settings, the wait for them to
// spread, the delay, the purge and the second pass. For the engine's tests, which look at the steps together.
import type { ApiClient } from '../../src/http/client.js'
import {
  delayPurge,
  sendSecondPass,
  purgeAll,
  sendSettings,
  waitForPropagation,
  type ExecuteOptions,
  type RequestOutcome
} from '../../src/purge/execute.js'
import type { Plan } from '../../src/purge/plan.js'

export interface PlanOptions extends ExecuteOptions {
  /** `wait-for-propagation`: wait propagationMs after the settings. */
  readonly waitForPropagation?: boolean
  readonly propagationMs?: number
  /** `delay`, in milliseconds. */
  readonly delayMs?: number
  /** `purge-again-after`, in milliseconds. */
  readonly againAfterMs?: number
}

/** What the steps did: every outcome (the settings', then the purge's), and how long the settings and the purge took. */
export interface Sent {
  readonly outcomes: readonly RequestOutcome[]
  readonly settingsMs: number
  readonly purgeMs: number
}

/** Runs the steps one after the other, as main.ts does; a wait the run's cancel ends rejects with the cancel. */
export async function sendPlan(client: ApiClient, plan: Plan, options: PlanOptions): Promise<Sent> {
  const settings = await sendSettings(client, plan, options)
  const spread = options.waitForPropagation === true ? await waitForPropagation(settings.outcomes, options.propagationMs ?? 0, options) : 0
  await delayPurge(plan, options.delayMs ?? 0, options)
  const first = await purgeAll(client, plan, settings.outcomes, options)
  const second = await sendSecondPass(client, first, options.againAfterMs ?? 0, options)
  return { outcomes: [...settings.outcomes, ...second.outcomes], settingsMs: settings.ms + spread, purgeMs: first.ms + second.ms }
}
