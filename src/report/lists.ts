// The summary's collapsed lists: what failed, why, then what was done.
import type { RunResult } from '../run/result/index.js'
import type { ListBlock } from './markdown.js'

/** On a failed run, a list of what was not purged is shown unfolded up to this many entries; a longer one would bury the rest. */
const MAX_OPEN_ENTRIES = 20

/** A list titled with its count (`URLs purged (3)`), one entry a line unless `extra` says otherwise; none when empty. */
function list(
  title: string,
  items: readonly string[],
  more: string,
  extra: Pick<ListBlock, 'open'> | { style: 'ul'; open?: boolean } = {}
): ListBlock[] {
  return items.length === 0 ? [] : [{ title: `${title} (${items.length})`, items, more, style: 'pre', ...extra }]
}

/**
 * The collapsed lists, most important first: what failed, why, then what was done. On a failed run the errors
 * are unfolded, and so are the URLs and tags not purged when there are few of them.
 */
export function listBlocks(result: RunResult): ListBlock[] {
  return [...failureBlocks(result), ...messageBlocks(result), ...doneBlocks(result)]
}

/** What was not done: the URLs and tags not purged, the URLs still stale, those not warmed. */
function failureBlocks(result: RunResult): ListBlock[] {
  const few = (items: readonly string[]): boolean => !result.ok && items.length <= MAX_OPEN_ENTRIES
  const notWarmed = (result.warm?.problems ?? []).map((problem) => `${problem.url} (${problem.detail})`)
  return [
    ...list('URLs not purged', result.failedFiles, 'see the failed-files output and the file failed-files-path names', {
      open: few(result.failedFiles)
    }),
    ...list('Cache tags not purged', result.failedTags, 'see the failed-tags output', { open: few(result.failedTags) }),
    ...list('URLs still stale at the edge', result.staleFiles, 'see the stale-files output'),
    ...list('Not warmed', notWarmed, 'see the result output')
  ]
}

/** Why: the errors (unfolded on a failed run) and the warnings. */
function messageBlocks(result: RunResult): ListBlock[] {
  return [
    // Stryker disable next-line StringLiteral: collapsedList tells 'pre' apart and draws any other style as a bulleted list
    ...list('Errors', [...new Set(result.errors)], 'see the log', { open: !result.ok, style: 'ul' }),
    // Stryker disable next-line StringLiteral: collapsedList tells 'pre' apart and draws any other style as a bulleted list
    ...list('Warnings', result.warnings, 'see the log', { style: 'ul' })
  ]
}

/** What was done: the URLs and tags purged, and what changed. */
function doneBlocks(result: RunResult): ListBlock[] {
  return [
    ...list('URLs purged', result.purgedFiles, 'the purged-files output counts them'),
    ...list('Cache tags purged', [...new Set(result.purgedTags)], 'the purged-tags output counts them'),
    ...list('Changed URLs', result.changes?.urls ?? [], 'see the changed-urls output'),
    ...list('Changed files', result.changes?.files ?? [], 'see the changed-files output')
  ]
}
