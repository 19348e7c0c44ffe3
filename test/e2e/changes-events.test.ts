// `changed-since: auto` on the events where deploys really happen, end to end: the bundle with
// GITHUB_EVENT_NAME and a payload at GITHUB_EVENT_PATH, against a stand-in GitHub API mounted under
// /api/v3 as on GitHub Enterprise Server.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { createRequire } from 'node:module'
import { connect, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { WebhookDefinition } from '@octokit/webhooks-examples'
import type { PushEvent, ReleaseEvent } from '@octokit/webhooks-types'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startGitHub, type GitHubStandIn, type StandInDeployment } from '../stand-in/github.js'
import { git, makeHistory, type History } from '../stand-in/git-repo.js'
import { errorLine, noStackTrace, posts, standIn } from './fixture.js'
import { EXPRESSION_DEFAULTS } from '../support/run-action.js'

const TOKEN = EXPRESSION_DEFAULTS['${{ github.token }}'] as string
const SERVER = 'https://ghe.example.com'
let history: History
let github: GitHubStandIn
beforeAll(async () => {
  history = makeHistory()
  github = await startGitHub(TOKEN, '/api/v3')
})
afterAll(async () => {
  history.remove()
  await github.close()
})
beforeEach(() => {
  github.requests.length = 0
  github.releases.length = 0
  github.deployments.length = 0
  github.runs.length = 0
  github.commits.clear()
  github.comparisons.clear()
  github.permissions.clear()
  for (const permission of ['contents', 'deployments', 'actions'] as const) github.permissions.add(permission)
})

const commit = (i: number): string => history.commits[i] as string
const short = (sha: string): string => sha.slice(0, 7)
/** What the summary shows of a text (its Markdown characters as entities). */
const shown = (text: string): string =>
  text.replaceAll('#', '&#35;').replaceAll('_', '&#95;').replaceAll('(', '&#40;').replaceAll(')', '&#41;')

/**
 * A runner-like environment on GitHub Enterprise Server for event `name`; GITHUB_SHA is the default branch's tip, never the head.
 * The payload lies in the history's folder, so it goes when that is removed.
 */
function event(name: string, payload: unknown): Record<string, string> {
  const path = join(mkdtempSync(join(history.root, 'event-')), 'event.json')
  writeFileSync(path, JSON.stringify(payload))
  return {
    GITHUB_EVENT_NAME: name,
    GITHUB_EVENT_PATH: path,
    GITHUB_SHA: commit(0),
    GITHUB_REPOSITORY: 'acme/site',
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: SERVER
  }
}

/** A shallow checkout that cannot fetch: the GitHub compare API is asked, so the test sees the base and head. */
function unfetchable(): string {
  const workspace = history.clone('shallow')
  git(workspace, 'remote', 'set-url', 'origin', join(history.root, 'no-such-remote'))
  return workspace
}

/** The compare answer for base...head, and the URLs it gives under site/. */
function comparison(base: string, head: string): string[] {
  github.comparisons.set(`${base}...${head}`, [
    { filename: 'site/blog.html', status: 'added' },
    { filename: 'site/new-name.css', previous_filename: 'site/old-name.css', status: 'renamed' },
    { filename: 'src/build.ts', status: 'modified' }
  ])
  return ['https://example.com/blog.html', 'https://example.com/new-name.css', 'https://example.com/old-name.css']
}

/** The URLs of every file under site/ (index-file off): what a first deploy purges. */
const EVERY_SITE_URL = ['about.html', 'blog.html', 'docs/guide.html', 'docs/index.html', 'index.html', 'new page.html', 'new-name.css']
  .map((path) => `https://example.com/${path.replace(' ', '%20')}`)
  .sort()

/** A first deploy of site/ on event `name`, in a checkout that cannot fetch: a git command about a commit before would fail it. */
const firstDeploy = async (api: Awaited<ReturnType<typeof standIn>>, name: string, payload: unknown): ReturnType<typeof api.run> =>
  api.run({ 'changed-since': 'auto', 'site-dir': 'site', 'index-file': '' }, { workspace: unfetchable(), env: event(name, payload) })

/** A run whose token lacks `permission`: it fails naming the permission, sends no purge and shows no token. */
async function expectDenied(permission: 'contents' | 'deployments' | 'actions', env: Record<string, string>): Promise<void> {
  github.permissions.delete(permission)
  const api = await standIn()
  const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace: history.clone('shallow'), env })
  expect(run.code).toBe(1)
  expect(errorLine(run)).toContain('(HTTP 403)')
  expect(errorLine(run)).toContain(`The token needs the "${permission}: read" permission`)
  expect(posts(api)).toEqual([])
  expect([run.log, run.summary].join('\n')).not.toContain(TOKEN)
}

