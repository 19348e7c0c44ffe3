import { InputError } from '../errors.js'
import { readTextFile, UnsafeFileError, type ReadLimits } from '../files.js'
import { shown, sizeText } from '../text.js'
import { splitUrlList } from '../urls.js'

/**
 * Entries of a list file: the `files` format, with lines starting with `#` (after any spaces) skipped. Each
 * line is read on its own, so a file of URLs written one a line (the URLs a run did not purge) reads back exactly.
 */
export function parseListFile(text: string, input = 'files-from'): string[] {
  return splitUrlList(text, input, true)
}

/** The largest list file read: over a million URLs, far more than one step purges, and a bound on memory. */
export const MAX_LIST_FILE_BYTES = 64 * 1024 * 1024

/**
 * The entries of a list file: a regular file inside the workspace or RUNNER_TEMP of at most
 * MAX_LIST_FILE_BYTES, UTF-8 or UTF-16 with its byte order mark (see decodeText). Anything else (a folder, a device, a FIFO, a link to /proc or out of the workspace)
 * is an InputError naming the input, and nothing of it is read, so nothing of it can be shown.
 */
export async function readListFile(input: string, file: string, limits: Partial<ReadLimits> = {}): Promise<string[]> {
  const maxBytes = limits.maxBytes ?? MAX_LIST_FILE_BYTES
  let text: string
  try {
    text = await readTextFile(file, { maxBytes, roots: limits.roots })
  } catch (error) {
    if (error instanceof UnsafeFileError && error.kind === 'not text')
      throw new InputError(input, `Input "${input}": "${shown(file)}" ${error.message}.`)
    if (error instanceof UnsafeFileError) {
      const split = error.kind === 'too large' ? ' Split the list over several steps.' : ''
      throw new InputError(
        input,
        `Input "${input}": "${shown(file)}" ${error.message}; give a text file of at most ${sizeText(maxBytes)} inside the workspace or RUNNER_TEMP.${split}`
      )
    }
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new InputError(
      input,
      `Input "${input}": cannot read "${shown(file)}" (${code}). Give a text file, one or more entries a line; the path is relative to GITHUB_WORKSPACE.`
    )
  }
  return parseListFile(text, input)
}
