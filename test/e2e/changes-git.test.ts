import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGitHub, type GitHubStandIn } from '../stand-in/github.js'
import { git, makeHistory, type History } from '../stand-in/git-repo.js'
import { errorLine, posts, standIn } from './fixture.js'
import { EXPRESSION_DEFAULTS } from '../support/run-action.js'
import { execFileSync } from 'node:child_process'

const TOKEN = EXPRESSION_DEFAULTS['${{ github.token }}'] as string
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

/** The files changed from commit 2 (v1.0.0) to commit 4 (v1.1.0), under site/. */
const CHANGED_FILES = [
  'site/blog.html',
  'site/docs/guide.html',
  'site/docs/index.html',
  'site/gone.html',
  'site/new page.html',
  'site/new-name.css',
  'site/old-name.css'
]
const CHANGED_URLS = [
  'https://example.com/blog.html',
  'https://example.com/docs/',
  'https://example.com/docs/guide.html',
  'https://example.com/docs/index.html',
  'https://example.com/gone.html',
  'https://example.com/new%20page.html',
  'https://example.com/new-name.css',
  'https://example.com/old-name.css'
]
const sorted = (json: string | undefined): string[] => (JSON.parse(json ?? '[]') as string[]).sort()

/** A runner-like environment for an event whose payload is `payload` (in the history's folder, so it goes when that is removed). */
function event(name: string, payload: unknown, head: string): Record<string, string> {
  const path = join(mkdtempSync(join(history.root, 'event-')), 'event.json')
  writeFileSync(path, JSON.stringify(payload))
  return { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: path, GITHUB_SHA: head, GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: github.url }
}
const push = (): Record<string, string> =>
  event('push', { before: history.commits[1], after: history.commits[3] }, history.commits[3] as string)

