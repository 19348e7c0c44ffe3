import { byAttention } from '../edge/verdicts.js'
import type { RunResult, ZoneResult } from '../result.js'
import { duration, forCount, plural } from '../text.js'
import { byteLength, code, escapeText, listsWithin, SUMMARY_LIMIT_BYTES, type ListBlock } from './markdown.js'
import { trafficSection } from './traffic.js'

/** Most zone rows and traffic sections shown; the zones output has every zone. */
const MAX_ZONE_ROWS = 100
const MAX_TRAFFIC_SECTIONS = 20
/** Most zones named in the counts table's Zones row, and most created-zone notes; the zones output has all. */
const MAX_ZONES_NAMED = 10
const MAX_CREATED_NOTES = 20
/** On a failed run, a list of what was not purged is shown unfolded up to this many entries; a longer one would bury the rest. */
const MAX_OPEN_ENTRIES = 20

/**
 * The job summary, in Markdown, from the result alone. The banner and the counts always come first and
 * whole; the lists below share what is left of the size limit and are cut with a note when they do not fit.
 */
export function renderSummary(result: RunResult): string {
  const fixed = [
    `## CDN purge: ${escapeText(zoneLabel(result))}`,
    '',
    ...banner(result),
    ...countsTable(result),
    ...zonesTable(result),
    ...createdSection(result),
    ...changesSection(result),
    ...edgeSection(result),
    ...result.traffic.slice(0, MAX_TRAFFIC_SECTIONS).flatMap(trafficSection),
    ...(result.traffic.length > MAX_TRAFFIC_SECTIONS
      ? [`Traffic of ${result.traffic.length - MAX_TRAFFIC_SECTIONS} more zones: see the analytics output.`, '']
      : [])
  ].join('\n')
  const lists = listBlocks(result)
  // Each list is joined on with a newline: the lists get what is left of the limit after the fixed part and those.
  return [fixed, ...listsWithin(lists, SUMMARY_LIMIT_BYTES - byteLength(fixed) - lists.length)].join('\n')
}

/** The zones worked on, or as the user gave them when they could not be found. */
function zoneLabel(result: RunResult): string {
  if (result.zones.length > 1) return `${result.zones.length} zones`
  const [only] = result.zones
  if (only !== undefined) return only.name || only.id
  return result.zoneInput.join(', ') || 'no zone'
}

function banner(result: RunResult): string[] {
  if (result.dryRun) return ['> [!NOTE]', '> **Dry run**: nothing was purged and no settings were sent. Below is what would be sent.', '']
  if (result.ok) return []
  const stopped = result.sent.length === 0 && result.stoppedAt !== null ? `Nothing was sent: ${escapeText(result.stoppedAt)}. ` : ''
  const stale =
    result.staleFiles.length > 0
      ? `${result.staleFiles.length} of ${plural(result.verification?.verdicts.length ?? 0, 'URL')} checked at the edge still served a stale copy. `
      : ''
  return ['> [!CAUTION]', `> **The step failed.** ${notPurgedSentence(result)}${stale}${stopped}See the errors below.`, '']
}

/** "2 of 5 URLs and 1 of 3 tags were not purged. ", or that the purge of everything was not confirmed; '' when nothing is missing. */
export function notPurgedSentence(result: RunResult): string {
  if (result.purgeEverythingRequested && !result.purgedEverything && !result.dryRun) return 'The purge of everything was not confirmed. '
  const parts = [
    result.failedFiles.length > 0
      ? `${result.failedFiles.length} of ${plural(result.purgedFiles.length + result.failedFiles.length, 'URL')}`
      : undefined,
    result.tagPurges.failed > 0 ? `${result.tagPurges.failed} of ${plural(result.tagPurges.requested, 'tag')}` : undefined
  ].filter((part) => part !== undefined)
  if (parts.length === 0) return ''
  const failed = result.failedFiles.length + result.tagPurges.failed
  return `${parts.join(' and ')} ${forCount(failed, 'was', 'were')} not purged. `
}

