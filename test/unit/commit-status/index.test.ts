import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import {
  CANCELLED_STATUS_TIMEOUT_MS,
  chooseCommit,
  postFinal,
  postPending,
  STATUS_TIMEOUT_MS,
  type CommitStatusFound,
  type StatusContext
} from '../../../src/commit-status/index.js'
import type * as Post from '../../../src/commit-status/post.js'
import type { PostResult, StatusPost } from '../../../src/commit-status/post.js'
import { testCancel } from '../../support/clock.js'
import { runOutcome } from '../../support/run-outcome.js'

// The post itself is post.test.ts's: here it answers as each test says, and records what it was given.
const posting = vi.hoisted(() => ({
  calls: [] as { post: StatusPost; signal: AbortSignal }[],
  answer: (): Promise<PostResult> => Promise.resolve({ posted: true })
}))
vi.mock('../../../src/commit-status/post.js', async (original) => ({
  ...(await original<typeof Post>()),
  postStatus: (_target: unknown, post: StatusPost, _env: unknown, signal: AbortSignal) => {
    posting.calls.push({ post, signal })
    return posting.answer()
  }
}))

const SHA = 'e'.repeat(40)
const logged: string[] = []
const warned: string[] = []
const context = (over: Partial<StatusContext> = {}): StatusContext => ({
  target: { context: 'cdn-purge', githubToken: 't' },
  env: { GITHUB_SHA: SHA, GITHUB_REPOSITORY: 'acme/site', GITHUB_RUN_ID: '7' },
  dryRun: false,
  log: (message) => logged.push(message),
  warn: (message) => warned.push(message),
  ...over
})
const found: CommitStatusFound = { context: 'cdn-purge', commit: { sha: SHA, why: 'the pushed commit' } }
const asked = { zones: ['example.com'], files: 3, tags: 0, everything: false }
const outcome = runOutcome({ files: 3, purgedFiles: 3, ms: 1200 })
beforeEach(() => {
  logged.length = 0
  warned.length = 0
  posting.calls.length = 0
  posting.answer = () => Promise.resolve({ posted: true })
})

describe('chooseCommit', () => {
  it('says in the log which commit and why', () => {
    expect(chooseCommit(undefined, context())).toEqual({
      context: 'cdn-purge',
      commit: { sha: SHA, why: 'GITHUB_SHA, the commit the workflow runs on' }
    })
    expect(logged).toEqual([`Commit status "cdn-purge" goes on ${SHA}: GITHUB_SHA, the commit the workflow runs on.`])
    expect(warned).toEqual([])
  })

  it('warns when no commit is known', () => {
    expect(chooseCommit(undefined, context({ env: {} }))).toEqual({ context: 'cdn-purge', commit: undefined })
    expect(warned).toEqual([
      'Commit status "cdn-purge" is not posted: no commit is known (GITHUB_SHA is not a full commit SHA, and no event names one). ' +
        'Run the action in a workflow, which sets GITHUB_SHA, or leave "commit-status" empty.'
    ])
    expect(logged).toEqual([])
  })
})

