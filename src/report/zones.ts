// The summary's parts about zones: a row per zone when there are several, and what to do next for a zone the step created.
import type { RunResult } from '../run/result/index.js'
import type { ZoneResult } from '../run/result/zones.js'
import { plural } from '../text.js'
import { code, escapeText } from './markdown.js'

/** Most zone rows shown; the zones output has every zone. */
const MAX_ZONE_ROWS = 100
/** Most created-zone notes; the zones output has all. */
const MAX_CREATED_NOTES = 20

/** A row per zone when there are several, with a column for each thing the step was asked to do. */
export function zonesTable(result: RunResult): string[] {
  if (result.zones.length < 2) return []
  const mark = (done: boolean, asked: boolean): string => (!asked ? '' : result.dryRun ? 'planned' : done ? 'yes' : '**no**')
  const columns: [string, (zone: ZoneResult) => string][] = [
    ['Zone', (zone) => escapeText(zone.name || zone.id)],
    ['Status', (zone) => escapeText(zone.status || 'unknown')]
  ]
  if (result.zones.some((zone) => zone.purgedFiles.length + zone.failedFiles.length > 0))
    columns.push(['URLs purged', (zone) => String(zone.purgedFiles.length)])
  if (result.zones.some((zone) => zone.purgedTags.length + zone.failedTags.length > 0))
    columns.push(['Tags purged', (zone) => String(zone.purgedTags.length)])
  if (result.zones.some((zone) => zone.purgeEverythingRequested))
    columns.push(['Everything', (zone) => mark(zone.purgedEverything, zone.purgeEverythingRequested)])
  if (result.zones.some((zone) => zone.settingsRequested))
    columns.push(['Settings', (zone) => mark(zone.settingsApplied, zone.settingsRequested)])
  if (result.zones.some((zone) => zone.failedFiles.length + zone.failedTags.length > 0))
    columns.push(['Not purged', (zone) => String(zone.failedFiles.length + zone.failedTags.length)])
  const shown = result.zones.slice(0, MAX_ZONE_ROWS)
  return [
    `| ${columns.map(([name]) => name).join(' | ')} |`,
    `|${columns.map(() => '---|').join('')}`,
    ...shown.map((zone) => `| ${columns.map(([, cell]) => cell(zone)).join(' | ')} |`),
    ...(result.zones.length > shown.length
      ? ['', `… and ${plural(result.zones.length - shown.length, 'more zone')}: see the zones output.`]
      : []),
    ''
  ]
}

/** For a zone the step created: the DNS record the user must add next. */
export function createdSection(result: RunResult): string[] {
  const created = result.zones.flatMap((zone) => (zone.created === null ? [] : [{ ...zone, created: zone.created }]))
  const notes = created.slice(0, MAX_CREATED_NOTES).flatMap((zone) => {
    const name = escapeText(zone.name)
    if (zone.created.dryRun) return ['> [!NOTE]', `> Zone **${name}** does not exist and would be created (dry run).`, '']
    const target =
      zone.created.cnameTarget === null
        ? 'to the target the service gives for it. The create answer did not name the target, so it is not known here: find it in the dashboard.'
        : `to ${code(zone.created.cnameTarget)}.`
    return [
      '> [!IMPORTANT]',
      `> Zone **${name}** was created (${code(zone.id)}, status ${escapeText(zone.status || 'unknown')}).`,
      `> Next step: point the domain at the service with a DNS **CNAME** record for ${code(zone.name)} ${target}`,
      ''
    ]
  })
  const more = created.length - MAX_CREATED_NOTES
  return more > 0 ? [...notes, `… and ${plural(more, 'more zone')} created or to be created: see the zones output.`, ''] : notes
}
