import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import {
  commitParents,
  compareLink,
  compareWithApi,
  previousDeployment,
  previousReleaseTag,
  previousRun
} from '../../../src/changes/github.js'
import {
  comparedPaths,
  deploymentSucceeded,
  isFullSha,
  pickPreviousRelease,
  pickPreviousRun,
  readDeployment,
  readRelease,
  readStatuses,
  readWorkflowRun,
  type Release,
  type WorkflowRun
} from '../../../src/changes/github-records.js'
import { GitHubError, InputError } from '../../../src/errors.js'
import type { GitHubApi } from '../../../src/github.js'
import { testCancel } from '../../support/clock.js'

const release = (tag_name: string, published_at: string | null, over: Partial<Release> = {}): Release => ({
  tag_name,
  published_at,
  draft: false,
  prerelease: false,
  ...over
})

describe('pickPreviousRelease', () => {
  const releases = [
    release('v3.0.0', null, { draft: true }),
    release('v2.1.0', '2026-11-03T00:00:00Z'),
    release('v2.1.0-rc.2', '2026-11-02T12:00:00Z', { prerelease: true }),
    release('v2.0.0', '2026-10-01T00:00:00Z'),
    release('v1.0.0', '2026-09-01T00:00:00Z')
  ]
  it('skips drafts and, for a full release, prereleases', () => {
    expect(pickPreviousRelease(releases, release('v2.1.0', '2026-11-03T00:00:00Z'))?.tag_name).toBe('v2.0.0')
  })
  it('takes a prerelease as the base of a prerelease', () => {
    expect(pickPreviousRelease(releases, release('v2.1.0-rc.3', '2026-11-02T18:00:00Z', { prerelease: true }))?.tag_name).toBe(
      'v2.1.0-rc.2'
    )
  })
  it('ignores releases published after this one', () => {
    expect(pickPreviousRelease(releases, release('v2.0.1', '2026-10-15T00:00:00Z'))?.tag_name).toBe('v2.0.0')
  })
  it('takes every earlier release for a release not yet published', () => {
    expect(pickPreviousRelease(releases, release('v9', null))?.tag_name).toBe('v2.1.0')
  })
  it('skips a draft and the release itself, whatever their dates', () => {
    const current = release('v3', null)
    const listed = [
      release('v3', '2026-11-05T00:00:00Z'),
      release('draft', '2026-11-04T00:00:00Z', { draft: true }),
      release('unpublished', null),
      release('v2', '2026-11-01T00:00:00Z')
    ]
    expect(pickPreviousRelease(listed, current)?.tag_name).toBe('v2')
  })
  it('takes the latest of the earlier releases, in any order', () => {
    const listed = [release('v1', '2026-09-01T00:00:00Z'), release('v2', '2026-10-01T00:00:00Z'), release('v1.5', '2026-09-15T00:00:00Z')]
    expect(pickPreviousRelease(listed, release('v3', '2026-11-01T00:00:00Z'))?.tag_name).toBe('v2')
  })
  it('takes a release published at the same moment for no earlier one', () => {
    expect(pickPreviousRelease([release('twin', '2026-11-01T00:00:00Z')], release('v3', '2026-11-01T00:00:00Z'))).toBeUndefined()
  })
  it('finds none for the first release', () => {
    expect(pickPreviousRelease(releases, release('v1.0.0', '2026-09-01T00:00:00Z'))).toBeUndefined()
  })
})

describe('comparedPaths', () => {
  it('counts every status, and both paths of a rename', () => {
    expect(
      comparedPaths([
        { filename: 'a', status: 'added' },
        { filename: 'b', status: 'removed' },
        { filename: 'c-new', status: 'renamed', previous_filename: 'c-old' },
        { filename: 'd', status: 'modified' },
        { filename: 'e', status: 'copied', previous_filename: 'e-src' },
        { filename: 'f', status: 'renamed' },
        { filename: 'a', status: 'modified' }
      ])
    ).toEqual(['a', 'b', 'c-old', 'c-new', 'd', 'e', 'f'])
  })
})

