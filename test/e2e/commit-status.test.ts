// The commit status (commit-status), end to end: the bundle against the stand-in API and a stand-in GitHub API
// mounted under /api/v3 as on GitHub Enterprise Server, which records every status posted.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startGitHub, type GitHubStandIn } from '../stand-in/github.js'
import { makeHistory, type History } from '../stand-in/git-repo.js'
import { zone } from '../stand-in/server.js'
import { EXPRESSION_DEFAULTS, type ActionRun } from '../support/run-action.js'
import { errorLine, noStackTrace, standIn } from './fixture.js'

const TOKEN = EXPRESSION_DEFAULTS['${{ github.token }}'] as string
const SERVER = 'https://ghe.example.com'
const SHA = 'a'.repeat(40)
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
  github.statuses.length = 0
  github.statusBodies.length = 0
  github.statusAnswer = undefined
  github.deployments.length = 0
  github.runs.length = 0
  github.releases.length = 0
  github.comparisons.clear()
})

const commit = (i: number): string => history.commits[i] as string
const RUN_PAGE = `${SERVER}/acme/site/actions/runs/4242/attempts/2`

/** The runner's environment on GitHub Enterprise Server; GITHUB_SHA is `sha`. */
function runner(sha = SHA, over: Record<string, string> = {}): Record<string, string> {
  return {
    GITHUB_SHA: sha,
    GITHUB_REPOSITORY: 'acme/site',
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: SERVER,
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '2',
    ...over
  }
}

/** The runner's environment for event `name` with `payload`, GITHUB_SHA the default branch's tip (commit 0), never the head. */
function event(name: string, payload: unknown): Record<string, string> {
  const path = join(mkdtempSync(join(history.root, 'event-')), 'event.json')
  writeFileSync(path, JSON.stringify(payload))
  return runner(commit(0), { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: path })
}

const states = (): unknown[] => github.statuses.map((status) => status.state)
const descriptions = (): unknown[] => github.statuses.map((status) => status.description)
const FILES = ['https://example.com/a.html', 'https://example.com/b.html', 'https://example.com/c.html'].join('\n')

/** Neither the API key nor the token is in anything posted to GitHub, nor in what the step wrote. */
function secretsNowhere(run: ActionRun, key: string): void {
  for (const text of [...github.statusBodies, run.log, run.stderr, run.summary, ...Object.values(run.outputs)]) {
    expect(text).not.toContain(key)
    expect(text).not.toContain(TOKEN)
  }
}

