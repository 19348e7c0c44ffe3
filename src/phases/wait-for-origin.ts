import type { ChangeSet } from '../changes/index.js'
import { InputError } from '../errors.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import type { OriginFound } from '../origin/index.js'
import type { OriginPlan } from '../origin/targets.js'
import type { WorkAssignment } from '../purge/routing.js'
import { USER_AGENT } from '../version.js'
import { checking } from './io.js'
import type * as SiteModule from '../site.js'

/**
 * What wait-for-origin will check, and where (undefined when it is off or nothing is to be purged): worked out once the
 * URLs are routed and before any settings or purge request, so that a mistake (nothing to check, a marker off the
 * zone) is an input error while nothing has been sent. In a dry run, the log says what would be checked.
 */
export async function planOrigin(given: Inputs, work: WorkAssignment, changes: ChangeSet | undefined): Promise<OriginPlan | undefined> {
  const { requested } = work
  if (given.origin.waitSeconds === 0 || (requested.files.length === 0 && requested.tags.length === 0 && !requested.everything))
    return undefined
  // Loaded only by a step that waits for the origin.
  const [origin, { planOriginCheck }, siteModule] = await Promise.all([
    import('../origin/index.js'),
    import('../origin/targets.js'),
    import('../site.js')
  ])
  const zones = work.zones.map(({ zone }) => zone)
  const plan = planOriginCheck({
    // For tags or everything there is no URL list: the probe URLs stand in.
    urls: requested.files.length > 0 ? requested.files : [...work.probes.values()].flat(),
    deployed: siteModule.deployedFiles(changes?.deployed, zones, given.workspace),
    site: given.site,
    originUrl: given.origin.url,
    marker:
      given.origin.marker === undefined
        ? undefined
        : { url: markerUrl(siteModule, given.origin.marker.entry, work), text: given.origin.marker.text },
    zoneNames: zones.map((zone) => zone.name).filter((name) => name !== undefined)
  })
  if (given.dryRun) {
    log.info(
      `Dry run: would wait up to ${given.origin.waitSeconds} s for the origin to serve the new build, checking ${origin.describeChecks(plan)}, ${origin.whereChecked(plan)}.`
    )
  }
  return plan
}

/** The marker's entry as a URL: a path on the zone's own host (one zone), or an absolute URL on a zone worked on. */
function markerUrl(siteModule: typeof SiteModule, entry: string, work: WorkAssignment): string {
  const routed = siteModule.routeEntry(
    entry,
    work.zones.map(({ zone }) => zone),
    '"origin-marker"'
  )
  if (routed instanceof InputError) throw new InputError('origin-marker', `Input "origin-marker": ${routed.message}`)
  return routed[0] as string
}

/**
 * Waits, after the settings and the delay, until the origin serves the new build or wait-for-origin is spent (undefined
 * when there is no wait). Once the run's `signal` is aborted, the wait ends at once, rejecting with the signal's reason.
 */
export async function waitForOrigin(
  given: Inputs,
  plan: OriginPlan | undefined,
  warn: (message: string) => void,
  signal?: AbortSignal
): Promise<OriginFound | undefined> {
  if (plan === undefined) return undefined
  const origin = await import('../origin/index.js')
  return origin.awaitNewBuild(
    plan,
    {
      waitMs: given.origin.waitSeconds * 1000,
      concurrency: given.concurrency,
      timeoutMs: given.timeoutSeconds * 1000,
      userAgent: USER_AGENT
    },
    checking(warn, signal)
  )
}
