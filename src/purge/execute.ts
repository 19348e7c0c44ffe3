import { cancelOf, isCancel } from '../cancel.js'
import { mapConcurrent } from '../concurrency.js'
import type { ApiClient } from '../http/client.js'
import { ApiError } from '../http/errors.js'
import { splitRequest, type Plan, type PlannedRequest } from './plan.js'
import { purgeProgress } from './progress.js'
import { plural } from '../text.js'
import { waitWithProgress, type WaitOptions } from './wait.js'

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
  /**
   * The run was cancelled before it was confirmed: not sent (attempts 0), or sent and then abandoned unanswered or
   * not tried again. Either way it is not confirmed.
   */
  readonly cancelled?: true
}

export interface ExecuteOptions extends WaitOptions {
  readonly concurrency: number
  /** Runs `fn` inside a named log group. */
  readonly group: <T>(name: string, fn: () => Promise<T>) => Promise<T>
  /** Milliseconds, for progress lines; injected in tests. */
  readonly now?: () => number
  /** Wall-clock milliseconds, for when each purge was confirmed (Date.now by default). */
  readonly clock?: () => number
}
// `signal` (WaitOptions) is the run's: once it is aborted, no request starts and every wait ends, rejecting with its
// reason; a pass of purges returns what was not confirmed as such (`cancelled`), rather than throwing: the report says
// exactly what was purged.

/** The settings requests' outcomes, and how long they took (milliseconds). */
export interface SettingsSent {
  readonly outcomes: readonly RequestOutcome[]
  readonly ms: number
}

/** One pass of purges: the outcome of each request, how long it took, and the batch size a 413 left for the next pass. */
export interface PurgePass {
  readonly outcomes: readonly RequestOutcome[]
  readonly ms: number
  /** The largest batch the API has taken, once a 413 said a batch was too large (shared by the passes). */
  readonly limit: BatchLimit
}

/** The documented time for a settings change to reach every edge location. */
export const PROPAGATION_MS = 30_000
/** Purge requests started at once, most of them waiting for the pacer. */
const QUEUED_REQUESTS = 256

const isSettings = (request: PlannedRequest): boolean => request.kind === 'settings'

/** The plan's purge requests (of URLs, tags or everything), in order. */
export const purgeRequests = (plan: Plan): PlannedRequest[] => plan.requests.filter((request) => !isSettings(request))

/**
 * The settings requests of the plan, all at once, in the Settings log group (none without settings); a failed
 * request always has its error, a confirmed one none. Once the run is cancelled, what is left is not sent.
 */
export async function sendSettings(client: ApiClient, plan: Plan, options: ExecuteOptions): Promise<SettingsSent> {
  const requests = plan.requests.filter(isSettings)
  const started = performance.now()
  if (requests.length === 0) return { outcomes: [], ms: 0 }
  const outcomes = await options.group('Settings', async () => {
    const sent = await mapConcurrent(requests, requests.length, (request) => send(client, request, options.signal))
    for (const outcome of sent) options.log(outcome.error ?? `${outcome.request.label}: applied.`)
    return sent
  })
  return { outcomes, ms: performance.now() - started }
}

/**
 * The wait for the settings to reach every edge location (`propagationMs`), in the Propagation log group, when
 * some were applied; how long it took (milliseconds). Cancelled, it rejects with the cancel.
 */
export async function waitForPropagation(
  settings: readonly RequestOutcome[],
  propagationMs: number,
  options: ExecuteOptions
): Promise<number> {
  if (!settings.some((outcome) => outcome.ok)) return 0
  const started = performance.now()
  await options.group('Propagation', async () => {
    await waitWithProgress(propagationMs, 'Waiting for the settings to reach every edge location', options)
    options.log('Settings have had the documented propagation time.')
  })
  return performance.now() - started
}

/** `delay` before the first purge request, in the Delay log group: none when 0 or nothing is to be purged. Cancelled, it rejects with the cancel. */
export async function delayPurge(plan: Plan, delayMs: number, options: ExecuteOptions): Promise<void> {
  if (delayMs <= 0 || purgeRequests(plan).length === 0) return
  await options.group('Delay', () => waitWithProgress(delayMs, 'Waiting before the purge (delay)', options))
}

