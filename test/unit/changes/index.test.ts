import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Cancelled } from '../../../src/cancel.js'
import { type ChangeContext, type ChangeInputs, detectChanges } from '../../../src/changes/index.js'
import { MANIFEST_FORMAT } from '../../../src/changes/manifest.js'
import { GitError, GitHubError, InputError } from '../../../src/errors.js'
import { startGitHub, type GitHubStandIn } from '../../stand-in/github.js'
import { git, makeHistory, type History } from '../../stand-in/git-repo.js'
import { testCancel } from '../../support/clock.js'

const TOKEN = 'ghs_changes-test-token'
let history: History
let github: GitHubStandIn
beforeAll(async () => {
  history = makeHistory()
  github = await startGitHub(TOKEN)
})
afterAll(async () => {
  history.remove()
  await github.close()
})
// Every folder a test makes is removed after it, passed or failed.
const folders: string[] = []
const tempFolder = (prefix: string): string => {
  const folder = mkdtempSync(join(tmpdir(), prefix))
  folders.push(folder)
  return folder
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

let logged: string[]
let warned: string[]
beforeEach(() => {
  logged = []
  warned = []
  github.requests.length = 0
})
const context = (workspace: string, env: NodeJS.ProcessEnv = {}): ChangeContext => ({
  workspace,
  env,
  log: (message) => logged.push(message),
  warn: (message) => warned.push(message)
})
const inputs = (over: Partial<ChangeInputs> = {}): ChangeInputs => ({
  from: { kind: 'git', since: 'v1.0.0' },
  siteDir: 'site',
  urlBase: undefined,
  indexFile: 'index.html',
  include: [],
  exclude: [],
  purgeEverythingOver: 0,
  githubToken: TOKEN,
  ...over
})
const commit = (i: number): string => history.commits[i] as string
const caught = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error
  )

