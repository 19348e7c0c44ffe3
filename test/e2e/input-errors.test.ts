import { describe, expect, it } from 'vitest'
import { errorLine, noStackTrace, posts, standIn } from './fixture.js'

describe('bad input fails before any change is sent (end to end)', () => {
  it.each([
    [{ 'dry-run': 'yes', tags: 't' }, '::error::Input "dry-run" must be true or false, got "yes".'],
    [{ 'batch-size': '0', tags: 't' }, '::error::Input "batch-size" must be a whole number of URLs or tags from 1 to 1000, got "0".'],
    [{ concurrency: 'many', tags: 't' }, '::error::Input "concurrency" must be a whole number of requests from 1 to 32, got "many".'],
    [
      { 'purge-everything': 'true', files: '/a' },
      '::error::Input "purge-everything" is true, which cannot be combined with "files", "files-from", "tags", "changed-since" or "previous-manifest"'
    ],
    [{}, '::error::Nothing to do: give "files", "files-from", "tags", "changed-since" or "previous-manifest" to purge'],
    [
      { tags: 't', settings: 'cache: {enabled: true}' },
      '::error::Input "settings" has an unknown key "cache"; accepted keys: limits, sdk.'
    ],
    [{ tags: 't', zone: '' }, '::error::Input "zone" is required'],
    [{ tags: 't', settings: '&a {limits: *a}' }, '::error::Input "settings" uses a YAML alias (*name), which is not accepted'],
    [
      { tags: 't', settings: `${'['.repeat(4000)}${']'.repeat(4000)}` },
      '::error::Input "settings" is nested 4000 levels deep; at most 10 are read'
    ],
    [{ tags: 't', 'api-url': 'http://evil-localhost/v1' }, '::error::Input "api-url" must use https://'],
    [
      { tags: 't', 'github-token': 'ghs_abc\u200bdef' },
      '::error::Input "github-token" holds a non-ASCII character, which cannot be sent in an HTTP header.'
    ]
  ])('%j', async (inputs, message) => {
    const api = await standIn()
    const run = await api.run(inputs)
    expect(run.code).toBe(1)
    expect(errorLine(run).startsWith(message)).toBe(true)
    expect(api.requests).toEqual([])
    expect(noStackTrace(run)).toBe(true)
  })

  it('refuses plain http to a host that is not loopback, before any request', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't', 'api-url': 'http://cdn-api.example.net/v1' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain('Input "api-url" must use https://')
    expect(api.requests).toEqual([])
  })

  it('needs an API key from the input or CDN_API_KEY', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't', 'api-key': '' })
    expect(errorLine(run)).toContain('No API key: set input "api-key"')
    expect(api.requests).toEqual([])
  })

  it('refuses URLs outside the zone, listing them, and sends no purge', async () => {
    const api = await standIn()
    const run = await api.run({ files: '/ok.html https://example.org/x.html https://evil-example.com/ not-a-url' })
    expect(run.code).toBe(1)
    expect(posts(api)).toEqual([])
    expect(run.log).toContain('3 entries in "files"/"files-from" are not URLs of this zone')
    expect(run.log).toContain('https://example.org/x.html')
    expect(run.log).toContain('not-a-url')
    expect(noStackTrace(run)).toBe(true)
    // Nothing was purged, and the outputs say so: every requested entry is reported failed.
    expect(run.outputs['purged-files']).toBe('0')
    expect(JSON.parse(run.outputs['failed-files'] ?? '')).toHaveLength(4)
  })

  it('names a files-from file that cannot be read', async () => {
    const api = await standIn()
    const run = await api.run({ 'files-from': 'missing.txt' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toMatch(
      /Input "files-from": cannot read ".*missing.txt" \(ENOENT\)\. Give a text file, one or more entries a line; the path is relative to GITHUB_WORKSPACE\./
    )
    expect(api.requests).toEqual([])
  })

  it('refuses a key that cannot be a header value before any request, showing none of it', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't', 'api-key': `${api.apiKey}\nsecond-line-of-the-key` })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toMatch(/^::error::Input "api-key" holds a line break, which cannot be sent in an HTTP header\./)
    expect(api.requests).toEqual([])
    for (const text of [run.log, run.stderr, run.summary, JSON.stringify(run.outputs)]) {
      expect(text).not.toContain(api.apiKey)
      expect(text).not.toContain('second-line')
    }
    expect(noStackTrace(run)).toBe(true)
  })

  it('names CDN_API_KEY when the key from it cannot be a header value', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't', 'api-key': '' }, { env: { CDN_API_KEY: `${api.apiKey}\u0007` } })
    expect(errorLine(run)).toMatch(
      /^::error::Environment variable "CDN_API_KEY" \(the API key, as "api-key" is empty\) holds a control character/
    )
    expect(api.requests).toEqual([])
    expect(run.log).not.toContain(api.apiKey)
  })

  it('refuses paths that the URL parser would take off the zone, and sends no purge', async () => {
    const api = await standIn()
    const run = await api.run({ files: '/ok.html /\\evil.test/a //evil.test/b' })
    expect(run.code).toBe(1)
    expect(posts(api)).toEqual([])
    expect(run.log).toContain('2 entries in "files"/"files-from" are not URLs of this zone')
    expect(run.log).toContain('  /\\evil.test/a (read as https://evil.test/a)')
    expect(run.log).toContain('  //evil.test/b (read as https://evil.test/b)')
    expect(api.requests.some((request) => request.path.includes('evil'))).toBe(false)
  })

  it('refuses URLs with a password, never showing it in the log, the outputs or the summary', async () => {
    const api = await standIn()
    const run = await api.run({ files: 'https://user:hunter2@example.com/a /ok.html' })
    expect(run.code).toBe(1)
    expect(posts(api)).toEqual([])
    expect(run.log).toContain('  https://***@example.com/a (a user name or password is not accepted)')
    expect(JSON.parse(run.outputs['failed-files'] ?? '')).toEqual(['https://***@example.com/a', '/ok.html'])
    for (const text of [run.stdout, run.stderr, run.summary, JSON.stringify(run.outputs)]) expect(text).not.toContain('hunter2')
  })

  it('keeps a comma inside a URL of files-from, so a list of URLs not purged is retried exactly', async () => {
    const api = await standIn()
    const run = await api.run(
      { 'files-from': 'failed.txt' },
      { files: { 'failed.txt': 'https://example.com/a,b.html\nhttps://example.com/c,\n/d,/e\n' } }
    )
    expect(run.code).toBe(0)
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { files: ['https://example.com/a,b.html', 'https://example.com/c,', 'https://example.com/d', 'https://example.com/e'] }
    ])
  })

  it('names previous-manifest when it cannot be read (a folder), instead of taking it for the first run', async () => {
    const api = await standIn()
    const run = await api.run({ 'previous-manifest': 'site', 'site-dir': 'site' }, { files: { 'site/index.html': 'hello' } })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toMatch(
      /^::error::Input "previous-manifest": ".*site" is a folder, not a regular file \(at most 64 MiB, a regular file inside the workspace or RUNNER_TEMP\)\./
    )
    expect(api.requests).toEqual([])
  })
})
