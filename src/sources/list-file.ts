import { readFile, stat } from 'node:fs/promises'
import { InputError } from '../errors.js'
import { shown, splitUrlList } from '../urls.js'

/**
 * Entries of a list file: the `files` format, with lines starting with `#` (after any spaces) skipped. Each
 * line is read on its own, so a file of URLs written one a line (the URLs a run did not purge) reads back exactly.
 */
export function parseListFile(text: string, input = 'files-from'): string[] {
  return splitUrlList(text, input, true)
}

/** The largest list file read: over a million URLs, far more than one step purges, and a bound on memory. */
export const MAX_LIST_FILE_BYTES = 64 * 1024 * 1024

export async function readListFile(input: string, file: string): Promise<string[]> {
  let text: string
  try {
    const { size } = await stat(file)
    if (size > MAX_LIST_FILE_BYTES) {
      throw new InputError(`Input "${input}": "${shown(file)}" is ${Math.ceil(size / 1024 / 1024)} MiB; at most ${MAX_LIST_FILE_BYTES / 1024 / 1024} MiB is read. Split the list over several steps.`)
    }
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (error instanceof InputError) throw error
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new InputError(`Input "${input}": cannot read "${shown(file)}" (${code}). Give a text file, one or more entries a line; the path is relative to GITHUB_WORKSPACE.`)
  }
  return parseListFile(text)
}
