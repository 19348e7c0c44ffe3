import { describe, expect, it, vi } from 'vitest'
import { type ChangeInputs, detectChanges } from '../../../src/changes/index.js'
import type * as GitHub from '../../../src/changes/github.js'

// A failure of the local checkout that is not git's own: a fault of the action, which must not be
// hidden behind an answer from the GitHub API.
const bug = vi.hoisted(() => new TypeError('a fault in the action'))
const compare = vi.hoisted(() => vi.fn())
vi.mock('../../../src/changes/git.js', () => ({ localDiff: () => Promise.reject(bug) }))
vi.mock('../../../src/changes/github.js', async (importOriginal) => ({
  ...(await importOriginal<typeof GitHub>()),
  compareWithApi: compare
}))

describe('detectChanges', () => {
  it("passes on a failure that is not git's, without asking the GitHub API", async () => {
    const inputs = {
      from: { kind: 'git', since: 'v1' },
      siteDir: '',
      urlBase: undefined,
      indexFile: '',
      include: [],
      exclude: [],
      purgeEverythingOver: 0,
      githubToken: 't'
    } satisfies ChangeInputs
    const context = {
      workspace: '/nowhere',
      env: { GITHUB_SHA: 'abc', GITHUB_REPOSITORY: 'acme/site' },
      log: () => undefined,
      warn: () => undefined
    }
    await expect(detectChanges(inputs, context)).rejects.toBe(bug)
    expect(compare).not.toHaveBeenCalled()
  })
})
