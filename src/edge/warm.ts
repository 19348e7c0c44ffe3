// Warming: fetch every purged URL once, so that the edge caches the new content before visitors ask
// for it. One pass only; what goes wrong is reported, never a failure.
import { mapConcurrent } from '../concurrency.js'
import type { EdgeFetcher } from './fetch.js'

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx'

/** A URL that did not answer 2xx or 3xx. */
export interface WarmProblem {
  readonly url: string
  /** Undefined on a network error or timeout. */
  readonly status: number | undefined
  /** `HTTP 404`, `timed out after 30 s`, `network error (ECONNRESET)`. */
  readonly detail: string
}

export interface WarmResult {
  /** Answers by status class; `error` counts network errors and timeouts. */
  readonly counts: Readonly<Record<StatusClass | 'error', number>>
  /** URLs that answered 2xx or 3xx (the `warmed-files` output). */
  readonly warmed: number
  /** Every URL that answered 4xx or 5xx or not at all, in the order of `urls`. */
  readonly problems: readonly WarmProblem[]
}

export interface WarmOptions {
  /** Opened on a pool of its own (openEdge); the caller closes it. */
  readonly edge: EdgeFetcher
  /** Fetches in flight at once (the `concurrency` input). */
  readonly concurrency: number
  /** The run's signal: once aborted, no fetch starts and warmUrls rejects with its reason. */
  readonly signal?: AbortSignal | undefined
}

const statusClass = (status: number): StatusClass => (status < 300 ? '2xx' : status < 400 ? '3xx' : status < 500 ? '4xx' : '5xx')

/**
 * GETs each URL once and reads its body to the end (a CDN may stop filling its cache when the client
 * goes away); the status decides, a body cut off after it does not. Never throws for what the edge answers;
 * rejects with the reason of the run's signal once it is aborted.
 */
export async function warmUrls(urls: readonly string[], options: WarmOptions): Promise<WarmResult> {
  const answers = await mapConcurrent(urls, options.concurrency, async (url) => {
    // openEdge's fetcher refuses too, but one a test or the bench gives may not: no fetch starts once the run is
    // cancelled, and an answer that comes all the same is not counted.
    options.signal?.throwIfAborted()
    const answer = await options.edge.get(url, 'drain')
    options.signal?.throwIfAborted()
    return answer
  })
  const counts = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, error: 0 }
  const problems: WarmProblem[] = []
  answers.forEach((answer, index) => {
    const url = urls[index] as string
    if (answer.kind !== 'response') {
      counts.error++
      problems.push({ url, status: undefined, detail: answer.detail })
      return
    }
    const kind = statusClass(answer.status)
    counts[kind]++
    if (kind === '4xx' || kind === '5xx') problems.push({ url, status: answer.status, detail: `HTTP ${answer.status}` })
  })
  return { counts, warmed: counts['2xx'] + counts['3xx'], problems }
}