describe('commit-status: the final state', () => {
  it('success: pending once the zones are found, then success, on GITHUB_SHA under /api/v3, linking the run', async () => {
    const api = await standIn()
    const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge/production' }, { env: runner() })
    expect(run.code).toBe(0)
    expect(github.requests).toEqual([`POST /repos/acme/site/statuses/${SHA}`, `POST /repos/acme/site/statuses/${SHA}`])
    const [pending, success] = github.statuses
    expect(pending).toEqual({
      sha: SHA,
      state: 'pending',
      context: 'cdn-purge/production',
      description: 'purging 3 URLs on example.com',
      target_url: RUN_PAGE
    })
    expect(success).toMatchObject({ sha: SHA, state: 'success', context: 'cdn-purge/production', target_url: RUN_PAGE })
    expect(success?.description).toMatch(/^3 URLs purged on example\.com in (\d+ ms|[\d.]+ s)$/)
    expect(github.statuses).toHaveLength(2)
    expect(run.outputs['commit-status-sha']).toBe(SHA)
    expect(run.log).toContain(`Commit status "cdn-purge/production" goes on ${SHA}: GITHUB_SHA, the commit the workflow runs on.`)
    expect(run.log).toContain(`Commit status "cdn-purge/production" posted on ${SHA}: success,`)
    expect(run.summary).toContain('### Commit status')
    expect(run.summary).toContain(`<code>${SHA}</code>`)
    expect(run.summary).toMatch(/\*\*success\*\*, posted: 3 URLs purged on example\.com in/)
    // The pending status goes out before the first purge request.
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1)
    secretsNowhere(run, api.apiKey)
  })

  it('failure: some URLs not confirmed; the purge fails as it would without the status, and the status says how many', async () => {
    const api = await standIn()
    api.fault({ path: '/zones/zone-example/purge', status: 400 })
    const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge', 'max-attempts': '1' }, { env: runner() })
    expect(run.code).toBe(1)
    expect(states()).toEqual(['pending', 'failure'])
    expect(descriptions()[1]).toMatch(/^0 URLs purged on example\.com in [^;]+; 3 failed$/)
    expect(run.outputs['commit-status-sha']).toBe(SHA)
    secretsNowhere(run, api.apiKey)
  })

  it('error: an API error that stopped the run before the pending status gets the final one alone, with the error', async () => {
    const api = await standIn()
    const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge', zone: 'nope.example.com' }, { env: runner() })
    expect(run.code).toBe(1)
    expect(states()).toEqual(['error'])
    expect(descriptions()[0]).toMatch(/^stopped: .*nope\.example\.com/)
    expect((descriptions()[0] as string).length).toBeLessThanOrEqual(140)
    secretsNowhere(run, api.apiKey)
  })

  it('error: an API message that quotes the key and the token reaches the status redacted', async () => {
    const api = await standIn()
    const message = `key ${api.apiKey} or token ${TOKEN} refused`
    api.fault({ path: '/zones', status: 400, body: JSON.stringify({ success: false, errors: [{ code: 1000, message }] }) })
    const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge' }, { env: runner() })
    expect(run.code).toBe(1)
    expect(states()).toEqual(['error'])
    expect(descriptions()[0]).toMatch(/^stopped: .*key \*\*\* or token \*\*\* refused/)
    secretsNowhere(run, api.apiKey)
  })

  it('no status at all for an input error, reported as today', async () => {
    const api = await standIn()
    const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge', 'batch-size': 'many' }, { env: runner() })
    expect(run.code).toBe(1)
    expect(github.statuses).toEqual([])
    expect(run.outputs['commit-status-sha']).toBe('')
    expect(noStackTrace(run)).toBe(true)
  })

  it('refuses a context that is too long or not printable, naming the input, before any request', async () => {
    for (const context of ['x'.repeat(101), 'cdn\u0007purge']) {
      const api = await standIn()
      const run = await api.run({ files: FILES, 'commit-status': context }, { env: runner() })
      expect(run.code).toBe(1)
      expect(errorLine(run)).toContain('Input "commit-status" is the commit status\'s context')
      expect(api.requests).toEqual([])
      expect(JSON.parse(run.outputs.result ?? '{}')).toMatchObject({ invalidInput: 'commit-status' })
    }
    expect(github.statuses).toEqual([])
  })

  it('without the input, nothing is posted and the output is empty', async () => {
    const api = await standIn()
    const run = await api.run({ files: FILES }, { env: runner() })
    expect(run.code).toBe(0)
    expect(github.requests).toEqual([])
    expect(run.outputs['commit-status-sha']).toBe('')
    expect(run.summary).not.toContain('Commit status')
  })
})

