// The wait for the origin as reported: whether it found the new build, how long it took, and each checked URL.
import type { OriginVerdict } from '../../origin/verdicts.js'
import type { RunState } from '../state.js'

/** One URL wait-for-origin checked (in a dry run: would check), as reported. */
export interface OriginUrlReport {
  readonly url: string
  /** Where it was fetched: the URL itself through the edge (without the cache-busting parameter), or under origin-url. */
  readonly fetchedFrom: string
  /** What the new build is there: the deployed file, a 404 or 410 for a deleted one, or the marker text; null in a dry run, before the files are read. */
  readonly expected: 'file' | 'gone' | 'marker' | null
  readonly status: number | null
  /** null in a dry run. */
  readonly verdict: OriginVerdict | null
  readonly reason: string | null
  readonly fetches: number
}

export interface OriginReport {
  /** Whether every checked URL served the new build; null in a dry run. */
  readonly ready: boolean | null
  /** Seconds waited, to one decimal; null in a dry run. */
  readonly seconds: number | null
  /** The longest wait (`wait-for-origin`). */
  readonly waitFor: number
  /** `origin-url`, or the edge. */
  readonly where: 'origin-url' | 'edge'
  /** Every answer came from the edge's cache: the edge ignores the query string (the wait ended at once). */
  readonly cacheBlind: boolean
  /** The run was cancelled before the wait found the new build (ready is then false, and nothing was purged). */
  readonly cutShort: boolean
  /** The marker's URL and text, when one was given. */
  readonly marker: { readonly url: string; readonly text: string } | null
  readonly urls: readonly OriginUrlReport[]
}

/**
 * The wait for the origin as reported; null when wait-for-origin was off. `cancelled`: the run (not a dry run) was
 * cancelled, so a wait that found nothing yet was cut short: not ready.
 */
export function originOf(origin: RunState['origin'], cancelled = false): OriginReport | null {
  if (origin === undefined) return null
  const { plan, waitSeconds, found } = origin
  const marker = plan.marker === undefined ? null : { url: plan.marker.url, text: plan.marker.text }
  const base = { waitFor: waitSeconds, where: plan.where, marker }
  if (found === undefined) {
    // Not waited (yet): a dry run, or a step that stopped before the gate or was cancelled before the wait ended.
    const planned = [...plan.urls, ...(plan.marker === undefined ? [] : [plan.marker])]
    return {
      ...base,
      ready: cancelled ? false : null,
      seconds: null,
      cacheBlind: false,
      cutShort: cancelled,
      urls: planned.map((url) => ({
        url: url.url,
        fetchedFrom: url.fetchUrl,
        expected: url.file === undefined ? 'marker' : null,
        status: null,
        verdict: null,
        reason: null,
        fetches: 0
      }))
    }
  }
  const wait = found.wait
  return {
    ...base,
    ready: wait?.ready ?? false,
    seconds: Math.round((wait?.waitedMs ?? 0) / 100) / 10,
    cacheBlind: wait?.cacheBlind ?? false,
    cutShort: false,
    urls: (wait?.urls ?? []).map((checked) => ({
      url: checked.target.url,
      fetchedFrom: checked.target.fetchUrl,
      expected: checked.target.expected.kind,
      status: checked.status ?? null,
      verdict: checked.verdict,
      reason: checked.reason,
      fetches: checked.fetches
    }))
  }
}
