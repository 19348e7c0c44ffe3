// What this action reads of the GitHub API's answers and of the event payloads, and the choices made over them
// alone (which release, deployment or run came before): pure, no requests. github.ts asks the API.
//
// The fields are named as GitHub documents them: the REST answers by @octokit/openapi-types, the payloads by
// @octokit/webhooks-types (types only: nothing of either is bundled). Those say what GitHub sends, not what arrived:
// every value is read as `unknown` (see Claimed) and checked before it is used.

import type { components, operations } from '@octokit/openapi-types'
import type { Deployment as WebhookDeployment, Release as WebhookRelease, WorkflowRun as WebhookWorkflowRun } from '@octokit/webhooks-types'
import { isRecord } from '../json.js'

/** A REST answer's part as GitHub's OpenAPI description names it: `Schema<'release'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]

/** The JSON a REST operation answers with on success: `Answer<'actions/list-workflow-runs'>`. */
type Answer<Operation extends keyof operations> = operations[Operation] extends {
  responses: { 200: { content: { 'application/json': infer Body } } }
}
  ? Body
  : never

/**
 * What a value from outside (a payload, an API answer) claims to be: an object whose fields, named as GitHub documents
 * them in T, may each be missing or hold anything. Reading one gives `unknown`, so each is checked before use, and a
 * name GitHub does not document does not compile. For a union, only the fields that every member has.
 */
export type Claimed<T> = { readonly [Field in keyof T]?: unknown }

/** `value` as a Claimed<T> when it is an object (not null, not an array); undefined otherwise. */
export const claimed = <T>(value: unknown): Claimed<T> | undefined => (isRecord(value) ? value : undefined)

const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/

export const isFullSha = (value: unknown): value is string => typeof value === 'string' && FULL_SHA.test(value)

/** A file of the compare API's answer, shapes checked: any status counts, including ones GitHub adds later. */
export interface ComparedFile extends Readonly<Pick<Schema<'diff-entry'>, 'filename' | 'previous_filename'>> {
  readonly status: string
}

/** A release of the event payload or the releases API, shapes checked. */
export type Release = Readonly<Pick<Schema<'release'>, 'tag_name' | 'draft' | 'prerelease' | 'published_at'>>

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

/** A whole number that JSON and JavaScript hold exactly: what an id or a count must be. */
export const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value)

/** A date as GitHub writes it (ISO 8601), in milliseconds; NaN when it is not a text. */
const dateOf = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : Number.NaN)

/** The changed files of a compare answer (no `files` when nothing changed); undefined when its shape is not one. */
export function readComparedFiles(data: unknown): ComparedFile[] | undefined {
  const comparison = claimed<Schema<'commit-comparison'>>(data)
  const listed = comparison === undefined ? undefined : (comparison.files ?? [])
  if (!Array.isArray(listed)) return undefined
  const files = listed.map(readComparedFile)
  return files.every((file) => file !== undefined) ? files : undefined
}

function readComparedFile(value: unknown): ComparedFile | undefined {
  const file = claimed<Schema<'diff-entry'>>(value)
  if (file === undefined || typeof file.filename !== 'string' || typeof file.status !== 'string') return undefined
  const { filename, status, previous_filename: previous } = file
  if (previous === undefined) return { filename, status }
  return typeof previous === 'string' ? { filename, status, previous_filename: previous } : undefined
}

/** A release of the event payload or the releases API, or undefined when it has no tag. No date: never published. */
export function readRelease(value: unknown): Release | undefined {
  const release = claimed<Schema<'release'> | WebhookRelease>(value)
  if (release === undefined || typeof release.tag_name !== 'string') return undefined
  return {
    tag_name: release.tag_name,
    draft: release.draft === true,
    prerelease: release.prerelease === true,
    published_at: typeof release.published_at === 'string' ? release.published_at : null
  }
}

/** A deployment's statuses (newest first): each one's state, and when it was reported; undefined when the answer is no list. */
export function readStatuses(data: unknown): { readonly state: string; readonly at: number }[] | undefined {
  if (!Array.isArray(data)) return undefined
  return data.flatMap((value: unknown) => {
    const status = claimed<Schema<'deployment-status'>>(value)
    return status === undefined ? [] : [{ state: typeof status.state === 'string' ? status.state : '', at: dateOf(status.created_at) }]
  })
}

/** The runs of a workflow runs answer, the first `most` of them, unreadable ones left out; undefined when it lists none. */
export function readRuns(data: unknown, most: number): WorkflowRun[] | undefined {
  const listed = claimed<Answer<'actions/list-workflow-runs'>>(data)?.workflow_runs
  if (!Array.isArray(listed)) return undefined
  return listed
    .slice(0, most)
    .map(readWorkflowRun)
    .filter((run) => run !== undefined)
}

/** The parents' SHAs of a commit answer, first parent first; undefined when any is not a full SHA. */
export function readParents(data: unknown): string[] | undefined {
  const parents = claimed<Schema<'commit'>>(data)?.parents
  if (!Array.isArray(parents)) return undefined
  const shas = parents.map((parent: unknown) => claimed<Schema<'commit'>['parents'][number]>(parent)?.sha)
  return shas.every(isFullSha) ? shas : undefined
}

/** A deployment of the API or the event payload, or undefined when its shape is not one. */
export function readDeployment(value: unknown): Deployment | undefined {
  const deployment = claimed<Schema<'deployment'> | WebhookDeployment>(value)
  if (deployment === undefined || !isSafeInteger(deployment.id) || !isFullSha(deployment.sha) || typeof deployment.environment !== 'string')
    return undefined
  return { id: deployment.id, sha: deployment.sha, environment: deployment.environment }
}

/** A workflow run of the API or the event payload, or undefined when its shape is not one. */
export function readWorkflowRun(value: unknown): WorkflowRun | undefined {
  const run = claimed<Schema<'workflow-run'> | WebhookWorkflowRun>(value)
  if (
    run === undefined ||
    !isSafeInteger(run.id) ||
    !isSafeInteger(run.workflow_id) ||
    !isFullSha(run.head_sha) ||
    typeof run.head_branch !== 'string'
  )
    return undefined
  return {
    id: run.id,
    workflowId: run.workflow_id,
    headSha: run.head_sha,
    headBranch: run.head_branch,
    conclusion: typeof run.conclusion === 'string' ? run.conclusion : '',
    createdAt: dateOf(run.created_at)
  }
}