describe('commit-status: a failed status never fails the purge', () => {
  it.each([
    [403, 'permissions: statuses: write'],
    [404, 'Check that the commit was pushed to GITHUB_REPOSITORY'],
    [422, 'A commit keeps at most 1,000 statuses per context'],
    [500, 'GitHub answered HTTP 500']
  ] as const)('HTTP %s: a warning that says what to do; the purge succeeds', async (status, advice) => {
    github.statusAnswer = status
    const api = await standIn()
    const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge' }, { env: runner() })
    expect(run.code).toBe(0)
    expect(api.purges.flatMap((purge) => purge.files)).toHaveLength(3)
    const warnings = run.log.split('\n').filter((line) => line.startsWith('::warning'))
    expect(warnings[0]).toContain(`Commit status "cdn-purge" (pending) was not posted on ${SHA.slice(0, 7)}`)
    expect(warnings[0]).toContain(advice)
    expect(warnings[0]).toContain("The purge's result stands.")
    // A refusal of the token (403, 404) is not tried again for the final status; the others are.
    expect(states()).toEqual(status === 403 || status === 404 ? ['pending'] : ['pending', 'success'])
    expect(warnings).toHaveLength(status === 403 || status === 404 ? 1 : 2)
    expect(run.outputs['commit-status-sha']).toBe('')
    expect(JSON.parse(run.outputs.result ?? '{}')).toMatchObject({ ok: true, errors: [] })
    expect(run.summary).toContain('not posted (see the warnings)')
    secretsNowhere(run, api.apiKey)
  })

  it('a network failure: a warning naming GITHUB_API_URL; the purge succeeds', async () => {
    github.statusAnswer = 'network'
    const api = await standIn()
    const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge' }, { env: runner() })
    expect(run.code).toBe(0)
    expect(run.log).toMatch(/::warning::Commit status "cdn-purge" \(pending\) was not posted on a{7}: the GitHub API could not be reached/)
    expect(run.log).toContain('Check GITHUB_API_URL')
    expect(states()).toEqual(['pending', 'success'])
  })

  it('a token without statuses: write: 403 from GitHub itself, the same warning', async () => {
    github.permissions.delete('statuses')
    try {
      const api = await standIn()
      const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge' }, { env: runner() })
      expect(run.code).toBe(0)
      expect(run.log).toContain('(HTTP 403). Give the job `permissions: statuses: write`')
    } finally {
      github.permissions.add('statuses')
    }
  })
})

describe('commit-status: the commit of each event', () => {
  const site = { 'changed-since': 'auto', 'site-dir': 'site', 'commit-status': 'cdn-purge' }

  it("push: the push's after (not GITHUB_SHA), and the log says why", async () => {
    const api = await standIn()
    const run = await api.run(site, { workspace: history.clone('full'), env: event('push', { before: commit(1), after: commit(3) }) })
    expect(run.code).toBe(0)
    expect(github.statuses.map((status) => status.sha)).toEqual([commit(3), commit(3)])
    expect(run.log).toContain(`Commit status "cdn-purge" goes on ${commit(3)}: the pushed commit, ${commit(3).slice(0, 7)}.`)
    expect(run.outputs['commit-status-sha']).toBe(commit(3))
  })

  it('a push that created its branch: its after', async () => {
    const api = await standIn()
    const payload = { ref: 'refs/heads/preview', before: '0'.repeat(40), after: commit(2), created: true }
    const run = await api.run(site, { workspace: history.clone('full'), env: event('push', payload) })
    expect(run.code).toBe(0)
    expect(github.statuses.map((status) => status.sha)).toEqual([commit(2), commit(2)])
  })

  it("deployment_status: the deployment's SHA", async () => {
    github.deployments.push({
      id: 30,
      sha: commit(3),
      environment: 'production',
      created_at: new Date().toISOString(),
      statuses: [{ state: 'success', created_at: new Date().toISOString() }]
    })
    const api = await standIn()
    const payload = { deployment_status: { state: 'success' }, deployment: { id: 30, sha: commit(3), environment: 'production' } }
    const run = await api.run(site, { workspace: history.clone('full'), env: event('deployment_status', payload) })
    expect(run.code).toBe(0)
    expect(github.statuses.map((status) => status.sha)).toEqual([commit(3), commit(3)])
    expect(run.log).toContain(`goes on ${commit(3)}: the deployed commit, ${commit(3).slice(0, 7)}.`)
  })

  it("workflow_run: the triggering run's head_sha", async () => {
    const api = await standIn()
    const payload = {
      workflow_run: {
        id: 77,
        workflow_id: 5,
        head_sha: commit(2),
        head_branch: 'main',
        conclusion: 'success',
        created_at: new Date().toISOString()
      }
    }
    const run = await api.run(site, { workspace: history.clone('full'), env: event('workflow_run', payload) })
    expect(run.code).toBe(0)
    expect(github.statuses.map((status) => status.sha)).toEqual([commit(2), commit(2)])
    expect(run.log).toContain(`goes on ${commit(2)}: the commit the triggering run built, ${commit(2).slice(0, 7)}.`)
  })

  it('release: the released commit, GITHUB_SHA', async () => {
    const release = (id: number, tag: string, at: string) => ({ id, tag_name: tag, draft: false, prerelease: false, published_at: at })
    github.releases.push(release(2, 'v1.1.0', '2026-11-26T10:00:00Z'), release(1, 'v1.0.0', '2026-11-20T10:00:00Z'))
    const api = await standIn()
    const env = { ...event('release', { release: release(2, 'v1.1.0', '2026-11-26T10:00:00Z') }), GITHUB_SHA: commit(3) }
    const run = await api.run(site, { workspace: history.clone('full'), env })
    expect(run.code).toBe(0)
    expect(github.statuses.map((status) => status.sha)).toEqual([commit(3), commit(3)])
    expect(run.log).toContain(`goes on ${commit(3)}: the released commit, ${commit(3).slice(0, 7)}.`)
  })

  it('without changed-since: GITHUB_SHA; none known: a warning and nothing posted', async () => {
    const api = await standIn()
    const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge' }, { env: runner('not-a-sha') })
    expect(run.code).toBe(0)
    expect(github.statuses).toEqual([])
    expect(run.log).toContain('::warning::Commit status "cdn-purge" is not posted: no commit is known')
    expect(run.outputs['commit-status-sha']).toBe('')
  })
})

