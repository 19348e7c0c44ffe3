import { mapConcurrent } from '../concurrency.js'
import type { ApiClient } from '../http/client.js'
import { ApiError } from '../http/errors.js'
import { splitRequest, type Plan, type PlannedRequest } from './plan.js'
import { purgeProgress } from './progress.js'
import { plural } from '../text.js'
import { waitWithProgress } from './wait.js'

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
  /** When the API confirmed it (the clock of ExecuteOptions.clock), for how old the edge's copy may be; undefined when not confirmed. */
  readonly confirmedAt?: number | undefined
  /** 2 when it is the outcome of the second pass (purge-again-after). */
  readonly pass?: 2
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
  /** Wall-clock milliseconds, for when each purge was confirmed (Date.now by default). */
  readonly clock?: () => number
  /** Wait this long after the settings, before the first purge request (`delay`); 0 = none. */
  readonly delayMs?: number
  /** When more than 0, wait this long after the purge and send every confirmed purge request again (`purge-again-after`). */
  readonly againAfterMs?: number
  /**
   * Runs after the settings and the delay, before the first purge request (`wait-for-origin`); when it resolves
   * false, no purge request is sent, so each URL and tag is reported as not purged.
   */
  readonly beforePurge?: (() => Promise<boolean>) | undefined
}

export interface Execution {
  readonly outcomes: readonly RequestOutcome[]
  readonly settingsMs: number
  readonly purgeMs: number
}

/** The documented time for a settings change to reach every edge location. */
export const PROPAGATION_MS = 30_000
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
          // A failed request always has its error; a confirmed one none.
          for (const outcome of outcomes) options.log(outcome.error ?? `${outcome.request.label}: applied.`)
          if (options.waitForPropagation && outcomes.some((outcome) => outcome.ok)) await waitForPropagation(options)
          return outcomes
        })
  const settingsMs = performance.now() - started

  const blockedZones = new Set(settingsOutcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.request.zoneId))
  const delayMs = options.delayMs ?? 0
  if (purgeRequests.length > 0 && delayMs > 0) {
    await options.group('Delay', () => waitWithProgress(delayMs, 'Waiting before the purge (delay)', options))
  }
  if (purgeRequests.length > 0 && options.beforePurge !== undefined && !(await options.beforePurge())) {
    return { outcomes: settingsOutcomes, settingsMs, purgeMs: 0 }
  }
  started = performance.now()
  const limit: BatchLimit = {}
  const clock = options.clock ?? Date.now
  // Sends the requests of one pass: the client's pacer keeps `concurrency` in flight; more are started so
  // that one waiting out a 429 does not hold a slot, within a bound on what waits in memory.
  const pass = async (requests: readonly PlannedRequest[], name: string): Promise<RequestOutcome[]> =>
    options.group(name, async () => {
      const progress = purgeProgress(requests, { log: options.log, now: options.now ?? Date.now, retries: () => client.retries })
      const outcomes = (
        await mapConcurrent(requests, Math.max(options.concurrency, QUEUED_REQUESTS), async (request) => {
          const sent = blockedZones.has(request.zoneId)
            ? [notSent(request, `${request.label}: not sent: the settings for this zone failed, so the purge was not attempted.`)]
            : await sendPurge(client, request, limit, options.log, clock)
          sent.forEach(progress)
          return sent
        })
      ).flat()
      const confirmed = outcomes.filter((outcome) => outcome.ok).length
      options.log(`${confirmed} of ${plural(outcomes.length, 'purge request')} confirmed.`)
      return outcomes
    })
  let purgeOutcomes = purgeRequests.length === 0 ? [] : await pass(purgeRequests, 'Purge')
  const againAfterMs = options.againAfterMs ?? 0
  const confirmed = purgeOutcomes.filter((outcome) => outcome.ok)
  if (againAfterMs > 0 && confirmed.length > 0) {
    // The second pass: what the first confirmed, sent again after the wait. A URL or tag counts as purged
    // only when this pass confirms it too; what the first pass did not confirm stays as it was.
    await options.group('Purge again', () => waitWithProgress(againAfterMs, 'Waiting before the second pass (purge-again-after)', options))
    const second = await pass(
      confirmed.map((outcome) => outcome.request),
      'Purge again'
    )
    purgeOutcomes = [
      ...purgeOutcomes.filter((outcome) => !outcome.ok),
      ...second.map((outcome): RequestOutcome => ({ ...outcome, pass: 2 }))
    ]
  }
  return { outcomes: [...settingsOutcomes, ...purgeOutcomes], settingsMs, purgeMs: performance.now() - started }
}

/** The largest batch the API has taken, once a 413 said a batch was too large; kept for the rest of the step. */
interface BatchLimit {
  size?: number
}

/**
 * Sends one purge request. A 413 (request too large) splits it in half and sends the halves, down to one
 * URL or tag; the smaller size then holds for every batch not yet sent. A refused request was not carried
 * out, so nothing is purged twice and nothing is left out.
 */
async function sendPurge(
  client: ApiClient,
  request: PlannedRequest,
  limit: BatchLimit,
  log: (message: string) => void,
  clock: () => number
): Promise<RequestOutcome[]> {
  const size = limit.size ?? Number.POSITIVE_INFINITY
  if (request.items.length > size) {
    return (await Promise.all(splitRequest(request, size).map((part) => sendPurge(client, part, limit, log, clock)))).flat()
  }
  const outcome = await send(client, request, clock)
  if (outcome.status !== 413 || request.items.length <= 1) return [outcome]
  const half = Math.ceil(request.items.length / 2)
  if (limit.size === undefined || half < limit.size) {
    limit.size = half
    log(`${request.label}: the API refused it as too large (HTTP 413); up to ${half} a request from now on.`)
  }
  return sendPurge(client, request, limit, log, clock)
}

async function send(client: ApiClient, request: PlannedRequest, clock: () => number = Date.now): Promise<RequestOutcome> {
  const started = performance.now()
  try {
    const response = await client.request(request.method, request.path, { body: request.body, paced: true, label: request.label })
    return {
      request,
      ok: true,
      status: response.status,
      attempts: response.attempts,
      durationMs: performance.now() - started,
      error: undefined,
      confirmedAt: clock()
    }
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
  await waitWithProgress(options.propagationMs, 'Waiting for the settings to reach every edge location', options)
  options.log('Settings have had the documented propagation time.')
}
