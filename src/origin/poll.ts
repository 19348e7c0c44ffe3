// The wait itself: check the URLs, again and again on the schedule of readiness.ts, until every one serves the new
// build or the time is spent. The clock, the sleep and the fetch are injected: no test waits on a timer.
import { mapConcurrent } from '../concurrency.js'
import type { Sleep } from '../sleep.js'
import { plural, seconds } from '../text.js'
import { nextCheckAt, ORIGIN_PROGRESS_EVERY_MS, type OriginJudgement, type OriginTarget } from './readiness.js'
import { isNew } from './verdicts.js'

/** One checked URL as the wait left it: its last answer, how often it was fetched, and when it turned new. */
export interface CheckedUrl extends OriginJudgement {
  readonly target: OriginTarget
  /** Fetches of this URL: it is fetched again only while it is not new. */
  readonly fetches: number
  /** Milliseconds from the start of the wait to the answer that found it new; undefined while it is not. */
  readonly newAfterMs: number | undefined
}

/** How the wait ended. */
export interface OriginPoll {
  /** Every checked URL serves the new build. */
  readonly ready: boolean
  /** Milliseconds from the start of the wait to its end. */
  readonly waitedMs: number
  /** Checks run (rounds of fetches). */
  readonly checks: number
  /**
   * Every answer of a check came from the edge's cache, cache-busting parameter and all, while no URL had turned
   * new: the edge ignores the query string and cannot show the origin. The wait ends at once then.
   */
  readonly cacheBlind: boolean
  readonly urls: readonly CheckedUrl[]
}

export interface PollOptions {
  /** Fetches one URL and judges the answer; never throws for what the network or the origin does. */
  readonly check: (target: OriginTarget) => Promise<OriginJudgement>
  /** Fetches in flight at once (the `concurrency` input). */
  readonly concurrency: number
  /** The longest wait (`wait-for-origin`), in milliseconds. */
  readonly waitMs: number
  /** Milliseconds. */
  readonly now: () => number
  readonly sleep: Sleep
  /** Lines of the Origin log group. */
  readonly log: (message: string) => void
  /** The run's signal: once aborted, no check starts, the wait between checks ends, and pollOrigin rejects with its reason. */
  readonly signal?: AbortSignal | undefined
}

/** The verdict of a URL not fetched yet: never seen, as the first check fetches every URL. */
// Stryker disable StringLiteral: the verdict and reason are overwritten by the first check, which fetches every URL
const NOT_YET: Omit<CheckedUrl, 'target'> = {
  verdict: 'error',
  status: undefined,
  reason: 'not fetched',
  fetches: 0,
  newAfterMs: undefined
}
// Stryker restore StringLiteral

/**
 * Checks every target at once, then again on the schedule (nextCheckAt), each time only those not new yet, at most
 * `concurrency` at a time, until all are new, the time is spent (a last check falls at its end), or a check finds
 * nothing but copies from the edge's cache. A line in the log after the first check and at most every
 * ORIGIN_PROGRESS_EVERY_MS after it, and a last one that says how it ended. Once the run's signal is aborted, it rejects with
 * its reason: a cancelled wait has no verdict.
 */
export async function pollOrigin(targets: readonly OriginTarget[], options: PollOptions): Promise<OriginPoll> {
  const startedAt = options.now()
  const deadline = startedAt + options.waitMs
  const urls: CheckedUrl[] = targets.map((target) => ({ target, ...NOT_YET }))
  let loggedAt: number | undefined
  let checks = 0
  for (;;) {
    const checkStartedAt = options.now()
    const pending = urls.flatMap((url, index) => (isNew(url.verdict) ? [] : [index]))
    const judged = await mapConcurrent(pending, options.concurrency, (index) => {
      options.signal?.throwIfAborted()
      return options.check((urls[index] as CheckedUrl).target)
    })
    // A check that answered all the same once the run was cancelled (an injected one) gives no verdict either.
    options.signal?.throwIfAborted()
    checks++
    const answeredAt = options.now()
    pending.forEach((index, n) => {
      const before = urls[index] as CheckedUrl
      const judgement = judged[n] as OriginJudgement
      urls[index] = {
        ...before,
        ...judgement,
        fetches: before.fetches + 1,
        newAfterMs: isNew(judgement.verdict) ? answeredAt - startedAt : undefined
      }
    })
    const waitedMs = answeredAt - startedAt
    const end = (ready: boolean, cacheBlind: boolean): OriginPoll => {
      options.log(finalLine(urls, ready, cacheBlind, waitedMs, options.waitMs))
      return { ready, waitedMs, checks, cacheBlind, urls }
    }
    if (urls.every((url) => isNew(url.verdict))) return end(true, false)
    if (judged.every((judgement) => judgement.verdict === 'from-cache') && !urls.some((url) => isNew(url.verdict))) return end(false, true)
    if (answeredAt >= deadline) return end(false, false)
    if (loggedAt === undefined || answeredAt - loggedAt >= ORIGIN_PROGRESS_EVERY_MS) {
      loggedAt = answeredAt
      options.log(
        `Origin: ${countNew(urls)} of ${plural(urls.length, 'checked URL')} serve the new build (${Math.floor(waitedMs / 1000)} s of ${options.waitMs / 1000}).`
      )
    }
    await options.sleep(Math.max(0, Math.min(nextCheckAt(startedAt, checkStartedAt), deadline) - options.now()), options.signal)
  }
}

const countNew = (urls: readonly CheckedUrl[]): number => urls.filter((url) => isNew(url.verdict)).length

/** The last line of the Origin group: what was found, and when. */
function finalLine(urls: readonly CheckedUrl[], ready: boolean, cacheBlind: boolean, waitedMs: number, waitMs: number): string {
  const after = seconds(waitedMs, 'tenth')
  if (ready) return `Origin: all ${plural(urls.length, 'checked URL')} serve the new build, found after ${after}.`
  if (cacheBlind) {
    return `Origin: every answer came from the edge's cache despite the cache-busting parameter (after ${after}): the edge ignores the query string.`
  }
  const left = urls.length - countNew(urls)
  return `Origin: ${left} of ${plural(urls.length, 'checked URL')} still ${left === 1 ? 'serves' : 'serve'} another version after ${seconds(waitMs, 'up')}; waited ${after}.`
}

/** The checked URLs not new yet, in the order they were checked. */
export function notNew(urls: readonly CheckedUrl[]): CheckedUrl[] {
  return urls.filter((url) => !isNew(url.verdict))
}
