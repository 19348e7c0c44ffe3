import { readFile } from 'node:fs/promises'
import { InputError } from '../errors.js'
import { shown, splitUrlList } from '../urls.js'

/**
 * Entries of a list file: the `files` format, with lines starting with `#` (after any spaces) skipped. Each
 * line is read on its own, so a file of URLs written one a line (the URLs a run did not purge) reads back exactly.
 */
export function parseListFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .filter((line) => !line.trimStart().startsWith('#'))
    .flatMap(splitUrlList)
}

export async function readListFile(input: string, file: string): Promise<string[]> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new InputError(`Input "${input}": cannot read "${shown(file)}" (${code}). Give a text file, one or more entries a line; the path is relative to GITHUB_WORKSPACE.`)
  }
  return parseListFile(text)
}
