import { GitHubError, InputError } from '../errors.js'
import { githubClient, repositoryPage, type ApiPurpose, type GitHubApi, type GitHubClient } from '../github.js'
import { shown } from '../text.js'
import {
  comparedPaths,
  deploymentSucceeded,
  isFullSha,
  pickPreviousRelease,
  pickPreviousRun,
  readComparedFiles,
  readDeployment,
  readParents,
  readRelease,
  readRuns,
  readStatuses,
  type ApiComparison,
  type Deployment,
  type PreviousDeployment,
  type Release,
  type WorkflowRun
} from './github-records.js'

/** The compare API lists at most this many files, on its first page only. */
export const COMPARE_FILE_LIMIT = 300

/** How many deployments to an environment are looked at, newest first, for the previous successful one. */
export const DEPLOYMENT_LOOKBACK = 30

/** How many runs of a workflow on a branch are looked at, newest first, for the previous successful one. */
export const RUN_LOOKBACK = 30

/** How many first parents a rebase merge may be walked back through, one commits call each. */
export const MAX_PARENT_WALK = 100

/** What changed is the one thing `changed-since` asks the API: the errors about the environment say so. */
export const WHAT_CHANGED: ApiPurpose = {
  what: 'asked what changed',
  otherwise: 'Run the action in a workflow, or give a local checkout with the commits.'
}

/**
 * A link on the GitHub web site of this run (GITHUB_SERVER_URL, so GitHub Enterprise Server too) to the
 * comparison of two full SHAs; undefined when either is not one, or the server URL is not http(s).
 */
export function compareLink(env: NodeJS.ProcessEnv, base: string, head: string): string | undefined {
  const repository = repositoryPage(env)
  if (repository === undefined || !isFullSha(base) || !isFullSha(head)) return undefined
  return `${repository}/compare/${base}...${head}`
}

async function octokit(api: GitHubApi): Promise<GitHubClient> {
  if (api.token === '') {
    throw new InputError(
      'github-token',
      'Input "github-token" is empty, and the GitHub API needs it to find what changed. Leave it at its default (${{ github.token }}) or pass a token.'
    )
  }
  return githubClient(api)
}

/** The permission of the workflow's token each call needs. */
type Permission = 'contents: read' | 'deployments: read' | 'actions: read'

/** Turns an octokit failure into a message that says which call failed and what to do. */
function apiFailure(what: string, permission: Permission, error: unknown): Error {
  const status = (error as { status?: unknown }).status
  const message = shown(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error))
  const hint =
    status === 404
      ? ` Check the ref, and that github-token may read this repository (${permission}).`
      : status === 403
        ? ` The token needs the "${permission}" permission: add it to the workflow's or the job's permissions.`
        : status === 401
          ? ' Check the github-token input and its permissions.'
          : ''
  return new GitHubError(`GitHub API: ${what} failed${typeof status === 'number' ? ` (HTTP ${status})` : ''}: ${message}.${hint}`)
}

/** An answer of the wrong shape: the API (or something posing as it) gave what this action cannot use. */
const badAnswer = (what: string): GitHubError =>
  new GitHubError(`GitHub API: ${what} gave an answer this action cannot read. Check GITHUB_API_URL.`)

/**
 * One call: its data read by `read`, or a GitHubError that names the call. Once the run's signal is aborted, it
 * rejects with the signal's reason (a request is not sent then, and one in flight is abandoned): a call cut short by
 * a cancel did not fail.
 */
async function call<T>(
  api: GitHubApi,
  what: string,
  permission: Permission,
  request: () => Promise<{ data: unknown }>,
  read: (data: unknown) => T | undefined
): Promise<T> {
  let data: unknown
  try {
    data = (await request()).data
  } catch (error) {
    api.signal?.throwIfAborted()
    throw apiFailure(what, permission, error)
  }
  const value = read(data)
  if (value === undefined) throw badAnswer(what)
  return value
}