function countsTable(result: RunResult): string[] {
  const count = (kind: string): number => result.planned.filter((request) => request.kind === kind).length
  const rows: [string, string][] = []
  const [only] = result.zones
  if (result.zones.length > 1) {
    const named = result.zones.slice(0, MAX_ZONES_NAMED).map((zone) => escapeText(zone.name || zone.id))
    const more = result.zones.length - named.length
    rows.push(['Zones', `${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`])
  } else if (only !== undefined) {
    rows.push(['Zone', [escapeText(only.name), code(only.id), escapeText(only.status)].filter((part) => part !== '').join(' · ')])
  } else if (result.zoneInput.length > 0) {
    rows.push(['Zone', `${result.zoneInput.map(escapeText).join(', ')} (not resolved)`])
  }
  const listRow = (kind: 'files' | 'tags', purged: number, failed: number): string => {
    const requests = plural(count(kind), 'request')
    if (result.dryRun) return `would purge ${plannedItems(result, kind)} in ${requests}`
    return count(kind) === 0
      ? `none of ${purged + failed} purged: nothing was sent`
      : `purged ${purged} of ${purged + failed} in ${requests}`
  }
  if (result.purgeEverythingRequested) {
    rows.push([
      'Purge everything',
      result.dryRun ? 'would purge every cached file' : result.purgedEverything ? 'yes, confirmed' : '**not confirmed**'
    ])
  }
  if (count('files') > 0 || result.failedFiles.length > 0)
    rows.push(['URLs', listRow('files', result.purgedFiles.length, result.failedFiles.length)])
  if (count('tags') > 0 || result.failedTags.length > 0)
    rows.push(['Cache tags', listRow('tags', result.purgedTags.length, result.tagPurges.failed)])
  if (result.settings !== null) {
    const described = Object.entries(result.settings)
      .map(([key, value]) => `${escapeText(key)}: ${value.enabled ? 'enabled' : 'disabled'} (${escapeText(value.mode)})`)
      .join(', ')
    rows.push(['Settings', `${described}: ${result.dryRun ? 'would be applied' : result.settingsApplied ? 'applied' : '**not applied**'}`])
  }
  if (result.requests > 0)
    rows.push(['HTTP requests', `${result.requests}${result.retries > 0 ? ` (${plural(result.retries, 'retry', 'retries')})` : ''}`])
  const limits = result.rateLimits
  if (limits.answers429 > 0) {
    const pace = limits.pace === null ? '' : `, final pace about ${limits.pace} requests/s`
    rows.push(['Rate limits', `${plural(limits.answers429, 'answer')} 429, ${duration(limits.waitedMs)} waiting${pace}`])
  }
  if (result.durations.totalMs !== undefined) {
    rows.push([
      'Duration',
      `${duration(result.durations.totalMs)}${result.durations.purgeMs === undefined ? '' : ` (purge ${duration(result.durations.purgeMs)})`}`
    ])
  }
  return ['| What | Result |', '|---|---|', ...rows.map(([name, value]) => `| ${name} | ${value} |`), '']
}