describe('detectChanges from git', () => {
  it('diffs the base with GITHUB_SHA in the local checkout, and says so', async () => {
    const changes = await detectChanges(
      inputs({ from: { kind: 'git', since: commit(2) } }),
      context(history.clone('full'), { GITHUB_SHA: commit(3) })
    )
    expect(changes).toEqual({
      source: 'git',
      how: 'git diff in the local checkout',
      base: commit(2),
      head: commit(3),
      commit: { sha: commit(3), why: 'GITHUB_SHA, the commit the workflow runs on' },
      why: '',
      link: undefined,
      files: ['site/blog.html'],
      entries: ['/blog.html'],
      deployed: new Map([['/blog.html', 'site/blog.html']]),
      incomplete: undefined,
      manifest: undefined
    })
    expect(logged).toEqual([
      `Comparing ${commit(2)} with ${commit(3)}.`,
      '1 file(s) changed (found with git diff in the local checkout); 1 count under site-dir and include/exclude.'
    ])
    expect(warned).toEqual([])
  })

  it('names a ref with the SHA it stands for, and takes HEAD without GITHUB_SHA', async () => {
    const changes = await detectChanges(inputs({ include: ['*.html'] }), context(history.clone('full')))
    expect(changes).toMatchObject({ base: `v1.0.0 (${commit(1).slice(0, 12)})`, head: 'HEAD', commit: undefined })
    expect(changes.files).toEqual(['site/blog.html', 'site/gone.html', 'site/new page.html'])
    expect(logged).toEqual([
      'Comparing v1.0.0 with HEAD.',
      '9 file(s) changed (found with git diff in the local checkout); 3 count under site-dir and include/exclude.'
    ])
  })

  it('finds the base for auto from the event, and says where it came from', async () => {
    const dir = tempFolder('event-')
    writeFileSync(join(dir, 'event.json'), JSON.stringify({ before: commit(2) }))
    const env = { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: join(dir, 'event.json'), GITHUB_SHA: commit(3) }
    const changes = await detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), context(history.clone('full'), env))
    expect(changes).toMatchObject({
      base: commit(2),
      why: 'push event: the base is the commit before this push; the head is the pushed commit'
    })
    expect(logged[0]).toBe(
      `Comparing ${commit(2)} (the commit before this push) with ${commit(3)} (the pushed commit), for this push event.`
    )
  })

  it('asks the GitHub compare API when the checkout cannot answer', async () => {
    const workspace = history.clone('shallow')
    git(workspace, 'remote', 'set-url', 'origin', join(history.root, 'no-such-remote'))
    github.comparisons.set(`${commit(1)}...${commit(3)}`, [
      { filename: 'site/new-name.css', previous_filename: 'site/old-name.css', status: 'renamed' },
      { filename: 'src/build.ts', status: 'modified' }
    ])
    const changes = await detectChanges(
      inputs({ from: { kind: 'git', since: commit(1) } }),
      context(workspace, { GITHUB_SHA: commit(3), GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url })
    )
    const why = `git fetch: fatal: '${join(history.root, 'no-such-remote')}' does not appear to be a git repository`
    expect(changes).toEqual({
      source: 'git',
      how: `the GitHub compare API (${why})`,
      base: commit(1),
      head: commit(3),
      commit: { sha: commit(3), why: 'GITHUB_SHA, the commit the workflow runs on' },
      why: '',
      link: `https://github.com/acme/site/compare/${commit(1)}...${commit(3)}`,
      files: ['site/old-name.css', 'site/new-name.css'],
      entries: ['/old-name.css', '/new-name.css'],
      deployed: new Map([
        ['/old-name.css', 'site/old-name.css'],
        ['/new-name.css', 'site/new-name.css']
      ]),
      incomplete: undefined,
      manifest: undefined
    })
    expect(github.requests).toEqual([`GET /repos/acme/site/compare/${commit(1)}...${commit(3)}`])
    expect(logged).toEqual([
      `Comparing ${commit(1)} with ${commit(3)}.`,
      `The local checkout cannot answer (${why}); asking the GitHub compare API.`,
      `3 file(s) changed (found with the GitHub compare API (${why})); 2 count under site-dir and include/exclude.`
    ])
    expect(warned).toEqual([])
  })

  it('says the list may be cut off when the compare API gives 300 files, and warns', async () => {
    const workspace = tempFolder('no-repo-')
    github.comparisons.set(
      'v1...v2',
      Array.from({ length: 300 }, (_, i) => ({ filename: `site/p${i}.html`, status: 'modified' }))
    )
    const changes = await detectChanges(
      inputs({ from: { kind: 'git', since: 'v1' } }),
      context(workspace, { GITHUB_SHA: 'v2', GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url })
    )
    const incomplete = 'the GitHub compare API lists at most 300 files and this comparison reached that, so the list may be cut off'
    expect(changes.incomplete).toBe(incomplete)
    expect(changes.files).toHaveLength(300)
    expect(warned).toEqual([
      `Purging everything: ${incomplete}. Check out with enough history (or let the action fetch the base commit) for an exact list.`
    ])
  })

  it('quotes a long ref cut, in the log and in the error, with how much was left out', async () => {
    const ref = 'r'.repeat(16_000)
    const error = await caught(
      detectChanges(
        inputs({ from: { kind: 'git', since: ref } }),
        context(history.clone('full'), { GITHUB_SHA: ref, GITHUB_REPOSITORY: 'acme/site' })
      )
    )
    const quoted = `${'r'.repeat(200)}… (15,800 more characters)`
    expect(logged[0]).toBe(`Comparing ${quoted} with ${quoted}.`)
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toContain(`comparing ${quoted}...${quoted} failed`)
    for (const message of [...logged, (error as Error).message]) expect(message.length).toBeLessThan(2_000)
  })

  it('refuses a changed path longer than a checkout can hold, naming changed-since, before matching it', async () => {
    const workspace = tempFolder('no-repo-')
    github.comparisons.set('v1...v3', [{ filename: `site/${'p'.repeat(300)}.html`, status: 'modified' }])
    const error = await caught(
      detectChanges(
        inputs({ from: { kind: 'git', since: 'v1' }, include: ['*a*b*c*d*'] }),
        context(workspace, { GITHUB_SHA: 'v3', GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url })
      )
    )
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).input).toBe('changed-since')
  })

  it('needs a head commit when there is no checkout', async () => {
    const workspace = tempFolder('no-repo-')
    const error = await caught(detectChanges(inputs(), context(workspace, { GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url })))
    expect(error).toBeInstanceOf(GitError)
    expect((error as GitError).message).toMatch(
      /^git rev-parse: fatal: not a git repository.*\. Without a local checkout and GITHUB_SHA, the head commit is unknown: check out the repository first \(actions\/checkout\)\.$/
    )
    expect((error as GitError).cause).toBeInstanceOf(GitError)
    expect(github.requests).toEqual([])
  })

  it('passes on a failure of the compare API', async () => {
    const workspace = tempFolder('no-repo-')
    const error = await caught(
      detectChanges(
        inputs({ from: { kind: 'git', since: 'nope' } }),
        context(workspace, { GITHUB_SHA: 'v2', GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url })
      )
    )
    expect(error).toBeInstanceOf(GitHubError)
    expect((error as GitHubError).message).toMatch(/^GitHub API: comparing nope\.\.\.v2 failed \(HTTP 404\): Not Found\./)
  })
})

