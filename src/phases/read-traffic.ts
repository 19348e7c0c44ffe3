import type { TrafficReport } from '../analytics.js'
import type { ApiClient } from '../http/client.js'
import type { Inputs } from '../inputs/index.js'
import * as log from '../log.js'
import type { WorkAssignment } from '../purge/routing.js'
import { shown } from '../text.js'

/** Each zone's traffic when `analytics` asks for it (none otherwise). A read that fails only warns: the purge goes ahead. */
export async function readTraffic(
  api: ApiClient,
  given: Inputs,
  work: WorkAssignment,
  warn: (message: string) => void
): Promise<TrafficReport[]> {
  const analytics = given.analytics
  if (analytics === undefined) return []
  const reports = await log.group('Traffic', async () => {
    // Loaded only when a step asks for the traffic.
    const { readAllTraffic } = await import('../analytics.js')
    return readAllTraffic(
      api,
      work.zones.map(({ zone }) => zone),
      analytics,
      given.concurrency
    )
  })
  for (const report of reports) {
    report.warnings.forEach(warn)
    if (report.error !== undefined)
      warn(`The traffic of ${shown(report.zoneName ?? report.zoneId)} could not be read (${report.error}); the purge goes ahead.`)
  }
  return reports
}
