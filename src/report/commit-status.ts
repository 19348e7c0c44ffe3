// The summary's part about the commit status: which commit and context got (or, in a dry run, would get) which state.
import type { StatusSent } from '../commit-status/index.js'
import type { RunResult } from '../run/result/index.js'
import { code, escapeText } from './markdown.js'

/** The commit status: the context, the commit and why, and each status sent with what it said. */
export function commitStatusSection(result: RunResult): string[] {
  const status = result.commitStatus
  if (status === null) return []
  const lines = ['### Commit status', '']
  if (status.sha === null) return [...lines, `${code(status.context)}: not posted, as no commit is known (see the warnings).`, '']
  const would = result.dryRun ? ' (dry run: nothing was posted)' : ''
  lines.push(`${code(status.context)} on ${code(status.sha)}, ${escapeText(status.why ?? '')}${would}:`, '')
  for (const sent of [status.pending, status.final]) if (sent !== null) lines.push(`- ${statusLine(sent, result.dryRun)}`)
  return [...lines, '']
}

function statusLine(sent: StatusSent, dryRun: boolean): string {
  const fate = dryRun ? 'would be' : sent.posted ? 'posted' : 'not posted (see the warnings)'
  return `**${sent.state}**, ${fate}: ${escapeText(sent.description)}`
}