describe('detectChanges for auto on deploy events', () => {
  let dir: string
  beforeEach(() => {
    dir = tempFolder('deploy-event-')
    github.deployments.length = 0
  })
  const eventEnv = (name: string, payload: unknown, over: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
    writeFileSync(join(dir, 'event.json'), JSON.stringify(payload))
    return {
      GITHUB_EVENT_NAME: name,
      GITHUB_EVENT_PATH: join(dir, 'event.json'),
      GITHUB_REPOSITORY: 'acme/site',
      GITHUB_API_URL: github.url,
      GITHUB_SHA: commit(0),
      ...over
    }
  }
  const deployment = (id: number, sha: string) => ({
    id,
    sha,
    environment: 'production',
    created_at: '2026-11-26T10:00:00Z',
    statuses: [{ state: 'success', created_at: '2026-11-26T10:00:00Z' }]
  })
  const deployed = (over: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv =>
    eventEnv(
      'deployment_status',
      { deployment_status: { state: 'success' }, deployment: { id: 9, sha: commit(3), environment: 'production' } },
      over
    )

  it('compares the previous successful deployment with the deployed commit, not GITHUB_SHA, and links the comparison on GITHUB_SERVER_URL', async () => {
    github.deployments.push(deployment(9, commit(3)), deployment(8, commit(2)))
    const env = deployed({ GITHUB_SERVER_URL: 'https://ghe.example.com' })
    const changes = await detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), {
      ...context(history.clone('full'), env),
      now: () => Date.parse('2026-11-26T12:00:00Z')
    })
    expect(changes).toMatchObject({
      base: commit(2),
      head: commit(3),
      commit: { sha: commit(3), why: `the deployed commit, ${commit(3).slice(0, 7)}` },
      files: ['site/blog.html'],
      why: `deployment_status event: the base is the last successful deployment to production, ${commit(2).slice(0, 7)}, 2 h ago; the head is the deployed commit, ${commit(3).slice(0, 7)}`,
      link: `https://ghe.example.com/acme/site/compare/${commit(2)}...${commit(3)}`
    })
    expect(logged[0]).toBe(
      `Comparing ${commit(2)} (the last successful deployment to production, ${commit(2).slice(0, 7)}, 2 h ago) with ${commit(3)} (the deployed commit, ${commit(3).slice(0, 7)}), for this deployment_status event.`
    )
  })

  it('takes GITHUB_SHA as the released commit of a release, which the event names by tag only', async () => {
    const release = (id: number, tag: string, at: string) => ({ id, tag_name: tag, draft: false, prerelease: false, published_at: at })
    github.releases.push(release(2, 'v1.1.0', '2026-11-26T10:00:00Z'), release(1, 'v1.0.0', '2026-11-20T10:00:00Z'))
    try {
      const env = eventEnv('release', { release: release(2, 'v1.1.0', '2026-11-26T10:00:00Z') }, { GITHUB_SHA: commit(3) })
      const changes = await detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), context(history.clone('full'), env))
      expect(changes).toMatchObject({ head: commit(3), commit: { sha: commit(3), why: `the released commit, ${commit(3).slice(0, 7)}` } })
    } finally {
      github.releases.length = 0
    }
  })

  it('counts every file under site-dir when there is no earlier successful deployment', async () => {
    github.deployments.push(deployment(9, commit(3)))
    const changes = await detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), context(history.clone('full'), deployed()))
    expect(changes).toMatchObject({
      source: 'git',
      how: 'Every file under site-dir counted, as there is no earlier successful deploy',
      base: '',
      head: commit(3),
      commit: { sha: commit(3), why: `the deployed commit, ${commit(3).slice(0, 7)}` },
      link: undefined,
      incomplete: undefined
    })
    expect(changes.why).toBe(
      `deployment_status event: no earlier successful deployment to production, so every file under site-dir counts; the head is the deployed commit, ${commit(3).slice(0, 7)}`
    )
    expect([...changes.files].sort()).toEqual(
      ['about.html', 'blog.html', 'docs/guide.html', 'docs/index.html', 'index.html', 'new page.html', 'new-name.css'].map(
        (path) => `site/${path}`
      )
    )
    expect(changes.entries).toContain('/docs/')
    expect(changes.deployed.get('/blog.html')).toBe('site/blog.html')
    expect(logged).toEqual([
      `This deployment_status event has no earlier successful deployment to production: every file of site counts as changed (7 files, 7 of them within include/exclude); the head is the deployed commit, ${commit(3).slice(0, 7)}.`
    ])
  })

  it('refuses a first deployment without site-dir, saying what to set', async () => {
    github.deployments.push(deployment(9, commit(3)))
    const error = await caught(
      detectChanges(inputs({ from: { kind: 'git', since: 'auto' }, siteDir: '' }), context(history.clone('full'), deployed()))
    )
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      'This deployment_status event has no earlier successful deployment to production, so "changed-since: auto" has nothing to compare with. Set "site-dir" to the folder of the built site, so that every file in it counts as changed on a first deploy, or set "changed-since" to a ref.'
    )
  })

  it('counts every file under site-dir for a first release, and refuses one without site-dir as it does a first deployment', async () => {
    github.releases.length = 0
    const release = { id: 1, tag_name: 'v1.0.0', draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' }
    github.releases.push(release)
    const released = (): NodeJS.ProcessEnv => eventEnv('release', { action: 'published', release }, { GITHUB_SHA: commit(3) })
    const changes = await detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), context(history.clone('full'), released()))
    const head = `the released commit, ${commit(3).slice(0, 7)}`
    expect(changes).toMatchObject({
      how: 'Every file under site-dir counted, as there is no earlier successful deploy',
      base: '',
      head: commit(3),
      why: `release event: no full release published before v1.0.0, so every file under site-dir counts; the head is ${head}`
    })
    expect(changes.files).toHaveLength(7)
    expect(logged).toEqual([
      `This release event has no full release published before v1.0.0: every file of site counts as changed (7 files, 7 of them within include/exclude); the head is ${head}.`
    ])
    const error = await caught(
      detectChanges(inputs({ from: { kind: 'git', since: 'auto' }, siteDir: '' }), context(history.clone('full'), released()))
    )
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      'This release event has no full release published before v1.0.0, so "changed-since: auto" has nothing to compare with. Set "site-dir" to the folder of the built site, so that every file in it counts as changed on a first deploy, or set "changed-since" to a ref.'
    )
  })

  it('finds nothing for a pull request closed without merging, and asks nothing', async () => {
    const env = eventEnv('pull_request', { action: 'closed', pull_request: { number: 4, merged: false } })
    const changes = await detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), context('/nowhere', env))
    expect(changes).toMatchObject({
      source: 'git',
      how: 'Nothing compared, as nothing was merged',
      base: '',
      head: '',
      commit: undefined,
      files: [],
      entries: [],
      why: 'pull_request event: pull request #4 was closed without merging: nothing was merged, so nothing changed',
      link: undefined,
      nothingDeployed: 'This pull_request event: pull request #4 was closed without merging: nothing was merged, so nothing changed'
    })
    expect(logged).toEqual(['This pull_request event: pull request #4 was closed without merging: nothing was merged, so nothing changed.'])
    expect(github.requests).toEqual([])
  })

  const pushed = (payload: object): NodeJS.ProcessEnv => eventEnv('push', payload, { GITHUB_SHA: commit(3) })

  it('counts every file under site-dir for a push that created its branch, naming the pushed commit as head, in no checkout', async () => {
    // No checkout at all: nothing asks git (nor the API) about the commit before, which is 0000000….
    const workspace = tempFolder('no-checkout-')
    cpSync(join(history.clone('full'), 'site'), join(workspace, 'site'), { recursive: true })
    const env = pushed({ ref: 'refs/heads/preview', before: '0'.repeat(40), after: commit(2), created: true })
    const changes = await detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), context(workspace, env))
    const head = `the pushed commit, ${commit(2).slice(0, 7)}`
    expect(changes).toMatchObject({
      how: 'Every file under site-dir counted, as there is no earlier successful deploy',
      base: '',
      head: commit(2),
      commit: { sha: commit(2), why: head },
      why: `push event: no commit before it, as it created refs/heads/preview, so every file under site-dir counts; the head is ${head}`,
      nothingDeployed: undefined
    })
    expect(changes.files).toHaveLength(7)
    expect(logged).toEqual([
      `This push event has no commit before it, as it created refs/heads/preview: every file of site counts as changed (7 files, 7 of them within include/exclude); the head is ${head}.`
    ])
    expect(github.requests).toEqual([])
  })

  it('refuses a push that created its branch without site-dir, as a first deployment', async () => {
    const env = pushed({ ref: 'refs/heads/preview', before: '0'.repeat(40), after: commit(3), created: true })
    const error = await caught(detectChanges(inputs({ from: { kind: 'git', since: 'auto' }, siteDir: '' }), context('/nowhere', env)))
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).message).toBe(
      'This push event has no commit before it, as it created refs/heads/preview, so "changed-since: auto" has nothing to compare with. Set "site-dir" to the folder of the built site, so that every file in it counts as changed on a first deploy, or set "changed-since" to a ref.'
    )
  })

  it('finds nothing for a push that deleted a tag, and asks nothing', async () => {
    const env = pushed({ ref: 'refs/tags/v1', before: commit(2), after: '0'.repeat(40), deleted: true })
    const changes = await detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), context('/nowhere', env))
    expect(changes).toMatchObject({
      how: 'Nothing compared, as the push deleted a branch or tag',
      base: '',
      head: '',
      files: [],
      entries: [],
      why: 'push event: it deleted refs/tags/v1: nothing changed to purge',
      nothingDeployed: 'This push deleted refs/tags/v1: nothing changed to purge'
    })
    expect(logged).toEqual(['This push deleted refs/tags/v1: nothing changed to purge.'])
    expect(github.requests).toEqual([])
  })
})