/**
 * The purge: every purge request of the plan, in the Purge log group; a zone whose settings failed gets none. Purges
 * of all zones share one concurrency limit, and every batch is tried even when others fail.
 */
export async function purgeAll(
  client: ApiClient,
  plan: Plan,
  settings: readonly RequestOutcome[],
  options: ExecuteOptions
): Promise<PurgePass> {
  const requests = purgeRequests(plan)
  const blocked = new Set(settings.filter((outcome) => !outcome.ok).map((outcome) => outcome.request.zoneId))
  const limit: BatchLimit = {}
  const started = performance.now()
  const outcomes = requests.length === 0 ? [] : await purgePass(client, blocked, limit, options)(requests, 'Purge')
  return { outcomes, ms: performance.now() - started, limit }
}

/**
 * The second pass (`purge-again-after`, when more than 0): after the wait, every request the first pass confirmed
 * is sent again. A URL or tag counts as purged only when this pass confirms it too; what the first pass did not
 * confirm stays as it was. Returns the purge's outcomes as the two passes leave them.
 */
export async function sendSecondPass(
  client: ApiClient,
  first: PurgePass,
  againAfterMs: number,
  options: ExecuteOptions
): Promise<PurgePass> {
  const confirmed = first.outcomes.filter((outcome) => outcome.ok)
  if (againAfterMs <= 0 || confirmed.length === 0) return { ...first, ms: 0 }
  const started = performance.now()
  const cancelled = await endedByCancel(
    options.group('Purge again', () => waitWithProgress(againAfterMs, 'Waiting before the second pass (purge-again-after)', options))
  )
  const again = confirmed.map((outcome) => outcome.request)
  const second = cancelled ? [] : await purgePass(client, new Set(), first.limit, options)(again, 'Purge again')
  const outcomes = [...first.outcomes.filter((outcome) => !outcome.ok), ...secondPass(confirmed, second, cancelled, options)]
  return { outcomes, ms: performance.now() - started, limit: first.limit }
}

/**
 * What the second pass leaves of each URL and tag. Its confirmation counts, and so does a failure it was answered
 * with; where the run's cancel kept it from being sent or answered (the wait cut short included), the first pass's
 * confirmation stands: the API purged those, and the cancel only cut the precaution short.
 */
function secondPass(
  first: readonly RequestOutcome[],
  second: readonly RequestOutcome[],
  waitCancelled: boolean,
  options: ExecuteOptions
): RequestOutcome[] {
  const kept = second.filter((outcome) => outcome.cancelled !== true).map((outcome): RequestOutcome => ({ ...outcome, pass: 2 }))
  const cut = second.filter((outcome) => outcome.cancelled === true)
  if (!waitCancelled && cut.length === 0) return kept
  options.log(
    `Second pass (purge-again-after): ${plural(waitCancelled ? first.length : cut.length, 'request')} not confirmed again, ${cancelReason(options)}; the first pass's confirmation stands.`
  )
  if (waitCancelled) return [...first]
  // A request of the second pass is a first-pass request, or a part of one that a 413 split off (found by its first item).
  const byRequest = new Map(first.map((outcome) => [outcome.request, outcome]))
  const byItem = new Map(first.flatMap((outcome) => outcome.request.items.map((item) => [`${outcome.request.zoneId}\n${item}`, outcome])))
  const standing = cut.map((outcome): RequestOutcome => {
    const confirmed = byRequest.get(outcome.request) ?? byItem.get(`${outcome.request.zoneId}\n${outcome.request.items[0] ?? ''}`)
    return confirmed === undefined ? outcome : { ...confirmed, request: outcome.request }
  })
  return [...kept, ...standing]
}

/** Whether the run's cancel ended `work`; any other error is thrown on. */
async function endedByCancel(work: Promise<unknown>): Promise<boolean> {
  try {
    await work
    return false
  } catch (error) {
    if (isCancel(error)) return true
    throw error
  }
}

