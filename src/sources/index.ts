import { hideCredentials } from '../secrets/credentials.js'
import { readListFile } from './list-file.js'

/** What the sources read: the list inputs, as the inputs read them. */
export interface ListInputs {
  /** The `files` input's entries. */
  readonly files: readonly string[]
  /** Absolute path of the `files-from` file, if given. */
  readonly filesFrom: string | undefined
}

/**
 * A source of URL entries (absolute URLs, or paths on the zone's host). The `files` input and the
 * `files-from` file are sources; others (what a release changed) are added to `SOURCES`.
 */
export interface UrlSource {
  readonly name: string
  collect(inputs: ListInputs): Promise<readonly string[]>
}

export const SOURCES: readonly UrlSource[] = [
  { name: 'files', collect: (inputs) => Promise.resolve(inputs.files) },
  { name: 'files-from', collect: async (inputs) => (inputs.filesFrom === undefined ? [] : readListFile('files-from', inputs.filesFrom)) }
]

/**
 * Every entry from every source, in source order. An entry with a user name or password keeps them
 * hidden from here on: it is refused, and reported as written (outputs, the summary), never with them.
 */
export async function collectFileEntries(inputs: ListInputs, sources: readonly UrlSource[] = SOURCES): Promise<string[]> {
  const lists = await Promise.all(sources.map((source) => source.collect(inputs)))
  return lists.flat().map(hideCredentials)
}
