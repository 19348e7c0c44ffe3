import { readFile } from 'node:fs/promises'
import { InputError } from '../errors.js'
import { splitList } from '../inputs.js'

/** Entries of a list file: the `files` format, with blank lines and lines starting with `#` skipped. */
export function parseListFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap(splitList)
}

export async function readListFile(input: string, file: string): Promise<string[]> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new InputError(`Input "${input}": cannot read "${file}" (${code}). The path is relative to GITHUB_WORKSPACE.`)
  }
  return parseListFile(text)
}
