import { connect } from './connect.js'
import type { ApiClient } from './http/client.js'
import { getInputs, type Inputs } from './inputs/index.js'
import { applySettings, waitForSettings } from './phases/apply-settings.js'
import { checkEdge } from './phases/check-edge.js'
import { postPendingStatus } from './phases/commit-status.js'
import { delay } from './phases/delay.js'
import { dryRun } from './phases/dry-run.js'
import { findChanges, nothingToSend } from './phases/find-changes.js'
import { lookUpZones } from './phases/look-up-zones.js'
import { planPurge } from './phases/plan-purge.js'
import { readLists } from './phases/read-lists.js'
import { readTraffic } from './phases/read-traffic.js'
import { loadReport, report } from './phases/report.js'
import { purge, purgeAgain } from './phases/purge.js'
import { route } from './phases/route.js'
import { planOrigin, waitForOrigin } from './phases/wait-for-origin.js'
import { RunRecord } from './run/record.js'

export interface RunOptions {
  /**
   * The process ends when run() returns, as it does in the action's entry (src/index.ts): the connections
   * to the API are then left to the exit, which closes them, instead of being closed one by one first
   * (~2.5 ms of a cold start, all of it work on this thread). Idle connections do not hold the process
   * open. Default false: run() in a longer-lived process (tests, local-action) closes what it opened.
   */
  readonly processEnds?: boolean
  /**
   * The run's one cancellation source (src/cancel.ts: the entry point makes it from SIGINT, SIGTERM and SIGBREAK).
   * Once aborted, no phase or request starts, every wait ends, changes in flight get their grace, and the report
   * says exactly what was purged.
   */
  readonly signal?: AbortSignal
}

/**
 * The action: inputs → URL lists → what changed → zones (URLs routed to them) → traffic → plan → what the origin must
 * serve → the pending commit status → settings (or the dry run, the last phase of one) → the wait for them to spread →
 * delay → the wait for the origin → purge → the second pass → edge → report (with the final commit status).
 * Each phase returns what it found, and the run's record keeps it; when nothing was deployed and nothing else is asked,
 * the phases end once what changed is known, before any request. Outputs and the summary are written however far it
 * got, and nothing escapes: an error ends the phases where it happened, and a bug in reporting still ends in one error
 * annotation.
 */
export async function run(options: RunOptions = {}): Promise<void> {
  const reporting = loadReport()
  const record = new RunRecord()
  const signal = options.signal
  if (signal !== undefined) record.watch(signal)
  const reached: Reached = {}
  let stop: { readonly error: unknown } | undefined
  try {
    await phases(record, reached, signal)
  } catch (error) {
    stop = { error }
  }
  await report(record, reporting, { inputs: reached.inputs, client: reached.client, stop, processEnds: options.processEnds === true })
}

/** How far the phases got, for the report also when one of them fails: the inputs once read, the client once made. */
interface Reached {
  inputs?: Inputs
  client?: ApiClient
}

async function phases(record: RunRecord, reached: Reached, signal: AbortSignal | undefined): Promise<void> {
  const given = (reached.inputs = record.inputs(await record.phase('reading the inputs', getInputs)))
  const lists = await record.phase('reading the URL lists', () => readLists(given))
  const changes = record.changes(await record.phase('finding what changed', () => findChanges(given, record.warn, signal)), lists)
  // Nothing deployed and nothing else asked (a push that deleted a branch or tag): the step ends here, with no request.
  if (record.nothingToSend(nothingToSend(given, lists, changes))) return
  // No request goes out before every list is read and what changed is known: a mistake there sends nothing.
  const api = (reached.client = connect(given, signal))
  const zones = record.zones(await record.phase('the zone lookup', () => lookUpZones(api, given, lists, record.warn)))
  const work = record.routed(await record.phase('routing the URLs to zones', () => route(given, lists, zones, changes, record.warn)))
  record.traffic(await record.phase('reading the traffic', () => readTraffic(api, given, work, record.warn)))
  const plan = record.plan(await record.phase('planning the requests', () => planPurge(given, work, lists.tags)))
  const origin = record.originPlan(
    await record.phase('planning the origin check', () => planOrigin(given, work, changes)),
    given.origin.waitSeconds
  )
  // Without commit-status the run has no such phase: a later failure or cancel is not put down to it.
  // Stryker disable next-line ConditionalExpression: run without commit-status, the phase ends in the same microtask (nothing loaded, nothing posted) and the next phase names itself before any signal or error can come
  if (given.commitStatus !== undefined)
    record.commitStatus(await record.phase('posting the commit status', () => postPendingStatus(given, work, changes, record.warn, signal)))
  if (given.dryRun) return record.edgePlan(await record.phase('the dry run', () => dryRun(given, work)))
  const settings = record.settings(await record.phase('applying the settings', () => applySettings(api, given, plan, signal)))
  record.spread(await record.phase('waiting for the settings to spread', () => waitForSettings(given, settings, signal)))
  await record.phase('waiting before the purge (delay)', () => delay(given, plan, signal))
  const ready = record.origin(await record.phase('waiting for the origin', () => waitForOrigin(given, origin, record.warn, signal)))
  if (ready) {
    const first = record.purged(await record.phase('sending the purge requests', () => purge(api, given, plan, settings, signal)))
    record.purged(await record.phase('the second pass (purge-again-after)', () => purgeAgain(api, given, first, signal)))
  }
  record.edge(await record.phase('checking the edge', () => checkEdge(given, work, changes, record.outcomes, record.warn, signal)))
}
