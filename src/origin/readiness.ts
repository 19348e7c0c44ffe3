// Does the origin serve the new build yet? The rules for one answer, the sample of URLs to check and when to
// check again. Pure; no I/O: the answers are outside text, and nothing here throws, whatever they hold.
import type { EdgeAnswer } from '../edge/fetch.js'
import { fromCache } from '../edge/freshness.js'
import { whyNotHashed } from '../edge/body.js'
import { spreadEvenly } from '../sample.js'
import type { OriginVerdict } from './verdicts.js'

/** What the new build is, at one URL. */
export type Expected =
  /** The deployed file, by its SHA-256 in hex. */
  | { readonly kind: 'file'; readonly sha256: string }
  /** The change deleted its file: 404 or 410. */
  | { readonly kind: 'gone' }
  /** The body holds this text (`origin-marker`). */
  | { readonly kind: 'marker'; readonly text: string }

/** One URL the wait checks. */
export interface OriginTarget {
  /** The URL as it is purged (or the marker's), for the report. */
  readonly url: string
  /** Where it is fetched: the URL itself (through the edge, a cache-busting parameter added on each fetch) or under origin-url. */
  readonly fetchUrl: string
  /** Fetched through the edge: an answer from a cache is `from-cache`. False under origin-url: the user's own statement. */
  readonly viaEdge: boolean
  readonly expected: Expected
}

/** What one answer came to. */
export interface OriginJudgement {
  readonly verdict: OriginVerdict
  /** The HTTP status; undefined when no answer came. */
  readonly status: number | undefined
  /** Why, in a few words: `old: sha256 3f2a1c… ≠ deployed 9b1e4d…`, `HTTP 404`, `from the cache: Age 120`. */
  readonly reason: string
}

/** Hex digits of a SHA-256 shown in a reason: enough to tell two builds apart at a glance. */
const SHOWN_DIGITS = 6

/** The statuses that say a deleted file is gone. */
const GONE_STATUSES: ReadonlySet<number> = new Set([404, 410])

/** Judges one answer against what the new build is at that URL. */
export function judgeOrigin(answer: EdgeAnswer, target: Pick<OriginTarget, 'viaEdge' | 'expected'>): OriginJudgement {
  if (answer.kind !== 'response') return { verdict: 'error', status: undefined, reason: answer.detail }
  const { status, body } = answer
  const judged = (verdict: OriginVerdict, reason: string): OriginJudgement => ({ verdict, status, reason })
  const cached = target.viaEdge ? fromCache(answer.headers) : undefined
  if (cached !== undefined) return judged('from-cache', `from the cache: ${cached}`)
  if (status >= 500) return judged('error', `HTTP ${status}`)
  const expected = target.expected
  if (expected.kind === 'gone') {
    return GONE_STATUSES.has(status) ? judged('gone', `HTTP ${status}`) : judged('old', `HTTP ${status}, but the change deleted the file`)
  }
  if (status !== 200) return judged('old', `HTTP ${status}`)
  if (body.kind !== 'hashed') return judged('error', whyNotHashed(body))
  if (expected.kind === 'marker') {
    return body.found === true ? judged('new', 'holds the marker text') : judged('old', 'old: the marker text is not in the body')
  }
  return body.sha256 === expected.sha256
    ? judged('new', 'the deployed file (sha256)')
    : judged('old', `old: sha256 ${shortDigest(body.sha256)} ≠ deployed ${shortDigest(expected.sha256)}`)
}

const shortDigest = (sha256: string): string => `${sha256.slice(0, SHOWN_DIGITS)}…`

/** Most URLs whose deployed file is known that one wait checks, besides the marker. */
export const MAX_CHECKED_URLS = 20

/** Up to MAX_CHECKED_URLS of `urls`, spread evenly over the list (verify picks its URLs the same way). */
export function sampleUrls<T>(urls: readonly T[]): T[] {
  return spreadEvenly(urls, MAX_CHECKED_URLS)
}

/** How long the first, quick checks go on: a deploy usually lands within it, and each second of it is a second an edge waits. */
export const FAST_CHECKS_MS = 30_000
/** How often a check starts during FAST_CHECKS_MS. */
export const FAST_EVERY_MS = 1_000
/** How often a check starts after it: a slow deploy does not need the origin asked every second. */
export const SLOW_EVERY_MS = 5_000

/**
 * When the next check starts (ms on the wait's clock), from when the wait and the last check started: a second after
 * the last one while that is within the first FAST_CHECKS_MS, five seconds after it from then on. A check that took
 * longer than that is followed by the next at once (the caller sleeps for no less than 0).
 */
export function nextCheckAt(waitStartedAt: number, lastCheckStartedAt: number): number {
  const every = lastCheckStartedAt - waitStartedAt < FAST_CHECKS_MS ? FAST_EVERY_MS : SLOW_EVERY_MS
  return lastCheckStartedAt + every
}

/** How often the Origin log group says how far the wait is. */
export const ORIGIN_PROGRESS_EVERY_MS = 10_000
