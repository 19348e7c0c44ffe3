import type { RunResult } from '../run/result/index.js'
import { duration, forCount, plural } from '../text.js'
import { AFTER_CANCEL, cancelSentence } from './cancelled.js'
import { changesSection } from './changes.js'
import { commitStatusSection } from './commit-status.js'
import { edgeSection } from './edge.js'
import { listBlocks } from './lists.js'
import { originRow, originSection } from './origin.js'
import { byteLength, code, escapeText, listsWithin, SUMMARY_LIMIT_BYTES } from './markdown.js'
import { trafficSection } from './traffic.js'
import { createdSection, zonesTable } from './zones.js'

/** Most traffic sections shown; the zones output has every zone. */
const MAX_TRAFFIC_SECTIONS = 20
/** Most zones named in the counts table's Zones row; the zones output has all. */
const MAX_ZONES_NAMED = 10

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
    ...originSection(result),
    ...edgeSection(result),
    ...commitStatusSection(result),
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
  const cancelled = cancelSentence(result)
  if (cancelled !== undefined) return ['> [!WARNING]', `> **${escapeText(cancelled)}** ${escapeText(AFTER_CANCEL)}`, '']
  if (result.nothingToSend !== null)
    return ['> [!NOTE]', `> ${escapeText(result.nothingToSend)}. No zone was looked up and no request was sent.`, '']
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
    rows.push([
      'Zone',
      `${result.zoneInput.map(escapeText).join(', ')} (${result.nothingToSend === null ? 'not resolved' : 'not looked up'})`
    ])
  }
  const listRow = (kind: 'files' | 'tags', purged: number, failed: number): string => {
    if (result.dryRun) return `would purge ${plannedItems(result, kind)} in ${plural(count(kind), 'request')}`
    // The requests sent, not those planned: a wait for the origin that ran out, a cancel or a failure sends none.
    const sent = result.sent.filter((request) => request.kind === kind).length
    return sent === 0
      ? `none of ${purged + failed} purged: ${noneSent(result)}`
      : `purged ${purged} of ${purged + failed} in ${plural(sent, 'request')}`
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
  const origin = originRow(result)
  if (origin !== undefined) rows.push(origin)
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

/** Why no request of a kind was sent: the origin was not ready, the run was cancelled, or it stopped before sending. */
function noneSent(result: RunResult): string {
  const origin = result.origin
  if (origin?.ready === false && !origin.cutShort) return 'no request was sent, as the origin was not ready (wait-for-origin)'
  if (result.cancelled !== null) return 'no request was sent, as the run was cancelled'
  return result.stoppedAt === null ? 'nothing was sent' : `no request was sent, as ${escapeText(result.stoppedAt)}`
}

function plannedItems(result: RunResult, kind: 'files' | 'tags'): number {
  return result.planned.filter((request) => request.kind === kind).reduce((sum, request) => sum + request.items, 0)
}
