// The summary's part about the edge: the verdicts of the check after the purge, and what warming got.
import { byAttention } from '../edge/tally.js'
import type { RunResult } from '../run/result/index.js'
import { plural } from '../text.js'
import { escapeText } from './markdown.js'

/** Most rows of the verification table; the result output has every verdict. */
const MAX_VERDICT_ROWS = 50

/** What the edge showed after the purge: counts, then the URLs checked (stale first), and warming. */
export function edgeSection(result: RunResult): string[] {
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
