import type { ChangeSet } from '../changes/index.js'
import type { Inputs } from '../inputs/index.js'
import { assignWork, type WorkAssignment } from '../purge/routing.js'
import type { ZonesFound } from './look-up-zones.js'
import type { Lists } from './read-lists.js'

/** Sends every URL, tag and probe to its zone, and decides whether to purge everything instead of a change list. */
export function route(
  given: Inputs,
  lists: Lists,
  zones: ZonesFound,
  changes: ChangeSet | undefined,
  warn: (message: string) => void
): WorkAssignment {
  const work = assignWork({
    entries: lists.entries,
    tags: lists.tags,
    purgeEverything: lists.everything,
    changes,
    changeInputs: given.changes,
    resolution: zones.resolution,
    probes: given.probeUrls,
    early: zones.early
  })
  // Let the lists as read go: run() holds `lists` and `zones` until it ends (an async function keeps its locals alive),
  // and 100,000 URLs as read are megabytes.
  lists.entries = []
  zones.early = undefined
  // Stryker disable next-line OptionalChaining: everythingInstead is only set when there is a change list
  if (work.everythingInstead !== undefined && changes?.incomplete === undefined)
    warn(`Purging everything instead of the list: ${work.everythingInstead}.`)
  return work
}
