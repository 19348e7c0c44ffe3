import { describe, expect, it } from 'vitest'
import { errorLine, posts, standIn } from './fixture.js'

describe('purging (end to end, bundle against the stand-in)', () => {
  it('purges URLs and paths in batches, with outputs and a summary', async () => {
    const api = await standIn()
    const run = await api.run({
      files: '/index.html, /docs/\nhttps://example.com/app.js https://cdn.example.com/logo.png\n/a%20b.html',
      'batch-size': '2'
    })
    expect(run.code).toBe(0)
    expect(api.purges.map((p) => p.files.length).sort()).toEqual([1, 2, 2])
    expect(api.purges.flatMap((p) => p.files).sort()).toEqual([
      'https://cdn.example.com/logo.png',
      'https://example.com/a%20b.html',
      'https://example.com/app.js',
      'https://example.com/docs/',
      'https://example.com/index.html'
    ])
    expect(run.outputs).toMatchObject({
      'zone-id': 'zone-example',
      'zone-name': 'example.com',
      'zone-status': 'active',
      'purged-everything': 'false',
      'purged-files': '5',
      'purged-tags': '0',
      'failed-files': '[]',
      'failed-tags': '[]',
      'settings-applied': 'false',
      requests: '4'
    })
    const result = JSON.parse(run.outputs.result ?? '') as { planned: unknown[]; sent: unknown[]; durations: Record<string, number> }
    expect(result.planned).toHaveLength(3)
    expect(result.sent).toHaveLength(3)
    expect(result.durations.totalMs).toBeGreaterThan(0)
    expect(run.summary).toContain('## CDN purge: example.com')
    expect(run.summary).toContain('| URLs | purged 5 of 5 in 3 requests |')
  })

  it('sends each purge request with exactly one kind', async () => {
    const api = await standIn()
    const run = await api.run({ files: '/a', tags: 'blog, product-7' })
    expect(run.code).toBe(0)
    const bodies = api.requests.filter((r) => r.method === 'POST').map((r) => r.body)
    expect(bodies).toEqual(expect.arrayContaining([{ files: ['https://example.com/a'] }, { tags: ['blog', 'product-7'] }]))
    expect(run.outputs['purged-tags']).toBe('2')
  })

  it('purges everything with a body of purge_everything alone', async () => {
    const api = await standIn()
    const run = await api.run({ 'purge-everything': 'true' })
    expect(run.code).toBe(0)
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ purge_everything: true }])
    expect(run.outputs['purged-everything']).toBe('true')
    expect(run.summary).toContain('| Purge everything | yes, confirmed |')
  })

  it('reads files-from relative to the workspace, skipping comments and blank lines', async () => {
    const api = await standIn()
    const list = '# changed by the build\n/a.html\n\n  # indented comment\nhttps://example.com/b.html, /c.html\n/a.html\n'
    const run = await api.run({ files: '/z.html', 'files-from': 'out/urls.txt' }, { files: { 'out/urls.txt': list } })
    expect(run.code).toBe(0)
    expect(api.purges.flatMap((p) => p.files)).toEqual([
      'https://example.com/z.html',
      'https://example.com/a.html',
      'https://example.com/b.html',
      'https://example.com/c.html'
    ])
  })

  it('drops duplicate URLs and tags, keeping their order', async () => {
    const api = await standIn()
    const run = await api.run({ files: '/b /a https://example.com/b /a', tags: 'x y x' })
    expect(run.code).toBe(0)
    expect(api.purges.flatMap((p) => p.files)).toEqual(['https://example.com/b', 'https://example.com/a'])
    expect(api.purges.flatMap((p) => p.tags)).toEqual(['x', 'y'])
  })

  it('keeps at most `concurrency` purge requests in flight, over kept-alive connections', async () => {
    const api = await standIn()
    api.barrier(3, (request) => request.path.endsWith('/purge'))
    const files = Array.from({ length: 60 }, (_, i) => `/page-${i}.html`).join('\n')
    const run = await api.run({ files, 'batch-size': '5', concurrency: '3' })
    expect(run.code).toBe(0)
    expect(api.purges).toHaveLength(12)
    expect(api.maxInFlight).toBe(3)
    // 13 requests (lookup + 12 purges) over one kept-alive pool: connections are reused, not opened per request.
    expect(api.connections).toBeLessThanOrEqual(6)
  })

  it('sends the key, JSON headers and a User-Agent with the version', async () => {
    const api = await standIn()
    await api.run({ tags: 't' })
    const post = api.requests.find((r) => r.method === 'POST')
    const get = api.requests.find((r) => r.method === 'GET')
    expect(post?.headers).toMatchObject({
      authorization: `Bearer ${api.apiKey}`,
      accept: 'application/json',
      'content-type': 'application/json'
    })
    expect(post?.headers['user-agent']).toMatch(/^cdn-purge-action\/\d+\.\d+\.\d+/)
    expect(get?.headers['content-type']).toBeUndefined()
  })

  it('uses CDN_API_KEY and CDN_API_URL when the inputs are empty', async () => {
    const api = await standIn()
    const run = await api.run({ 'api-key': '', 'api-url': '', tags: 't' }, { env: { CDN_API_KEY: api.apiKey, CDN_API_URL: api.url } })
    expect(run.code).toBe(0)
    expect(api.purges).toHaveLength(1)
  })

  it('in a dry run resolves the zone, sends no POST and says what would be sent', async () => {
    const api = await standIn()
    const run = await api.run({ files: '/a /b /c', tags: 't', settings: 'sdk: {enabled: true}', 'batch-size': '2', 'dry-run': 'true' })
    expect(run.code).toBe(0)
    expect(posts(api)).toEqual([])
    expect(api.requests.map((r) => r.path)).toEqual(['/zones'])
    expect(run.outputs).toMatchObject({
      'purged-files': '0',
      'purged-tags': '0',
      'failed-files': '[]',
      'settings-applied': 'false',
      requests: '1'
    })
    expect(run.summary).toContain('**Dry run**')
    expect(run.summary).toContain('| URLs | would purge 3 in 2 requests |')
    expect(run.summary).toContain('would be applied')
    expect(JSON.parse(run.outputs.result ?? '')).toMatchObject({
      dryRun: true,
      planned: [{ kind: 'settings' }, { kind: 'files' }, { kind: 'files' }, { kind: 'tags' }]
    })
  })

  it('writes no summary when summary is false', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't', summary: 'false' })
    expect(run.code).toBe(0)
    expect(run.summary).toBe('')
  })

  it('logs one group per phase and, in debug, one line per request', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't', settings: 'limits: {enabled: true}' }, { env: { RUNNER_DEBUG: '1' } })
    expect(run.log.match(/^::group::(.*)$/gm)).toEqual(['::group::Zone', '::group::Settings', '::group::Purge'])
    expect(run.log).toMatch(/^::debug::GET \/zones → 200 \(attempt 1, \d+ ms\)$/m)
    expect(run.log).toMatch(/^::debug::POST \/zones\/example.com\/settings → 200 \(attempt 1, \d+ ms\)$/m)
    expect(run.log).toMatch(/^::debug::POST \/zones\/zone-example\/purge → 200 \(attempt 1, \d+ ms\)$/m)
    expect(errorLine(run)).toBe('')
  })
})