describe('purging what a push changed (git history, end to end)', () => {
  it('uses the local checkout: adds, edits, deletes, both sides of a rename, index folders, encoded names', async () => {
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace: history.clone('full'), env: push() })
    expect(run.code).toBe(0)
    expect(sorted(run.outputs['changed-files'])).toEqual(CHANGED_FILES)
    expect(sorted(run.outputs['changed-urls'])).toEqual(CHANGED_URLS)
    expect(api.purges.flatMap((p) => p.files).sort()).toEqual(CHANGED_URLS)
    expect(run.log).toContain('found with git diff in the local checkout)')
    expect(run.log).toContain(
      `Comparing ${history.commits[1] ?? ''} (the commit before this push) with ${history.commits[3] ?? ''} (the pushed commit, ${history.commits[3]?.slice(0, 7) ?? ''}), for this push event.`
    )
    expect(run.summary).toContain('### What changed')
    expect(run.summary).toContain('git diff in the local checkout')
  })

  it('runs git with no input and no secret in its environment', async () => {
    // A git in front of the real one on PATH that writes down its environment first (removed with the history).
    const bin = mkdtempSync(join(history.root, 'fake-git-'))
    const dump = join(bin, 'env.txt')
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nenv >> '${dump}'\nexec '${realGit}' "$@"\n`)
    chmodSync(join(bin, 'git'), 0o755)
    const api = await standIn()
    const env = {
      ...push(),
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      CDN_API_KEY: api.apiKey,
      GITHUB_TOKEN: TOKEN,
      HTTPS_PROXY: 'http://proxy.test:3128',
      NO_PROXY: '127.0.0.1'
    }
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace: history.clone('full'), env })
    expect(run.code).toBe(0)
    const seen = readFileSync(dump, 'utf8')
    expect(seen).toContain('\nGIT_TERMINAL_PROMPT=0\n')
    expect(seen).toContain('\nHTTPS_PROXY=http://proxy.test:3128\n')
    expect(seen).not.toMatch(/^INPUT_/im)
    expect(seen).not.toMatch(/^(?:CDN_API_KEY|GITHUB_TOKEN)=/m)
    expect(seen).not.toContain(api.apiKey)
    expect(seen).not.toContain(TOKEN)
  })

  it('works in a shallow checkout by fetching the base commit alone', async () => {
    const workspace = history.clone('shallow')
    expect(git(workspace, 'rev-parse', '--is-shallow-repository')).toBe('true')
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace, env: push() })
    expect(run.code).toBe(0)
    expect(sorted(run.outputs['changed-urls'])).toEqual(CHANGED_URLS)
    expect(run.log).toContain('after fetching the base commit alone (shallow checkout)')
    expect(github.requests).toEqual([])
  })

  it('asks the GitHub compare API when the base commit cannot be fetched, token masked', async () => {
    const workspace = history.clone('shallow')
    git(workspace, 'remote', 'set-url', 'origin', join(history.root, 'no-such-remote'))
    const basehead = `${history.commits[1] ?? ''}...${history.commits[3] ?? ''}`
    github.comparisons.set(basehead, [
      { filename: 'site/blog.html', status: 'added' },
      { filename: 'site/new-name.css', previous_filename: 'site/old-name.css', status: 'renamed' },
      { filename: 'site/gone.html', status: 'removed' },
      { filename: 'src/build.ts', status: 'modified' }
    ])
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace, env: push() })
    expect(run.code).toBe(0)
    expect(github.requests).toContain(`GET /repos/acme/site/compare/${basehead}`)
    expect(sorted(run.outputs['changed-urls'])).toEqual([
      'https://example.com/blog.html',
      'https://example.com/gone.html',
      'https://example.com/new-name.css',
      'https://example.com/old-name.css'
    ])
    expect(run.log).toContain('asking the GitHub compare API')
    expect(run.stdout).toContain(`::add-mask::${TOKEN}`)
    expect([run.log, run.summary, ...Object.values(run.outputs)].join('\n')).not.toContain(TOKEN)
  })

  it('purges everything when a comparison of more than 300 files comes back cut off at 300', async () => {
    const workspace = history.clone('shallow')
    git(workspace, 'remote', 'set-url', 'origin', join(history.root, 'no-such-remote'))
    const files = Array.from({ length: 350 }, (_, i) => ({ filename: `site/page-${i}.html`, status: 'modified' }))
    github.comparisons.set(`${history.commits[1] ?? ''}...${history.commits[3] ?? ''}`, files)
    const api = await standIn()
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace, env: push() })
    expect(run.code).toBe(0)
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ purge_everything: true }])
    expect(run.outputs['purged-everything']).toBe('true')
    expect(run.log).toMatch(/^::warning::Purging everything: the GitHub compare API lists at most 300 files/m)
    expect(run.summary).toContain('Purged everything instead')
    expect(JSON.parse(run.outputs['changed-urls'] ?? '')).toHaveLength(300)
  })

  it('compares a release with the release published before it (drafts and prereleases skipped)', async () => {
    github.releases.splice(
      0,
      github.releases.length,
      { id: 4, tag_name: 'v1.2.0', draft: true, prerelease: false, published_at: null },
      { id: 3, tag_name: 'v1.1.0', draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' },
      { id: 2, tag_name: 'v1.1.0-rc.1', draft: false, prerelease: true, published_at: '2026-11-02T10:00:00Z' },
      { id: 1, tag_name: 'v1.0.0', draft: false, prerelease: false, published_at: '2026-11-01T10:00:00Z' }
    )
    const api = await standIn()
    const env = event('release', { action: 'published', release: github.releases[1] }, history.commits[3] as string)
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace: history.clone('full'), env })
    expect(run.code).toBe(0)
    expect(run.log).toContain('Comparing v1.0.0 (the release published before v1.1.0)')
    expect(sorted(run.outputs['changed-urls'])).toEqual(CHANGED_URLS)
  })

  it('compares a release through the API when the previous release cannot be fetched', async () => {
    const workspace = history.clone('shallow')
    git(workspace, 'remote', 'set-url', 'origin', join(history.root, 'no-such-remote'))
    github.releases.splice(
      0,
      github.releases.length,
      { id: 3, tag_name: 'v1.1.0', draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' },
      { id: 1, tag_name: 'v1.0.0', draft: false, prerelease: false, published_at: '2026-11-01T10:00:00Z' }
    )
    github.comparisons.set(`v1.0.0...${history.commits[3] ?? ''}`, [{ filename: 'site/blog.html', status: 'added' }])
    const api = await standIn()
    const env = event('release', { action: 'published', release: github.releases[0] }, history.commits[3] as string)
    const run = await api.run({ 'changed-since': 'auto', 'site-dir': 'site' }, { workspace, env })
    expect(run.code).toBe(0)
    expect(github.requests).toContain('GET /repos/acme/site/releases?per_page=100')
    expect(run.outputs['changed-urls']).toBe('["https://example.com/blog.html"]')
    expect(run.summary).toContain('the GitHub compare API')
  })

  it('refuses auto for other events, and takes an explicit ref instead', async () => {
    const api = await standIn()
    const env = event('workflow_dispatch', { inputs: { since: 'v1.0.0' } }, history.commits[3] as string)
    const auto = await api.run({ 'changed-since': 'auto' }, { workspace: history.clone('full'), env })
    expect(errorLine(auto)).toContain(
      '"changed-since: auto" works for push, release, deployment_status, workflow_run, pull_request, pull_request_target events; this run is a "workflow_dispatch" event. Give a ref instead'
    )
    const explicit = await api.run({ 'changed-since': 'v1.0.0', 'site-dir': 'site' }, { workspace: history.clone('shallow'), env })
    expect(explicit.code).toBe(0)
    expect(sorted(explicit.outputs['changed-urls'])).toEqual(CHANGED_URLS)
  })

  it('applies include and exclude to the path below site-dir, and serves it under url-base', async () => {
    const api = await standIn()
    const run = await api.run(
      {
        'changed-since': 'v1.0.0',
        'site-dir': 'site/',
        'url-base': 'https://static.example.com/v2',
        include: '**/*.html\n**/*.css',
        exclude: 'docs/**',
        'index-file': ''
      },
      { workspace: history.clone('full'), env: push() }
    )
    expect(run.code).toBe(0)
    expect(sorted(run.outputs['changed-urls'])).toEqual([
      'https://static.example.com/v2/blog.html',
      'https://static.example.com/v2/gone.html',
      'https://static.example.com/v2/new%20page.html',
      'https://static.example.com/v2/new-name.css',
      'https://static.example.com/v2/old-name.css'
    ])
  })

  it('refuses a url-base outside the zone before any purge', async () => {
    const api = await standIn()
    const run = await api.run(
      { 'changed-since': 'v1.0.0', 'url-base': 'https://example.org/' },
      { workspace: history.clone('full'), env: push() }
    )
    expect(errorLine(run)).toContain('Input "url-base" (https://example.org/) is not on zone example.com')
    expect(posts(api)).toEqual([])
  })

  it('purges everything instead when more URLs changed than purge-everything-over', async () => {
    const api = await standIn()
    const run = await api.run(
      { 'changed-since': 'v1.0.0', 'site-dir': 'site', 'purge-everything-over': '5', tags: 'html' },
      { workspace: history.clone('full'), env: push() }
    )
    expect(run.code).toBe(0)
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ purge_everything: true }])
    expect(run.log).toContain('::warning::Purging everything instead of the list: 8 changed URLs is more than purge-everything-over (5).')
    expect(run.outputs).toMatchObject({ 'purged-everything': 'true', 'purged-files': '8', 'purged-tags': '1', 'failed-files': '[]' })
    expect(run.summary).toContain('Purged everything instead')
  })

  it('merges changed URLs with files and tags, dropping duplicates', async () => {
    const api = await standIn()
    const run = await api.run(
      { 'changed-since': 'v1.0.0', 'site-dir': 'site', files: '/blog.html /extra.html', tags: 'html' },
      { workspace: history.clone('full'), env: push() }
    )
    expect(run.code).toBe(0)
    expect(api.purges.flatMap((p) => p.files).sort()).toEqual([...CHANGED_URLS, 'https://example.com/extra.html'].sort())
    expect(api.purges.flatMap((p) => p.tags)).toEqual(['html'])
  })
})
