import type { RunState } from '../state.js'

/** What changed and how it was found, as reported. */
export interface ChangeReport {
  readonly source: 'git' | 'manifest'
  readonly how: string
  readonly base: string
  readonly head: string
  /** For `changed-since: auto`: the event, and why this base and head; '' otherwise. */
  readonly why: string
  /** The comparison on the GitHub web site, when base and head are full SHAs; null otherwise. */
  readonly link: string | null
  readonly files: readonly string[]
  readonly urls: readonly string[]
}

/** What changed as reported, with the URLs as routed (or, before routing, the entries found); null when not asked. */
export function changeReport(state: RunState): ChangeReport | null {
  if (state.changes === undefined) return null
  const { source, how, base, head, why, link, files, entries } = state.changes
  return { source, how, base, head, why, link: link ?? null, files, urls: state.changedUrls ?? entries }
}