const hoursAgo = (hours: number): string => new Date(Date.now() - hours * 3600_000).toISOString()
const deployment = (id: number, sha: string, environment: string, states: string[]): StandInDeployment => ({
  id,
  sha,
  environment,
  created_at: hoursAgo(2),
  statuses: states.map((state) => ({ state, created_at: hoursAgo(2) }))
})
const deployed = (state = 'success'): Record<string, string> =>
  event('deployment_status', { deployment_status: { state }, deployment: { id: 30, sha: commit(3), environment: 'github-pages' } })

describe('changed-since: auto after a deployment (deployment_status)', () => {
  it('compares the last successful deployment to the same environment with this one, skipping a failed one and other environments', async () => {
    github.deployments.push(
      deployment(30, commit(3), 'github-pages', ['success']),
      deployment(29, commit(2), 'github-pages', ['failure', 'success']),
      deployment(28, commit(2), 'staging', ['success']),
      deployment(27, commit(1), 'github-pages', ['inactive', 'success'])
    )
    const urls = comparison(commit(1), commit(3))
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace: unfetchable(), env: deployed() })
    expect(run.code).toBe(0)
    expect(github.requests).toContain(`GET /repos/acme/site/compare/${commit(1)}...${commit(3)}`)
    expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual(urls)
    const why = `the last successful deployment to github-pages, ${short(commit(1))}, 2 h ago`
    expect(run.log).toContain(
      `Comparing ${commit(1)} (${why}) with ${commit(3)} (the deployed commit, ${short(commit(3))}), for this deployment_status event.`
    )
    expect(run.summary).toContain(
      `${shown(`deployment_status event: the base is ${why}; the head is the deployed commit, ${short(commit(3))}`)}.`
    )
    expect(run.summary).toContain(`[Compare on GitHub](${SERVER}/acme/site/compare/${commit(1)}...${commit(3)})`)
  })

  it('purges every file under site-dir when no earlier deployment to the environment succeeded', async () => {
    github.deployments.push(deployment(30, commit(3), 'github-pages', ['success']), deployment(29, commit(2), 'preview', ['success']))
    const api = await standIn()
    const run = await api.run(
      { 'changed-since': 'auto', 'site-dir': 'site', 'index-file': '' },
      { workspace: history.clone('shallow'), env: deployed() }
    )
    expect(run.code).toBe(0)
    expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual(EVERY_SITE_URL)
    expect(github.requests.some((request) => request.includes('/compare/'))).toBe(false)
    expect(JSON.parse(run.outputs['changed-files'] ?? '')).toContain('site/docs/guide.html')
    expect(run.summary).toContain(
      shown('deployment_status event: no earlier successful deployment to github-pages, so every file under site-dir counts')
    )
  })

  it('refuses a first deployment without site-dir, saying what to set, and sends nothing', async () => {
    github.deployments.push(deployment(30, commit(3), 'github-pages', ['success']))
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto' }, { workspace: history.clone('shallow'), env: deployed() })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain(
      'has no earlier successful deployment to github-pages, so "changed-since: auto" has nothing to compare with. Set "site-dir"'
    )
    expect(posts(api)).toEqual([])
    expect(noStackTrace(run)).toBe(true)
  })

  it('refuses a deployment that failed, with the if: line, before any call', async () => {
    const api = await standIn()
    const run = await api.run(
      { 'changed-since': 'auto', 'site-dir': 'site' },
      { workspace: history.clone('shallow'), env: deployed('failure') }
    )
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain("add `if: github.event.deployment_status.state == 'success'` to it.")
    expect(github.requests).toEqual([])
    expect(api.requests).toEqual([])
  })

  it('names the deployments: read permission when the token lacks it', async () => {
    await expectDenied('deployments', deployed())
  })
})

