import type { PlannedRequest } from './plan.js'
import { forCount, plural, seconds, thousands } from '../text.js'

/** Up to this many purge requests, each gets its own log line; beyond, progress lines. */
export const DETAILED_REQUESTS = 20
/** A progress line at each tenth of the requests, and in between at most this often. */
export const PURGE_PROGRESS_EVERY_MS = 5_000

export interface ProgressOptions {
  readonly log: (message: string) => void
  readonly now: () => number
  /** Retries so far, over all requests. */
  readonly retries: () => number
}

/** A request as it finished (execute's FinishedRequest has these fields). */
export interface FinishedRequest {
  readonly request: PlannedRequest
  readonly ok: boolean
  readonly attempts: number
  readonly durationMs: number
  readonly error: string | undefined
}

/** "1,200 of 3,000 URLs", "0 of 1 tag". */
const confirmedOf = (done: number, total: number, noun: string): string =>
  `${thousands(done)} of ${thousands(total)} ${forCount(total, noun)}`

/** "purged (1 attempt, 52 ms)", or the request's error. */
function outcomeLine(outcome: FinishedRequest): string {
  if (!outcome.ok) return outcome.error ?? `${outcome.request.label}: not confirmed`
  return `${outcome.request.label}: purged (${plural(outcome.attempts, 'attempt')}, ${Math.round(outcome.durationMs)} ms)`
}

/**
 * What the Purge group of the log says as requests finish: a line each for a few requests; for many, a line
 * at each tenth and at most every PURGE_PROGRESS_EVERY_MS in between, and every failure on its own line.
 * Returns the function to call with each outcome.
 */
export function purgeProgress(requests: readonly PlannedRequest[], options: ProgressOptions): (outcome: FinishedRequest) => void {
  if (requests.length <= DETAILED_REQUESTS) return (outcome) => options.log(outcomeLine(outcome))
  const started = options.now()
  const urls = requests.filter((request) => request.kind === 'files').reduce((sum, request) => sum + request.items.length, 0)
  const tags = requests.filter((request) => request.kind === 'tags').reduce((sum, request) => sum + request.items.length, 0)
  // Progress counts URLs and tags (a purge of everything as one), so that parts of a split batch add up.
  const units = (request: PlannedRequest): number => Math.max(1, request.items.length)
  const total = requests.reduce((sum, request) => sum + units(request), 0)
  let done = 0
  let confirmedUrls = 0
  let confirmedTags = 0
  let lastTenth = 0
  let lastLine = started
  return (outcome) => {
    done += units(outcome.request)
    if (outcome.ok && outcome.request.kind === 'files') confirmedUrls += outcome.request.items.length
    if (outcome.ok && outcome.request.kind === 'tags') confirmedTags += outcome.request.items.length
    if (!outcome.ok) options.log(outcomeLine(outcome))
    const tenth = Math.floor((done * 10) / total)
    const now = options.now()
    if (tenth === lastTenth && now - lastLine < PURGE_PROGRESS_EVERY_MS) return
    lastTenth = tenth
    lastLine = now
    const counts = [
      urls > 0 ? confirmedOf(confirmedUrls, urls, 'URL') : undefined,
      tags > 0 ? confirmedOf(confirmedTags, tags, 'tag') : undefined,
      urls + tags === 0 ? `${done} of ${total} purges of everything` : undefined
    ]
      .filter((part) => part !== undefined)
      .join(', ')
    const retries = options.retries()
    options.log(
      `Purge: ${counts} confirmed (${Math.floor((done * 100) / total)} %), ${plural(retries, 'retry', 'retries')}, ${seconds(now - started, 'nearest')}`
    )
  }
}
