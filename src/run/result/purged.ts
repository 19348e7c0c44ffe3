import type { Requested } from '../../purge/routing.js'
import type { RunState } from '../state.js'
import type { ZoneResult } from './zones.js'

const NOTHING: Requested = { everything: false, files: [], tags: [] }

/** The purge's account over every zone: what was purged, what was not confirmed, and whether all that was asked was done. */
export interface PurgeAccount {
  /** Whether a purge of everything was asked for (a zone plans one only then). */
  readonly purgeEverythingRequested: boolean
  /** Every zone that was to purge everything did. */
  readonly purgedEverything: boolean
  readonly purgedFiles: readonly string[]
  readonly purgedTags: readonly string[]
  /** Requested URLs/tags whose purge the API did not confirm: failed, not sent, or never reached. */
  readonly failedFiles: readonly string[]
  readonly failedTags: readonly string[]
  /**
   * Tag purges, one per tag and zone (a tag sent to two zones is two): how many were asked for and how many
   * not confirmed. `purgedTags` counts the same way; `failedTags` lists each tag once, for a retry.
   */
  readonly tagPurges: { readonly requested: number; readonly failed: number }
  /** Every zone given settings applied them. */
  readonly settingsApplied: boolean
  /** Everything asked for was purged, and the settings applied. */
  readonly done: boolean
}

/** Every requested URL and tag lands in exactly one of purged or failed. */
export function purgeAccount(state: RunState, zones: readonly ZoneResult[]): PurgeAccount {
  const requested = state.requested ?? NOTHING
  // A URL goes to one zone; a tag to every listed zone, so tag counts are sums over zones.
  const purgedFiles = zones.flatMap((zone) => zone.purgedFiles)
  const purgedTags = zones.flatMap((zone) => zone.purgedTags)
  // The zones share out everything asked for once it is routed; before that (the step stopped first), all of it failed.
  const failedFiles = state.dryRun ? [] : zones.length === 0 ? requested.files : zones.flatMap((zone) => zone.failedFiles)
  const zoneFailedTags = zones.flatMap((zone) => zone.failedTags)
  const failedTags = state.dryRun ? [] : zones.length === 0 ? [...requested.tags] : [...new Set(zoneFailedTags)]
  const tagPurgesFailed = state.dryRun ? 0 : zones.length === 0 ? requested.tags.length : zoneFailedTags.length
  const everythingZones = zones.filter((zone) => zone.purgeEverythingRequested)
  const settingsZones = zones.filter((zone) => zone.settingsRequested)
  const settingsApplied = settingsZones.length > 0 && settingsZones.every((zone) => zone.settingsApplied)
  const done =
    failedFiles.length === 0 &&
    failedTags.length === 0 &&
    everythingZones.every((zone) => zone.purgedEverything) &&
    (!requested.everything || everythingZones.length > 0) &&
    (settingsZones.length === 0 || settingsApplied)
  return {
    purgeEverythingRequested: requested.everything,
    purgedEverything: everythingZones.length > 0 && everythingZones.every((zone) => zone.purgedEverything),
    purgedFiles,
    purgedTags,
    failedFiles,
    failedTags,
    tagPurges: { requested: purgedTags.length + tagPurgesFailed, failed: tagPurgesFailed },
    settingsApplied,
    done
  }
}
