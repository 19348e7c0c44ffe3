import { readFile } from 'node:fs/promises'
import type { DeploymentStatusEvent, PullRequestEvent, PushEvent, ReleaseEvent, WorkflowRunEvent } from '@octokit/webhooks-types'
import { InputError } from '../errors.js'
import { isRecord } from '../json.js'
import { ago, shown } from '../text.js'
import { githubApi, type GitHubApi } from '../github.js'
import { commitParents, MAX_PARENT_WALK, previousDeployment, previousReleaseTag, previousRun, WHAT_CHANGED } from './github.js'
import { claimed, type Claimed, isFullSha, isSafeInteger, readDeployment, readRelease, readWorkflowRun } from './github-records.js'

/** The events `changed-since: auto` understands, as the error for any other names them. */
export const AUTO_EVENTS = ['push', 'release', 'deployment_status', 'workflow_run', 'pull_request', 'pull_request_target'] as const

/**
 * What `changed-since: auto` stands for on this run's event:
 * - `range`: compare `base` with `head`, the commit the event names (a push's `after`, the deployment's SHA, the
 *   triggering run's head_sha, the merge commit; undefined: GITHUB_SHA, as for a release);
 * - `first`: there is no earlier successful deploy to compare with (or, for a push that created its branch or tag,
 *   no commit before it), so everything under site-dir counts;
 * - `nothing`: nothing was deployed (a push that deleted a branch or tag, a pull request closed without merging),
 *   so nothing is purged: `said` is the log's sentence, `how` the summary's.
 * Each says why, for the log and the summary. An undefined head is GITHUB_SHA.
 */
export type AutoRange =
  | {
      readonly kind: 'range'
      readonly event: string
      readonly base: string
      readonly baseWhy: string
      readonly head: string | undefined
      readonly headWhy: string
    }
  | {
      readonly kind: 'first'
      readonly event: string
      readonly why: string
      readonly head: string | undefined
      readonly headWhy: string
    }
  | { readonly kind: 'nothing'; readonly event: string; readonly why: string; readonly how: string; readonly said: string }

const ZERO_SHA = /^0+$/

/** A tag as a git ref: not an option, no spaces or control characters (the rule for the changed-since input). */
// eslint-disable-next-line no-control-regex
const SAFE_REF = /^(?!-)[^\s\u0000-\u001f\u007f]+$/

const short = (sha: string): string => sha.slice(0, 7)

/**
 * Reads the event and, where it takes the API, asks GitHub (GITHUB_API_URL) for the previous deploy. Once the run's
 * `signal` is aborted, no call starts, and it rejects with the signal's reason.
 */
export async function autoRange(
  env: NodeJS.ProcessEnv,
  token: string,
  now: () => number = Date.now,
  signal?: AbortSignal
): Promise<AutoRange> {
  const event = env.GITHUB_EVENT_NAME ?? ''
  const payload = await readPayload(env.GITHUB_EVENT_PATH)
  // Read only by the events that ask the API: a push needs no GITHUB_REPOSITORY.
  const api = (): GitHubApi => githubApi(env, token, WHAT_CHANGED, signal)
  switch (event) {
    case 'push':
      return pushRange(payload)
    case 'release':
      return releaseRange(payload, api, env.GITHUB_SHA)
    case 'deployment_status':
      return deploymentRange(payload, api, now)
    case 'workflow_run':
      return workflowRunRange(payload, api, now)
    case 'pull_request':
    case 'pull_request_target':
      return pullRequestRange(event, payload, api)
  }
  throw new InputError(
    undefined,
    `"changed-since: auto" works for ${AUTO_EVENTS.join(', ')} events; this run is a "${shown(event || 'unknown')}" event. Give a ref instead (a tag, branch or SHA), e.g. "changed-since: \${{ inputs.since }}".`
  )
}

/** The head an event names itself, and the words for it: `what, 0123abc` when `sha` is a full SHA; else GITHUB_SHA (undefined). */
function namedHead(sha: unknown, what: string): { readonly head: string | undefined; readonly headWhy: string } {
  return isFullSha(sha) ? { head: sha, headWhy: `${what}, ${short(sha)}` } : { head: undefined, headWhy: what }
}