describe('changed-since: auto after another workflow (workflow_run)', () => {
  const run = (id: number, sha: string, branch: string, conclusion: string) => ({
    id,
    workflow_id: 4,
    head_sha: sha,
    head_branch: branch,
    conclusion,
    created_at: hoursAgo(3)
  })
  const triggered = (): Record<string, string> =>
    event('workflow_run', { action: 'completed', workflow_run: run(40, commit(3), 'main', 'success') })

  it("compares the last successful run on the same branch with the triggering run's head_sha, not GITHUB_SHA", async () => {
    github.runs.push(run(40, commit(3), 'main', 'success'), run(39, commit(2), 'feature', 'success'), run(38, commit(1), 'main', 'success'))
    const urls = comparison(commit(1), commit(3))
    const api = await standIn()
    const result = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace: unfetchable(), env: triggered() })
    expect(result.code).toBe(0)
    expect(github.requests).toEqual([
      'GET /repos/acme/site/actions/workflows/4/runs?branch=main&status=success&per_page=30',
      `GET /repos/acme/site/compare/${commit(1)}...${commit(3)}`
    ])
    expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual(urls)
    expect(result.summary).toContain(
      shown(`workflow_run event: the base is the last successful run of this workflow on main, ${short(commit(1))}, 3 h ago`)
    )
  })

  it('names the actions: read permission when the token lacks it', async () => {
    await expectDenied('actions', triggered())
  })

  it("asks the GitHub API through the runner's proxy (HTTP_PROXY), with the toolkit's ProxyAgent and undici's fetch", async () => {
    // The toolkit (@actions/github) builds its proxy dispatcher from undici's ProxyAgent and sends through undici's
    // fetch; the bundle gives it both from src/http/undici.ts. A proxy that takes every host for the GitHub stand-in.
    const seen: string[] = []
    const target = new URL(github.url)
    const proxy = createServer((req, res) => {
      seen.push(`${req.method ?? ''} ${req.url ?? ''}`)
      const url = new URL(req.url ?? '')
      const upstream = request(
        { host: '127.0.0.1', port: target.port, path: url.pathname + url.search, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        }
      )
      req.pipe(upstream)
    })
    proxy.on('connect', (req, client, head) => {
      seen.push(`CONNECT ${req.url ?? ''}`)
      const upstream = connect(Number(target.port), '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
        upstream.write(head)
        upstream.pipe(client)
        client.pipe(upstream)
      })
      upstream.on('error', () => client.destroy())
      client.on('error', () => upstream.destroy())
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    try {
      github.runs.push(run(40, commit(3), 'main', 'success'), run(38, commit(1), 'main', 'success'))
      const urls = comparison(commit(1), commit(3))
      const api = await standIn()
      // A name that resolves nowhere: only the proxy can reach it (loopback names would bypass the proxy).
      const env = {
        ...triggered(),
        GITHUB_API_URL: `http://github.proxied.test:${target.port}${target.pathname}`,
        HTTP_PROXY: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
      }
      const result = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace: unfetchable(), env })
      expect(result.code, result.log).toBe(0)
      expect(github.requests).toEqual([
        'GET /repos/acme/site/actions/workflows/4/runs?branch=main&status=success&per_page=30',
        `GET /repos/acme/site/compare/${commit(1)}...${commit(3)}`
      ])
      expect(seen.length).toBeGreaterThan(0)
      for (const line of seen) expect(line).toContain(`github.proxied.test:${target.port}`)
      expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual(urls)
    } finally {
      proxy.closeAllConnections()
      await new Promise((resolve) => proxy.close(resolve))
    }
  })
})

describe('changed-since: auto on a closed pull request', () => {
  const closed = (pull: object): Record<string, string> =>
    event('pull_request', {
      action: 'closed',
      number: 12,
      pull_request: { number: 12, merged: true, merge_commit_sha: commit(3), commits: 1, ...pull }
    })

  it.each([
    ['a merge', [2, 0], 3, 2],
    ['a squash merge', [2], 1, 2],
    ['a rebase merge of two commits', [2], 2, 1]
  ])('compares %s with the branch before it', async (_, parents, commits, base) => {
    github.commits.set(commit(3), parents.map(commit)).set(commit(2), [commit(1)])
    const urls = comparison(commit(base), commit(3))
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace: unfetchable(), env: closed({ commits }) })
    expect(run.code).toBe(0)
    expect(github.requests).toContain(`GET /repos/acme/site/compare/${commit(base)}...${commit(3)}`)
    expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual(urls)
    expect(run.log).toContain(`with ${commit(3)} (the merge commit, ${short(commit(3))}), for this pull_request event.`)
  })

  it('purges nothing for a pull request closed without merging, exits 0 and says why', async () => {
    const api = await standIn()
    const run = await api.run(
      { 'changed-since': 'auto', 'site-dir': 'site' },
      { workspace: history.clone('shallow'), env: closed({ merged: false, merge_commit_sha: null }) }
    )
    expect(run.code).toBe(0)
    expect(api.requests).toEqual([])
    expect(github.requests).toEqual([])
    expect(run.log).toContain(
      'This pull_request event: pull request #12 was closed without merging: nothing was merged, so nothing changed.'
    )
    expect(run.summary).toContain(
      shown('pull_request event: pull request #12 was closed without merging: nothing was merged, so nothing changed.')
    )
    expect(run.outputs['changed-urls']).toBe('[]')
    expect(run.summary).toContain('Nothing compared, as nothing was merged: 0 changed files → 0 URLs.')
  })

  it('names the contents: read permission when the token lacks it', async () => {
    await expectDenied('contents', closed({}))
  })
})

