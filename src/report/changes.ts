// The summary's part about what changed: how it was found, and the switch to purging everything.
import type { RunResult } from '../run/result/index.js'
import { plural } from '../text.js'
import { code, escapeText } from './markdown.js'

/** What changed, how it was found, and the switch to purging everything when it was made. */
export function changesSection(result: RunResult): string[] {
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
