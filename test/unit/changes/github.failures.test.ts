import { beforeEach, describe, expect, it, vi } from 'vitest'
import { compareWithApi } from '../../../src/changes/github.js'
import { GitHubError } from '../../../src/errors.js'

// Failures octokit may throw that carry no HTTP status: an octokit whose calls fail as the test says.
const failure = vi.hoisted((): { thrown: unknown } => ({ thrown: undefined }))
vi.mock('@actions/github', () => ({
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what a library throws need not be an Error
  getOctokit: () => ({ rest: { repos: { compareCommitsWithBasehead: () => Promise.reject(failure.thrown) } } })
}))

const caught = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error
  )
beforeEach(() => {
  failure.thrown = undefined
})

describe('compareWithApi failures without an HTTP status', () => {
  it('names the call and gives the first line of the error', async () => {
    failure.thrown = new Error('socket closed\n    at somewhere')
    const error = await caught(
      compareWithApi({ token: 'token', apiUrl: 'https://api.github.com', repository: { owner: 'acme', repo: 'site' } }, 'v1', 'v2')
    )
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toBe('GitHub API: comparing v1...v2 failed: socket closed.')
  })

  it('gives what was thrown when it is not an error', async () => {
    failure.thrown = 'gone'
    const error = await caught(
      compareWithApi({ token: 'token', apiUrl: 'https://api.github.com', repository: { owner: 'acme', repo: 'site' } }, 'v1', 'v2')
    )
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toBe('GitHub API: comparing v1...v2 failed: gone.')
  })
})
