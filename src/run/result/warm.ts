import type { RunState } from '../state.js'

/** What warming got, as reported. */
export interface WarmReport {
  readonly urls: number
  readonly warmed: number
  readonly counts: Readonly<Record<string, number>>
  readonly problems: readonly { readonly url: string; readonly detail: string }[]
}

/** What warming got; null when `warm` was off or there was nothing to fetch. */
export function warmReport(state: RunState): WarmReport | null {
  const warm = state.edge?.warm
  if (warm === undefined) return null
  return { urls: warm.urls, warmed: warm.warmed, counts: warm.counts, problems: warm.problems.map(({ url, detail }) => ({ url, detail })) }
}
