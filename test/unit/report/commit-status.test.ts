import { describe, expect, it } from 'vitest'
import { commitStatusSection } from '../../../src/report/commit-status.js'
import { renderSummary } from '../../../src/report/summary.js'
import type { CommitStatusReport } from '../../../src/run/result/commit-status.js'
import { runResult } from '../../support/run-result.js'

const SHA = '1'.repeat(40)
const status = (over: Partial<CommitStatusReport> = {}): CommitStatusReport => ({
  context: 'cdn-purge',
  sha: SHA,
  why: 'the deployed commit, 1111111',
  pending: { state: 'pending', description: 'purging 3 URLs on example.com', posted: true },
  final: { state: 'success', description: '3 URLs purged on example.com in 1.2 s', posted: true },
  postedOn: SHA,
  ...over
})

describe('commitStatusSection', () => {
  it('is empty without a commit status', () => {
    expect(commitStatusSection(runResult())).toEqual([])
  })

  it('says the context, the commit and why, and each status as posted', () => {
    expect(commitStatusSection(runResult({ commitStatus: status() }))).toEqual([
      '### Commit status',
      '',
      `<code>cdn-purge</code> on <code>${SHA}</code>, the deployed commit, 1111111:`,
      '',
      '- **pending**, posted: purging 3 URLs on example.com',
      '- **success**, posted: 3 URLs purged on example.com in 1.2 s',
      ''
    ])
  })

  it('says which status was not posted, and leaves out one never reached', () => {
    const lines = commitStatusSection(
      runResult({ commitStatus: status({ pending: null, final: { state: 'error', description: 'stopped', posted: false } }) })
    )
    expect(lines.filter((line) => line.startsWith('- '))).toEqual(['- **error**, not posted (see the warnings): stopped'])
  })

  it('in a dry run, says what would be posted', () => {
    const lines = commitStatusSection(
      runResult({ dryRun: true, commitStatus: status({ pending: { state: 'pending', description: 'p', posted: false } }) })
    )
    expect(lines[2]).toBe(`<code>cdn-purge</code> on <code>${SHA}</code>, the deployed commit, 1111111 (dry run: nothing was posted):`)
    expect(lines.filter((line) => line.startsWith('- '))).toEqual([
      '- **pending**, would be: p',
      '- **success**, would be: 3 URLs purged on example.com in 1.2 s'
    ])
  })

  it('says when no commit was known', () => {
    expect(commitStatusSection(runResult({ commitStatus: status({ sha: null, why: null, pending: null, final: null }) }))).toEqual([
      '### Commit status',
      '',
      '<code>cdn-purge</code>: not posted, as no commit is known (see the warnings).',
      ''
    ])
  })

  it('escapes outside text, and is in the summary', () => {
    const result = runResult({
      commitStatus: status({ context: 'a*b', final: { state: 'failure', description: '<x> _y_', posted: true } })
    })
    expect(commitStatusSection(result).join('\n')).not.toMatch(/a\*b|<x>|_y_/)
    expect(renderSummary(result)).toContain('### Commit status')
  })
})
