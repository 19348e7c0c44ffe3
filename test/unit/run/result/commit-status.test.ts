import { describe, expect, it } from 'vitest'
import { commitStatusOf } from '../../../../src/run/result/commit-status.js'

const SHA = 'b'.repeat(40)
const commit = { sha: SHA, why: 'the deployed commit, bbbbbbb' }
const pending = { state: 'pending', description: 'purging 3 URLs on example.com', posted: true } as const
const final = { state: 'success', description: '3 URLs purged on example.com in 1.2 s', posted: false } as const

describe('commitStatusOf', () => {
  it('is null when commit-status was not set or never reached', () => {
    expect(commitStatusOf({})).toBeNull()
  })

  it('names the commit a status was posted on: the pending one, the final one, or either', () => {
    expect(commitStatusOf({ commitStatus: { context: 'cdn-purge', commit, pending, final } })).toEqual({
      context: 'cdn-purge',
      sha: SHA,
      why: 'the deployed commit, bbbbbbb',
      pending,
      final,
      postedOn: SHA
    })
    expect(commitStatusOf({ commitStatus: { context: 'c', commit, final: { ...final, posted: true } } })).toMatchObject({
      pending: null,
      postedOn: SHA
    })
  })

  it('gives no commit-status-sha when nothing was posted, and no commit when none was known', () => {
    expect(commitStatusOf({ commitStatus: { context: 'c', commit, pending: { ...pending, posted: false }, final } })?.postedOn).toBe('')
    expect(commitStatusOf({ commitStatus: { context: 'c', commit, pending: undefined, final: undefined } })).toMatchObject({
      pending: null,
      final: null,
      postedOn: ''
    })
    expect(commitStatusOf({ commitStatus: { context: 'c', commit: undefined, final: { ...final, posted: true } } })).toEqual({
      context: 'c',
      sha: null,
      why: null,
      pending: null,
      final: { ...final, posted: true },
      postedOn: ''
    })
  })
})
