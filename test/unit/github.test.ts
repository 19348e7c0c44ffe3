import { describe, expect, it } from 'vitest'
import { WHAT_CHANGED } from '../../src/changes/github.js'
import { InputError } from '../../src/errors.js'
import { githubApi, parseRepository } from '../../src/github.js'
import { testCancel } from '../support/clock.js'

const acme = { owner: 'acme', repo: 'site' }
const STATUS = { what: 'given a status', otherwise: 'Leave it empty.' }

describe('parseRepository', () => {
  it('reads owner/repo and refuses anything else, saying what the API was for', () => {
    expect(parseRepository('acme/site', WHAT_CHANGED)).toEqual(acme)
    const refusal = new InputError(
      undefined,
      'GITHUB_REPOSITORY is not set as owner/repo, so the GitHub API cannot be asked what changed. Run the action in a workflow, or give a local checkout with the commits.'
    )
    for (const value of [undefined, '', 'acme', 'acme/', '/site', 'acme/site/x']) {
      expect(() => parseRepository(value, WHAT_CHANGED)).toThrow(InputError)
      expect(() => parseRepository(value, WHAT_CHANGED)).toThrow(refusal)
    }
    expect(() => parseRepository('acme', STATUS)).toThrow(
      new InputError(undefined, 'GITHUB_REPOSITORY is not set as owner/repo, so the GitHub API cannot be given a status. Leave it empty.')
    )
  })
})

describe('githubApi', () => {
  it('takes GITHUB_API_URL, GitHub Enterprise Server too, and api.github.com without it', () => {
    expect(githubApi({ GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: 'https://ghe.example.com/api/v3/' }, 't', WHAT_CHANGED)).toEqual({
      token: 't',
      apiUrl: 'https://ghe.example.com/api/v3',
      repository: acme
    })
    const { signal } = testCancel()
    expect(githubApi({ GITHUB_REPOSITORY: 'acme/site' }, 't', WHAT_CHANGED, signal).signal).toBe(signal)
    expect(githubApi({ GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: 'http://ghe.local/api/v3//' }, 't', WHAT_CHANGED).apiUrl).toBe(
      'http://ghe.local/api/v3'
    )
    expect(githubApi({ GITHUB_REPOSITORY: 'acme/site' }, 't', WHAT_CHANGED).apiUrl).toBe('https://api.github.com')
    expect(githubApi({ GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: '' }, 't', WHAT_CHANGED).apiUrl).toBe('https://api.github.com')
    for (const bad of ['ghe.example.com', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(() => githubApi({ GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: bad }, 't', WHAT_CHANGED)).toThrow(InputError)
    }
    expect(() => githubApi({ GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: 'nope' }, 't', WHAT_CHANGED)).toThrow(
      'GITHUB_API_URL (nope) is not an http(s) URL, so the GitHub API cannot be asked what changed.'
    )
    expect(() => githubApi({ GITHUB_REPOSITORY: 'acme/site', GITHUB_API_URL: 'nope' }, 't', STATUS)).toThrow(
      'GITHUB_API_URL (nope) is not an http(s) URL, so the GitHub API cannot be given a status.'
    )
  })
})
