import type { ChangeSet } from './changes/index.js'
import type { EdgeCheck } from './edge/index.js'
import { AnswerError, GitError, GitHubError, InputError } from './errors.js'
import { fileProblem } from './files.js'
import { USER_AGENT } from './version.js'
import { executePlan, PROPAGATION_MS } from './execute.js'
import { onTheWire, type ApiClient } from './http/client.js'
import { connect } from './connect.js'
import { ApiError } from './http/errors.js'
import { getInputs, type Inputs } from './inputs/index.js'
import * as log from './log.js'
import { describePlan, planRequests } from './plan.js'
import { buildResult, newRunState, type RunResult, type RunState } from './result.js'
import { collectFileEntries } from './sources/index.js'
import { assignWork, routeEarly, type WorkAssignment } from './routing.js'
import { shown, unique } from './urls.js'
import { sleep } from './sleep.js'
import { resolveZones, type ResolvedZone } from './zones.js'

export interface RunOptions {
  /**
   * The process ends when run() returns, as it does in the action's entry (src/index.ts): the connections
   * to the API are then left to the exit, which closes them, instead of being closed one by one first
   * (~2.5 ms of a cold start, all of it work on this thread). Idle connections do not hold the process
   * open. Default false: run() in a longer-lived process (tests, local-action) closes what it opened.
   */
  readonly processEnds?: boolean
}

/**
 * The action: inputs → what changed → zone → plan → execute → report. Outputs and the summary are written
 * however far it got, and nothing escapes: an unexpected error still ends in one error annotation.
 */
export async function run(options: RunOptions = {}): Promise<void> {
  try {
    await runPhases(options)
  } catch (error) {
    // Only a bug in reporting itself gets here: everything else is caught per phase.
    log.fail(`${describeError(error)}.`, 'CDN purge failed')
    if (error instanceof Error && error.stack !== undefined) log.debug(error.stack)
  }
}

