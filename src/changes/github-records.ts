// What this action reads of the GitHub API's answers and of the event payloads, and the choices made over them
// alone (which release, deployment or run came before): pure, no requests. github.ts asks the API.

import { isRecord } from '../json.js'

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/

export const isFullSha = (value: unknown): value is string => typeof value === 'string' && FULL_SHA.test(value)

export interface Repository {
  readonly owner: string
  readonly repo: string
}

/** Where and as whom the GitHub API is asked: GITHUB_API_URL (GitHub Enterprise Server too), the token, the repository. */
export interface GitHubApi {
  readonly token: string
  readonly apiUrl: string
  readonly repository: Repository
}

export interface ComparedFile {
  readonly filename: string
  readonly status: string
  readonly previous_filename?: string
}

export interface Release {
  readonly tag_name: string
  readonly draft: boolean
  readonly prerelease: boolean
  readonly published_at: string | null
}

export interface ApiComparison {
  readonly paths: string[]
  /** False when the list may have been cut off at COMPARE_FILE_LIMIT. */
  readonly complete: boolean
}

/** A deployment as the event and the deployments API give it, shapes checked. */
export interface Deployment {
  readonly id: number
  readonly sha: string
  readonly environment: string
}

/** The deployment that succeeded before, and when its success was reported. */
export interface PreviousDeployment extends Deployment {
  readonly succeededAt: number
}

/** A workflow run as the event and the Actions API give it, shapes checked. */
export interface WorkflowRun {
  readonly id: number
  readonly workflowId: number
  readonly headSha: string
  readonly headBranch: string
  readonly conclusion: string
  readonly createdAt: number
}

/** Paths from the compare API's files: every status counts, a rename both its old and new path. */
export function comparedPaths(files: readonly ComparedFile[]): string[] {
  return [
    ...new Set(
      files.flatMap((file) =>
        file.status === 'renamed' && file.previous_filename ? [file.previous_filename, file.filename] : [file.filename]
      )
    )
  ]
}

/**
 * The release published before `current`: drafts are skipped, and so are prereleases when `current` is a
 * full release. Undefined when there is none.
 */
export function pickPreviousRelease(releases: readonly Release[], current: Release): Release | undefined {
  // Stryker disable next-line StringLiteral: no text other than a date parses
  const publishedAt = Date.parse(current.published_at ?? '') || Number.POSITIVE_INFINITY
  // A release never published (null) has no date, so it is never earlier.
  return releases
    .filter((release) => !release.draft && release.tag_name !== current.tag_name)
    .filter((release) => current.prerelease || !release.prerelease)
    .filter((release) => Date.parse(release.published_at as string) < publishedAt)
    .sort((a, b) => Date.parse(b.published_at as string) - Date.parse(a.published_at as string))[0]
}

/**
 * Whether a deployment's statuses (newest first) say it went live and is still taken as good: one status is
 * `success`, and the latest is `success` or `inactive` (GitHub marks a non-production deployment inactive when
 * a newer one succeeds). A latest `failure` or `error` means it did not hold.
 */
export function deploymentSucceeded(states: readonly string[]): boolean {
  const latest = states[0]
  return (latest === 'success' || latest === 'inactive') && states.includes('success')
}

/** The most recent run before `current` (by id, newest first) that succeeded on the same branch of the same workflow. */
export function pickPreviousRun(runs: readonly WorkflowRun[], current: WorkflowRun): WorkflowRun | undefined {
  return runs
    .filter(
      (run) =>
        run.id < current.id &&
        run.workflowId === current.workflowId &&
        run.headBranch === current.headBranch &&
        run.conclusion === 'success'
    )
    .sort((a, b) => b.id - a.id)[0]
}

/** A deployment of the API or the event payload, or undefined when its shape is not one. */
export function readDeployment(value: unknown): Deployment | undefined {
  if (!isRecord(value) || !Number.isSafeInteger(value.id) || !isFullSha(value.sha) || typeof value.environment !== 'string')
    return undefined
  return { id: value.id as number, sha: value.sha, environment: value.environment }
}

/** A workflow run of the API or the event payload, or undefined when its shape is not one. */
export function readWorkflowRun(value: unknown): WorkflowRun | undefined {
  if (
    !isRecord(value) ||
    !Number.isSafeInteger(value.id) ||
    !Number.isSafeInteger(value.workflow_id) ||
    !isFullSha(value.head_sha) ||
    typeof value.head_branch !== 'string'
  )
    return undefined
  return {
    id: value.id as number,
    workflowId: value.workflow_id as number,
    headSha: value.head_sha,
    headBranch: value.head_branch,
    conclusion: typeof value.conclusion === 'string' ? value.conclusion : '',
    createdAt: Date.parse(String(value.created_at))
  }
}
