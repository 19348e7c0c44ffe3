import type { ChangeSet } from '../changes/index.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import type { Lists } from './read-lists.js'

/**
 * What changed since `changed-since` or `previous-manifest`; undefined when neither was given. Once the run's `signal`
 * is aborted, no git command or GitHub call starts, one in flight is abandoned, and it rejects with the signal's reason.
 */
export async function findChanges(given: Inputs, warn: (message: string) => void, signal?: AbortSignal): Promise<ChangeSet | undefined> {
  const changeInputs = given.changes
  if (changeInputs === undefined) return undefined
  return log.group('Changes', async () => {
    // Loaded only when a step asks what changed: git, the GitHub client, manifests and globs.
    const { detectChanges } = await import('../changes/index.js')
    return detectChanges(changeInputs, { workspace: given.workspace, env: process.env, log: log.info, warn, signal })
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
