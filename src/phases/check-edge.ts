import type { ChangeSet } from '../changes/index.js'
import type { EdgeCheck } from '../edge/index.js'
import type { RequestOutcome } from '../purge/execute.js'
import type { Inputs } from '../inputs/index.js'
import type { WorkAssignment } from '../purge/routing.js'
import { USER_AGENT } from '../version.js'
import { checking } from './io.js'

/** What the edge showed, and the failure when URLs were still stale at the end. */
export interface EdgeFound {
  readonly checked: EdgeCheck
  readonly failure: string | undefined
}

/**
 * Verify and warm (undefined when neither is on): the purged URLs (with the deployed file where the change list knows
 * it) and the probe URLs, fetched from the public site. URLs still stale at the end fail the step. Once the run's
 * `signal` is aborted, nothing more is fetched, and it rejects with the signal's reason.
 */
export async function checkEdge(
  given: Inputs,
  work: WorkAssignment,
  changes: ChangeSet | undefined,
  outcomes: readonly RequestOutcome[],
  warn: (message: string) => void,
  signal?: AbortSignal
): Promise<EdgeFound | undefined> {
  if (!(given.verify > 0 || given.warm)) return undefined
  // Loaded only when a step checks or warms the edge: the edge's own client and the verdicts, and the site map.
  const [edge, { deployedFiles }] = await Promise.all([import('../edge/index.js'), import('../site.js')])
  const zones = work.zones.map(({ zone }) => zone)
  const files = deployedFiles(changes?.deployed, zones, given.workspace)
  const checked = await edge.verifyAndWarm(
    edge.purgedTargets(outcomes, (url) => files.get(url)),
    edge.probeTargets(work.probes, outcomes),
    {
      verify: given.verify,
      recheckForMs: given.verifyTimeoutSeconds * 1000,
      warm: given.warm,
      concurrency: given.concurrency,
      timeoutMs: given.timeoutSeconds * 1000,
      userAgent: USER_AGENT,
      zoneNames: zones.map((zone) => zone.name)
    },
    checking(warn, signal)
  )
  return { checked, failure: edge.staleFailure(checked) }
}
