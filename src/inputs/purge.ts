import * as path from 'node:path'
import { checkEntryLength, lines, separatedRuns, shown } from '../text.js'
import { splitUrlList } from '../urls.js'
import { readFlag } from './flags.js'
import type { Reader } from './read.js'

/** What to purge, as listed: purge-everything, files, files-from, tags. */
export interface PurgeInputs {
  readonly purgeEverything: boolean
  /** Entries of the `files` input as written: absolute URLs or paths starting with `/`. */
  readonly files: readonly string[]
  /** Absolute path of the `files-from` file, if given. */
  readonly filesFrom: string | undefined
  readonly tags: readonly string[]
}

/** purge-everything, files and files-from, with what the list warns about (tags are read by readTags, after what changed). */
export function readPurge(read: Reader, workspace: string): Omit<PurgeInputs, 'tags'> & { readonly warnings: readonly string[] } {
  const purgeEverything = readFlag(read, 'purge-everything')
  const files = splitUrlList(read.text('files'), 'files')
  const filesFrom = read.value('files-from')
  const warnings = files
    .filter((entry) => entry.endsWith(','))
    .map(
      (entry) =>
        `Input "files": the comma ending "${shown(entry)}" is read as part of the URL (a comma separates entries only before "/", "http://" or "https://", or a space); remove it if it was meant to separate.`
    )
  return { purgeEverything, files, filesFrom: filesFrom === '' ? undefined : path.resolve(workspace, filesFrom), warnings }
}

/** The cache tags to purge. */
export function readTags(read: Reader): string[] {
  return splitList(read.text('tags'), 'tags')
}

/** Tags: separated by newlines, commas or whitespace; empty entries dropped. An entry longer than MAX_ENTRY_CHARS is an input error naming `input` and its line. */
export function splitList(value: string, input: string): string[] {
  return lines(value).flatMap((line, index) =>
    // Runs at odd positions are the separators.
    separatedRuns(line).filter((entry, position) => {
      if (position % 2 === 1) return false
      checkEntryLength(entry, input, index + 1)
      return entry !== ''
    })
  )
}
