import * as core from '@actions/core'
import type { RunResult } from '../result.js'
import * as log from '../log.js'
import { redact } from '../secrets.js'
import { renderSummary } from './summary.js'

/** The step's outputs, from the result alone. */
export function outputsOf(result: RunResult): Record<string, string> {
  return {
    'zone-id': result.zone.id,
    'zone-name': result.zone.name,
    'zone-status': result.zone.status,
    'purged-everything': String(result.purgedEverything),
    'purged-files': String(result.purgedFiles.length),
    'purged-tags': String(result.purgedTags.length),
    'failed-files': JSON.stringify(result.failedFiles),
    'failed-tags': JSON.stringify(result.failedTags),
    'settings-applied': String(result.settingsApplied),
    requests: String(result.requests),
    zones: JSON.stringify(
      result.zones.map((zone) => ({
        id: zone.id,
        name: zone.name,
        status: zone.status,
        created: zone.created !== null,
        'purged-files': zone.purgedFiles.length,
        'purged-tags': zone.purgedTags.length,
        'purged-everything': zone.purgedEverything,
        'failed-files': zone.failedFiles,
        'failed-tags': zone.failedTags,
        'settings-applied': zone.settingsApplied
      }))
    ),
    analytics: JSON.stringify(
      result.traffic.map((report) => ({
        zone: report.zoneId,
        name: report.zoneName ?? '',
        window: report.window,
        since: report.since,
        until: report.until,
        granularity: report.granularity,
        totals: report.totals ?? null,
        ...(report.error === undefined ? {} : { error: report.error })
      }))
    ),
    'changed-files': JSON.stringify(result.changes?.files ?? []),
    'changed-urls': JSON.stringify(result.changes?.urls ?? []),
    result: JSON.stringify(resultDocument(result))
  }
}

/**
 * The `result` output: the other outputs in one document (purged as counts, so that a purge of
 * thousands of URLs stays small), plus the planned and sent requests, durations, errors and warnings.
 */
export function resultDocument(result: RunResult): Record<string, unknown> {
  const { purgedFiles, purgedTags, zones, traffic, ...rest } = result
  return {
    ...rest,
    purgedFiles: purgedFiles.length,
    purgedTags: purgedTags.length,
    zones: zones.map((zone) => ({ ...zone, purgedFiles: zone.purgedFiles.length, purgedTags: zone.purgedTags.length })),
    traffic: traffic.map(({ points, ...report }) => ({ ...report, points: points.length }))
  }
}

/** One line for the log that says what happened. */
export function headline(result: RunResult): string {
  const zone = result.zones.map((entry) => entry.name || entry.id).join(', ') || 'the zone'
  if (result.dryRun) {
    return `Dry run for ${zone}: ${result.planned.length} request(s) planned, none sent.`
  }
  const parts = [
    result.purgedEverything ? 'purged everything' : undefined,
    result.purgedFiles.length + result.failedFiles.length > 0 ? `purged ${result.purgedFiles.length} of ${result.purgedFiles.length + result.failedFiles.length} URLs` : undefined,
    result.purgedTags.length + result.failedTags.length > 0 ? `purged ${result.purgedTags.length} of ${result.purgedTags.length + result.failedTags.length} tags` : undefined,
    result.settings !== null ? (result.settingsApplied ? 'applied settings' : 'settings not applied') : undefined
  ].filter((part) => part !== undefined)
  return `${zone}: ${parts.length > 0 ? parts.join(', ') : 'nothing done'} (${result.requests} HTTP request${result.requests === 1 ? '' : 's'}).`
}

/** Why the step failed, in one message: what was not done, where the details are, the first error. */
export function failureMessage(result: RunResult): string {
  const [first, ...rest] = [...new Set(result.errors)]
  if (first === undefined) return 'The purge was not confirmed by the API: see the failed-files / failed-tags outputs and the job summary for what is still cached.'
  const notPurged = result.failedFiles.length + result.failedTags.length
  const lost =
    notPurged > 0 && result.sent.length > 0
      ? `${result.failedFiles.length} URL(s) and ${result.failedTags.length} tag(s) were not purged (failed-files / failed-tags outputs). `
      : ''
  const others = rest.length > 0 ? ` (+${rest.length} more error${rest.length === 1 ? '' : 's'}, see the log and job summary)` : ''
  return `${lost}${first}${others}`
}

/**
 * Writes outputs, the log's closing lines and the job summary, and fails the step when the result
 * is not ok: the main message first, then up to nine further errors. Everything passes through `redact`.
 */
export async function report(result: RunResult, writeSummary: boolean): Promise<void> {
  for (const [name, value] of Object.entries(outputsOf(result))) core.setOutput(name, redact(value))
  log.info(headline(result))
  if (!result.ok) {
    log.fail(failureMessage(result), 'CDN purge failed')
    for (const error of [...new Set(result.errors)].slice(1, 10)) log.error(error)
  }
  if (writeSummary && process.env.GITHUB_STEP_SUMMARY) {
    await core.summary.addRaw(redact(renderSummary(result)), true).write()
  }
}