/**
 * Sends the requests of one pass: the client's pacer keeps `concurrency` in flight; more are started so that one
 * waiting out a 429 does not hold a slot, within a bound on what waits in memory. Once the run is cancelled, what is
 * left is not sent, and said so in one line rather than one a request.
 */
function purgePass(
  client: ApiClient,
  blockedZones: ReadonlySet<string>,
  limit: BatchLimit,
  options: ExecuteOptions
): (requests: readonly PlannedRequest[], name: string) => Promise<RequestOutcome[]> {
  const clock = options.clock ?? Date.now
  return (requests, name) =>
    options.group(name, async () => {
      const progress = purgeProgress(requests, { log: options.log, now: options.now ?? Date.now, retries: () => client.retries })
      const outcomes = (
        await mapConcurrent(requests, Math.max(options.concurrency, QUEUED_REQUESTS), async (request) => {
          const sent = blockedZones.has(request.zoneId)
            ? [notSent(request, `${request.label}: not sent: the settings for this zone failed, so the purge was not attempted.`)]
            : await sendPurge(client, request, limit, options, clock)
          sent.filter((outcome) => !unsentByCancel(outcome)).forEach(progress)
          return sent
        })
      ).flat()
      const confirmed = outcomes.filter((outcome) => outcome.ok).length
      const unsent = outcomes.filter(unsentByCancel).length
      if (unsent > 0) options.log(`${plural(unsent, 'purge request')} not sent: ${cancelReason(options)}.`)
      options.log(`${confirmed} of ${plural(outcomes.length, 'purge request')} confirmed.`)
      return outcomes
    })
}

/** The largest batch the API has taken, once a 413 said a batch was too large; kept for the rest of the step. */
export interface BatchLimit {
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
  options: ExecuteOptions,
  clock: () => number
): Promise<RequestOutcome[]> {
  const size = limit.size ?? Number.POSITIVE_INFINITY
  if (request.items.length > size) {
    return (await Promise.all(splitRequest(request, size).map((part) => sendPurge(client, part, limit, options, clock)))).flat()
  }
  const outcome = await send(client, request, options.signal, clock)
  if (outcome.status !== 413 || request.items.length <= 1) return [outcome]
  const half = Math.ceil(request.items.length / 2)
  if (limit.size === undefined || half < limit.size) {
    limit.size = half
    options.log(`${request.label}: the API refused it as too large (HTTP 413); up to ${half} a request from now on.`)
  }
  return sendPurge(client, request, limit, options, clock)
}

/**
 * Sends one request and says what became of it. Once the run is cancelled it is not sent; sent, the cancel may leave
 * it unanswered or not tried again (the client's ApiError of kind `cancelled`): not confirmed either way.
 */
async function send(
  client: ApiClient,
  request: PlannedRequest,
  signal: AbortSignal | undefined,
  clock: () => number = Date.now
): Promise<RequestOutcome> {
  const cancel = cancelOf(signal)
  if (cancel !== undefined) return notSent(request, `${request.label}: not sent: ${cancel.message}`, true)
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
    if (isCancel(error)) return notSent(request, `${request.label}: not sent: ${error.message}`, true)
    const details = error instanceof ApiError ? error.details : undefined
    return {
      request,
      ok: false,
      status: details?.status,
      attempts: details?.attempts ?? 1,
      durationMs: performance.now() - started,
      error: `${request.label}: ${error instanceof Error ? error.message : String(error)}`,
      ...(details?.kind === 'cancelled' ? { cancelled: true as const } : {})
    }
  }
}

function notSent(request: PlannedRequest, error: string, cancelled?: true): RequestOutcome {
  return { request, ok: false, status: undefined, attempts: 0, durationMs: 0, error, ...(cancelled === undefined ? {} : { cancelled }) }
}

/** "the run was cancelled (SIGINT)". */
const cancelReason = (options: ExecuteOptions): string => cancelOf(options.signal)?.message ?? 'the run was cancelled'

/** A request the cancel kept from being sent at all. */
export const unsentByCancel = (outcome: RequestOutcome): boolean => outcome.cancelled === true && outcome.attempts === 0
