import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { autoBase } from '../../src/changes/event.js'
import { InputError } from '../../src/errors.js'
import { startGitHub, type GitHubStandIn } from '../stand-in/github.js'

const TOKEN = 'ghs_event-test-token'
let dir: string
let github: GitHubStandIn
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'event-'))
  github = await startGitHub(TOKEN)
  // Read once, when octokit is first loaded.
  process.env.GITHUB_API_URL = github.url
  github.releases.push(
    { id: 2, tag_name: 'v1.1.0', draft: false, prerelease: false, published_at: '2026-11-03T10:00:00Z' },
    { id: 1, tag_name: 'v1.0.0', draft: false, prerelease: false, published_at: '2026-11-01T10:00:00Z' }
  )
})
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await github.close()
})

let events = 0
/** The environment of a run for event `name` whose payload is `payload` (text as it is, else as JSON). */
function env(name: string | undefined, payload: unknown): NodeJS.ProcessEnv {
  const path = join(dir, `event-${++events}.json`)
  writeFileSync(path, typeof payload === 'string' ? payload : JSON.stringify(payload))
  return { ...(name === undefined ? {} : { GITHUB_EVENT_NAME: name }), GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'acme/site' }
}
const refusal = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(() => undefined, (caught: unknown) => caught)
  expect(error).toBeInstanceOf(InputError)
  return (error as InputError).message
}

describe('autoBase', () => {
  it('takes the commit before a push', async () => {
    expect(await autoBase(env('push', { before: 'abc123', after: 'def456' }), TOKEN)).toEqual({ base: 'abc123', why: 'the commit before this push' })
  })

  it('refuses a push without a before commit', async () => {
    const message = 'This push event has no "before" commit, so "changed-since: auto" has nothing to compare with. Set "changed-since" to a ref.'
    expect(await refusal(autoBase(env('push', { after: 'def456' }), TOKEN))).toBe(message)
    expect(await refusal(autoBase(env('push', { before: '' }), TOKEN))).toBe(message)
    expect(await refusal(autoBase(env('push', { before: 12 }), TOKEN))).toBe(message)
    expect(await refusal(autoBase({ GITHUB_EVENT_NAME: 'push' }, TOKEN))).toBe(message)
  })

  it('refuses a push that created its branch, and says what to set', async () => {
    expect(await refusal(autoBase(env('push', { before: '0000000000000000000000000000000000000000' }), TOKEN))).toBe(
      'This push created the branch (its "before" is 0000000…), so there is no earlier commit to compare with. Set "changed-since" to a ref for this case, e.g. "changed-since: main", or purge with "files" or "purge-everything".'
    )
    expect(await autoBase(env('push', { before: '00000000a' }), TOKEN)).toMatchObject({ base: '00000000a' })
    expect(await autoBase(env('push', { before: 'a0000000' }), TOKEN)).toMatchObject({ base: 'a0000000' })
  })

  it('takes the release published before a release', async () => {
    const release = github.releases[0]
    expect(await autoBase(env('release', { action: 'published', release }), TOKEN)).toEqual({ base: 'v1.0.0', why: 'the release published before v1.1.0' })
    expect(github.requests).toEqual(['GET /repos/acme/site/releases?per_page=100'])
  })

  it('names a long release tag and event cut, with how much was left out', async () => {
    const release = { ...github.releases[0], tag_name: 't'.repeat(1000) }
    expect((await autoBase(env('release', { action: 'published', release }), TOKEN)).why).toBe(`the release published before ${'t'.repeat(200)}… (800 more characters)`)
    expect(await refusal(autoBase(env('e'.repeat(1000), {}), TOKEN))).toContain(`this run is a "${'e'.repeat(200)}… (800 more characters)" event.`)
  })

  it('refuses a release event without a release', async () => {
    const message = 'This release event has no release in its payload, so "changed-since: auto" cannot find the previous one.'
    expect(await refusal(autoBase(env('release', { action: 'published' }), TOKEN))).toBe(message)
    expect(await refusal(autoBase(env('release', { release: { name: 'no tag' } }), TOKEN))).toBe(message)
  })

  it('refuses other events, naming the event', async () => {
    expect(await refusal(autoBase(env('workflow_dispatch', {}), TOKEN))).toBe(
      '"changed-since: auto" works for push and release events; this run is a "workflow_dispatch" event. Give a ref instead (a tag, branch or SHA), e.g. "changed-since: ${{ inputs.since }}".'
    )
    expect(await refusal(autoBase(env(undefined, {}), TOKEN))).toMatch(/^"changed-since: auto" works for push and release events; this run is a "unknown" event\./)
  })

  it('says when the payload cannot be read', async () => {
    expect(await refusal(autoBase({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: join(dir, 'missing.json') }, TOKEN))).toBe(
      'Cannot read the event payload at GITHUB_EVENT_PATH (ENOENT), which "changed-since: auto" needs.'
    )
    expect(await refusal(autoBase(env('push', '{not json'), TOKEN))).toMatch(/^Cannot read the event payload at GITHUB_EVENT_PATH \(SyntaxError: .*\), which "changed-since: auto" needs\.$/)
  })
})
