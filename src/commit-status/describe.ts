// What the status says: its state and its description, from what the run did. Pure.
import { hideSecrets } from '../secrets/index.js'
import { duration, head, oneLine, plural } from '../text.js'

/** The states GitHub takes for a commit status. */
export type StatusState = 'pending' | 'success' | 'failure' | 'error'

/** One status as it is posted: its state and description. */
export interface StatusText {
  readonly state: StatusState
  readonly description: string
}

/** GitHub keeps at most this many characters of a description (it refuses a longer one). */
export const MAX_DESCRIPTION_CHARS = 140

/** What is asked of the zones, as counts: for the pending status, and the totals of the final one. */
export interface StatusAsked {
  /** The zones' names (ids where a zone has no name), outside text. */
  readonly zones: readonly string[]
  readonly files: number
  readonly tags: number
  readonly everything: boolean
}

/** What the run came to, as the final status tells it. */
export interface RunOutcome extends StatusAsked {
  /** URLs and tag purges confirmed, and not confirmed. */
  readonly purgedFiles: number
  readonly purgedTags: number
  readonly failedFiles: number
  readonly failedTags: number
  readonly purgedEverything: boolean
  /** Everything asked was confirmed, and the edge checks passed (the run's own verdict). */
  readonly ok: boolean
  /** The error that stopped the run (an API error, an input found wrong after the pending status); null when none did. */
  readonly stopped: string | null
  readonly cancelled: boolean
  /** wait-for-origin never saw the new build, so nothing was purged. */
  readonly originNotReady: boolean
  /** URLs still stale at the edge when verify ended; null when verify was off. */
  readonly stale: number | null
  readonly ms: number
}

/** The pending status, once the zones are found: "purging 300 URLs on example.com", or waiting for the origin first. */
export function pendingStatus(asked: StatusAsked, waitsForOrigin: boolean): StatusText {
  const purging = `${whatOf(asked) === '' ? 'applying the settings' : `purging ${whatOf(asked)}`} on ${zonesOf(asked.zones)}`
  return { state: 'pending', description: fitted(waitsForOrigin ? `waiting for the origin, then ${purging}` : purging) }
}

/**
 * The final status: `error` when an error stopped the run or it was cancelled; `success` when everything asked was
 * confirmed and the edge checks passed; `failure` otherwise (URLs or tags not confirmed, stale at the edge, the origin
 * never ready).
 */
export function finalStatus(outcome: RunOutcome): StatusText {
  return { state: finalState(outcome), description: fitted(finalDescription(outcome)) }
}

export function finalState(outcome: Pick<RunOutcome, 'cancelled' | 'stopped' | 'ok'>): StatusState {
  if (outcome.cancelled || outcome.stopped !== null) return 'error'
  return outcome.ok ? 'success' : 'failure'
}

function finalDescription(outcome: RunOutcome): string {
  if (outcome.cancelled) return `cancelled: ${tally(outcome)}`
  if (outcome.stopped !== null) return `stopped: ${outcome.stopped}`
  const where = `on ${zonesOf(outcome.zones)}`
  if (outcome.originNotReady) return `the origin never served the new build: nothing purged ${where}`
  const purged = [
    outcome.purgedEverything ? 'everything' : '',
    outcome.files > 0 ? plural(outcome.purgedFiles, 'URL') : '',
    outcome.tags > 0 ? plural(outcome.purgedTags, 'tag') : ''
  ].filter((part) => part !== '')
  const done = purged.length === 0 ? `settings applied ${where}` : `${purged.join(' and ')} purged ${where}`
  const problems = [
    outcome.failedFiles + outcome.failedTags > 0 ? `${outcome.failedFiles + outcome.failedTags} failed` : '',
    outcome.everything && !outcome.purgedEverything ? 'everything not confirmed' : '',
    (outcome.stale ?? 0) > 0 ? `${outcome.stale} stale at the edge` : ''
  ].filter((part) => part !== '')
  // Settings not applied are the one shortfall without a count of its own.
  if (!outcome.ok && problems.length === 0) problems.push('not all confirmed')
  if (outcome.stale === 0) problems.push('fresh at the edge')
  return [`${done} in ${duration(outcome.ms)}`, ...problems].join('; ')
}

/** What the purge got to when it was cut short: "60 of 300 URLs purged; 2 of 5 tags purged". */
function tally(outcome: RunOutcome): string {
  const parts = [
    outcome.everything ? `everything ${outcome.purgedEverything ? 'purged' : 'not purged'}` : '',
    outcome.files > 0 ? `${outcome.purgedFiles} of ${plural(outcome.files, 'URL')} purged` : '',
    outcome.tags > 0 ? `${outcome.purgedTags} of ${plural(outcome.tags, 'tag')} purged` : ''
  ].filter((part) => part !== '')
  return parts.length === 0 ? 'nothing purged' : parts.join('; ')
}

/** What is asked, as the pending status says it: "everything", "300 URLs and 5 tags"; '' for settings alone. */
function whatOf(asked: StatusAsked): string {
  const parts = [
    asked.everything ? 'everything' : '',
    asked.files > 0 ? plural(asked.files, 'URL') : '',
    asked.tags > 0 ? plural(asked.tags, 'tag') : ''
  ]
  return parts.filter((part) => part !== '').join(' and ')
}

/** The zones by name: one or two named, more counted. */
function zonesOf(zones: readonly string[]): string {
  if (zones.length === 0) return 'no zone'
  return zones.length <= 2 ? zones.join(' and ') : `${zones.length} zones`
}

/**
 * A description as GitHub takes it: secrets hidden and one line, as the log shows outside text, then at most
 * MAX_DESCRIPTION_CHARS characters, cut at a character boundary (never inside a surrogate pair) with an ellipsis.
 */
export function fitted(text: string): string {
  const safe = oneLine(hideSecrets(text))
  return safe.length <= MAX_DESCRIPTION_CHARS ? safe : `${head(safe, MAX_DESCRIPTION_CHARS - 1)}…`
}