/** `GET /repos/{owner}/{repo}/compare/{base}...{head}`: the files changed, and whether the list is whole. */
export async function compareWithApi(api: GitHubApi, base: string, head: string): Promise<ApiComparison> {
  const client = await octokit(api)
  const files = await call(
    api,
    `comparing ${shown(base)}...${shown(head)}`,
    'contents: read',
    () => client.rest.repos.compareCommitsWithBasehead({ ...api.repository, basehead: `${base}...${head}` }),
    readComparedFiles
  )
  return { paths: comparedPaths(files), complete: files.length < COMPARE_FILE_LIMIT }
}

/** The tag of the release published before `current`; undefined when there is none (a first release). */
export async function previousReleaseTag(api: GitHubApi, current: Release): Promise<string | undefined> {
  const client = await octokit(api)
  const listed = await call(
    api,
    'listing releases',
    'contents: read',
    async () => ({ data: await client.paginate(client.rest.repos.listReleases, { ...api.repository, per_page: 100 }) }),
    (data) => (Array.isArray(data) ? data : undefined)
  )
  // Releases without a tag are passed over, as they cannot be compared with.
  const releases = listed.map(readRelease).filter((release) => release !== undefined)
  return pickPreviousRelease(releases, current)?.tag_name
}

/**
 * The most recent deployment to the same environment before `current` that succeeded (see deploymentSucceeded),
 * among the DEPLOYMENT_LOOKBACK most recent; undefined when there is none.
 */
export async function previousDeployment(api: GitHubApi, current: Deployment): Promise<PreviousDeployment | undefined> {
  const client = await octokit(api)
  const where = `the deployments to ${shown(current.environment)}`
  const deployments = await call(
    api,
    `listing ${where}`,
    'deployments: read',
    () => client.rest.repos.listDeployments({ ...api.repository, environment: current.environment, per_page: DEPLOYMENT_LOOKBACK }),
    (data) => (Array.isArray(data) ? data.slice(0, DEPLOYMENT_LOOKBACK).map(readDeployment) : undefined)
  )
  for (const deployment of deployments) {
    // Unreadable entries, other environments, the current deployment and newer ones are passed over.
    if (deployment === undefined || deployment.environment !== current.environment || deployment.id >= current.id) continue
    const statuses = await call(
      api,
      `listing the statuses of deployment ${deployment.id}`,
      'deployments: read',
      () => client.rest.repos.listDeploymentStatuses({ ...api.repository, deployment_id: deployment.id, per_page: 100 }),
      readStatuses
    )
    if (deploymentSucceeded(statuses.map((status) => status.state))) {
      const success = statuses.find((status) => status.state === 'success')
      return { ...deployment, succeededAt: success?.at ?? Number.NaN }
    }
  }
  return undefined
}

/** The most recent successful run of the same workflow on the same branch before `current`, among the RUN_LOOKBACK most recent. */
export async function previousRun(api: GitHubApi, current: WorkflowRun): Promise<WorkflowRun | undefined> {
  const client = await octokit(api)
  const runs = await call(
    api,
    `listing the runs of workflow ${current.workflowId} on ${shown(current.headBranch)}`,
    'actions: read',
    () =>
      client.rest.actions.listWorkflowRuns({
        ...api.repository,
        workflow_id: current.workflowId,
        branch: current.headBranch,
        status: 'success',
        per_page: RUN_LOOKBACK
      }),
    (data) => readRuns(data, RUN_LOOKBACK)
  )
  return pickPreviousRun(runs, current)
}

/** The parents of a commit, first parent first. */
export async function commitParents(api: GitHubApi, sha: string): Promise<string[]> {
  if (!isFullSha(sha)) throw new GitHubError(`GitHub API: "${shown(sha)}" is not a full commit SHA.`)
  const client = await octokit(api)
  return call(
    api,
    `reading commit ${sha}`,
    'contents: read',
    () => client.rest.repos.getCommit({ ...api.repository, ref: sha, per_page: 1 }),
    readParents
  )
}
