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
  readonly waitForPropagation: boolean
  readonly propagationMs: number
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
// `signal` (WaitOptions) is the run's: once it is aborted, no request starts, every wait ends, and what was not
// confirmed is returned as such (`cancelled`), rather than thrown: the report says exactly what was purged.

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
  const settings =
    settingsRequests.length === 0
      ? { outcomes: [], cancelled: false }
      : await options.group('Settings', () => applySettings(client, settingsRequests, options))
  const settingsMs = performance.now() - started
  const settingsOutcomes = settings.outcomes
  const unsent = (): Execution => ({ outcomes: [...settingsOutcomes, ...notSentCancelled(purgeRequests, options)], settingsMs, purgeMs: 0 })
  if (settings.cancelled) return unsent()

  const blockedZones = new Set(settingsOutcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.request.zoneId))
  const delayMs = options.delayMs ?? 0
  let go = true
  const waits = async (): Promise<void> => {
    if (purgeRequests.length === 0) return
    if (delayMs > 0) await options.group('Delay', () => waitWithProgress(delayMs, 'Waiting before the purge (delay)', options))
    if (options.beforePurge !== undefined) go = await options.beforePurge()
  }
  if (await endedByCancel(waits())) return unsent()
  if (!go) return { outcomes: settingsOutcomes, settingsMs, purgeMs: 0 }
  started = performance.now()
  const pass = purgePass(client, blockedZones, options)
  let purgeOutcomes = purgeRequests.length === 0 ? [] : await pass(purgeRequests, 'Purge')
  const againAfterMs = options.againAfterMs ?? 0
  const confirmed = purgeOutcomes.filter((outcome) => outcome.ok)
  if (againAfterMs > 0 && confirmed.length > 0) {
    // The second pass: what the first confirmed, sent again after the wait. A URL or tag counts as purged
    // only when this pass confirms it too; what the first pass did not confirm stays as it was.
    const again = confirmed.map((outcome) => outcome.request)
    const cancelled = await endedByCancel(
      options.group('Purge again', () => waitWithProgress(againAfterMs, 'Waiting before the second pass (purge-again-after)', options))
    )
    const second = cancelled ? [] : await pass(again, 'Purge again')
    purgeOutcomes = [...purgeOutcomes.filter((outcome) => !outcome.ok), ...secondPass(confirmed, second, cancelled, options)]
  }
  return { outcomes: [...settingsOutcomes, ...purgeOutcomes], settingsMs, purgeMs: performance.now() - started }
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

/**
 * The settings, all at once, then the wait for them to spread when asked; a failed request always has its error, a
 * confirmed one none. `cancelled`: the run's cancel ended the wait (the settings' outcomes stand).
 */
async function applySettings(
  client: ApiClient,
  requests: readonly PlannedRequest[],
  options: ExecuteOptions
): Promise<{ readonly outcomes: RequestOutcome[]; readonly cancelled: boolean }> {
  const outcomes = await mapConcurrent(requests, requests.length, (request) => send(client, request, options.signal))
  for (const outcome of outcomes) options.log(outcome.error ?? `${outcome.request.label}: applied.`)
  const spread = options.waitForPropagation && outcomes.some((outcome) => outcome.ok)
  return { outcomes, cancelled: cancelOf(options.signal) !== undefined || (spread && (await endedByCancel(waitForPropagation(options)))) }
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
  options: ExecuteOptions
): (requests: readonly PlannedRequest[], name: string) => Promise<RequestOutcome[]> {
  const limit: BatchLimit = {}
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

/** Every request of `requests` as not sent, the run being cancelled before it. */
function notSentCancelled(requests: readonly PlannedRequest[], options: ExecuteOptions): RequestOutcome[] {
  const why = cancelReason(options)
  return requests.map((request) => notSent(request, `${request.label}: not sent: ${why}`, true))
}

/** "the run was cancelled (SIGINT)". */
const cancelReason = (options: ExecuteOptions): string => cancelOf(options.signal)?.message ?? 'the run was cancelled'

/** A request the cancel kept from being sent at all. */
export const unsentByCancel = (outcome: RequestOutcome): boolean => outcome.cancelled === true && outcome.attempts === 0

async function waitForPropagation(options: ExecuteOptions): Promise<void> {
  await waitWithProgress(options.propagationMs, 'Waiting for the settings to reach every edge location', options)
  options.log('Settings have had the documented propagation time.')
}
