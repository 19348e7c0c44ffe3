import { describe, expect, it } from 'vitest'
import { runPage, statusCommit } from '../../../src/commit-status/commit.js'

const SHA = 'a'.repeat(40)
const OTHER = 'b'.repeat(64)

describe('statusCommit', () => {
  it("takes the change set's commit, with its reason", () => {
    const commit = { sha: OTHER, why: 'the deployed commit, bbbbbbb' }
    expect(statusCommit({ commit }, { GITHUB_SHA: SHA })).toBe(commit)
  })

  it('falls back to GITHUB_SHA without a change set or a commit in it (a manifest)', () => {
    const sha = { sha: SHA, why: 'GITHUB_SHA, the commit the workflow runs on' }
    expect(statusCommit(undefined, { GITHUB_SHA: SHA })).toEqual(sha)
    expect(statusCommit({ commit: undefined }, { GITHUB_SHA: SHA })).toEqual(sha)
    expect(statusCommit(undefined, { GITHUB_SHA: OTHER })).toEqual({ ...sha, sha: OTHER })
  })

  it('knows none when GITHUB_SHA is not a full SHA', () => {
    for (const GITHUB_SHA of [undefined, '', 'HEAD', SHA.slice(1), SHA.toUpperCase(), `${SHA}\n`]) {
      expect(statusCommit(undefined, { GITHUB_SHA })).toBeUndefined()
    }
  })
})

describe('runPage', () => {
  const env = {
    GITHUB_SERVER_URL: 'https://ghe.example.com/',
    GITHUB_REPOSITORY: 'acme/site',
    GITHUB_RUN_ID: '42',
    GITHUB_RUN_ATTEMPT: '3'
  }

  it('links the run attempt on GITHUB_SERVER_URL, github.com without it, attempt 1 without one', () => {
    expect(runPage(env)).toBe('https://ghe.example.com/acme/site/actions/runs/42/attempts/3')
    expect(runPage({ ...env, GITHUB_SERVER_URL: undefined })).toBe('https://github.com/acme/site/actions/runs/42/attempts/3')
    expect(runPage({ ...env, GITHUB_RUN_ATTEMPT: undefined })).toBe('https://ghe.example.com/acme/site/actions/runs/42/attempts/1')
    expect(runPage({ ...env, GITHUB_RUN_ATTEMPT: '' })).toBe('https://ghe.example.com/acme/site/actions/runs/42/attempts/1')
    expect(runPage({ ...env, GITHUB_RUN_ATTEMPT: '12' })).toBe('https://ghe.example.com/acme/site/actions/runs/42/attempts/12')
  })

  it('gives no link when a part is missing or not what the runner sets', () => {
    for (const over of [
      { GITHUB_RUN_ID: undefined },
      { GITHUB_RUN_ID: '' },
      { GITHUB_RUN_ID: '42x' },
      { GITHUB_RUN_ID: 'x42' },
      { GITHUB_RUN_ATTEMPT: '2 ' },
      { GITHUB_RUN_ATTEMPT: 'a2' },
      { GITHUB_REPOSITORY: undefined },
      { GITHUB_REPOSITORY: 'acme' },
      { GITHUB_SERVER_URL: 'javascript:alert(1)' },
      { GITHUB_SERVER_URL: 'https://ghe.example.com/a)b' }
    ]) {
      expect(runPage({ ...env, ...over }), JSON.stringify(over)).toBeUndefined()
    }
  })
})
