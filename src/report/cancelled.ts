import type { CancelTally } from '../run/result/cancelled.js'
import type { RunResult } from '../run/result/index.js'
import { forCount, seconds, thousands } from '../text.js'

// What the report says of a cancelled run, in the log, the annotation and the summary alike: where it stopped, and
// how many URLs and tags were confirmed, not confirmed (in flight) and not sent; then what to do next.

/** What to do after a cancel. */
export const AFTER_CANCEL =
  'Run the workflow again, or purge what is left in an `if: cancelled()` step: failed-files-path lists every URL not confirmed, for files-from (the README: "When the run is cancelled").'

/** "300 URLs: 60 confirmed, 30 not confirmed (in flight), 210 not sent"; undefined when none was asked for. */
function tallyText(tally: CancelTally, noun: string): string | undefined {
  const total = tally.confirmed + tally.notConfirmed + tally.notSent
  if (total === 0) return undefined
  const parts = [
    `${thousands(tally.confirmed)} confirmed`,
    tally.notConfirmed > 0 ? `${thousands(tally.notConfirmed)} not confirmed (in flight)` : undefined,
    tally.notSent > 0 ? `${thousands(tally.notSent)} not sent` : undefined
  ].filter((part) => part !== undefined)
  return `${thousands(total)} ${forCount(total, noun)}: ${parts.join(', ')}`
}

/** The title of the step's one error annotation for a cancelled run: "Cancelled (SIGINT) at: sending the purge requests". */
export function cancelTitle(result: RunResult): string | undefined {
  const cancelled = result.cancelled
  return cancelled === null ? undefined : `Cancelled (${cancelled.signal}) at: ${cancelled.phase}`
}

/**
 * The line that says the run was cancelled and what became of everything asked for; undefined when it was not.
 * "Cancelled (SIGINT) 4.2 s in, at: sending the purge requests. 300 URLs: 60 confirmed, 30 not confirmed (in flight), 210 not sent."
 */
export function cancelSentence(result: RunResult): string | undefined {
  const cancelled = result.cancelled
  if (cancelled === null) return undefined
  const lead = `Cancelled (${cancelled.signal}) ${seconds(cancelled.afterMs, 'tenth')} in, at: ${cancelled.phase}.`
  if (result.dryRun) return `${lead} Dry run: nothing was sent.`
  const confirmed = cancelled.files.confirmed + cancelled.tags.confirmed > 0 || result.purgedEverything || result.settingsApplied
  const counts = [tallyText(cancelled.files, 'URL'), tallyText(cancelled.tags, 'tag')].filter((part) => part !== undefined)
  const everything = result.purgeEverythingRequested
    ? `Purge of everything: ${result.purgedEverything ? 'confirmed' : 'not confirmed'}.`
    : ''
  const nothing = confirmed || result.sent.length > 0 ? '' : 'Nothing was purged.'
  return [lead, nothing, counts.length > 0 ? `${counts.join('; ')}.` : '', everything].filter((part) => part !== '').join(' ')
}
