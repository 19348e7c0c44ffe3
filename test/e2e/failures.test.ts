import { describe, expect, it } from 'vitest'
import { errorLine, standIn } from './fixture.js'
import { actionOutputs } from '../support/run-action.js'

const purgePath = '/zones/zone-example/purge'

describe('request failures (end to end)', () => {
  it('retries retryable answers, honouring Retry-After, and counts every request', async () => {
    const api = await standIn()
    api.fault({ path: purgePath, status: 429, retryAfter: '0' })
    api.fault({ path: purgePath, status: 503, retryAfter: '0' })
    api.fault({ path: purgePath, reset: true })
    const run = await api.run({ files: '/a' })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'purged-files': '1', requests: '5' })
    // The 429 is waited out and sent again without spending an attempt; the 503 and the reset are retries.
    expect(run.log).toContain('1 URL: HTTP 429, rate limited; sent again at the pace the API allows.')
    expect(run.log).toContain('1 URL: HTTP 503; attempt 2 of 5 in 0.0 s.')
    expect(run.log).toMatch(/1 URL: network error \([A-Z_]+\); attempt 3 of 5 in \d\.\d s\./)
    expect(run.summary).toContain('| HTTP requests | 5 (2 retries) |')
    expect(run.summary).toMatch(/\| Rate limits \| 1 answer 429, [\d.]+ m?s waiting, final pace about \d+(\.\d)? requests\/s \|/)
    expect(JSON.parse(run.outputs.result ?? '')).toMatchObject({ requests: 5, retries: 2, rateLimits: { answers429: 1 } })
  })

  it('tries every batch, fails the step, and lists exactly what was not purged', async () => {
    const api = await standIn()
    // The second batch is refused for good; the others go through.
    api.fault({
      path: purgePath,
      status: 400,
      delayMs: 50,
      body: '{"success":false,"errors":[{"code":1018,"message":"files[1] is not allowed"}]}'
    })
    const files = Array.from({ length: 9 }, (_, i) => `/f${i}`)
    const run = await api.run({ files: files.join(' '), 'batch-size': '3', concurrency: '1' })
    expect(run.code).toBe(1)
    const failed = JSON.parse(run.outputs['failed-files'] ?? '') as string[]
    const purged = api.purges.flatMap((p) => p.files)
    expect(failed).toEqual(['https://example.com/f0', 'https://example.com/f1', 'https://example.com/f2'])
    expect([...failed, ...purged].sort()).toEqual(files.map((f) => `https://example.com${f}`).sort())
    expect(run.outputs['purged-files']).toBe('6')
    expect(errorLine(run)).toBe(
      '::error::3 of 9 URLs were not purged. See the failed-files / failed-tags outputs.%0AURLs 1-3 of 9 (batch 1 of 3): POST /zones/zone-example/purge failed: HTTP 400: "files[1] is not allowed" (request id req-2). The API rejected the request as sent; check the inputs it came from.'
    )
    expect(run.summary).toContain('**The step failed.** 3 of 9 URLs were not purged. See the errors below.')
    // What a reader of a failed run came for is unfolded; what went well stays folded.
    expect(run.summary).toContain('<details open><summary>URLs not purged (3)</summary>')
    expect(run.summary).toContain('<details open><summary>Errors (1)</summary>')
    expect(run.summary).toContain('<details><summary>URLs purged (6)</summary>')
  })

  it('gives up after max-attempts and says what happened', async () => {
    const api = await standIn()
    api.fault({ path: purgePath, status: 503, retryAfter: '0', times: 3, body: '<html>Service Unavailable</html>' })
    const run = await api.run({ tags: 'a b', 'max-attempts': '3' })
    expect(run.code).toBe(1)
    expect(run.outputs).toMatchObject({ 'failed-tags': '["a","b"]', 'purged-tags': '0', requests: '4' })
    expect(errorLine(run)).toContain(
      'POST /zones/zone-example/purge failed (3 attempts): HTTP 503: "Service Unavailable" (request id req-4). The service failed: run again later.'
    )
  })

  it('fails a 200 answer whose body says success: false', async () => {
    const api = await standIn()
    api.fault({ path: purgePath, status: 200, body: '{"success":false,"errors":[{"message":"purge rejected"}]}' })
    const run = await api.run({ 'purge-everything': 'true' })
    expect(run.code).toBe(1)
    expect(run.outputs['purged-everything']).toBe('false')
    expect(errorLine(run)).toContain('HTTP 200 with success: false: "purge rejected"')
  })

  it('times out a request that hangs', async () => {
    const api = await standIn()
    // The purge hangs on both attempts; the zone lookup, should a loaded machine slow it past the second, has its second attempt.
    api.fault({ path: purgePath, hang: true, times: 2 })
    const run = await api.run({ tags: 't', timeout: '1', 'max-attempts': '2' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain(
      'POST /zones/zone-example/purge failed (2 attempts): timed out after 1 s. No answer in time: raise "timeout"'
    )
    expect(run.outputs['failed-tags']).toBe('["t"]')
  })

  it('explains a rejected key', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't', 'api-key': 'wrong-key' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain(
      'GET /zones failed: HTTP 401: "Authentication error: missing or invalid API key" (request id req-1). The API key was not accepted'
    )
  })

  it('does not follow a redirect', async () => {
    const api = await standIn()
    api.fault({ path: '/zones', status: 302, headers: { location: 'https://elsewhere.example/v1/zones' } })
    const run = await api.run({ tags: 't' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain('GET /zones failed: HTTP 302')
    expect(errorLine(run)).toContain('Redirects are not followed')
  })

  it('writes the outputs when the step fails', async () => {
    const api = await standIn()
    api.fault({ path: purgePath, status: 400 })
    const run = await api.run({ tags: 't' })
    expect(run.code).toBe(1)
    expect(Object.keys(run.outputs).sort()).toEqual([...actionOutputs].sort())
    expect(JSON.parse(run.outputs.result ?? '')).toMatchObject({ ok: false, sent: [{ kind: 'tags', ok: false, status: 400, attempts: 1 }] })
  })
})