/**
 * GitHub's own example payloads of push events, as the community's @octokit/webhooks-examples collects them: `api.github.com`
 * or a GitHub Enterprise Server release (`ghes-35`). Each as GitHub sends it: the ref, the zeros, `created`/`deleted`.
 */
function pushExamples(form: 'api.github.com' | 'ghes-35'): PushEvent[] {
  const path = createRequire(import.meta.url).resolve(`@octokit/webhooks-examples/${form}/index.json`)
  const definitions = JSON.parse(readFileSync(path, 'utf8')) as WebhookDefinition[]
  return (definitions.find((definition) => definition.name === 'push') as WebhookDefinition<'push'>).examples
}
const ZEROS = '0'.repeat(40)
const createdPush = (form: 'api.github.com' | 'ghes-35', kind: 'heads' | 'tags'): PushEvent => {
  const example = pushExamples(form).find((push) => push.created && push.before === ZEROS && push.ref.startsWith(`refs/${kind}/`))
  if (example === undefined) throw new Error(`no example of a push that created refs/${kind}/ in ${form}`)
  return example
}
const deletedPush = (): PushEvent => {
  const example = pushExamples('api.github.com').find((push) => push.deleted && push.after === ZEROS)
  if (example === undefined) throw new Error('no example of a push that deleted a ref')
  return example
}

describe("changed-since: auto on a push that created or deleted a branch or tag (GitHub's example payloads)", () => {
  it.each([
    ['a branch', 'api.github.com', 'heads'],
    ['a tag', 'api.github.com', 'tags'],
    ['a tag, on GitHub Enterprise Server', 'ghes-35', 'tags']
  ] as const)('purges every file under site-dir for a push that created %s, asking nothing about its 0000000…', async (_, form, kind) => {
    const payload = createdPush(form, kind)
    const api = await standIn()
    const run = await firstDeploy(api, 'push', payload)
    expect(run.code, run.log).toBe(0)
    expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual(EVERY_SITE_URL)
    expect(github.requests).toEqual([])
    expect(run.log).not.toContain(ZEROS.slice(0, 7))
    // The pushed commit is the payload's "after", named as every other event names its head (GITHUB_SHA here is another commit).
    const head = `the pushed commit, ${short(payload.after)}`
    expect(run.log).toContain(
      `This push event has no commit before it, as it created ${payload.ref}: every file of site counts as changed (7 files, 7 of them within include/exclude); the head is ${head}.`
    )
    expect(run.summary).toContain(
      shown(`push event: no commit before it, as it created ${payload.ref}, so every file under site-dir counts; the head is ${head}.`)
    )
    expect(run.summary).toContain('Every file under site-dir counted, as there is no earlier successful deploy: 7 changed files → 7 URLs.')
    expect(JSON.parse(run.outputs['changed-files'] ?? '')).toContain('site/docs/guide.html')
  })

  it('refuses a push that created its branch without site-dir, as a first deployment, and sends nothing', async () => {
    const payload = createdPush('api.github.com', 'heads')
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto' }, { workspace: unfetchable(), env: event('push', payload) })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain(
      `This push event has no commit before it, as it created ${payload.ref}, so "changed-since: auto" has nothing to compare with. Set "site-dir"`
    )
    expect(api.requests).toEqual([])
    expect(github.requests).toEqual([])
    expect(noStackTrace(run)).toBe(true)
  })

  it('says a push that deleted a tag changed nothing, and ends with no call to the API or to GitHub', async () => {
    const payload = deletedPush()
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace: unfetchable(), env: event('push', payload) })
    expect(run.code, run.log).toBe(0)
    expect(api.requests).toEqual([])
    expect(github.requests).toEqual([])
    const said = `This push deleted ${payload.ref}: nothing changed to purge`
    expect(run.log).toContain(`${said}.\n`)
    expect(run.log).toContain(`${said} (no zone looked up, no request sent).`)
    expect(run.log).not.toContain('::warning')
    expect(run.summary).toContain(`> [!NOTE]\n> ${shown(said)}. No zone was looked up and no request was sent.`)
    expect(run.summary).toContain('| Zone | example.com (not looked up) |')
    expect(run.summary).toContain('Nothing compared, as the push deleted a branch or tag: 0 changed files → 0 URLs.')
    expect(run.outputs).toMatchObject({ 'zone-id': '', requests: '0', 'purged-files': '0', 'changed-urls': '[]', 'failed-files': '[]' })
    expect(JSON.parse(run.outputs.result ?? '')).toMatchObject({ ok: true, nothingToSend: said, stoppedAt: null })
  })

  it('still purges the other URLs a step lists when the push deleted a ref', async () => {
    const api = await standIn()
    const run = await api.run(
      { 'changed-since': 'auto', 'site-dir': 'site', files: '/sitemap.xml' },
      { workspace: unfetchable(), env: event('push', deletedPush()) }
    )
    expect(run.code, run.log).toBe(0)
    expect(api.purges.flatMap((purge) => purge.files)).toEqual(['https://example.com/sitemap.xml'])
    expect(github.requests).toEqual([])
    expect(JSON.parse(run.outputs.result ?? '')).toMatchObject({ nothingToSend: null })
  })
})

