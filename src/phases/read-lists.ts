import type { Inputs } from '../inputs/index.js'
import { collectFileEntries } from '../sources/index.js'
import { unique } from '../urls.js'

/** What the inputs ask to purge, as written: URLs and paths from every list, the tags, everything or not. */
export interface Lists {
  readonly everything: boolean
  /** The entries as read. Emptied once they are routed to zones (see route()), to let them go. */
  entries: readonly string[]
  readonly tags: readonly string[]
}

/** Reads `files`, `files-from` and the tags. Nothing is sent before every list is read: a mistake there sends nothing. */
export async function readLists(given: Inputs): Promise<Lists> {
  return { everything: given.purgeEverything, entries: await collectFileEntries(given), tags: unique(given.tags) }
}