// A programmable GitHub API: each test says what it answers, or that it never answers (`hang`).
const TOKEN = 'ghs_unit-test-token'
let server: Server
let answer: (path: string) => { status: number; body: unknown; headers?: Record<string, string> } | 'hang'
const requests: string[] = []
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method ?? ''} ${req.url ?? ''} ${req.headers.authorization ?? ''}`)
    const given = answer(req.url ?? '')
    if (given === 'hang') return
    const { status, body, headers } = given
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  // Read once, when octokit is first loaded.
  process.env.GITHUB_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  requests.length = 0
})
const acme = { owner: 'acme', repo: 'site' }
/** The API of the test server as whom `token` asks. */
const api = (token = TOKEN): GitHubApi => ({ token, apiUrl: process.env.GITHUB_API_URL as string, repository: acme })
const caught = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error
  )

describe('compareWithApi', () => {
  const files = (count: number) => Array.from({ length: count }, (_, i) => ({ filename: `f${i}`, status: 'modified' }))

  it('asks for base...head with the token, and gives the paths', async () => {
    answer = () => ({
      status: 200,
      body: {
        files: [
          { filename: 'new', status: 'renamed', previous_filename: 'old' },
          { filename: 'a', status: 'added' }
        ]
      }
    })
    expect(await compareWithApi(api(), 'v1', 'abc123')).toEqual({ paths: ['old', 'new', 'a'], complete: true })
    expect(requests).toEqual([`GET /repos/acme/site/compare/v1...abc123 token ${TOKEN}`])
  })

  it('takes a list of 300 files as possibly cut off, and one of 299 as whole', async () => {
    answer = () => ({ status: 200, body: { files: files(299) } })
    expect((await compareWithApi(api(), 'a', 'b')).complete).toBe(true)
    answer = () => ({ status: 200, body: { files: files(300) } })
    expect(await compareWithApi(api(), 'a', 'b')).toMatchObject({ complete: false })
  })

  it('takes an answer without files as no change', async () => {
    answer = () => ({ status: 200, body: { status: 'identical' } })
    expect(await compareWithApi(api(), 'a', 'b')).toEqual({ paths: [], complete: true })
  })

  it('needs a token, and says which input to set', async () => {
    const error = await caught(compareWithApi(api(''), 'a', 'b'))
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      'Input "github-token" is empty, and the GitHub API needs it to find what changed. Leave it at its default (${{ github.token }}) or pass a token.'
    )
    expect(requests).toEqual([])
  })

  it.each([
    [404, ' Check the ref, and that github-token may read this repository (contents: read).'],
    [401, ' Check the github-token input and its permissions.'],
    [403, ' The token needs the "contents: read" permission: add it to the workflow\'s or the job\'s permissions.'],
    [422, '']
  ])('says which call failed with HTTP %i, and what to check', async (status, hint) => {
    answer = () => ({ status, body: { message: 'Refused\nsecond line' } })
    const error = await caught(compareWithApi(api(), 'v1', 'abc'))
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toBe(`GitHub API: comparing v1...abc failed (HTTP ${status}): Refused.${hint}`)
  })
})

describe('previousReleaseTag', () => {
  const listed = [
    release('v2', '2026-11-03T00:00:00Z'),
    release('v2-rc', '2026-11-02T00:00:00Z', { prerelease: true }),
    release('v1', '2026-11-01T00:00:00Z')
  ]

  it('lists the releases and takes the one before', async () => {
    answer = () => ({ status: 200, body: listed })
    expect(await previousReleaseTag(api(), listed[0] as Release)).toBe('v1')
    expect(requests).toEqual([`GET /repos/acme/site/releases?per_page=100 token ${TOKEN}`])
  })

  it('passes over listed releases without a tag: nothing else could be compared with', async () => {
    const untagged = [{ tag_name: 5, published_at: '2026-11-02T12:00:00Z' }, { published_at: '2026-11-02T06:00:00Z' }, null, 'v1.5']
    answer = () => ({ status: 200, body: [listed[0], ...untagged, listed[2]] })
    expect(await previousReleaseTag(api(), listed[0] as Release)).toBe('v1')
  })

  it('gives none when there is no earlier full release, or no earlier release at all (a first release)', async () => {
    answer = () => ({ status: 200, body: listed })
    expect(await previousReleaseTag(api(), listed[2] as Release)).toBeUndefined()
    expect(await previousReleaseTag(api(), release('v0-rc', '2026-10-01T00:00:00Z', { prerelease: true }))).toBeUndefined()
    // A prerelease compares with the prerelease before it.
    expect(await previousReleaseTag(api(), release('v3-rc', '2026-11-04T00:00:00Z', { prerelease: true }))).toBe('v2')
    answer = () => ({ status: 200, body: [] })
    expect(await previousReleaseTag(api(), listed[0] as Release)).toBeUndefined()
  })

  it('needs a token', async () => {
    const error = await caught(previousReleaseTag(api(''), listed[0] as Release))
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toMatch(/^Input "github-token" is empty/)
    expect((error as InputError).input).toBe('github-token')
  })

  it('says which call failed', async () => {
    answer = () => ({ status: 404, body: { message: 'Not Found' } })
    const error = await caught(previousReleaseTag(api(), listed[0] as Release))
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toBe(
      'GitHub API: listing releases failed (HTTP 404): Not Found. Check the ref, and that github-token may read this repository (contents: read).'
    )
  })
})

const SHA1 = 'a'.repeat(40)
const SHA2 = 'b'.repeat(40)
const SHA256 = 'c'.repeat(64)

describe('isFullSha', () => {
  it('takes 40 or 64 lowercase hex digits only', () => {
    expect([SHA1, SHA256, '0123456789abcdef'.repeat(4)].map(isFullSha)).toEqual([true, true, true])
    for (const value of [
      [SHA1],
      'a'.repeat(39),
      'a'.repeat(41),
      'a'.repeat(63),
      'A'.repeat(40),
      `${'a'.repeat(39)}g`,
      `-${'a'.repeat(39)}`,
      `${'a'.repeat(40)}\n`,
      'main',
      '',
      40,
      null
    ]) {
      expect(isFullSha(value)).toBe(false)
    }
  })
})

describe('deploymentSucceeded', () => {
  it.each([
    [['success'], true],
    [['inactive', 'success'], true],
    [['inactive', 'success', 'in_progress'], true],
    [['failure', 'success'], false],
    [['error', 'success'], false],
    [['inactive'], false],
    [['in_progress', 'success'], false],
    [[], false]
  ])('statuses %j (newest first): %s', (states, succeeded) => {
    expect(deploymentSucceeded(states)).toBe(succeeded)
  })
})

describe('pickPreviousRun', () => {
  const run = (id: number, over: Partial<WorkflowRun> = {}): WorkflowRun => ({
    id,
    workflowId: 7,
    headSha: SHA1,
    headBranch: 'main',
    conclusion: 'success',
    createdAt: 0,
    ...over
  })
  it('takes the newest earlier success of the same workflow on the same branch', () => {
    const runs = [
      run(12),
      run(10),
      run(9, { headBranch: 'dev' }),
      run(8, { conclusion: 'failure' }),
      run(7, { workflowId: 8 }),
      run(5),
      run(6)
    ]
    expect(pickPreviousRun(runs, run(10))?.id).toBe(6)
    expect(pickPreviousRun([run(10), run(11)], run(10))).toBeUndefined()
  })
})

describe('readDeployment and readWorkflowRun', () => {
  it('take only the shapes they know, with full SHAs', () => {
    expect(readDeployment({ id: 3, sha: SHA256, environment: 'prod', extra: 1 })).toEqual({ id: 3, sha: SHA256, environment: 'prod' })
    for (const bad of [
      null,
      [],
      'x',
      { id: '3', sha: SHA1, environment: 'prod' },
      { id: 1.5, sha: SHA1, environment: 'prod' },
      { id: 3, sha: 'main', environment: 'prod' },
      { id: 3, sha: SHA1 }
    ]) {
      expect(readDeployment(bad)).toBeUndefined()
    }
    const run = { id: 4, workflow_id: 7, head_sha: SHA1, head_branch: 'main', conclusion: 'success', created_at: '2026-11-26T10:00:00Z' }
    expect(readWorkflowRun(run)).toEqual({
      id: 4,
      workflowId: 7,
      headSha: SHA1,
      headBranch: 'main',
      conclusion: 'success',
      createdAt: Date.parse('2026-11-26T10:00:00Z')
    })
    expect(readWorkflowRun({ ...run, conclusion: null })?.conclusion).toBe('')
    // JSON that no String() can turn into text: it must not throw.
    expect(readWorkflowRun({ ...run, created_at: { toString: 1, valueOf: 1 } })?.createdAt).toBeNaN()
    for (const bad of [{ ...run, id: 'x' }, { ...run, workflow_id: null }, { ...run, head_sha: 'HEAD' }, { ...run, head_branch: 1 }, null])
      expect(readWorkflowRun(bad)).toBeUndefined()
  })
})

describe('compareLink', () => {
  it('links a comparison of full SHAs on GITHUB_SERVER_URL, and nothing it cannot make safe', () => {
    const env = { GITHUB_REPOSITORY: 'acme/site', GITHUB_SERVER_URL: 'https://ghe.example.com/' }
    expect(compareLink(env, SHA1, SHA2)).toBe(`https://ghe.example.com/acme/site/compare/${SHA1}...${SHA2}`)
    expect(compareLink({ GITHUB_REPOSITORY: 'acme/site' }, SHA1, SHA2)).toBe(`https://github.com/acme/site/compare/${SHA1}...${SHA2}`)
    expect(compareLink(env, 'v1', SHA2)).toBeUndefined()
    expect(compareLink(env, SHA1, 'HEAD')).toBeUndefined()
    expect(compareLink({ ...env, GITHUB_REPOSITORY: 'acme/site)[x](y' }, SHA1, SHA2)).toBeUndefined()
    expect(compareLink({ ...env, GITHUB_REPOSITORY: undefined }, SHA1, SHA2)).toBeUndefined()
    expect(compareLink({ ...env, GITHUB_REPOSITORY: 'a(b/site' }, SHA1, SHA2)).toBeUndefined()
    expect(compareLink({ ...env, GITHUB_SERVER_URL: 'http://ghe.local//' }, SHA1, SHA2)).toBe(
      `http://ghe.local/acme/site/compare/${SHA1}...${SHA2}`
    )
    expect(compareLink({ ...env, GITHUB_SERVER_URL: 'https://ghe.example.com/a b' }, SHA1, SHA2)).toBe(
      `https://ghe.example.com/a%20b/acme/site/compare/${SHA1}...${SHA2}`
    )
    for (const server of ['https://ghe.example.com/a)b', 'https://ghe.example.com/a]b', 'ftp://ghe.example.com', 'nope']) {
      expect(compareLink({ ...env, GITHUB_SERVER_URL: server }, SHA1, SHA2)).toBeUndefined()
    }
  })
})

