import type { RunResult } from '../run/result/index.js'
import { plural, shown } from '../text.js'
import { AFTER_CANCEL, cancelSentence, cancelTitle } from './cancelled.js'
import { notPurgedSentence } from './summary.js'

// What the report says about the run in the log, the annotation and the fallback summary, from the result alone.

const zoneNames = (result: RunResult): string =>
  (result.zones.length > 0 ? result.zones.map((entry) => entry.name || entry.id) : result.zoneInput).map(shown).join(', ') || 'the zone'

/** One line for the log that says what happened. */
export function headline(result: RunResult): string {
  const zone = zoneNames(result)
  const cancelled = cancelSentence(result)
  if (cancelled !== undefined) return cancelled
  if (result.nothingToSend !== null) return `${result.nothingToSend} (no zone looked up, no request sent).`
  if (result.dryRun) {
    return `Dry run for ${zone}: ${plural(result.planned.length, 'request')} planned, none sent.`
  }
  if (result.sent.length === 0 && result.stoppedAt !== null) return `Nothing purged: ${result.stoppedAt}.`
  const parts = [
    result.purgedEverything ? 'purged everything' : undefined,
    result.purgedFiles.length + result.failedFiles.length > 0
      ? `purged ${result.purgedFiles.length} of ${plural(result.purgedFiles.length + result.failedFiles.length, 'URL')}`
      : undefined,
    result.tagPurges.requested > 0 ? `purged ${result.purgedTags.length} of ${plural(result.tagPurges.requested, 'tag')}` : undefined,
    result.settings !== null ? (result.settingsApplied ? 'applied settings' : 'settings not applied') : undefined
  ].filter((part) => part !== undefined)
  return `${zone}: ${parts.length > 0 ? parts.join(', ') : 'nothing done'} (${plural(result.requests, 'HTTP request')}).`
}

/**
 * Why the step failed. The first line is short, for the annotation list: what was not purged, or where the
 * step stopped. Then the first error, and how many more there are.
 */
export function failureMessage(result: RunResult): string {
  const [first, ...rest] = [...new Set(result.errors)]
  if (first === undefined)
    return 'The purge was not confirmed by the API: see the failed-files / failed-tags outputs and the job summary for what is still cached.'
  const notPurged = notPurgedSentence(result).trim()
  const asked = result.failedFiles.length + result.failedTags.length > 0 || result.purgeEverythingRequested
  const stopped = asked && result.sent.length === 0 && result.stoppedAt !== null ? `Nothing purged: ${result.stoppedAt}.` : ''
  const lead = stopped || (notPurged === '' ? '' : `${notPurged} See the failed-files / failed-tags outputs.`)
  const others = rest.length > 0 ? ` (+${plural(rest.length, 'more error')}: see the log and the job summary)` : ''
  return lead === '' ? `${first}${others}` : `${lead}\n${first}${others}`
}

/** A fallback summary when the full one cannot be drawn: the verdict and the counts, nothing from outside. */
export function plainSummary(result: RunResult): string {
  const verdict = result.dryRun ? 'Dry run: nothing was sent.' : result.ok ? 'Done.' : '**The step failed.**'
  // Only the kinds that were asked for: no "0 tags" on a purge of URLs.
  const urls = result.purgedFiles.length + result.failedFiles.length > 0
  const tags = result.tagPurges.requested > 0
  const counts = (purgedUrls: number, purgedTags: number): string =>
    [urls ? plural(purgedUrls, 'URL') : undefined, tags ? plural(purgedTags, 'tag') : undefined]
      .filter((part) => part !== undefined)
      .join(' and ')
  const tally =
    urls || tags
      ? ` ${counts(result.purgedFiles.length, result.purgedTags.length)} purged, ${counts(result.failedFiles.length, result.tagPurges.failed)} not purged.`
      : ''
  return `## CDN purge\n\n${verdict}${tally} The full summary could not be drawn: see the log.\n`
}

/** Every error, numbered, when there is more than one (the annotation shows only the first); undefined otherwise. */
export function allErrors(result: RunResult): string | undefined {
  const errors = [...new Set(result.errors)]
  return errors.length > 1
    ? `All ${errors.length} errors:\n${errors.map((error, index) => `${index + 1}. ${error}`).join('\n')}`
    : undefined
}

/**
 * The step's one error annotation, when the result is not ok or reporting itself broke (`broken` says while doing what);
 * undefined when the step succeeds.
 */
export function stepFailure(result: RunResult, broken: readonly string[]): { message: string; title: string } | undefined {
  if (result.ok && broken.length === 0) return undefined
  const bug =
    broken.length === 0
      ? ''
      : `\nReporting broke while ${broken.join('; ')}: please report this as a bug. Outputs and summary were written as far as possible.`
  const cancelled = cancelSentence(result)
  if (cancelled !== undefined) {
    // The cancel is the one error that matters; others (requests it cut short) are in the log and the summary.
    const errors = new Set(result.errors).size
    const others = errors > 1 ? ` (+${plural(errors - 1, 'more error')}: see the log and the job summary)` : ''
    return { message: `${cancelled}${others}\n${AFTER_CANCEL}${bug}`, title: cancelTitle(result) as string }
  }
  const title =
    result.invalidInput !== null
      ? `Invalid input "${result.invalidInput}"`
      : result.origin?.ready === false
        ? 'Origin not ready (wait-for-origin)'
        : 'CDN purge failed'
  return { message: `${result.ok ? 'The purge went as asked, but the report is incomplete.' : failureMessage(result)}${bug}`, title }
}
