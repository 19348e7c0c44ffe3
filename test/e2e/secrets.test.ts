import { describe, expect, it } from 'vitest'
import { standIn } from './fixture.js'
import type { ActionRun } from '../support/run-action.js'

/** Everything a user or a later step can see, except the runner's own `::add-mask::` command. */
const visible = (run: ActionRun): string =>
  [run.log, run.stderr, run.summary, run.failedFilesText, ...Object.values(run.outputs)].join('\n')

/** A key with characters that URL encoding, base64 and JSON each spell their own way. */
const KEY = 'sk_live/9Qe2e+Key"x7=Zz0123456789~abcd'
const base64 = (text: string): string => Buffer.from(text).toString('base64')

describe('the API key never leaks (end to end)', () => {
  it('is masked before anything else is printed', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't' }, { env: { RUNNER_DEBUG: '1' } })
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${api.apiKey}`)
  })

  it('appears in no log line, output, summary or error, even when the server echoes it', async () => {
    const api = await standIn()
    const echo = `{"success":false,"errors":[{"message":"token ${api.apiKey} is not allowed to purge"}]}`
    api.fault({ path: '/zones/zone-example/purge', status: 403, body: echo })
    api.fault({ path: '/zones/zone-example/purge', status: 500, retryAfter: '0', body: `Bearer ${api.apiKey}` })
    const run = await api.run({ files: '/a', tags: 't', 'batch-size': '1', concurrency: '1' }, { env: { RUNNER_DEBUG: '1' } })
    expect(run.code).toBe(1)
    expect(run.log).toContain('token *** is not allowed to purge')
    expect(visible(run)).not.toContain(api.apiKey)
  })

  it('is masked when it comes from CDN_API_KEY, and absent from an input error', async () => {
    const api = await standIn()
    const run = await api.run({ 'api-key': '', tags: 't', 'batch-size': 'x' }, { env: { CDN_API_KEY: api.apiKey, RUNNER_DEBUG: '1' } })
    expect(run.code).toBe(1)
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${api.apiKey}`)
    expect(visible(run)).not.toContain(api.apiKey)
  })

  it('stays out of warnings and errors from zone creation and traffic reads', async () => {
    const api = await standIn()
    api.fault({ path: /\/analytics\/traffic$/, status: 403, body: `{"errors":[{"message":"key ${api.apiKey} may not read analytics"}]}` })
    api.fault({ method: 'POST', path: '/zones', status: 422, body: `{"errors":[{"message":"key ${api.apiKey} may not create zones"}]}` })
    const run = await api.run(
      { zone: 'example.com\nnew.example.net', 'create-zone': 'true', tags: 't', analytics: '1h' },
      { env: { RUNNER_DEBUG: '1' } }
    )
    expect(run.code).toBe(1)
    expect(run.log).toContain('key *** may not create zones')
    expect(visible(run)).not.toContain(api.apiKey)
  })

  it('appears in no spelling and in no run of 20 of it anywhere, whatever spelling the API echoes', async () => {
    const api = await standIn({ apiKey: KEY })
    const uEscaped = [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
    const spellings = [
      encodeURIComponent(KEY),
      base64(KEY),
      Buffer.from(KEY).toString('base64url'),
      base64(`Bearer ${KEY}`),
      JSON.stringify(KEY).slice(1, -1),
      KEY.slice(0, 20),
      KEY.slice(-20)
    ]
    const files = spellings.map((_, index) => `https://example.com/p${index}?k=${encodeURIComponent(KEY.slice(0, 20))}`)
    spellings.forEach((spelling, index) => {
      api.fault({
        path: '/zones/zone-example/purge',
        bodyIncludes: `/p${index}?`,
        status: 403,
        body: JSON.stringify({ success: false, errors: [{ message: `key ${spelling} may not purge` }] })
      })
    })
    // JSON whose message spells the key in \u escapes, and a plain-text body with its base64 inside a header's.
    api.fault({
      path: '/zones/zone-example/purge',
      bodyIncludes: 'tags',
      status: 403,
      body: `{"errors":[{"message":"key ${uEscaped} may not purge tags"}]}`
    })
    const run = await api.run({ files: files.join('\n'), tags: 't', 'batch-size': '1', concurrency: '1' }, { env: { RUNNER_DEBUG: '1' } })
    expect(run.code).toBe(1)
    expect(run.failedFilesText.split('\n').filter((line) => line !== '')).toEqual(
      spellings.map((_, index) => `https://example.com/p${index}?k=***`)
    )
    const result = JSON.parse(run.outputs.result ?? '') as { errors: string[] }
    expect(result.errors.length).toBeGreaterThanOrEqual(spellings.length)
    // Of base64 inside a longer value, what encodes the rest stays ("Bearer " is QmVhcmVyIH), and at most a character each side
    // that mixes bits; of a key escaped twice over, an escape's backslash between two masks.
    for (const error of result.errors) expect(error).toMatch(/key (?:QmVhcmVyIH.?)?\*\*\*(?:\\+\*\*\*)?[A-Za-z0-9+/=]{0,3} may not purge/)
    const seen = visible(run)
    for (const spelling of [KEY, ...spellings, uEscaped, KEY.slice(8, 20), encodeURIComponent(KEY.slice(0, 20))])
      expect(seen).not.toContain(spelling)
  })
})
