import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import type * as Event from '../../../src/changes/event.js'
import { autoRange } from '../../../src/changes/event.js'
import { GitHubError, InputError } from '../../../src/errors.js'
import { testCancel } from '../../support/clock.js'
import { loadAfresh } from '../../support/fresh.js'
import { startGitHub, type GitHubStandIn, type StandInDeployment } from '../../stand-in/github.js'

const TOKEN = 'ghs_event-test-token'
let dir: string
let github: GitHubStandIn
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'event-'))
  // Mounted where GitHub Enterprise Server serves its API: every call must go through GITHUB_API_URL.
  github = await startGitHub(TOKEN, '/api/v3')
})
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await github.close()
})
beforeEach(() => {
  github.requests.length = 0
  github.releases.length = 0
  github.deployments.length = 0
  github.runs.length = 0
  github.commits.clear()
  github.permissions.clear()
  for (const permission of ['contents', 'deployments', 'actions'] as const) github.permissions.add(permission)
})

/** A full SHA made of one hex digit and a number: `sha('a', 1)`. */
const sha = (digit: string, n: number): string => `${n.toString(16).padStart(7, '0')}${digit.repeat(33)}`
const NOW = Date.parse('2026-11-26T12:00:00Z')
const now = (): number => NOW
const hoursAgo = (hours: number): string => new Date(NOW - hours * 3600_000).toISOString()

let events = 0
/** The environment of a run for event `name` whose payload is `payload` (text as it is, else as JSON). */
function env(name: string | undefined, payload: unknown): NodeJS.ProcessEnv {
  const path = join(dir, `event-${++events}.json`)
  writeFileSync(path, typeof payload === 'string' ? payload : JSON.stringify(payload))
  return {
    ...(name === undefined ? {} : { GITHUB_EVENT_NAME: name }),
    GITHUB_EVENT_PATH: path,
    GITHUB_REPOSITORY: 'acme/site',
    GITHUB_API_URL: github.url
  }
}
const failure = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (caught: unknown) => caught
  )
const refusal = async (promise: Promise<unknown>): Promise<string> => {
  const error = await failure(promise)
  expect(error).toBeInstanceOf(InputError)
  return (error as InputError).message
}