describe('readStatuses', () => {
  it('reads each status as a state and a date, passing over what is no status, and never throws on JSON', () => {
    // JSON that no String() can turn into text (octokit's parser gives such an answer as text, a payload has it as it is).
    const hostile = { toString: 1, valueOf: 1 }
    expect(
      readStatuses([{ state: 'success', created_at: '2026-11-26T10:00:00Z' }, null, 'x', { state: hostile, created_at: hostile }])
    ).toEqual([
      { state: 'success', at: Date.parse('2026-11-26T10:00:00Z') },
      { state: '', at: Number.NaN }
    ])
    expect(readStatuses({ state: 'success' })).toBeUndefined()
  })
})

describe('readRelease', () => {
  it('takes a release with a tag, flags as GitHub sets them and no date when it has none', () => {
    expect(readRelease({ tag_name: 'v2', draft: false, prerelease: true, published_at: '2026-11-26T10:00:00Z', id: 1 })).toEqual({
      tag_name: 'v2',
      draft: false,
      prerelease: true,
      published_at: '2026-11-26T10:00:00Z'
    })
    expect(readRelease({ tag_name: 'v2', draft: 'yes', prerelease: 1, published_at: { toString: 1, valueOf: 1 } })).toEqual({
      tag_name: 'v2',
      draft: false,
      prerelease: false,
      published_at: null
    })
    expect(readRelease({ tag_name: 'v3', draft: true, published_at: null })).toMatchObject({ draft: true, published_at: null })
    for (const bad of [null, [], 'v2', {}, { tag_name: 2 }, { name: 'v2' }]) expect(readRelease(bad)).toBeUndefined()
  })
})

