import type { ChangeSet } from '../changes/index.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
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

/** What changed since `changed-since` or `previous-manifest`; undefined when neither was given. */
export async function findChanges(given: Inputs, warn: (message: string) => void): Promise<ChangeSet | undefined> {
  const changeInputs = given.changes
  if (changeInputs === undefined) return undefined
  return log.group('Changes', async () => {
    // Loaded only when a step asks what changed: git, the GitHub client, manifests and globs.
    const { detectChanges } = await import('../changes/index.js')
    return detectChanges(changeInputs, { workspace: given.workspace, env: process.env, log: log.info, warn })
  })
}

/**
 * Why the step has nothing to send once what changed is known: nothing was deployed (a push that deleted a branch or tag,
 * a pull request closed without merging) and no other URL, tag or setting is asked for. The step then ends there, with
 * no zone lookup and no request. Undefined when there is something to do.
 */
export function nothingToSend(given: Inputs, lists: Lists, changes: ChangeSet | undefined): string | undefined {
  const asked = lists.everything || lists.entries.length > 0 || lists.tags.length > 0 || given.settings !== undefined
  return asked ? undefined : changes?.nothingDeployed
}
