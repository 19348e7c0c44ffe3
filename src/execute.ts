import { mapConcurrent } from './concurrency.js'
import type { ApiClient } from './http/client.js'
import { ApiError } from './http/errors.js'
import { splitRequest, type Plan, type PlannedRequest } from './plan.js'
import { purgeProgress } from './progress.js'

/** What became of one planned request. */
export interface RequestOutcome {
  readonly request: PlannedRequest
  readonly ok: boolean
  /** HTTP status of the last attempt; undefined when there was no response or the request was not sent. */
  readonly status: number | undefined
  /** 0 when the request was not sent. */
  readonly attempts: number
  readonly durationMs: number
  readonly error: string | undefined
}

export interface ExecuteOptions {
  readonly concurrency: number
  readonly waitForPropagation: boolean
  readonly propagationMs: number
  readonly sleep: (ms: number) => Promise<void>
  readonly log: (message: string) => void
  /** Runs `fn` inside a named log group. */
  readonly group: <T>(name: string, fn: () => Promise<T>) => Promise<T>
  /** Milliseconds, for progress lines; injected in tests. */
  readonly now?: () => number
}

export interface Execution {
  readonly outcomes: readonly RequestOutcome[]
  readonly settingsMs: number
  readonly purgeMs: number
}

/** The documented time for a settings change to reach every edge location. */
export const PROPAGATION_MS = 30_000
const PROGRESS_EVERY_MS = 10_000
/** Purge requests started at once, most of them waiting for the pacer. */
const QUEUED_REQUESTS = 256

/**
 * Sends the plan: settings first; a zone whose settings failed gets no purge. Purges of all zones
 * share one concurrency limit, and every batch is tried even when others fail.
 */
export async function executePlan(client: ApiClient, plan: Plan, options: ExecuteOptions): Promise<Execution> {
  const settingsRequests = plan.requests.filter((request) => request.kind === 'settings')
  const purgeRequests = plan.requests.filter((request) => request.kind !== 'settings')

  let started = performance.now()
  const settingsOutcomes =
    settingsRequests.length === 0
      ? []
      : await options.group('Settings', async () => {
          const outcomes = await mapConcurrent(settingsRequests, settingsRequests.length, (request) => send(client, request))
          for (const outcome of outcomes) {
            options.log(outcome.ok ? `${outcome.request.label}: applied.` : (outcome.error ?? ''))
          }
          if (options.waitForPropagation && outcomes.some((outcome) => outcome.ok)) await waitForPropagation(options)
          return outcomes
        })
  const settingsMs = performance.now() - started

  const blockedZones = new Set(settingsOutcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.request.zoneId))
  started = performance.now()
  const purgeOutcomes =
    purgeRequests.length === 0
      ? []
      : await options.group('Purge', async () => {
          const progress = purgeProgress(purgeRequests, { log: options.log, now: options.now ?? Date.now, retries: () => client.retries })
          const limit: BatchLimit = { size: undefined }
          // The client's pacer keeps `concurrency` in flight; more are started so that one waiting out a
          // 429 does not hold a slot, within a bound on what waits in memory.
          const outcomes = (
            await mapConcurrent(purgeRequests, Math.max(options.concurrency, QUEUED_REQUESTS), async (request) => {
              const sent = blockedZones.has(request.zoneId)
                ? [notSent(request, `${request.label}: not sent: the settings for this zone failed, so the purge was not attempted.`)]
                : await sendPurge(client, request, limit, options.log)
              sent.forEach(progress)
              return sent
            })
          ).flat()
          const confirmed = outcomes.filter((outcome) => outcome.ok).length
          options.log(`${confirmed} of ${outcomes.length} purge request${outcomes.length === 1 ? '' : 's'} confirmed.`)
          return outcomes
        })
  return { outcomes: [...settingsOutcomes, ...purgeOutcomes], settingsMs, purgeMs: performance.now() - started }
}

/** The largest batch the API has taken, once a 413 said a batch was too large; kept for the rest of the step. */
interface BatchLimit {
  size: number | undefined
}

/**
 * Sends one purge request. A 413 (request too large) splits it in half and sends the halves, down to one
 * URL or tag; the smaller size then holds for every batch not yet sent. A refused request was not carried
 * out, so nothing is purged twice and nothing is left out.
 */
async function sendPurge(client: ApiClient, request: PlannedRequest, limit: BatchLimit, log: (message: string) => void): Promise<RequestOutcome[]> {
  if (limit.size !== undefined && request.items.length > limit.size) {
    const size = limit.size
    return (await Promise.all(splitRequest(request, size).map((part) => sendPurge(client, part, limit, log)))).flat()
  }
  const outcome = await send(client, request)
  if (outcome.status !== 413 || request.items.length <= 1) return [outcome]
  const half = Math.ceil(request.items.length / 2)
  if (limit.size === undefined || half < limit.size) {
    limit.size = half
    log(`${request.label}: the API refused it as too large (HTTP 413); batches of up to ${half} from now on.`)
  }
  return sendPurge(client, request, limit, log)
}

async function send(client: ApiClient, request: PlannedRequest): Promise<RequestOutcome> {
  const started = performance.now()
  try {
    const response = await client.request(request.method, request.path, { body: request.body, paced: true, label: request.label })
    return { request, ok: true, status: response.status, attempts: response.attempts, durationMs: performance.now() - started, error: undefined }
  } catch (error) {
    const details = error instanceof ApiError ? error.details : undefined
    return {
      request,
      ok: false,
      status: details?.status,
      attempts: details?.attempts ?? 1,
      durationMs: performance.now() - started,
      error: `${request.label}: ${error instanceof Error ? error.message : String(error)}`
    }
  }
}

function notSent(request: PlannedRequest, error: string): RequestOutcome {
  return { request, ok: false, status: undefined, attempts: 0, durationMs: 0, error }
}

async function waitForPropagation(options: ExecuteOptions): Promise<void> {
  for (let waited = 0; waited < options.propagationMs; waited += PROGRESS_EVERY_MS) {
    const step = Math.min(PROGRESS_EVERY_MS, options.propagationMs - waited)
    options.log(`Waiting for the settings to reach every edge location: ${Math.ceil((options.propagationMs - waited) / 1000)} s left.`)
    await options.sleep(step)
  }
  options.log('Settings have had the documented propagation time.')
}