describe('autoRange: push', () => {
  it('takes the commit before a push, and the pushed commit ("after") as head', async () => {
    expect(await autoRange(env('push', { before: sha('b', 1), after: sha('b', 2) }), TOKEN)).toEqual({
      kind: 'range',
      event: 'push',
      base: sha('b', 1),
      baseWhy: 'the commit before this push',
      head: sha('b', 2),
      headWhy: 'the pushed commit, 0000002'
    })
  })

  it('takes GITHUB_SHA as head when "after" is not a full commit SHA', async () => {
    for (const after of [undefined, 'def456', `${sha('b', 2)}0`, 7, [sha('b', 2)]]) {
      expect(await autoRange(env('push', { before: sha('b', 1), after }), TOKEN)).toMatchObject({
        kind: 'range',
        head: undefined,
        headWhy: 'the pushed commit'
      })
    }
  })

  it('refuses a push without a before commit', async () => {
    const message =
      'This push event has no "before" commit, so "changed-since: auto" has nothing to compare with. Set "changed-since" to a ref.'
    expect(await refusal(autoRange(env('push', { after: 'def456' }), TOKEN))).toBe(message)
    expect(await refusal(autoRange(env('push', { before: '' }), TOKEN))).toBe(message)
    expect(await refusal(autoRange(env('push', { before: 12 }), TOKEN))).toBe(message)
    expect(await refusal(autoRange({ GITHUB_EVENT_NAME: 'push' }, TOKEN))).toBe(message)
    expect(await refusal(autoRange(env('push', '[1, 2]'), TOKEN))).toBe(message)
    for (const payload of ['null', '3', '"text"']) expect(await refusal(autoRange(env('push', payload), TOKEN))).toBe(message)
  })

  it('takes a push that created its branch or tag as a first deploy, asking nothing of git or the API', async () => {
    const created = { ref: 'refs/heads/preview-42', before: '0'.repeat(40), after: sha('b', 2), created: true, deleted: false }
    expect(await autoRange(env('push', created), TOKEN)).toEqual({
      kind: 'first',
      event: 'push',
      why: 'no commit before it, as it created refs/heads/preview-42',
      head: sha('b', 2),
      headWhy: 'the pushed commit, 0000002'
    })
    // A SHA-256 repository's zeros, and a payload without its ref.
    expect(await autoRange(env('push', { ...created, ref: undefined, before: '0'.repeat(64) }), TOKEN)).toMatchObject({
      kind: 'first',
      why: 'no commit before it, as it created its branch'
    })
    expect(github.requests).toEqual([])
    // Zeros among other digits are a commit.
    expect(await autoRange(env('push', { before: `${'0'.repeat(39)}a` }), TOKEN)).toMatchObject({ base: `${'0'.repeat(39)}a` })
    expect(await autoRange(env('push', { before: `a${'0'.repeat(63)}` }), TOKEN)).toMatchObject({ base: `a${'0'.repeat(63)}` })
  })

  it('takes a push that deleted its branch or tag as nothing deployed, by its zero "after" or its "deleted" flag', async () => {
    const deleted = { ref: 'refs/tags/v1', before: sha('b', 1), after: '0'.repeat(40), created: false, deleted: true }
    const nothing = {
      kind: 'nothing',
      event: 'push',
      why: 'it deleted refs/tags/v1: nothing changed to purge',
      how: 'Nothing compared, as the push deleted a branch or tag',
      said: 'This push deleted refs/tags/v1: nothing changed to purge'
    }
    expect(await autoRange(env('push', deleted), TOKEN)).toEqual(nothing)
    expect(await autoRange(env('push', { ...deleted, deleted: false }), TOKEN)).toEqual(nothing)
    expect(await autoRange(env('push', { ...deleted, after: undefined }), TOKEN)).toEqual(nothing)
    // Whatever its "before" holds: nothing of it is used.
    expect(await autoRange(env('push', { ...deleted, before: '--upload-pack=x' }), TOKEN)).toEqual(nothing)
    expect(github.requests).toEqual([])
    // "deleted" must be true itself, and "after" all zeros.
    expect(await autoRange(env('push', { ...deleted, after: sha('b', 2), deleted: 'yes' }), TOKEN)).toMatchObject({ kind: 'range' })
  })

  it('names no ref when the payload gives an empty one', async () => {
    expect(await autoRange(env('push', { ref: '', before: sha('b', 1), after: '0'.repeat(40), deleted: true }), TOKEN)).toMatchObject({
      kind: 'nothing',
      why: 'it deleted a branch or tag: nothing changed to purge',
      said: 'This push deleted a branch or tag: nothing changed to purge'
    })
    expect(await autoRange(env('push', { ref: '', before: '0'.repeat(40), after: sha('b', 2) }), TOKEN)).toMatchObject({
      kind: 'first',
      why: 'no commit before it, as it created its branch'
    })
  })

  it('takes an "after" that is not a text for no zero SHA: only "deleted" says so then', async () => {
    for (const after of [0, [0], ['0'.repeat(40)], null]) {
      expect(await autoRange(env('push', { ref: 'refs/heads/main', before: sha('b', 1), after }), TOKEN)).toMatchObject({
        kind: 'range',
        base: sha('b', 1)
      })
    }
    expect(await autoRange(env('push', { ref: 'refs/heads/main', before: sha('b', 1), after: 0, deleted: true }), TOKEN)).toMatchObject({
      kind: 'nothing'
    })
  })

  it('quotes the ref as outside text: on one line, cut, never a workflow command', async () => {
    const ref = `refs/heads/x\n::error::pwned${'y'.repeat(300)}`
    const range = await autoRange(env('push', { ref, before: sha('b', 1), after: '0'.repeat(40), deleted: true }), TOKEN)
    const said = range.kind === 'nothing' ? range.said : ''
    expect(said).toMatch(/^This push deleted refs\/heads\/x ::error::pwnedy+… \(\d+ more characters\): nothing changed to purge$/)
    expect(said).not.toContain('\n')
    const nothing = await autoRange(env('push', { ref: 7, after: '0'.repeat(40), deleted: true }), TOKEN)
    expect(nothing).toMatchObject({ said: 'This push deleted a branch or tag: nothing changed to purge' })
  })

  it('refuses a before that is not a full commit SHA: it would go into a git command', async () => {
    for (const before of ['abc123', '--upload-pack=touch x', `${sha('b', 1)}\n`, 'HEAD~1']) {
      expect(await refusal(autoRange(env('push', { before }), TOKEN))).toMatch(
        /^This push event's "before" \(.*\) is not a full commit SHA, so "changed-since: auto" cannot use it\. Set "changed-since" to a ref\.$/
      )
    }
  })
})