function pushRange(payload: Claimed<PushEvent>): AutoRange {
  // The ref as outside text; GitHub always sends it, but the action must not depend on that.
  const ref = typeof payload.ref === 'string' && payload.ref !== '' ? shown(payload.ref) : undefined
  // Nothing is left to deploy: no commit after the push. No git command and no API call is made for it.
  if (payload.deleted === true || (typeof payload.after === 'string' && ZERO_SHA.test(payload.after))) {
    const deleted = ref ?? 'a branch or tag'
    return {
      kind: 'nothing',
      event: 'push',
      why: `it deleted ${deleted}: nothing changed to purge`,
      how: 'Nothing compared, as the push deleted a branch or tag',
      said: `This push deleted ${deleted}: nothing changed to purge`
    }
  }
  const before = payload.before
  if (typeof before !== 'string' || before === '')
    throw new InputError(
      undefined,
      'This push event has no "before" commit, so "changed-since: auto" has nothing to compare with. Set "changed-since" to a ref.'
    )
  // The pushed commit is the payload's "after" (GITHUB_SHA, the same commit, when that is not a full SHA).
  const head = namedHead(payload.after, 'the pushed commit')
  // A push that created its branch or tag has no commit before it (0000000…): never asked of git or the API, it is a
  // first deploy, as a deployment with no earlier success is.
  if (ZERO_SHA.test(before))
    return { kind: 'first', event: 'push', why: `no commit before it, as it created ${ref ?? 'its branch'}`, ...head }
  // It goes into a git command and an API path: a full SHA only, never an option or a path.
  if (!isFullSha(before))
    throw new InputError(
      undefined,
      `This push event's "before" (${shown(before)}) is not a full commit SHA, so "changed-since: auto" cannot use it. Set "changed-since" to a ref.`
    )
  return { kind: 'range', event: 'push', base: before, baseWhy: 'the commit before this push', ...head }
}

/** `sha`: GITHUB_SHA, which on a release event is the released commit (the payload names only the tag). */
async function releaseRange(payload: Claimed<ReleaseEvent>, api: () => GitHubApi, sha: string | undefined): Promise<AutoRange> {
  const release = readRelease(payload.release)
  if (release === undefined) {
    throw new InputError(
      undefined,
      'This release event has no release in its payload, so "changed-since: auto" cannot find the previous one.'
    )
  }
  const head = namedHead(sha, 'the released commit')
  const tag = await previousReleaseTag(api(), release)
  // A first release, as a deployment with no earlier success: every file under site-dir counts.
  if (tag === undefined) {
    const why = `no ${release.prerelease ? '' : 'full '}release published before ${shown(release.tag_name)}`
    return { kind: 'first', event: 'release', why, ...head }
  }
  // It goes into a git command and an API path, as a ref may when given as an input: never an option.
  if (!SAFE_REF.test(tag))
    throw new InputError(undefined, `The previous release's tag (${shown(tag)}) cannot be used as a git ref. Set "changed-since" to a ref.`)
  return {
    kind: 'range',
    event: 'release',
    base: tag,
    baseWhy: `the release published before ${shown(release.tag_name)}`,
    ...head
  }
}

const successOnly = (what: string, condition: string): InputError =>
  new InputError(
    undefined,
    `${what}, and "changed-since: auto" purges after a successful one only. Run the step only then: add \`if: ${condition}\` to it.`
  )

async function deploymentRange(payload: Claimed<DeploymentStatusEvent>, api: () => GitHubApi, now: () => number): Promise<AutoRange> {
  const status = claimed<DeploymentStatusEvent['deployment_status']>(payload.deployment_status)
  const state = typeof status?.state === 'string' ? status.state : ''
  if (state !== 'success') {
    throw successOnly(
      `This deployment_status event reports the state "${shown(state || 'unknown')}"`,
      "github.event.deployment_status.state == 'success'"
    )
  }
  const current = readDeployment(payload.deployment)
  if (current === undefined)
    throw new InputError(
      undefined,
      'This deployment_status event has no deployment with an id, a full commit SHA and an environment, so "changed-since: auto" cannot find the previous one.'
    )
  const environment = shown(current.environment)
  const headWhy = `the deployed commit, ${short(current.sha)}`
  const previous = await previousDeployment(api(), current)
  if (previous === undefined)
    return {
      kind: 'first',
      event: 'deployment_status',
      why: `no earlier successful deployment to ${environment}`,
      head: current.sha,
      headWhy
    }
  return {
    kind: 'range',
    event: 'deployment_status',
    base: previous.sha,
    baseWhy: `the last successful deployment to ${environment}, ${short(previous.sha)}, ${ago(now() - previous.succeededAt)}`,
    head: current.sha,
    headWhy
  }
}

