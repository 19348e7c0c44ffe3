import type { RunResult } from '../result.js'
import { collapsedList, escapeMarkdown } from './markdown.js'
import { trafficSection } from './traffic.js'

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`
const duration = (ms: number | undefined): string => (ms === undefined ? '–' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`)

/** The job summary, in Markdown, from the result alone. */
export function renderSummary(result: RunResult): string {
  const zoneLabel = result.zones.length > 1 ? `${result.zones.length} zones` : result.zone.name || result.zone.id || 'unknown zone'
  const lines: string[] = [`## CDN purge: ${escapeMarkdown(zoneLabel)}`, '']

  if (result.dryRun) {
    lines.push('> [!NOTE]', '> **Dry run**: nothing was purged and no settings were sent. Below is what would be sent.', '')
  } else if (!result.ok) {
    const notPurged = result.failedFiles.length + result.failedTags.length
    const detail = notPurged > 0 ? ` ${plural(result.failedFiles.length, 'URL')} and ${plural(result.failedTags.length, 'tag')} were not purged.` : ''
    lines.push('> [!CAUTION]', `> **The step failed.**${detail} See the errors below.`, '')
  }

  const count = (kind: string): number => result.planned.filter((request) => request.kind === kind).length
  const rows: [string, string][] =
    result.zones.length === 1 || result.zones.length === 0
      ? [['Zone', `${escapeMarkdown(result.zone.name || '(name unknown)')} · \`${escapeMarkdown(result.zone.id || '–')}\` · ${escapeMarkdown(result.zone.status || 'status unknown')}`]]
      : [['Zones', result.zones.map((zone) => escapeMarkdown(zone.name || zone.id)).join(', ')]]
  // "purged 3 of 5 in 2 requests", or in a dry run "would purge 5 in 2 requests".
  const listRow = (kind: 'files' | 'tags', purged: readonly string[], failed: readonly string[]): string => {
    const requests = plural(count(kind), 'request')
    return result.dryRun ? `would purge ${plannedItems(result, kind)} in ${requests}` : `purged ${purged.length} of ${purged.length + failed.length} in ${requests}`
  }
  if (count('purge-everything') > 0) {
    rows.push(['Purge everything', result.dryRun ? 'would purge every cached file' : result.purgedEverything ? 'yes, confirmed' : 'not confirmed'])
  }
  if (count('files') > 0) rows.push(['URLs', listRow('files', result.purgedFiles, result.failedFiles)])
  if (count('tags') > 0) rows.push(['Cache tags', listRow('tags', result.purgedTags, result.failedTags)])
  if (result.settings !== null) {
    const described = Object.entries(result.settings)
      .map(([key, value]) => `${escapeMarkdown(key)}: ${value.enabled ? 'enabled' : 'disabled'} (${escapeMarkdown(value.mode)})`)
      .join(', ')
    rows.push(['Settings', `${described}: ${result.dryRun ? 'would be applied' : result.settingsApplied ? 'applied' : 'not applied'}`])
  }
  rows.push(['HTTP requests', `${result.requests}${result.retries > 0 ? ` (${plural(result.retries, 'retry', 'retries')})` : ''}`])
  rows.push(['Duration', `${duration(result.durations.totalMs)}${result.durations.purgeMs === undefined ? '' : ` (purge ${duration(result.durations.purgeMs)})`}`])

  lines.push('| | |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`), '')
  lines.push(...zonesSection(result), ...createdSection(result))
  lines.push(...changesSection(result))
  for (const report of result.traffic) lines.push(...trafficSection(report))

  if (result.failedFiles.length > 0) lines.push(collapsedList(`URLs not purged (${result.failedFiles.length})`, result.failedFiles, 'see the failed-files output'))
  if (result.failedTags.length > 0) lines.push(collapsedList(`Cache tags not purged (${result.failedTags.length})`, result.failedTags, 'see the failed-tags output'))
  const errors = [...new Set(result.errors)]
  if (errors.length > 0) lines.push(collapsedList(`Errors (${errors.length})`, errors, 'see the log'))
  if (result.warnings.length > 0) lines.push(collapsedList(`Warnings (${result.warnings.length})`, result.warnings, 'see the log'))
  return lines.join('\n')
}

/** A row per zone when there are several. */
function zonesSection(result: RunResult): string[] {
  if (result.zones.length < 2) return []
  const mark = (done: boolean, asked: boolean): string => (!asked ? '–' : result.dryRun ? 'planned' : done ? 'yes' : '**no**')
  return [
    '| Zone | Status | URLs purged | Tags purged | Everything | Settings | Not purged |',
    '|---|---|---|---|---|---|---|',
    ...result.zones.map(
      (zone) =>
        `| ${escapeMarkdown(zone.name || zone.id)} | ${escapeMarkdown(zone.status || '–')} | ${zone.purgedFiles.length} | ${zone.purgedTags.length} | ${mark(zone.purgedEverything, zone.purgeEverythingRequested)} | ${mark(zone.settingsApplied, zone.settingsRequested)} | ${zone.failedFiles.length + zone.failedTags.length} |`
    ),
    ''
  ]
}

/** For a zone the step created: the DNS record the user must add next. */
function createdSection(result: RunResult): string[] {
  return result.zones.flatMap((zone) => {
    if (zone.created === null) return []
    const name = escapeMarkdown(zone.name)
    if (zone.created.dryRun) return ['> [!NOTE]', `> Zone **${name}** does not exist and would be created (dry run).`, '']
    const target =
      zone.created.cnameTarget === null
        ? 'to the target the service gives for it. The create answer did not name the target, so it is not known here: find it in the dashboard.'
        : `to \`${escapeMarkdown(zone.created.cnameTarget)}\`.`
    return [
      '> [!IMPORTANT]',
      `> Zone **${name}** was created (\`${escapeMarkdown(zone.id)}\`, status ${escapeMarkdown(zone.status || 'unknown')}).`,
      `> Next step: point the domain at the service with a DNS **CNAME** record for \`${name}\` ${target}`,
      ''
    ]
  })
}

/** What changed, how it was found, and the switch to purging everything when it was made. */
function changesSection(result: RunResult): string[] {
  const lines: string[] = []
  if (result.everythingInstead !== null) {
    lines.push('> [!WARNING]', `> **Purged everything instead** of the list: ${escapeMarkdown(result.everythingInstead)}.`, '')
  }
  if (result.manifestWritten !== null) lines.push(`Manifest for the next run written to \`${escapeMarkdown(result.manifestWritten)}\`.`, '')
  const changes = result.changes
  if (changes === null) return lines
  const found =
    changes.source === 'git'
      ? `Found with ${escapeMarkdown(changes.how)}, from \`${escapeMarkdown(changes.base)}\` to \`${escapeMarkdown(changes.head)}\``
      : `Found ${escapeMarkdown(changes.how)} (\`${escapeMarkdown(changes.base)}\`), in \`${escapeMarkdown(changes.head)}\``
  lines.push('### What changed', '', `${found}: ${plural(changes.files.length, 'changed file')} → ${plural(changes.urls.length, 'URL')}.`, '')
  if (changes.urls.length > 0) lines.push(collapsedList(`Changed URLs (${changes.urls.length})`, changes.urls, 'see the changed-urls output'))
  if (changes.files.length > 0) lines.push(collapsedList(`Changed files (${changes.files.length})`, changes.files, 'see the changed-files output'))
  return lines
}

function plannedItems(result: RunResult, kind: 'files' | 'tags'): number {
  return result.planned.filter((request) => request.kind === kind).reduce((sum, request) => sum + request.items, 0)
}