describe('autoRange: release', () => {
  it('takes the release published before a release, through GITHUB_API_URL', async () => {
    github.releases.push(
      { id: 2, tag_name: 'v1.1.0', draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' },
      { id: 1, tag_name: 'v1.0.0', draft: false, prerelease: false, published_at: '2026-11-01T10:00:00Z' }
    )
    expect(await autoRange(env('release', { action: 'published', release: github.releases[0] }), TOKEN)).toEqual({
      kind: 'range',
      event: 'release',
      base: 'v1.0.0',
      baseWhy: 'the release published before v1.1.0',
      head: undefined,
      headWhy: 'the released commit'
    })
    expect(github.requests).toEqual(['GET /repos/acme/site/releases?per_page=100'])
    // GITHUB_SHA, the released commit on a release event, named when it is a full SHA.
    const released = { ...env('release', { action: 'published', release: github.releases[0] }), GITHUB_SHA: sha('c', 3) }
    expect(await autoRange(released, TOKEN)).toMatchObject({ head: sha('c', 3), headWhy: 'the released commit, 0000003' })
    for (const GITHUB_SHA of ['main', `${sha('c', 3)}0`, ''])
      expect(await autoRange({ ...released, GITHUB_SHA }, TOKEN)).toMatchObject({ head: undefined, headWhy: 'the released commit' })
  })

  it('takes a first release, with no full release published before it, as a first deploy', async () => {
    github.releases.push(
      { id: 3, tag_name: 'v1.0.0', draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' },
      { id: 2, tag_name: 'v1.0.0-rc.1', draft: false, prerelease: true, published_at: '2026-11-02T10:00:00Z' },
      { id: 1, tag_name: 'v0.9.0', draft: true, prerelease: false, published_at: null }
    )
    const first = { ...env('release', { action: 'published', release: github.releases[0] }), GITHUB_SHA: sha('c', 3) }
    expect(await autoRange(first, TOKEN)).toEqual({
      kind: 'first',
      event: 'release',
      why: 'no full release published before v1.0.0',
      head: sha('c', 3),
      headWhy: 'the released commit, 0000003'
    })
    // A first prerelease: no release of any kind before it.
    expect(await autoRange(env('release', { release: github.releases[1] }), TOKEN)).toEqual({
      kind: 'first',
      event: 'release',
      why: 'no release published before v1.0.0-rc.1',
      head: undefined,
      headWhy: 'the released commit'
    })
    expect(await autoRange(env('release', { release: { ...github.releases[0], tag_name: 'v\n::x' } }), TOKEN)).toMatchObject({
      why: 'no full release published before v ::x'
    })
  })

  it('refuses a previous tag that git would take for an option', async () => {
    github.releases.push(
      { id: 2, tag_name: 'v2', draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' },
      { id: 1, tag_name: '--upload-pack=x', draft: false, prerelease: false, published_at: '2026-11-01T10:00:00Z' }
    )
    expect(await refusal(autoRange(env('release', { release: github.releases[0] }), TOKEN))).toBe(
      'The previous release\'s tag (--upload-pack=x) cannot be used as a git ref. Set "changed-since" to a ref.'
    )
    github.releases[1] = { id: 1, tag_name: 'v1 x', draft: false, prerelease: false, published_at: '2026-11-01T10:00:00Z' }
    expect(await refusal(autoRange(env('release', { release: github.releases[0] }), TOKEN))).toMatch(/^The previous release's tag \(v1 x\)/)
  })

  it('names a long release tag and event cut, with how much was left out', async () => {
    github.releases.push({ id: 1, tag_name: 'v1.0.0', draft: false, prerelease: false, published_at: '2026-11-01T10:00:00Z' })
    const release = { id: 2, tag_name: 't'.repeat(1000), draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' }
    expect(await autoRange(env('release', { action: 'published', release }), TOKEN)).toMatchObject({
      baseWhy: `the release published before ${'t'.repeat(200)}… (800 more characters)`
    })
    expect(await refusal(autoRange(env('e'.repeat(1000), {}), TOKEN))).toContain(
      `this run is a "${'e'.repeat(200)}… (800 more characters)" event.`
    )
  })

  it('refuses a release event without a release', async () => {
    const message = 'This release event has no release in its payload, so "changed-since: auto" cannot find the previous one.'
    expect(await refusal(autoRange(env('release', { action: 'published' }), TOKEN))).toBe(message)
    expect(await refusal(autoRange(env('release', { release: { name: 'no tag' } }), TOKEN))).toBe(message)
    expect(await refusal(autoRange(env('release', { release: null }), TOKEN))).toBe(message)
  })
})

describe('autoRange: deployment_status', () => {
  const deployment = (id: number, environment: string, states: string[], hours = 1): StandInDeployment => ({
    id,
    sha: sha('d', id),
    environment,
    created_at: hoursAgo(hours),
    statuses: states.map((state, i) => ({ state, created_at: hoursAgo(hours - i * 0.01) }))
  })
  const current = { id: 100, sha: sha('d', 100), environment: 'github-pages' }
  const deployed = (over: object = {}): NodeJS.ProcessEnv =>
    env('deployment_status', { deployment_status: { state: 'success' }, deployment: { ...current, ...over } })

  it("compares with the last successful deployment to the same environment: its sha to this deployment's", async () => {
    github.deployments.push(deployment(100, 'github-pages', ['success']), deployment(99, 'github-pages', ['inactive', 'success'], 2))
    expect(await autoRange(deployed(), TOKEN, now)).toEqual({
      kind: 'range',
      event: 'deployment_status',
      base: sha('d', 99),
      baseWhy: 'the last successful deployment to github-pages, 0000063, 2 h ago',
      head: current.sha,
      headWhy: 'the deployed commit, 0000064'
    })
    expect(github.requests).toEqual([
      'GET /repos/acme/site/deployments?environment=github-pages&per_page=30',
      'GET /repos/acme/site/deployments/99/statuses?per_page=100'
    ])
  })

  it('takes a deployment whose latest status is success', async () => {
    github.deployments.push(deployment(99, 'github-pages', ['success', 'in_progress', 'queued'], 26))
    expect(await autoRange(deployed(), TOKEN, now)).toMatchObject({
      base: sha('d', 99),
      baseWhy: 'the last successful deployment to github-pages, 0000063, 26 h ago'
    })
  })

  it('skips deployments whose latest status is failure or error, and those that never succeeded', async () => {
    github.deployments.push(
      deployment(99, 'github-pages', ['failure', 'success']),
      deployment(98, 'github-pages', ['error']),
      deployment(97, 'github-pages', ['inactive']),
      deployment(96, 'github-pages', ['in_progress']),
      deployment(95, 'github-pages', ['success'], 50)
    )
    expect(await autoRange(deployed(), TOKEN, now)).toMatchObject({
      kind: 'range',
      base: sha('d', 95),
      baseWhy: 'the last successful deployment to github-pages, 000005f, 2 days ago'
    })
    expect(github.requests).toHaveLength(6)
  })

  it('skips the current deployment and newer ones', async () => {
    github.deployments.push(
      deployment(101, 'github-pages', ['success']),
      deployment(100, 'github-pages', ['success']),
      deployment(90, 'github-pages', ['success'])
    )
    expect(await autoRange(deployed(), TOKEN, now)).toMatchObject({ base: sha('d', 90) })
    expect(github.requests.filter((request) => request.includes('/statuses'))).toEqual([
      'GET /repos/acme/site/deployments/90/statuses?per_page=100'
    ])
  })

  it('finds none when the only success was to another environment', async () => {
    github.deployments.push(deployment(99, 'staging', ['success']))
    expect(await autoRange(deployed(), TOKEN, now)).toEqual({
      kind: 'first',
      event: 'deployment_status',
      why: 'no earlier successful deployment to github-pages',
      head: current.sha,
      headWhy: 'the deployed commit, 0000064'
    })
  })

  it('finds none when there was no deployment before', async () => {
    github.deployments.push(deployment(100, 'github-pages', ['success']))
    expect(await autoRange(deployed(), TOKEN, now)).toMatchObject({
      kind: 'first',
      why: 'no earlier successful deployment to github-pages'
    })
  })

  it('looks back at most 30 deployments', async () => {
    // The current one, 33 failed ones, then a success: beyond the 30 looked at.
    github.deployments.push(deployment(100, 'github-pages', ['success']))
    for (let id = 99; id > 66; id--) github.deployments.push(deployment(id, 'github-pages', ['failure']))
    github.deployments.push(deployment(60, 'github-pages', ['success']))
    expect(await autoRange(deployed(), TOKEN, now)).toMatchObject({ kind: 'first' })
    expect(github.requests.filter((request) => request.endsWith('/deployments?environment=github-pages&per_page=30'))).toHaveLength(1)
    expect(github.requests.filter((request) => request.includes('/statuses'))).toHaveLength(29)
  })

  it('refuses a deployment that did not succeed, and gives the if: line', async () => {
    for (const state of ['failure', 'error', 'in_progress']) {
      const message = await refusal(autoRange(env('deployment_status', { deployment_status: { state }, deployment: current }), TOKEN, now))
      expect(message).toBe(
        `This deployment_status event reports the state "${state}", and "changed-since: auto" purges after a successful one only. Run the step only then: add \`if: github.event.deployment_status.state == 'success'\` to it.`
      )
    }
    expect(await refusal(autoRange(env('deployment_status', {}), TOKEN, now))).toMatch(
      /^This deployment_status event reports the state "unknown"/
    )
    expect(github.requests).toEqual([])
  })

  it('refuses a deployment whose sha is not a full commit SHA, before any call', async () => {
    for (const bad of [
      { sha: 'main' },
      { sha: `${current.sha.slice(0, 39)}g` },
      { sha: `--${current.sha.slice(2)}` },
      { id: 'x' },
      { environment: 3 }
    ]) {
      expect(await refusal(autoRange(deployed(bad), TOKEN, now))).toBe(
        'This deployment_status event has no deployment with an id, a full commit SHA and an environment, so "changed-since: auto" cannot find the previous one.'
      )
    }
    expect(github.requests).toEqual([])
  })

  it('names the deployments: read permission when the token lacks it', async () => {
    github.permissions.delete('deployments')
    const error = await failure(autoRange(deployed(), TOKEN, now))
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toBe(
      'GitHub API: listing the deployments to github-pages failed (HTTP 403): Resource not accessible by integration - https://docs.github.com/rest. The token needs the "deployments: read" permission: add it to the workflow\'s or the job\'s permissions.'
    )
  })
})

describe('autoRange: workflow_run', () => {
  const run = (id: number, branch: string, conclusion: string | null, hours = 1) => ({
    id,
    workflow_id: 7,
    head_sha: sha('e', id),
    head_branch: branch,
    conclusion,
    created_at: hoursAgo(hours)
  })
  const triggered = (over: object = {}): NodeJS.ProcessEnv => ({
    ...env('workflow_run', { action: 'completed', workflow_run: { ...run(50, 'main', 'success'), ...over } }),
    GITHUB_SHA: sha('f', 1)
  })

  it("compares the last successful run of the workflow on the same branch with the run's head_sha, not GITHUB_SHA", async () => {
    github.runs.push(run(50, 'main', 'success'), run(49, 'feature', 'success'), run(48, 'main', 'failure'), run(47, 'main', 'success', 3))
    expect(await autoRange(triggered(), TOKEN, now)).toEqual({
      kind: 'range',
      event: 'workflow_run',
      base: sha('e', 47),
      baseWhy: 'the last successful run of this workflow on main, 000002f, 3 h ago',
      head: sha('e', 50),
      headWhy: 'the commit the triggering run built, 0000032'
    })
    expect(github.requests).toEqual(['GET /repos/acme/site/actions/workflows/7/runs?branch=main&status=success&per_page=30'])
  })

  it('finds none when the only earlier success was on another branch', async () => {
    github.runs.push(run(50, 'main', 'success'), run(49, 'feature', 'success'))
    expect(await autoRange(triggered(), TOKEN, now)).toEqual({
      kind: 'first',
      event: 'workflow_run',
      why: 'no earlier successful run of this workflow on main',
      head: sha('e', 50),
      headWhy: 'the commit the triggering run built, 0000032'
    })
  })

  it('refuses a run that did not succeed, and gives the if: line', async () => {
    for (const conclusion of ['failure', 'cancelled']) {
      expect(await refusal(autoRange(triggered({ conclusion }), TOKEN, now))).toBe(
        `The workflow run that triggered this one ended "${conclusion}", and "changed-since: auto" purges after a successful one only. Run the step only then: add \`if: github.event.workflow_run.conclusion == 'success'\` to it.`
      )
    }
    expect(await refusal(autoRange(triggered({ conclusion: null }), TOKEN, now))).toMatch(
      /^The workflow run that triggered this one ended "without a conclusion"/
    )
    expect(await refusal(autoRange(env('workflow_run', {}), TOKEN, now))).toMatch(
      /^The workflow run that triggered this one ended "without a conclusion"/
    )
    expect(await refusal(autoRange(triggered({ head_sha: 'HEAD' }), TOKEN, now))).toMatch(
      /^This workflow_run event has no run with an id, a workflow id, a full head SHA and a branch/
    )
    expect(github.requests).toEqual([])
  })

  it('names the actions: read permission when the token lacks it', async () => {
    github.permissions.delete('actions')
    const error = await failure(autoRange(triggered(), TOKEN, now))
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toContain(
      '(HTTP 403): Resource not accessible by integration - https://docs.github.com/rest. The token needs the "actions: read" permission'
    )
  })
})

describe('autoRange: pull_request closed', () => {
  const MERGE = sha('a', 9)
  const closed = (pull: object, event = 'pull_request'): NodeJS.ProcessEnv =>
    env(event, { action: 'closed', number: 12, pull_request: { number: 12, merged: true, merge_commit_sha: MERGE, commits: 1, ...pull } })

  it('compares a merge commit with its first parent', async () => {
    github.commits.set(MERGE, [sha('a', 8), sha('b', 1)])
    expect(await autoRange(closed({ commits: 4 }), TOKEN)).toEqual({
      kind: 'range',
      event: 'pull_request',
      base: sha('a', 8),
      baseWhy: 'the first parent of the merge commit of pull request #12',
      head: MERGE,
      headWhy: 'the merge commit, 0000009'
    })
    expect(github.requests).toEqual([`GET /repos/acme/site/commits/${MERGE}?per_page=1`])
  })

  it('compares a squash merge with its parent', async () => {
    github.commits.set(MERGE, [sha('a', 8)])
    expect(await autoRange(closed({}, 'pull_request_target'), TOKEN)).toMatchObject({
      kind: 'range',
      event: 'pull_request_target',
      base: sha('a', 8),
      baseWhy: 'the first parent of the merge commit of pull request #12',
      head: MERGE
    })
    expect(github.requests).toHaveLength(1)
  })

  it('walks a rebase merge back by the number of commits of the pull request', async () => {
    github.commits
      .set(MERGE, [sha('a', 8)])
      .set(sha('a', 8), [sha('a', 7)])
      .set(sha('a', 7), [sha('a', 6)])
    expect(await autoRange(closed({ commits: 3 }), TOKEN)).toEqual({
      kind: 'range',
      event: 'pull_request',
      base: sha('a', 6),
      baseWhy: 'the branch before the 3 commits of pull request #12 (a rebase or squash merge)',
      head: MERGE,
      headWhy: 'the merge commit, 0000009'
    })
    expect(github.requests).toHaveLength(3)
  })

  it('walks back 100 commits, and stops at a commit without parents', async () => {
    const chain = Array.from({ length: 101 }, (_, i) => sha('c', i))
    chain.slice(0, 100).forEach((commit, i) => github.commits.set(commit, [chain[i + 1] as string]))
    github.commits.set(MERGE, [chain[0] as string])
    expect(await autoRange(closed({ commits: 100 }), TOKEN)).toMatchObject({ base: chain[99] })
    github.commits.set(sha('c', 1), [])
    expect(await autoRange(closed({ commits: 5 }), TOKEN)).toMatchObject({ base: sha('c', 1) })
  })

  it('refuses a merge commit without a parent', async () => {
    github.commits.set(MERGE, [])
    expect(await refusal(autoRange(closed({}), TOKEN))).toBe(
      'The merge commit 0000009 of pull request #12 has no parent, so there is nothing to compare it with. Set "changed-since" to a ref.'
    )
  })

  it('refuses a walk longer than 100 commits, before any walking', async () => {
    github.commits.set(MERGE, [sha('a', 8)])
    expect(await refusal(autoRange(closed({ commits: 101 }), TOKEN))).toMatch(
      /^Pull request #12 has 101 commits and its merge commit one parent \(a rebase or squash merge\), more than the 100/
    )
    expect(github.requests).toHaveLength(1)
  })

  it('says nothing was merged when the pull request was closed without merging', async () => {
    expect(await autoRange(closed({ merged: false, merge_commit_sha: null }), TOKEN)).toEqual({
      kind: 'nothing',
      event: 'pull_request',
      why: 'pull request #12 was closed without merging: nothing was merged, so nothing changed',
      how: 'Nothing compared, as nothing was merged',
      said: 'This pull_request event: pull request #12 was closed without merging: nothing was merged, so nothing changed'
    })
    expect(github.requests).toEqual([])
  })

  it('refuses a pull request event that is not a close, and one without a full merge commit SHA', async () => {
    expect(await refusal(autoRange(env('pull_request', { action: 'synchronize', pull_request: { number: 3 } }), TOKEN))).toBe(
      '"changed-since: auto" on a pull_request event purges what a merge changed, and this one is "synchronize". Run the workflow on closed pull requests only (`types: [closed]`) and the step when one was merged: `if: github.event.pull_request.merged == true`.'
    )
    expect(await refusal(autoRange(env('pull_request_target', { pull_request: {} }), TOKEN))).toMatch(
      /^"changed-since: auto" on a pull_request_target event purges what a merge changed, and this one is "unknown"\./
    )
    expect(await refusal(autoRange(env('pull_request', { action: 'closed', pull_request: { merged: true } }), TOKEN))).toBe(
      'Pull request was merged but its payload has no full merge_commit_sha, so "changed-since: auto" cannot tell what the merge changed.'
    )
    expect(await refusal(autoRange(closed({ merge_commit_sha: 'abc' }), TOKEN))).toBe(
      'Pull request #12 was merged but its payload has no full merge_commit_sha, so "changed-since: auto" cannot tell what the merge changed.'
    )
    expect(github.requests).toEqual([])
  })

  it('names the contents: read permission when the token lacks it', async () => {
    github.permissions.delete('contents')
    const error = await failure(autoRange(closed({}), TOKEN))
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toBe(
      `GitHub API: reading commit ${MERGE} failed (HTTP 403): Resource not accessible by integration - https://docs.github.com/rest. The token needs the "contents: read" permission: add it to the workflow's or the job's permissions.`
    )
  })
})

describe('autoRange: other events', () => {
  it('refuses them, naming the event and the events auto understands', async () => {
    expect(await refusal(autoRange(env('workflow_dispatch', {}), TOKEN))).toBe(
      '"changed-since: auto" works for push, release, deployment_status, workflow_run, pull_request, pull_request_target events; this run is a "workflow_dispatch" event. Give a ref instead (a tag, branch or SHA), e.g. "changed-since: ${{ inputs.since }}".'
    )
    expect(await refusal(autoRange(env(undefined, {}), TOKEN))).toMatch(/ events; this run is a "unknown" event\./)
    expect(await refusal(autoRange(env('schedule\n::error::x', {}), TOKEN))).toContain('this run is a "schedule ::error::x" event')
  })

  it('says when the payload cannot be read', async () => {
    expect(await refusal(autoRange({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: join(dir, 'missing.json') }, TOKEN))).toBe(
      'Cannot read the event payload at GITHUB_EVENT_PATH (ENOENT), which "changed-since: auto" needs.'
    )
    expect(await refusal(autoRange(env('push', '{not json'), TOKEN))).toMatch(
      /^Cannot read the event payload at GITHUB_EVENT_PATH \(SyntaxError: .*\), which "changed-since: auto" needs\.$/
    )
  })
})

// Each test loads event.ts anew (test/support/fresh.ts), and so covers what the module makes as it loads: its SHA and
// ref patterns, and the helpers that write the short SHA and the if: advice.
describe('autoRange, the module loaded by the test', () => {
  it('tells a zero SHA, all zeros of SHA-1 or SHA-256, from a commit with zeros in it', async () => {
    const loaded = await loadAfresh<typeof Event>('/src/changes/event.js')
    for (const before of ['0'.repeat(40), '0'.repeat(64)])
      expect(await loaded.autoRange(env('push', { ref: 'refs/heads/new', before, after: sha('b', 2) }), TOKEN)).toMatchObject({
        kind: 'first'
      })
    for (const before of [
      `${'0'.repeat(39)}a`,
      `a${'0'.repeat(39)}`,
      `${'0'.repeat(63)}a`,
      `a${'0'.repeat(63)}`,
      `${'0'.repeat(20)}a${'0'.repeat(19)}`
    ])
      expect(await loaded.autoRange(env('push', { before, after: sha('b', 2) }), TOKEN)).toMatchObject({ kind: 'range', base: before })
    for (const after of ['0'.repeat(40), '0'.repeat(64)])
      expect(await loaded.autoRange(env('push', { ref: 'refs/heads/old', before: sha('b', 1), after }), TOKEN)).toMatchObject({
        kind: 'nothing'
      })
    expect(await loaded.autoRange(env('push', { before: sha('b', 1), after: `a${'0'.repeat(39)}` }), TOKEN)).toMatchObject({
      kind: 'range'
    })
    expect(await loaded.autoRange(env('push', { before: sha('b', 1), after: `${'0'.repeat(39)}a` }), TOKEN)).toMatchObject({
      kind: 'range'
    })
    expect(github.requests).toEqual([])
  })

  it('takes a previous tag as a git ref only when it is no option and has no space or control character', async () => {
    const loaded = await loadAfresh<typeof Event>('/src/changes/event.js')
    const current = { id: 9, tag_name: 'v9', draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' }
    const previous = (tag: string): NodeJS.ProcessEnv => {
      github.releases.length = 0
      github.releases.push(current, { id: 1, tag_name: tag, draft: false, prerelease: false, published_at: '2026-11-01T10:00:00Z' })
      return env('release', { release: current })
    }
    for (const tag of ['v1.0.0', 'v', 'release/2026-11-01', 'v1-rc.1', 'caf\u00e9'])
      expect(await loaded.autoRange(previous(tag), TOKEN)).toMatchObject({ kind: 'range', base: tag })
    for (const tag of ['--upload-pack=x', '-v1', 'v1 x', ' v1', 'v1 ', 'v1\tx', 'v1\nx', 'v1\u0007', 'v1\u007f']) {
      expect(await refusal(loaded.autoRange(previous(tag), TOKEN))).toMatch(
        /^The previous release's tag \(.*\) cannot be used as a git ref\./
      )
    }
  })

  it("writes a deployed commit's short SHA, and the if: line for a deployment that did not succeed", async () => {
    const loaded = await loadAfresh<typeof Event>('/src/changes/event.js')
    const deployment = { id: 100, sha: sha('d', 100), environment: 'github-pages' }
    expect(await loaded.autoRange(env('deployment_status', { deployment_status: { state: 'success' }, deployment }), TOKEN, now)).toEqual({
      kind: 'first',
      event: 'deployment_status',
      why: 'no earlier successful deployment to github-pages',
      head: deployment.sha,
      headWhy: 'the deployed commit, 0000064'
    })
    expect(
      await refusal(loaded.autoRange(env('deployment_status', { deployment_status: { state: 'failure' }, deployment }), TOKEN, now))
    ).toBe(
      'This deployment_status event reports the state "failure", and "changed-since: auto" purges after a successful one only. Run the step only then: add `if: github.event.deployment_status.state == \'success\'` to it.'
    )
  })
})

describe('autoRange when the run is cancelled', () => {
  // Each event that asks the API, with a payload that gets as far as the call.
  const events: [string, () => NodeJS.ProcessEnv][] = [
    [
      'release',
      () =>
        env('release', {
          action: 'published',
          release: { id: 2, tag_name: 'v2', draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' }
        })
    ],
    [
      'deployment_status',
      () =>
        env('deployment_status', {
          deployment_status: { state: 'success' },
          deployment: { id: 100, sha: sha('d', 100), environment: 'github-pages' }
        })
    ],
    [
      'workflow_run',
      () =>
        env('workflow_run', {
          action: 'completed',
          workflow_run: {
            id: 50,
            workflow_id: 7,
            head_sha: sha('e', 50),
            head_branch: 'main',
            conclusion: 'success',
            created_at: hoursAgo(1)
          }
        })
    ],
    [
      'pull_request',
      () => env('pull_request', { action: 'closed', pull_request: { number: 12, merged: true, merge_commit_sha: sha('a', 9) } })
    ]
  ]

  it.each(events)('%s: asks the API nothing, and rejects with the cancel', async (_, given) => {
    const run = testCancel()
    run.cancel()
    const range = autoRange(given(), TOKEN, now, run.signal)
    await expect(range).rejects.toBe(run.reason)
    await expect(range).rejects.toBeInstanceOf(Cancelled)
    expect(github.requests).toEqual([])
  })
})