describe('detectChanges from manifests', () => {
  let workspace: string
  beforeEach(() => {
    workspace = tempFolder('manifest-')
    for (const [path, text] of Object.entries({ 'public/index.html': 'home', 'public/a.css': 'a' })) {
      mkdirSync(dirname(join(workspace, path)), { recursive: true })
      writeFileSync(join(workspace, path), text)
    }
  })
  const manifestInputs = (previous: string, siteDir = 'public'): ChangeInputs => inputs({ from: { kind: 'manifest', previous }, siteDir })

  it('counts every file on a first run, and warns that it does', async () => {
    const previous = join(workspace, 'none.json')
    const changes = await detectChanges(manifestInputs(previous), context(workspace))
    expect(changes).toMatchObject({
      source: 'manifest',
      how: 'no previous manifest: every file counts',
      base: previous,
      head: 'public',
      why: '',
      link: undefined,
      incomplete: undefined
    })
    expect(changes.files).toEqual(['a.css', 'index.html'])
    expect(changes.entries).toEqual(['/a.css', '/index.html', '/'])
    expect(changes.manifest?.format).toBe(MANIFEST_FORMAT)
    expect(Object.keys(changes.manifest?.files ?? {})).toEqual(['a.css', 'index.html'])
    expect(warned).toEqual([`No previous manifest at ${previous}, so every file of public counts as changed (expected on a first run).`])
    expect(logged).toEqual(['2 files added, changed or removed since the previous manifest, 2 of them within include/exclude.'])
  })

  it('counts what differs from the previous manifest', async () => {
    const previous = join(workspace, 'previous.json')
    const first = await detectChanges(manifestInputs(previous), context(workspace))
    writeFileSync(previous, JSON.stringify(first.manifest))
    writeFileSync(join(workspace, 'public/a.css'), 'a v2')
    logged = []
    warned = []
    const changes = await detectChanges({ ...manifestInputs(previous), exclude: ['*.css'] }, context(workspace))
    expect(changes).toMatchObject({ how: 'comparing with the previous manifest', files: [], entries: [] })
    expect(warned).toEqual([])
    expect(logged).toEqual(['1 file added, changed or removed since the previous manifest, 0 of them within include/exclude.'])
  })

  it('refuses a path of the previous manifest longer than a checkout can hold, naming previous-manifest', async () => {
    const previous = join(workspace, 'long.json')
    const first = await detectChanges(manifestInputs(previous), context(workspace))
    writeFileSync(previous, JSON.stringify({ ...first.manifest, files: { ...first.manifest?.files, [`${'d/'.repeat(2100)}a.html`]: 'x' } }))
    const error = await caught(detectChanges(manifestInputs(previous), context(workspace)))
    expect(error).toBeInstanceOf(InputError)
    expect((error as InputError).input).toBe('previous-manifest')
  })

  it('reads the workspace itself when site-dir is empty', async () => {
    const previous = join(workspace, 'none.json')
    const changes = await detectChanges(manifestInputs(previous, ''), context(join(workspace, 'public')))
    expect(changes.head).toBe('.')
    expect(changes.files).toEqual(['a.css', 'index.html'])
    expect(warned).toEqual([
      `No previous manifest at ${previous}, so every file of the workspace counts as changed (expected on a first run).`
    ])
  })
})