describe('commit-status: the description', () => {
  it('is cut at 140 characters on a character boundary, with a zone name of emoji (surrogate pairs)', async () => {
    const name = `${'\u{1F600}'.repeat(80)}.example`
    const api = await standIn({ zones: [zone('zone-emoji', name)] })
    const run = await api.run({ 'purge-everything': 'true', zone: 'zone-emoji', 'commit-status': 'cdn-purge' }, { env: runner() })
    expect(run.code).toBe(0)
    for (const description of descriptions() as string[]) {
      expect(description.length).toBeLessThanOrEqual(140)
      expect(description.endsWith('…')).toBe(true)
      // No half of a surrogate pair anywhere: the text survives a round trip through UTF-8.
      expect(Buffer.from(description, 'utf8').toString('utf8')).toBe(description)
      expect(/\p{Cs}/u.test(description)).toBe(false)
    }
    expect(descriptions()[0]).toMatch(/^purging everything on \u{1F600}+…$/u)
  })

  it('says the step waits for the origin first when wait-for-origin is set', async () => {
    const api = await standIn()
    const run = await api.run(
      { files: FILES, 'commit-status': 'cdn-purge', 'wait-for-origin': '1', 'origin-marker': '/version.txt 1.4.2', 'dry-run': 'true' },
      { env: runner() }
    )
    expect(run.code).toBe(0)
    expect(run.log).toContain(
      `Dry run: commit status "cdn-purge" would be pending on ${SHA}: "waiting for the origin, then purging 3 URLs on example.com".`
    )
  })
})

describe('commit-status: a dry run', () => {
  it('posts nothing, and the summary says which commit and context would get which state', async () => {
    const api = await standIn()
    const run = await api.run({ files: FILES, 'commit-status': 'cdn-purge', 'dry-run': 'true' }, { env: runner() })
    expect(run.code).toBe(0)
    expect(github.requests).toEqual([])
    expect(run.outputs['commit-status-sha']).toBe('')
    expect(run.summary).toContain(`<code>cdn-purge</code> on <code>${SHA}</code>`)
    expect(run.summary).toContain('(dry run: nothing was posted)')
    expect(run.summary).toContain('**pending**, would be: purging 3 URLs on example.com')
    expect(run.summary).toMatch(/\*\*success\*\*, would be: /)
    expect(run.log).toContain(`Dry run: commit status "cdn-purge" would be pending on ${SHA}: "purging 3 URLs on example.com".`)
  })
})
