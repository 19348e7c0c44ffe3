import * as core from '@actions/core'
import { InputError } from './errors.js'
import { executePlan, PROPAGATION_MS } from './execute.js'
import { ApiClient, createDispatcher } from './http/client.js'
import { ApiError } from './http/errors.js'
import { getInputs } from './inputs.js'
import { planRequests } from './plan.js'
import { report } from './report/index.js'
import { buildResult, newRunState } from './result.js'
import { redact } from './secrets.js'
import { collectFileEntries } from './sources/index.js'
import { resolveUrls, unique } from './urls.js'
import { USER_AGENT } from './version.js'
import { resolveZone } from './zones.js'

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** The action: inputs → zone → plan → execute → report. Outputs are written however far it got. */
export async function run(): Promise<void> {
  const state = newRunState()
  const started = performance.now()
  let client: ApiClient | undefined
  let writeSummary = true
  const warn = (message: string): void => {
    state.warnings.push(message)
    core.warning(message)
  }
  try {
    const inputs = getInputs()
    writeSummary = inputs.summary
    state.dryRun = inputs.dryRun
    inputs.warnings.forEach(warn)
    const entries = await collectFileEntries(inputs)
    const tags = unique(inputs.tags)
    state.requested = { everything: inputs.purgeEverything, files: unique(entries), tags }

    client = new ApiClient({
      baseUrl: inputs.apiUrl,
      apiKey: inputs.apiKey,
      userAgent: USER_AGENT,
      timeoutMs: inputs.timeoutSeconds * 1000,
      maxAttempts: inputs.maxAttempts,
      dispatcher: createDispatcher(inputs.concurrency),
      onAttempt: (attempt) =>
        core.debug(`${attempt.method} ${attempt.path} → ${attempt.outcome} (attempt ${attempt.attempt}, ${attempt.ms} ms)`),
      onRetry: (retry) =>
        core.info(`${retry.method} ${retry.path}: ${retry.reason}; attempt ${retry.attempt + 1} of ${inputs.maxAttempts} in ${(retry.delayMs / 1000).toFixed(1)} s.`)
    })
    const api = client

    const zoneStarted = performance.now()
    const lookup = await core.group('Zone', async () => {
      const found = await resolveZone(api, inputs.zone, inputs.concurrency)
      core.info(`Zone: ${found.zone.name ?? '(name unknown)'} (${found.zone.id}), status ${found.zone.status ?? 'unknown'}.`)
      return found
    })
    state.durations.zoneMs = performance.now() - zoneStarted
    state.zone = lookup.zone
    lookup.warnings.forEach(warn)

    const urls = resolveUrls(entries, lookup.zone.name)
    state.requested = { everything: inputs.purgeEverything, files: urls, tags }
    state.plan = planRequests(
      [{ zone: lookup.zone, purgeEverything: inputs.purgeEverything, urls, tags, settings: inputs.settings }],
      inputs.batchSize
    )
    core.info(`Planned ${state.plan.requests.length} request(s): ${urls.length} URL(s), ${tags.length} tag(s) in batches of up to ${inputs.batchSize}.`)
    if (inputs.dryRun) {
      core.info('Dry run: no purge or settings request is sent.')
    } else {
      const execution = await executePlan(api, state.plan, {
        concurrency: inputs.concurrency,
        waitForPropagation: inputs.waitForPropagation,
        propagationMs: PROPAGATION_MS,
        sleep,
        log: (message) => core.info(message),
        group: (name, fn) => core.group(name, fn)
      })
      state.outcomes = [...execution.outcomes]
      state.durations.settingsMs = execution.settingsMs
      state.durations.purgeMs = execution.purgeMs
    }
  } catch (error) {
    state.errors.push(error instanceof Error ? error.message : String(error))
    if (!(error instanceof InputError || error instanceof ApiError) && error instanceof Error && error.stack) {
      core.debug(redact(error.stack))
    }
  } finally {
    state.requestsSent = client?.requestsSent ?? 0
    await client?.close()
  }
  state.durations.totalMs = performance.now() - started
  const result = buildResult(state)
  await report(result, writeSummary)
}