describe('answers of the wrong shape', () => {
  it('refuses a compare answer whose files are not a list of files', async () => {
    for (const body of [
      { files: 'x' },
      { files: [{ filename: 1, status: 'added' }] },
      { files: [{ filename: 'a', status: 3 }] },
      { files: [{ filename: 'a', status: 'renamed', previous_filename: 5 }] },
      { files: [{ filename: 'a', status: 'renamed', previous_filename: ['b'] }] },
      { files: [null] },
      ['x'],
      'x'
    ]) {
      answer = () => ({ status: 200, body })
      const error = await caught(compareWithApi(api(), 'v1', 'v2'))
      expect(error).toBeInstanceOf(GitHubError)
      expect((error as GitHubError).message).toBe(
        'GitHub API: comparing v1...v2 gave an answer this action cannot read. Check GITHUB_API_URL.'
      )
    }
  })

  it('passes over deployments it cannot read or of another environment, and refuses statuses that are not a list', async () => {
    const current = { id: 10, sha: SHA1, environment: 'prod' }
    answer = (path) =>
      path.includes('/statuses')
        ? { status: 200, body: [{ state: 'success', created_at: '2026-11-26T10:00:00Z' }] }
        : {
            status: 200,
            body: [
              { id: 9, sha: 'main', environment: 'prod' },
              { id: 8, sha: SHA2, environment: 'staging' },
              'x',
              { id: 7, sha: SHA2, environment: 'prod' }
            ]
          }
    expect(await previousDeployment(api(), current)).toEqual({
      id: 7,
      sha: SHA2,
      environment: 'prod',
      succeededAt: Date.parse('2026-11-26T10:00:00Z')
    })
    expect(requests.map((request) => request.split(' ')[1])).toEqual([
      '/repos/acme/site/deployments?environment=prod&per_page=30',
      '/repos/acme/site/deployments/7/statuses?per_page=100'
    ])
    answer = (path) =>
      path.includes('/statuses')
        ? { status: 200, body: { state: 'success' } }
        : { status: 200, body: [{ id: 7, sha: SHA2, environment: 'prod' }] }
    expect(await caught(previousDeployment(api(), current))).toBeInstanceOf(GitHubError)
    answer = () => ({ status: 200, body: { deployments: [] } })
    expect(await caught(previousDeployment(api(), current))).toBeInstanceOf(GitHubError)
  })

  it('looks at no more than 30 deployments or runs, whatever the server sends', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: 40 - i, sha: SHA2, environment: 'prod' }))
    const id = (path: string): number => Number(/deployments\/(\d+)\//.exec(path)?.[1])
    // Only deployment 10, the 31st listed, succeeded: beyond what is looked at.
    answer = (path) =>
      path.includes('/statuses') ? { status: 200, body: [{ state: id(path) === 10 ? 'success' : 'failure' }] } : { status: 200, body: many }
    expect(await previousDeployment(api(), { id: 41, sha: SHA1, environment: 'prod' })).toBeUndefined()
    expect(requests.filter((request) => request.includes('/statuses'))).toHaveLength(30)
    const runs = Array.from({ length: 31 }, (_, n) => ({
      id: 40 - n,
      workflow_id: 7,
      head_sha: SHA2,
      head_branch: 'main',
      conclusion: n === 30 ? 'success' : 'failure'
    }))
    answer = () => ({ status: 200, body: { workflow_runs: runs } })
    expect(
      await previousRun(api(), { id: 41, workflowId: 7, headSha: SHA1, headBranch: 'main', conclusion: 'success', createdAt: 0 })
    ).toBeUndefined()
  })

  it('dates a deployment by its success, passes over statuses it cannot read, and names the call that failed', async () => {
    const current = { id: 10, sha: SHA1, environment: 'prod' }
    answer = (path) =>
      path.includes('/statuses')
        ? {
            status: 200,
            body: [
              { state: 'inactive', created_at: '2026-11-26T11:00:00Z' },
              null,
              { state: 'success', created_at: '2026-11-26T10:00:00Z' }
            ]
          }
        : { status: 200, body: [{ id: 7, sha: SHA2, environment: 'prod' }] }
    expect(await previousDeployment(api(), current)).toMatchObject({ succeededAt: Date.parse('2026-11-26T10:00:00Z') })
    answer = (path) =>
      path.includes('/statuses')
        ? { status: 403, body: { message: 'Forbidden' } }
        : { status: 200, body: [{ id: 7, sha: SHA2, environment: 'prod' }] }
    expect(((await caught(previousDeployment(api(), current))) as GitHubError).message).toBe(
      'GitHub API: listing the statuses of deployment 7 failed (HTTP 403): Forbidden. The token needs the "deployments: read" permission: add it to the workflow\'s or the job\'s permissions.'
    )
    answer = () => ({ status: 403, body: { message: 'Forbidden' } })
    const run = { id: 10, workflowId: 7, headSha: SHA1, headBranch: 'main\nx', conclusion: 'success', createdAt: 0 }
    expect(((await caught(previousRun(api(), run))) as GitHubError).message).toBe(
      'GitHub API: listing the runs of workflow 7 on main x failed (HTTP 403): Forbidden. The token needs the "actions: read" permission: add it to the workflow\'s or the job\'s permissions.'
    )
  })

  it('refuses runs that are not listed as workflow_runs, and parents that are not full SHAs', async () => {
    const current = { id: 10, workflowId: 7, headSha: SHA1, headBranch: 'main', conclusion: 'success', createdAt: 0 }
    answer = () => ({ status: 200, body: [] })
    expect(await caught(previousRun(api(), current))).toBeInstanceOf(GitHubError)
    answer = () => ({
      status: 200,
      body: { workflow_runs: [{ id: 9, workflow_id: 7, head_sha: 'HEAD', head_branch: 'main', conclusion: 'success' }] }
    })
    expect(await previousRun(api(), current)).toBeUndefined()
    for (const body of [{ parents: [{ sha: '../../x' }] }, { parents: 'x' }, {}]) {
      answer = () => ({ status: 200, body })
      expect(await caught(commitParents(api(), SHA1))).toBeInstanceOf(GitHubError)
    }
    const error = await caught(commitParents(api(), '../../etc'))
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toBe('GitHub API: "../../etc" is not a full commit SHA.')
    expect(requests.filter((request) => request.includes('etc'))).toEqual([])
  })

  it('quotes at most 200 characters of a server message, on one line', async () => {
    answer = () => ({ status: 500, body: { message: `${'x'.repeat(300)}` } })
    const error = await caught(commitParents(api(), SHA1))
    expect((error as GitHubError).message).toBe(
      `GitHub API: reading commit ${SHA1} failed (HTTP 500): ${'x'.repeat(200)}… (100 more characters).`
    )
  })
})

