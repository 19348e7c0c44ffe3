// The summary's part about the wait for the origin before the purge: the Origin row of the counts, and the URLs checked.
import { isNew } from '../origin/verdicts.js'
import type { RunResult } from '../run/result/index.js'
import type { OriginReport } from '../run/result/origin.js'
import { forCount, plural } from '../text.js'
import { escapeText } from './markdown.js'

/** Where the URLs are fetched, in a few words. */
const where = (origin: OriginReport): string => (origin.where === 'edge' ? 'through the edge' : 'at origin-url')

/** The Origin row of the counts table; undefined when wait-for-origin was off. */
export function originRow(result: RunResult): [string, string] | undefined {
  const origin = result.origin
  if (origin === null) return undefined
  const checked = origin.urls.length
  if (result.dryRun) {
    return ['Origin', `would wait up to ${origin.waitFor} s for ${plural(checked, 'URL')} to serve the new build, ${where(origin)}`]
  }
  if (origin.ready === null) return ['Origin', 'not waited for: the step stopped before the purge']
  if (origin.cutShort) return ['Origin', '**not ready**: the run was cancelled before the new build was found; nothing was purged']
  const fresh = origin.urls.filter((url) => isNew(url.verdict)).length
  if (origin.ready) {
    const what = origin.marker === null ? 'the deployed files' : 'the new build'
    return [
      'Origin',
      `ready after ${origin.seconds} s (${fresh} of ${plural(checked, 'checked URL')} ${forCount(fresh, 'serves', 'serve')} ${what})`
    ]
  }
  if (checked === 0) return ['Origin', '**not ready**: no deployed file could be read to compare with; nothing was purged']
  if (origin.cacheBlind) {
    return [
      'Origin',
      "**not ready**: every answer came from the edge's cache, which ignores the query string (set origin-url); nothing was purged"
    ]
  }
  const left = checked - fresh
  return [
    'Origin',
    `**not ready** after ${origin.waitFor} s: ${left} of ${plural(checked, 'checked URL')} still ${forCount(left, 'serves', 'serve')} another version; nothing was purged`
  ]
}

/** The URLs checked (those not new first), or in a dry run those that would be, and where. */
export function originSection(result: RunResult): string[] {
  const origin = result.origin
  if (origin === null || origin.urls.length === 0) return []
  const marker = origin.marker === null ? '' : ` The marker: ${escapeText(origin.marker.url)} holds "${escapeText(origin.marker.text)}".`
  if (origin.ready === null || origin.cutShort) {
    return [
      '### Origin',
      '',
      `${origin.cutShort ? 'Was checking, when the run was cancelled,' : 'Would check,'} ${where(origin)}:${marker}`,
      '',
      '| URL | Fetched from |',
      '|---|---|',
      ...origin.urls.map((url) => `| ${escapeText(url.url)} | ${escapeText(url.fetchedFrom)} |`),
      ''
    ]
  }
  const ordered = [...origin.urls.filter((url) => !isNew(url.verdict)), ...origin.urls.filter((url) => isNew(url.verdict))]
  const fetchedFrom = origin.where === 'origin-url'
  return [
    '### Origin',
    '',
    `Checked ${where(origin)}.${marker}`,
    '',
    `| URL | Verdict | HTTP | Why |${fetchedFrom ? ' Fetched from |' : ''}`,
    `|---|---|---|---|${fetchedFrom ? '---|' : ''}`,
    ...ordered.map(
      (url) =>
        `| ${escapeText(url.url)} | ${isNew(url.verdict) ? url.verdict : `**${url.verdict}**`} | ${url.status ?? ''} | ${escapeText(url.reason ?? '')} |${
          fetchedFrom ? ` ${escapeText(url.fetchedFrom)} |` : ''
        }`
    ),
    ''
  ]
}