describe('detectChanges when the run is cancelled', () => {
  const api = (): NodeJS.ProcessEnv => ({ GITHUB_SHA: commit(3), GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url })

  it('rejects with the cancel: git is not asked, nor the compare API instead', async () => {
    const run = testCancel()
    run.cancel()
    for (const workspace of [history.clone('full'), history.root]) {
      const found = detectChanges(inputs({ from: { kind: 'git', since: commit(1) } }), { ...context(workspace, api()), signal: run.signal })
      await expect(found).rejects.toBe(run.reason)
      await expect(found).rejects.toBeInstanceOf(Cancelled)
    }
    expect(github.requests).toEqual([])
  })

  it('asks the API nothing for auto on an event that takes it', async () => {
    const run = testCancel()
    run.cancel()
    const dir = tempFolder('cancelled-event-')
    const payload = { deployment_status: { state: 'success' }, deployment: { id: 9, sha: commit(3), environment: 'production' } }
    writeFileSync(join(dir, 'event.json'), JSON.stringify(payload))
    const env = { ...api(), GITHUB_EVENT_NAME: 'deployment_status', GITHUB_EVENT_PATH: join(dir, 'event.json') }
    const found = detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), {
      ...context(history.clone('full'), env),
      signal: run.signal
    })
    await expect(found).rejects.toBe(run.reason)
    expect(github.requests).toEqual([])
  })

  it('asks the compare API nothing when the cancel comes as the checkout is found unable to answer', async () => {
    const run = testCancel()
    const log = (message: string): void => {
      if (message.startsWith('The local checkout cannot answer')) run.cancel()
    }
    const found = detectChanges(inputs({ from: { kind: 'git', since: commit(1) } }), {
      ...context(history.root, api()),
      log,
      signal: run.signal
    })
    await expect(found).rejects.toBe(run.reason)
    expect(github.requests).toEqual([])
  })

  it('does not wait for the site to be hashed for a first deploy', async () => {
    const workspace = tempFolder('cancelled-first-')
    cpSync(join(history.clone('full'), 'site'), join(workspace, 'site'), { recursive: true })
    writeFileSync(join(workspace, 'event.json'), JSON.stringify({ ref: 'refs/heads/preview', before: '0'.repeat(40), after: commit(3) }))
    const env = { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: join(workspace, 'event.json'), GITHUB_SHA: commit(3) }
    const run = testCancel()
    const found = detectChanges(inputs({ from: { kind: 'git', since: 'auto' } }), { ...context(workspace, env), signal: run.signal })
    run.cancel()
    await expect(found).rejects.toBe(run.reason)
  })

  it('does not wait for the site to be hashed for its manifest', async () => {
    const workspace = tempFolder('cancelled-manifest-')
    mkdirSync(join(workspace, 'public'))
    writeFileSync(join(workspace, 'public', 'index.html'), 'home')
    const run = testCancel()
    const found = detectChanges(inputs({ from: { kind: 'manifest', previous: join(workspace, 'none.json') }, siteDir: 'public' }), {
      ...context(workspace),
      signal: run.signal
    })
    run.cancel()
    await expect(found).rejects.toBe(run.reason)
    await expect(found).rejects.toBeInstanceOf(Cancelled)
  })
})
