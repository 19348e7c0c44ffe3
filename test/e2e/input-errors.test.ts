import { describe, expect, it } from 'vitest'
import { errorLine, noStackTrace, posts, standIn } from './fixture.js'

describe('bad input fails before any change is sent (end to end)', () => {
  it.each([
    [{ 'dry-run': 'yes', tags: 't' }, '::error::Input "dry-run" must be true or false, got "yes".'],
    [{ 'batch-size': '0', tags: 't' }, '::error::Input "batch-size" must be a whole number from 1 to 1000, got "0".'],
    [{ concurrency: 'many', tags: 't' }, '::error::Input "concurrency" must be a whole number from 1 to 32, got "many".'],
    [{ 'purge-everything': 'true', files: '/a' }, '::error::Input "purge-everything: true" cannot be combined with "files", "files-from", "tags", "changed-since" or "previous-manifest"'],
    [{}, '::error::Nothing to do: give "files", "files-from", "tags", "changed-since" or "previous-manifest" to purge'],
    [{ tags: 't', settings: 'cache: {enabled: true}' }, '::error::Input "settings" has an unknown key "cache"; accepted keys: limits, sdk.'],
    [{ tags: 't', zone: '' }, '::error::Input "zone" is required']
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
    expect(errorLine(run)).toMatch(/Input "files-from": cannot read ".*missing.txt" \(ENOENT\)\. The path is relative to GITHUB_WORKSPACE\./)
    expect(api.requests).toEqual([])
  })
})