async function runPhases(options: RunOptions): Promise<void> {
  // The report's code is read while the step waits on the network, not before its first request.
  const reporting = import('./report/index.js')
  reporting.catch(() => undefined)
  const state = newRunState()
  const started = performance.now()
  let inputs: Inputs | undefined
  let client: ApiClient | undefined
  let closing: Promise<void> | undefined
  const warn = (message: string): void => {
    state.warnings.push(message)
    log.warning(message)
  }
  try {
    inputs = await getInputs()
    const given = inputs
    state.dryRun = given.dryRun
    state.zoneInput = given.zones.kind === 'auto' ? ['auto'] : given.zones.refs.map((ref) => (ref.kind === 'id' ? ref.id : ref.name))
    given.warnings.forEach(warn)
    state.phase = 'reading the URL lists'
    // Let go once routed (below): an async function keeps its locals alive to its end, and 100,000 URLs as read are megabytes.
    let entries: readonly string[] = await collectFileEntries(given)
    const tags = unique(given.tags)
    const changeInputs = given.changes
    state.phase = 'finding what changed'
    const changes =
      changeInputs === undefined
        ? undefined
        : await log.group('Changes', async () => {
            // Loaded only when a step asks what changed: git, the GitHub client, manifests and globs.
            const { detectChanges } = await import('./changes/index.js')
            return detectChanges(changeInputs, { workspace: given.workspace, env: process.env, log: log.info, warn })
          })
    state.changes = changes
    state.requested = { everything: given.purgeEverything, files: unique([...entries, ...(changes?.entries ?? [])]), tags }

    // No request goes out before every list is read and what changed is known: a mistake there sends nothing.
    client = connect(given)
    const api = client
    state.phase = 'the zone lookup'
    const zoneStarted = performance.now()
    const finding = log.group('Zone', async () => {
      const found = await resolveZones(api, given.zones, { createZone: given.createZone, plan: given.plan, dryRun: given.dryRun })
      found.zones.forEach((zone) => log.info(describeZone(zone)))
      if (found.candidates !== undefined)
        log.info(`zone: auto - URLs go to the longest matching of ${found.candidates.length} active or pending zones.`)
      return found
    })
    // The URLs are routed while the lookup's request is on the wire (awaited below, where its errors are raised).
    await onTheWire(finding)
    let early = routeEarly(entries, given.zones)
    const resolution = await finding
    state.durations.zoneMs = performance.now() - zoneStarted
    resolution.warnings.forEach(warn)

    state.phase = 'routing the URLs to zones'
    const work = assignWork({
      entries,
      tags,
      purgeEverything: given.purgeEverything,
      changes,
      changeInputs,
      resolution,
      probes: given.probeUrls,
      early
    })
    // Stryker disable next-line ArrayDeclaration: nothing reads entries or early after this; it only lets the lists go
    entries = []
    early = undefined
    state.changedUrls = work.changedUrls
    state.requested = work.requested
    state.zones = [...work.zones]
    state.everythingInstead = work.everythingInstead
    // Stryker disable next-line OptionalChaining: everythingInstead is only set when there is a change list
    if (work.everythingInstead !== undefined && changes?.incomplete === undefined)
      warn(`Purging everything instead of the list: ${work.everythingInstead}.`)

    const analytics = given.analytics
    if (analytics !== undefined) {
      state.phase = 'reading the traffic'
      state.traffic = await log.group('Traffic', async () => {
        const { readAllTraffic } = await import('./analytics.js')
        return readAllTraffic(
          api,
          work.zones.map(({ zone }) => zone),
          analytics,
          given.concurrency
        )
      })
      for (const report of state.traffic) {
        report.warnings.forEach(warn)
        if (report.error !== undefined)
          warn(`The traffic of ${shown(report.zoneName ?? report.zoneId)} could not be read (${report.error}); the purge goes ahead.`)
      }
    }

    state.phase = 'planning the requests'
    state.plan = planRequests(
      work.zones.map(({ zone, requested }) => ({
        zone,
        purgeEverything: requested.everything,
        urls: requested.files,
        tags,
        settings: given.settings
      })),
      given.batchSize
    )
    log.info(describePlan(state.plan, given.batchSize))
    const probes = [...work.probes.values()].flat()
    if (given.dryRun) {
      log.info('Dry run: no purge or settings request is sent, and nothing is fetched from the edge.')
      if (given.verify > 0 || given.warm) {
        const { edgePlan } = await import('./edge/verify.js')
        state.edgePlan = edgePlan(
          work.requested.files,
          given.verify,
          probes,
          given.warm,
          work.zones.map(({ zone }) => zone.name)
        )
      }
    } else {
      state.phase = 'sending the requests'
      const execution = await executePlan(api, state.plan, {
        concurrency: given.concurrency,
        waitForPropagation: given.waitForPropagation,
        propagationMs: PROPAGATION_MS,
        delayMs: given.delaySeconds * 1000,
        againAfterMs: given.purgeAgainAfterSeconds * 1000,
        sleep,
        log: log.info,
        group: log.group
      })
      state.outcomes = [...execution.outcomes]
      state.durations.settingsMs = execution.settingsMs
      state.durations.purgeMs = execution.purgeMs
      if (given.verify > 0 || given.warm) {
        state.phase = 'checking the edge'
        state.edge = await checkEdgeAfterPurge(given, state, work, changes, warn)
      }
    }
  } catch (error) {
    state.errors.push(describeError(error))
    state.stopped = {
      phase: state.phase,
      status: error instanceof ApiError ? error.status : undefined,
      input: error instanceof InputError ? error.input : undefined
    }
    if (!isExpected(error) && error instanceof Error && error.stack !== undefined) log.debug(error.stack)
  } finally {
    state.requestsSent = client?.requestsSent ?? 0
    state.retries = client?.retries ?? 0
    state.rateLimits = client?.rateLimits
    // Its connections close while the report is written (nothing is sent any more), or with the process.
    if (options.processEnds !== true) closing = client?.close().catch(() => undefined)
  }
  state.durations.totalMs = performance.now() - started
  let result = settle(state)
  if (inputs?.manifest !== undefined && !state.dryRun && result.ok) {
    await saveManifest(inputs.manifest, state, warn)
    result = settle(state)
  }
  const { report } = await reporting
  await report(result, inputs?.summary ?? true)
  await closing
}