async function workflowRunRange(payload: Claimed<WorkflowRunEvent>, api: () => GitHubApi, now: () => number): Promise<AutoRange> {
  const run = claimed<WorkflowRunEvent['workflow_run']>(payload.workflow_run)
  const conclusion = typeof run?.conclusion === 'string' ? run.conclusion : ''
  if (conclusion !== 'success') {
    throw successOnly(
      `The workflow run that triggered this one ended "${conclusion === '' ? 'without a conclusion' : shown(conclusion)}"`,
      "github.event.workflow_run.conclusion == 'success'"
    )
  }
  const current = readWorkflowRun(payload.workflow_run)
  if (current === undefined) {
    throw new InputError(
      undefined,
      'This workflow_run event has no run with an id, a workflow id, a full head SHA and a branch, so "changed-since: auto" cannot find the previous one.'
    )
  }
  const branch = shown(current.headBranch)
  // GITHUB_SHA of a workflow_run event is the default branch's tip, not what the triggering run built.
  const headWhy = `the commit the triggering run built, ${short(current.headSha)}`
  const previous = await previousRun(api(), current)
  if (previous === undefined)
    return {
      kind: 'first',
      event: 'workflow_run',
      why: `no earlier successful run of this workflow on ${branch}`,
      head: current.headSha,
      headWhy
    }
  return {
    kind: 'range',
    event: 'workflow_run',
    base: previous.headSha,
    baseWhy: `the last successful run of this workflow on ${branch}, ${short(previous.headSha)}, ${ago(now() - previous.createdAt)}`,
    head: current.headSha,
    headWhy
  }
}

async function pullRequestRange(event: string, payload: Claimed<PullRequestEvent>, api: () => GitHubApi): Promise<AutoRange> {
  const pull = claimed<PullRequestEvent['pull_request']>(payload.pull_request) ?? {}
  const number = isSafeInteger(pull.number) ? ` #${pull.number}` : ''
  if (payload.action !== 'closed') {
    const action = typeof payload.action === 'string' ? shown(payload.action) : 'unknown'
    throw new InputError(
      undefined,
      `"changed-since: auto" on a ${event} event purges what a merge changed, and this one is "${action}". Run the workflow on closed pull requests only (\`types: [closed]\`) and the step when one was merged: \`if: github.event.pull_request.merged == true\`.`
    )
  }
  if (pull.merged !== true) {
    const why = `pull request${number} was closed without merging: nothing was merged, so nothing changed`
    return { kind: 'nothing', event, why, how: 'Nothing compared, as nothing was merged', said: `This ${event} event: ${why}` }
  }
  const head = pull.merge_commit_sha
  if (!isFullSha(head))
    throw new InputError(
      undefined,
      `Pull request${number} was merged but its payload has no full merge_commit_sha, so "changed-since: auto" cannot tell what the merge changed.`
    )
  const { base, baseWhy } = await branchBefore(api(), head, pull, number)
  return { kind: 'range', event, base, baseWhy, head, headWhy: `the merge commit, ${short(head)}` }
}

/**
 * The branch as it was before pull request `number` was merged at `head`: the merge commit's first parent, or, for a
 * rebase merge (one parent), that many first parents back as the pull request had commits. A squash merge looks the
 * same from here, so it may walk back further than needed: that purges more, never less.
 */
async function branchBefore(
  github: GitHubApi,
  head: string,
  pull: Claimed<PullRequestEvent['pull_request']>,
  number: string
): Promise<{ base: string; baseWhy: string }> {
  const parents = await commitParents(github, head)
  const first = parents[0]
  if (first === undefined)
    throw new InputError(
      undefined,
      `The merge commit ${short(head)} of pull request${number} has no parent, so there is nothing to compare it with. Set "changed-since" to a ref.`
    )
  const commits = isSafeInteger(pull.commits) ? pull.commits : 1
  if (parents.length > 1 || commits <= 1) return { base: first, baseWhy: `the first parent of the merge commit of pull request${number}` }
  if (commits > MAX_PARENT_WALK) {
    throw new InputError(
      undefined,
      `Pull request${number} has ${commits} commits and its merge commit one parent (a rebase or squash merge), more than the ${MAX_PARENT_WALK} that "changed-since: auto" walks back. Set "changed-since" to the base branch's commit before the merge.`
    )
  }
  let base = first
  for (let step = 1; step < commits; step++) {
    const next = (await commitParents(github, base))[0]
    if (next === undefined) break
    base = next
  }
  return { base, baseWhy: `the branch before the ${commits} commits of pull request${number} (a rebase or squash merge)` }
}

/** The event's payload: an object, its fields not yet checked (each range above reads the ones GitHub documents for its event). */
async function readPayload(path: string | undefined): Promise<Record<string, unknown>> {
  if (!path) return {}
  try {
    // Stryker disable next-line StringLiteral: without an encoding readFile gives a Buffer, which JSON.parse turns into text as UTF-8 all the same
    const payload: unknown = JSON.parse(await readFile(path, 'utf8'))
    return isRecord(payload) ? payload : {}
  } catch (error) {
    throw new InputError(
      undefined,
      `Cannot read the event payload at GITHUB_EVENT_PATH (${shown((error as NodeJS.ErrnoException).code ?? String(error))}), which "changed-since: auto" needs.`
    )
  }
}