/** A row per zone when there are several, with a column for each thing the step was asked to do. */
function zonesTable(result: RunResult): string[] {
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
function createdSection(result: RunResult): string[] {
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

/** What changed, how it was found, and the switch to purging everything when it was made. */
function changesSection(result: RunResult): string[] {
  const lines: string[] = []
  if (result.everythingInstead !== null) {
    lines.push('> [!WARNING]', `> **Purged everything instead** of the list: ${escapeText(result.everythingInstead)}.`, '')
  }
  if (result.manifestWritten !== null) lines.push(`Manifest for the next run written to ${code(result.manifestWritten)}.`, '')
  const changes = result.changes
  if (changes === null) return lines
  const found =
    changes.source === 'git' && changes.base === ''
      ? escapeText(changes.how)
      : changes.source === 'git'
        ? `Found with ${escapeText(changes.how)}, from ${code(changes.base)} to ${code(changes.head)}`
        : `Found ${escapeText(changes.how)} (${code(changes.base)}), in ${code(changes.head)}`
  lines.push(
    '### What changed',
    '',
    `${found}: ${plural(changes.files.length, 'changed file')} → ${plural(changes.urls.length, 'URL')}.`,
    ''
  )
  if (changes.why !== '')
    lines.push(`${escapeText(changes.why)}.${changes.link === null ? '' : ` [Compare on GitHub](${changes.link})`}`, '')
  return lines
}

/** Most rows of the verification table; the result output has every verdict. */
const MAX_VERDICT_ROWS = 50

/** What the edge showed after the purge: counts, then the URLs checked (stale first), and warming. */
function edgeSection(result: RunResult): string[] {
  if (result.edgePlan !== null) {
    const parts = [
      result.edgePlan.verify > 0 ? `would check ${plural(result.edgePlan.verify, 'URL')} at the edge` : undefined,
      result.edgePlan.warm > 0 ? `would warm ${plural(result.edgePlan.warm, 'URL')}` : undefined
    ].filter((part) => part !== undefined)
    return parts.length === 0 ? [] : ['### Verification', '', `Dry run: ${parts.join(' and ')}.`, '']
  }
  const lines: string[] = []
  const verification = result.verification
  if (verification !== null) {
    const { counts } = verification
    const tally = [
      `${counts.fresh} fresh`,
      counts.stale > 0 ? `**${counts.stale} stale**` : undefined,
      counts.unknown > 0 ? `${counts.unknown} unknown` : undefined,
      counts.error > 0 ? `${counts.error} could not be checked` : undefined,
      counts.differs > 0 ? `${counts.differs} differ from the deployed file` : undefined
    ].filter((part) => part !== undefined)
    lines.push('### Verification', '', `${plural(verification.verdicts.length, 'URL')} checked at the edge: ${tally.join(', ')}.`, '')
    if (verification.clockSkew !== null) lines.push(escapeText(verification.clockSkew.note), '')
    const rows = byAttention(verification.verdicts).slice(0, MAX_VERDICT_ROWS)
    const content = verification.verdicts.some((verdict) => verdict.content !== null)
    lines.push(
      `| URL | Verdict | Age | Cache status |${content ? ' Content |' : ''}`,
      `|---|---|---|---|${content ? '---|' : ''}`,
      ...rows.map(
        (verdict) =>
          `| ${escapeText(verdict.url)} | ${verdict.verdict === 'stale' ? '**stale**' : verdict.verdict} | ${verdict.age === null ? '' : `${verdict.age} s`} | ${escapeText(verdict.cacheStatus ?? '')} |${
            content
              ? ` ${verdict.content === null ? '' : escapeText(verdict.content === 'differs' ? 'differs from the deployed file' : verdict.content)} |`
              : ''
          }`
      ),
      ...(verification.verdicts.length > rows.length
        ? ['', `… and ${verification.verdicts.length - rows.length} more: see the result output.`]
        : []),
      ''
    )
  }
  const warm = result.warm
  if (warm !== null) {
    const counts = Object.entries(warm.counts)
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => `${count} ${kind === 'error' ? 'without an answer' : kind}`)
    lines.push('| Warm | Result |', '|---|---|', `| Warmed | ${warm.warmed} of ${plural(warm.urls, 'URL')} (${counts.join(', ')}) |`, '')
  }
  return lines
}

/**
 * The collapsed lists, most important first: what failed, why, then what was done. On a failed run the errors
 * are unfolded, and so are the URLs and tags not purged when there are few of them.
 */
function listBlocks(result: RunResult): ListBlock[] {
  const failed = !result.ok
  const few = (items: readonly string[]): boolean => failed && items.length <= MAX_OPEN_ENTRIES
  const errors = [...new Set(result.errors)]
  const purgedTags = [...new Set(result.purgedTags)]
  const notWarmed = result.warm?.problems ?? []
  const changedUrls = result.changes?.urls ?? []
  const changedFiles = result.changes?.files ?? []
  const blocks: (ListBlock | false)[] = [
    result.failedFiles.length > 0 && {
      title: `URLs not purged (${result.failedFiles.length})`,
      items: result.failedFiles,
      more: 'see the failed-files output and the file failed-files-path names',
      style: 'pre',
      open: few(result.failedFiles)
    },
    result.failedTags.length > 0 && {
      title: `Cache tags not purged (${result.failedTags.length})`,
      items: result.failedTags,
      more: 'see the failed-tags output',
      style: 'pre',
      open: few(result.failedTags)
    },
    result.staleFiles.length > 0 && {
      title: `URLs still stale at the edge (${result.staleFiles.length})`,
      items: result.staleFiles,
      more: 'see the stale-files output',
      style: 'pre'
    },
    notWarmed.length > 0 && {
      title: `Not warmed (${notWarmed.length})`,
      items: notWarmed.map((problem) => `${problem.url} (${problem.detail})`),
      more: 'see the result output',
      style: 'pre'
    },
    errors.length > 0 && {
      title: `Errors (${errors.length})`,
      items: errors,
      more: 'see the log',
      open: failed,
      // Stryker disable next-line StringLiteral: collapsedList tells 'pre' apart and draws any other style as a bulleted list
      style: 'ul'
    },
    result.warnings.length > 0 && {
      title: `Warnings (${result.warnings.length})`,
      items: result.warnings,
      more: 'see the log',
      // Stryker disable next-line StringLiteral: collapsedList tells 'pre' apart and draws any other style as a bulleted list
      style: 'ul'
    },
    result.purgedFiles.length > 0 && {
      title: `URLs purged (${result.purgedFiles.length})`,
      items: result.purgedFiles,
      more: 'the purged-files output counts them',
      style: 'pre'
    },
    purgedTags.length > 0 && {
      title: `Cache tags purged (${purgedTags.length})`,
      items: purgedTags,
      more: 'the purged-tags output counts them',
      style: 'pre'
    },
    changedUrls.length > 0 && {
      title: `Changed URLs (${changedUrls.length})`,
      items: changedUrls,
      more: 'see the changed-urls output',
      style: 'pre'
    },
    changedFiles.length > 0 && {
      title: `Changed files (${changedFiles.length})`,
      items: changedFiles,
      more: 'see the changed-files output',
      style: 'pre'
    }
  ]
  return blocks.filter((block): block is ListBlock => block !== false)
}

function plannedItems(result: RunResult, kind: 'files' | 'tags'): number {
  return result.planned.filter((request) => request.kind === kind).reduce((sum, request) => sum + request.items, 0)
}