/**
 * The result of the run. Should deriving it fail (a bug), the step reports what it knows for certain: the
 * error, and every URL and tag as not confirmed, so that nobody takes them for purged.
 */
function settle(state: RunState): RunResult {
  try {
    return buildResult(state)
  } catch (error) {
    if (error instanceof Error && error.stack !== undefined) log.debug(error.stack)
    return buildResult({
      ...newRunState(),
      dryRun: state.dryRun,
      zoneInput: state.zoneInput,
      requested: state.requested,
      requestsSent: state.requestsSent,
      errors: [...state.errors, describeError(error)]
    })
  }
}

/**
 * Verify and warm: the purged URLs (with the deployed file where the change list knows it) and the probe
 * URLs, fetched from the public site. URLs still stale at the end fail the step. Loaded only when asked for.
 */
async function checkEdgeAfterPurge(
  given: Inputs,
  state: RunState,
  work: WorkAssignment,
  changes: ChangeSet | undefined,
  warn: (message: string) => void
): Promise<EdgeCheck> {
  const { checkEdge, deployedFiles, probeTargets, purgedTargets, staleFailure } = await import('./edge/index.js')
  const zones = work.zones.map(({ zone }) => zone)
  const files = changes === undefined ? new Map<string, string>() : deployedFiles(changes.deployed, zones, given.workspace)
  const checked = await checkEdge(
    purgedTargets(state.outcomes, (url) => files.get(url)),
    probeTargets(work.probes, state.outcomes),
    {
      verify: given.verify,
      recheckForMs: given.verifyTimeoutSeconds * 1000,
      warm: given.warm,
      concurrency: given.concurrency,
      timeoutMs: given.timeoutSeconds * 1000,
      userAgent: USER_AGENT,
      zoneNames: zones.map((zone) => zone.name)
    },
    { log: log.info, warn, group: log.group, now: Date.now, sleep }
  )
  const failure = staleFailure(checked)
  if (failure !== undefined) state.errors.push(failure)
  return checked
}

/** Errors the action raises on purpose, whose message says it all; anything else is a bug. */
const isExpected = (error: unknown): boolean =>
  error instanceof InputError ||
  error instanceof AnswerError ||
  error instanceof ApiError ||
  error instanceof GitError ||
  error instanceof GitHubError

/**
 * An error's message; an unexpected one says that it is, its message shown as outside text is (it may quote
 * some). A RangeError is a text, list or stack too large to hold (a string past V8's limit, a call too
 * deep): its own message names V8's internals, not what to fix, so it is left out.
 */
function describeError(error: unknown): string {
  if (isExpected(error)) return (error as Error).message
  const what =
    error instanceof RangeError
      ? 'something too large to hold (a text, list or nesting past what Node.js can hold)'
      : shown(error instanceof Error ? `${error.name}: ${error.message}` : String(error))
  return `Unexpected error: ${what}. Please report this as a bug; the debug log (ACTIONS_STEP_DEBUG) has the stack trace`
}

function describeZone(zone: ResolvedZone): string {
  if (zone.created?.dryRun) return `Zone ${shown(zone.name ?? zone.id)} does not exist: it would be created (dry run).`
  const what = zone.created === undefined ? 'Zone' : 'Created zone'
  return `${what} ${zone.name === undefined ? '(name unknown)' : shown(zone.name)} (${shown(zone.id)}), status ${shown(zone.status ?? 'unknown')}.`
}

/** Writes the site's manifest for the next run. A failure only warns: the next run then compares with an older manifest and purges more, never less. */
async function saveManifest(target: { path: string; site: string }, state: RunState, warn: (message: string) => void): Promise<void> {
  try {
    const { buildManifest, writeManifest } = await import('./changes/manifest.js')
    await writeManifest(target.path, state.changes?.manifest ?? (await buildManifest(target.site)))
    state.manifestWritten = target.path
    log.info(`Manifest of ${shown(target.site)} written to ${shown(target.path)}.`)
  } catch (error) {
    warn(
      `Input "manifest": the manifest was not written to ${shown(target.path)}: ${fileProblem(error)}. The next run will compare with an older one and purge more.`
    )
  }
}
