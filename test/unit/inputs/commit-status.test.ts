import { describe, expect, it } from 'vitest'
import { getInputs } from '../../../src/inputs/index.js'
import { inputErrorOf, source } from '../../support/inputs.js'

const minimal = { 'api-key': 'k', 'api-url': 'https://api.example.net/v1', zone: 'example.com', files: '/a' }
const TOKEN = 'ghs_e2eTestToken0000000000000000000000'

describe('commit-status', () => {
  it('is off by default', async () => {
    expect((await getInputs(source(minimal))).commitStatus).toBeUndefined()
  })

  it('reads the context, trimmed, with the token that posts it', async () => {
    expect((await getInputs(source({ ...minimal, 'commit-status': ' cdn-purge/production ' }))).commitStatus).toEqual({
      context: 'cdn-purge/production',
      githubToken: TOKEN
    })
  })

  it('takes 100 characters, counted as characters (an emoji is one), and any printable text', async () => {
    for (const context of ['x'.repeat(100), '\u{1F680}'.repeat(100), 'déploiement · prod', 'a b']) {
      expect((await getInputs(source({ ...minimal, 'commit-status': context }))).commitStatus?.context).toBe(context)
    }
  })

  it('refuses more than 100 characters, and control, format or half characters, naming the input and what it takes', async () => {
    for (const context of ['x'.repeat(101), '\u{1F680}'.repeat(101), 'cdn\u0007purge', 'cdn\npurge', 'cdn\u200bpurge', 'cdn\ud800']) {
      const error = await inputErrorOf(getInputs(source({ ...minimal, 'commit-status': context })))
      expect(error.input).toBe('commit-status')
      expect(error.message).toMatch(
        /^Input "commit-status" is the commit status's context, such as "cdn-purge" or "cdn-purge\/production": at most 100 printable characters, on one line; got "/
      )
    }
  })

  it('needs a token: an empty github-token is an input error naming it', async () => {
    const error = await inputErrorOf(getInputs(source({ ...minimal, 'commit-status': 'cdn-purge', 'github-token': '' })))
    expect(error.input).toBe('github-token')
    expect(error.message).toBe(
      'Input "github-token" is empty, and "commit-status" needs it to post the commit status. Leave it at its default (${{ github.token }}) with `permissions: statuses: write`, or pass a token.'
    )
    // Without commit-status, an empty token is fine.
    expect((await getInputs(source({ ...minimal, 'github-token': '' }))).commitStatus).toBeUndefined()
  })
})
