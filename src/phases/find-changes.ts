import type { ChangeSet } from '../changes/index.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'

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
