// Posting one commit status: one request, no retry. Whatever goes wrong is a warning that says what to do: a status
// never changes the purge's result or its exit code.
import { InputError } from '../errors.js'
import { githubApi, githubClient, type ApiPurpose } from '../github.js'
import { shown } from '../text.js'
import type { StatusTarget } from './target.js'
import type { StatusText } from './describe.js'

/** One status, where it goes: the commit, the run's page (undefined: no link). */
export interface StatusPost extends StatusText {
  readonly sha: string
  readonly targetUrl: string | undefined
}

/**
 * What became of a post: posted, or not, with the warning that says why, and whether a second post with the same token
 * and commit would be refused the same way (GitHub answered 401, 403 or 404).
 */
export type PostResult = { readonly posted: true } | { readonly posted: false; readonly warning: string; readonly refused: boolean }

/**
 * `POST /repos/{owner}/{repo}/statuses/{sha}` at GITHUB_API_URL, once. `signal` ends it (the caller gives it a timeout
 * of its own), and the warning then says that no answer came in time. Never throws: a failure is the result's warning.
 */
export async function postStatus(target: StatusTarget, post: StatusPost, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<PostResult> {
  const what = `Commit status "${shown(target.context)}" (${post.state}) was not posted on ${post.sha.slice(0, 7)}`
  try {
    // What the API is wanted for, as the errors about the environment say it.
    const posting: ApiPurpose = {
      what: 'given the commit status',
      otherwise: 'Run the action in a workflow, or leave "commit-status" empty.'
    }
    const api = githubApi(env, target.githubToken, posting, signal)
    const client = await githubClient(api)
    await client.rest.repos.createCommitStatus({
      ...api.repository,
      sha: post.sha,
      state: post.state,
      context: target.context,
      description: post.description,
      // Stryker disable next-line ConditionalExpression: a target_url of undefined is left out of the JSON body as well
      ...(post.targetUrl === undefined ? {} : { target_url: post.targetUrl })
    })
    return { posted: true }
  } catch (error) {
    // Octokit gives a failure without an answer (a reset, a timeout) the status 500 as well: only an answer's status counts.
    const code = (error as { response?: { status?: number } }).response?.status
    const refused = code === 401 || code === 403 || code === 404
    return { posted: false, refused, warning: `${what}: ${reasonOf(error, code, signal)} The purge's result stands.` }
  }
}

/** Why a post failed, and what to do about it. */
function reasonOf(error: unknown, status: number | undefined, signal: AbortSignal): string {
  if (error instanceof InputError) return error.message
  const message = shown((error instanceof Error ? error.message : String(error)).split('\n', 1).join(''))
  switch (status) {
    case undefined:
      return signal.aborted
        ? 'GitHub gave no answer in time.'
        : `the GitHub API could not be reached (${message}). Check GITHUB_API_URL and the runner's network.`
    case 401:
      return 'GitHub refused the token (HTTP 401). Check the "github-token" input.'
    case 403:
      return 'the token may not write commit statuses (HTTP 403). Give the job `permissions: statuses: write`; a pull request from a fork gets a read-only token, so leave "commit-status" empty there.'
    case 404:
      return 'GitHub found no such commit or repository for this token (HTTP 404). Check that the commit was pushed to GITHUB_REPOSITORY and that the token may write its statuses (`permissions: statuses: write`).'
    case 422:
      return `GitHub refused it (HTTP 422: ${message}). A commit keeps at most 1,000 statuses per context: give "commit-status" another context, e.g. with the environment's name.`
  }
  return `GitHub answered HTTP ${status}: ${message}.`
}