describe('calls when the run is cancelled', () => {
  const deployment = { id: 10, sha: SHA1, environment: 'prod' }
  const run = { id: 10, workflowId: 7, headSha: SHA1, headBranch: 'main', conclusion: 'success', createdAt: 0 }
  const release = { tag_name: 'v2', published_at: '2026-11-03T00:00:00Z', draft: false, prerelease: false }
  // Each call, and the requests the server answers before the one that never comes back.
  const calls: [string, (api: GitHubApi) => Promise<unknown>, number][] = [
    ['comparing', (given) => compareWithApi(given, 'v1', 'v2'), 0],
    ['listing releases', (given) => previousReleaseTag(given, release), 0],
    ['listing deployments', (given) => previousDeployment(given, deployment), 0],
    ['listing the statuses of a deployment', (given) => previousDeployment(given, deployment), 1],
    ['listing runs', (given) => previousRun(given, run), 0],
    ['reading a commit', (given) => commitParents(given, SHA1), 0]
  ]

  it.each(calls)('%s: makes no call once cancelled, and rejects with the cancel', async (_, call) => {
    const cancel = testCancel()
    cancel.cancel()
    answer = () => ({ status: 200, body: [] })
    const called = call({ ...api(), signal: cancel.signal })
    await expect(called).rejects.toBe(cancel.reason)
    await expect(called).rejects.toBeInstanceOf(Cancelled)
    expect(requests).toEqual([])
  })

  it.each(calls)('%s: abandons the call in flight at once, rejecting with the cancel rather than a failure', async (_, call, answered) => {
    const cancel = testCancel()
    let seen = 0
    answer = () => (seen++ < answered ? { status: 200, body: [{ id: 7, sha: SHA2, environment: 'prod' }] } : 'hang')
    const called = call({ ...api(), signal: cancel.signal })
    await vi.waitFor(() => expect(requests).toHaveLength(answered + 1))
    cancel.cancel()
    await expect(called).rejects.toBe(cancel.reason)
    await expect(called).rejects.toBeInstanceOf(Cancelled)
  })
})
