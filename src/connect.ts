import { ApiClient, type RetryRecord } from './http/client.js'
import { Pacer } from './http/pacer/index.js'
import { modeLine } from './http/pacer/mode.js'
import { createDispatcher } from './http/pool.js'
import * as log from './log.js'
import { seconds } from './text.js'
import { USER_AGENT } from './version.js'
import { ZONE_PAGE_PARALLELISM } from './zones/list.js'

/** What the client is built from: the API's inputs, as the inputs read them. */
export interface ClientInputs {
  readonly apiUrl: string
  readonly apiKey: string
  readonly timeoutSeconds: number
  readonly maxAttempts: number
  readonly concurrency: number
  readonly rateLimitWaitSeconds: number
}

/**
 * The client for the step: one connection pool large enough for the zone lookup's parallel pages and for
 * `concurrency` purges, one pacer shared by every purge request of every zone, and log lines for retries
 * and for pacing. `signal` is the run's (src/cancel.ts): the client and the pacer stop with it.
 */
export function connect(inputs: ClientInputs, signal?: AbortSignal): ApiClient {
  let paced: number | undefined
  const pacer = new Pacer({
    concurrency: inputs.concurrency,
    maxWaitMs: inputs.rateLimitWaitSeconds * 1000,
    signal,
    onPace: (rate) => {
      log.info(paceLine(rate, paced))
      paced = rate
    },
    onMode: (mode, previous) => log.debug(modeLine(mode, previous))
  })
  return new ApiClient({
    baseUrl: inputs.apiUrl,
    apiKey: inputs.apiKey,
    userAgent: USER_AGENT,
    timeoutMs: inputs.timeoutSeconds * 1000,
    maxAttempts: inputs.maxAttempts,
    dispatcher: createDispatcher(inputs.apiUrl, Math.max(inputs.concurrency, ZONE_PAGE_PARALLELISM)),
    pacer,
    signal,
    onAttempt: (attempt) =>
      log.debug(`${attempt.method} ${attempt.path} → ${attempt.outcome} (attempt ${attempt.attempt}, ${attempt.ms} ms)`),
    onRetry: (retry) => log.info(retryLine(retry, inputs.maxAttempts))
  })
}

/** "URLs 1-10 of 40 (batch 1 of 4): HTTP 503; attempt 2 of 5 in 1.0 s", or for a 429 "…: HTTP 429, rate limited; sent again in 1.0 s". */
export function retryLine(retry: RetryRecord, maxAttempts: number): string {
  const what = retry.label ?? `${retry.method} ${retry.path}`
  if (retry.rateLimited)
    return `${what}: ${retry.reason}, rate limited; sent again ${retry.delayMs > 0 ? `in ${seconds(retry.delayMs, 'tenth')}` : 'at the pace the API allows'}.`
  return `${what}: ${retry.reason}; attempt ${retry.attempt + 1} of ${maxAttempts} in ${seconds(retry.delayMs, 'tenth')}.`
}

/** "Rate limited by the API: pacing at about 19 requests/s", and the rate it replaces when it changes. */
export function paceLine(rate: number, previous: number | undefined): string {
  const about = (value: number): string => (value >= 10 ? String(Math.round(value)) : value.toFixed(1))
  return `Rate limited by the API: pacing at about ${about(rate)} requests/s${previous === undefined ? '' : ` (was ${about(previous)})`}.`
}