describe('postPending', () => {
  it('posts the pending status on the commit, linked to the run, and says so', async () => {
    expect(await postPending(found, asked, false, context(), undefined)).toEqual({
      ...found,
      pending: { state: 'pending', description: 'purging 3 URLs on example.com', posted: true },
      pendingRefused: false
    })
    expect(posting.calls.map(({ post }) => post)).toEqual([
      {
        state: 'pending',
        description: 'purging 3 URLs on example.com',
        sha: SHA,
        targetUrl: 'https://github.com/acme/site/actions/runs/7/attempts/1'
      }
    ])
    expect(logged).toEqual([`Commit status "cdn-purge" posted on ${SHA}: pending, "purging 3 URLs on example.com".`])
  })

  it('gives the post a timeout and the run signal', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout')
    try {
      const { signal, cancel } = testCancel()
      await postPending(found, asked, true, context(), signal)
      expect(timeout).toHaveBeenCalledWith(STATUS_TIMEOUT_MS)
      expect(posting.calls[0]?.post.description).toBe('waiting for the origin, then purging 3 URLs on example.com')
      cancel()
      // The post's signal follows the run's.
      expect(posting.calls[0]?.signal.aborted).toBe(true)
    } finally {
      timeout.mockRestore()
    }
  })

  it('warns of a failed post, and marks a refusal (401, 403, 404) so the final status is not tried', async () => {
    for (const [status, refused] of [
      [403, true],
      [404, true],
      [401, true],
      [422, false],
      [undefined, false]
    ] as const) {
      warned.length = 0
      posting.answer = () => Promise.resolve({ posted: false, warning: `refused ${status}`, refused })
      const result = await postPending(found, asked, false, context(), undefined)
      expect(result.pending?.posted).toBe(false)
      expect(result.pendingRefused).toBe(refused)
      expect(warned).toEqual([`refused ${status}`])
    }
  })

  it('ends with the cancel when the run is cancelled during the post, without a warning', async () => {
    const { signal, cancel, reason } = testCancel()
    posting.answer = () => {
      cancel()
      return Promise.resolve({ posted: false, warning: 'no answer', refused: false })
    }
    await expect(postPending(found, asked, false, context(), signal)).rejects.toBe(reason)
    expect(reason).toBeInstanceOf(Cancelled)
    expect(warned).toEqual([])
  })

  it('in a dry run, posts nothing and says what it would post', async () => {
    expect(await postPending(found, asked, false, context({ dryRun: true }), undefined)).toMatchObject({
      pending: { state: 'pending', posted: false },
      pendingRefused: false
    })
    expect(posting.calls).toEqual([])
    expect(logged).toEqual([`Dry run: commit status "cdn-purge" would be pending on ${SHA}: "purging 3 URLs on example.com".`])
  })

  it('posts nothing without a commit', async () => {
    const none = { context: 'cdn-purge', commit: undefined }
    expect(await postPending(none, asked, false, context(), undefined)).toMatchObject({ pending: { posted: false }, pendingRefused: false })
    expect(posting.calls).toEqual([])
    expect([...logged, ...warned]).toEqual([])
  })
})

describe('postFinal', () => {
  it('posts the final status with a timeout of its own, never the run signal', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout')
    try {
      expect(await postFinal(found, outcome, context())).toEqual({
        ...found,
        final: { state: 'success', description: '3 URLs purged on example.com in 1.2 s', posted: true }
      })
      expect(timeout).toHaveBeenLastCalledWith(STATUS_TIMEOUT_MS)
      await postFinal(found, { ...outcome, cancelled: true }, context())
      expect(timeout).toHaveBeenLastCalledWith(CANCELLED_STATUS_TIMEOUT_MS)
      expect(posting.calls[1]?.post).toMatchObject({ state: 'error', description: 'cancelled: 3 of 3 URLs purged' })
    } finally {
      timeout.mockRestore()
    }
  })

  it('warns of a failed post', async () => {
    posting.answer = () => Promise.resolve({ posted: false, warning: 'HTTP 500', refused: false })
    expect((await postFinal(found, outcome, context())).final?.posted).toBe(false)
    expect(warned).toEqual(['HTTP 500'])
  })

  it('is not tried after the pending one was refused, and says so once', async () => {
    const result = await postFinal({ ...found, pendingRefused: true }, outcome, context())
    expect(result.final).toEqual({ state: 'success', description: '3 URLs purged on example.com in 1.2 s', posted: false })
    expect(posting.calls).toEqual([])
    expect(logged).toEqual(['The final commit status (success) is not posted: GitHub refused the pending one (see its warning).'])
    expect(warned).toEqual([])
  })

  it('keeps a short timeout after a cancel: within the second the grace leaves for the report', () => {
    expect(CANCELLED_STATUS_TIMEOUT_MS).toBeLessThan(1000)
    expect(STATUS_TIMEOUT_MS).toBe(10_000)
  })
})
