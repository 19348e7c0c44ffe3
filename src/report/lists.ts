// The summary's collapsed lists: what failed, why, then what was done.
import type { RunResult } from '../run/result/index.js'
import type { ListBlock } from './markdown.js'

/** On a failed run, a list of what was not purged is shown unfolded up to this many entries; a longer one would bury the rest. */
const MAX_OPEN_ENTRIES = 20

/**
 * The collapsed lists, most important first: what failed, why, then what was done. On a failed run the errors
 * are unfolded, and so are the URLs and tags not purged when there are few of them.
 */
export function listBlocks(result: RunResult): ListBlock[] {
  const failed = !result.ok
  const few = (items: readonly string[]): boolean => failed && items.length <= MAX_OPEN_ENTRIES
  const errors = [...new Set(result.errors)]
  const purgedTags = [...new Set(result.purgedTags)]
  const notWarmed = result.warm?.problems ?? []
  const changedUrls = result.changes?.urls ?? []
  const changedFiles = result.changes?.files ?? []
  const blocks: (ListBlock | false)[] = [
    result.failedFiles.length > 0 && {
      title: `URLs not purged (${result.failedFiles.length})`,
      items: result.failedFiles,
      more: 'see the failed-files output and the file failed-files-path names',
      style: 'pre',
      open: few(result.failedFiles)
    },
    result.failedTags.length > 0 && {
      title: `Cache tags not purged (${result.failedTags.length})`,
      items: result.failedTags,
      more: 'see the failed-tags output',
      style: 'pre',
      open: few(result.failedTags)
    },
    result.staleFiles.length > 0 && {
      title: `URLs still stale at the edge (${result.staleFiles.length})`,
      items: result.staleFiles,
      more: 'see the stale-files output',
      style: 'pre'
    },
    notWarmed.length > 0 && {
      title: `Not warmed (${notWarmed.length})`,
      items: notWarmed.map((problem) => `${problem.url} (${problem.detail})`),
      more: 'see the result output',
      style: 'pre'
    },
    errors.length > 0 && {
      title: `Errors (${errors.length})`,
      items: errors,
      more: 'see the log',
      open: failed,
      // Stryker disable next-line StringLiteral: collapsedList tells 'pre' apart and draws any other style as a bulleted list
      style: 'ul'
    },
    result.warnings.length > 0 && {
      title: `Warnings (${result.warnings.length})`,
      items: result.warnings,
      more: 'see the log',
      // Stryker disable next-line StringLiteral: collapsedList tells 'pre' apart and draws any other style as a bulleted list
      style: 'ul'
    },
    result.purgedFiles.length > 0 && {
      title: `URLs purged (${result.purgedFiles.length})`,
      items: result.purgedFiles,
      more: 'the purged-files output counts them',
      style: 'pre'
    },
    purgedTags.length > 0 && {
      title: `Cache tags purged (${purgedTags.length})`,
      items: purgedTags,
      more: 'the purged-tags output counts them',
      style: 'pre'
    },
    changedUrls.length > 0 && {
      title: `Changed URLs (${changedUrls.length})`,
      items: changedUrls,
      more: 'see the changed-urls output',
      style: 'pre'
    },
    changedFiles.length > 0 && {
      title: `Changed files (${changedFiles.length})`,
      items: changedFiles,
      more: 'see the changed-files output',
      style: 'pre'
    }
  ]
  return blocks.filter((block): block is ListBlock => block !== false)
}
