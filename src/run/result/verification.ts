// The check at the edge as reported: every verdict in plain fields, and the counts by verdict.
import type { EdgeCheck } from '../../edge/index.js'
import type { Verdict } from '../../edge/freshness.js'
import { countVerdicts, type VerdictCounts } from '../../edge/tally.js'

/** One URL checked at the edge, as reported. */
export interface VerdictReport {
  readonly url: string
  readonly verdict: Verdict
  readonly status: number | null
  readonly age: number | null
  readonly cacheStatus: string | null
  readonly reason: string
  /** same, differs, or "not compared: <why>"; null when the deployed file is not known. */
  readonly content: string | null
  readonly attempts: number
}

export interface Verification {
  readonly counts: VerdictCounts
  readonly recheckForMs: number
  /**
   * The origin's clock when its Date was more than 30 s off the runner's (median over the answers not
   * served from a cache; seconds negative when behind), with what it means; null when it was not.
   */
  readonly clockSkew: { readonly seconds: number; readonly answers: number; readonly note: string } | null
  readonly verdicts: readonly VerdictReport[]
}

/** The check at the edge as reported; null when the edge was not checked. */
export function verificationOf(edge: EdgeCheck | undefined): Verification | null {
  const checked = edge?.verification
  if (checked === undefined) return null
  const verdicts = checked.verdicts.map((verdict): VerdictReport => ({
    url: verdict.url,
    verdict: verdict.verdict,
    status: verdict.status ?? null,
    age: verdict.age ?? null,
    cacheStatus: verdict.cacheStatus ?? null,
    reason: verdict.reason,
    content:
      verdict.content === undefined
        ? null
        : verdict.content.result === 'not compared'
          ? `not compared: ${verdict.content.why}`
          : verdict.content.result,
    attempts: verdict.attempts
  }))
  return {
    counts: countVerdicts(checked.verdicts),
    recheckForMs: checked.recheckForMs,
    clockSkew:
      checked.clockSkew === undefined
        ? null
        : { seconds: checked.clockSkew.seconds, answers: checked.clockSkew.answers, note: checked.clockSkew.note },
    verdicts
  }
}