/** GitHub's own example payload of a published full release (`release.published`, tag 0.0.1), as @octokit/webhooks-examples has it. */
function publishedRelease(): ReleaseEvent {
  const path = createRequire(import.meta.url).resolve('@octokit/webhooks-examples/api.github.com/index.json')
  const definitions = JSON.parse(readFileSync(path, 'utf8')) as WebhookDefinition[]
  const examples = (definitions.find((definition) => definition.name === 'release') as WebhookDefinition<'release'>).examples
  const example = examples.find((release) => release.action === 'published' && !release.release.prerelease && !release.release.draft)
  if (example === undefined) throw new Error('no example of a published full release')
  return example
}

describe("changed-since: auto on a repository's first release (GitHub's example payload)", () => {
  /** The release itself, and a draft and a prerelease before it: none is an earlier full release. */
  const listed = (payload: ReleaseEvent): void => {
    const { id, tag_name, published_at } = payload.release
    github.releases.push(
      { id, tag_name, draft: false, prerelease: false, published_at },
      { id: id - 1, tag_name: '0.0.1-rc.1', draft: false, prerelease: true, published_at: '2019-05-14T15:20:53Z' },
      { id: id - 2, tag_name: '0.0.0', draft: true, prerelease: false, published_at: null }
    )
  }

  it('purges every file under site-dir, as for a first deployment, and names the released commit', async () => {
    const payload = publishedRelease()
    listed(payload)
    const api = await standIn()
    const run = await firstDeploy(api, 'release', payload)
    expect(run.code, run.log).toBe(0)
    expect(api.purges.flatMap((purge) => purge.files).sort()).toEqual(EVERY_SITE_URL)
    expect(github.requests).toEqual(['GET /repos/acme/site/releases?per_page=100'])
    // GITHUB_SHA is the released commit on a release event.
    const head = `the released commit, ${short(commit(0))}`
    expect(run.log).toContain(
      `This release event has no full release published before ${payload.release.tag_name}: every file of site counts as changed (7 files, 7 of them within include/exclude); the head is ${head}.`
    )
    expect(run.log).not.toContain('::error')
    expect(run.summary).toContain(
      shown(
        `release event: no full release published before ${payload.release.tag_name}, so every file under site-dir counts; the head is ${head}.`
      )
    )
    expect(run.summary).toContain('Every file under site-dir counted, as there is no earlier successful deploy: 7 changed files → 7 URLs.')
    expect(JSON.parse(run.outputs['changed-files'] ?? '')).toContain('site/docs/guide.html')
  })

  it('refuses a first release without site-dir, saying what to set, and sends nothing', async () => {
    const payload = publishedRelease()
    listed(payload)
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto' }, { workspace: unfetchable(), env: event('release', payload) })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain(
      `This release event has no full release published before ${payload.release.tag_name}, so "changed-since: auto" has nothing to compare with. Set "site-dir"`
    )
    expect(api.requests).toEqual([])
    expect(noStackTrace(run)).toBe(true)
  })
})

describe('changed-since: auto on an event it does not understand', () => {
  it('refuses it, listing the events it understands, and sends nothing', async () => {
    const api = await standIn()
    const run = await api.run(
      { 'changed-since': 'auto', 'site-dir': 'site' },
      { workspace: history.clone('shallow'), env: event('schedule', {}) }
    )
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain(
      '"changed-since: auto" works for push, release, deployment_status, workflow_run, pull_request, pull_request_target events; this run is a "schedule" event.'
    )
    expect(api.requests).toEqual([])
    expect(github.requests).toEqual([])
  })
})
