// The order and counts of verdicts, for the log, the result and the summary. Only types from the rest of
// edge/: run/result/index.ts, on the start-up path, imports this without loading the edge's chunk.
import type { Verdict } from './freshness.js'
import type { UrlVerdict } from './verify.js'

/** Stale first, then errors, unknown, fresh: what needs attention at the top. */
const ATTENTION: Readonly<Record<Verdict, number>> = { stale: 0, error: 1, unknown: 2, fresh: 3 }

/** The verdicts, those that need attention first, each verdict's in the order given (a new array). */
export function byAttention<T extends { readonly verdict: Verdict }>(verdicts: readonly T[]): T[] {
  return [...verdicts].sort((a, b) => ATTENTION[a.verdict] - ATTENTION[b.verdict])
}

export type VerdictCounts = Readonly<Record<Verdict, number>> & { readonly differs: number }

/** How many URLs got each verdict, and how many differ from the deployed file. */
export function countVerdicts(verdicts: readonly UrlVerdict[]): VerdictCounts {
  const count = (verdict: Verdict): number => verdicts.filter((v) => v.verdict === verdict).length
  return {
    fresh: count('fresh'),
    stale: count('stale'),
    unknown: count('unknown'),
    error: count('error'),
    differs: verdicts.filter((v) => v.content?.result === 'differs').length
  }
}

/** The URLs found stale, in their order: what fails the step and what the stale-files output lists. */
export function staleUrls(verdicts: readonly { readonly url: string; readonly verdict: Verdict }[]): string[] {
  return verdicts.filter((verdict) => verdict.verdict === 'stale').map((verdict) => verdict.url)
}
