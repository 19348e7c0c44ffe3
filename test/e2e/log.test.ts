import { describe, expect, it } from 'vitest'
import { errorLine, noStackTrace, standIn } from './fixture.js'

// What a user reads in the log: a line per request for a few, progress for many, a closing line that
// says what happened (or why nothing did), and one titled error annotation.

describe('the log (end to end)', () => {
  it('gives each of a few purge requests a line with its label and result', async () => {
    const api = await standIn()
    const files = Array.from({ length: 61 }, (_, i) => `/f${i}`).join('\n')
    const run = await api.run({ files, 'batch-size': '30' })
    expect(run.code).toBe(0)
    expect(run.log).toMatch(/^Planned 3 requests over 1 zone: 61 URLs, up to 30 a request\.$/m)
    for (const label of ['URLs 1-30 of 61 (batch 1 of 3)', 'URLs 31-60 of 61 (batch 2 of 3)', 'URL 61 of 61 (batch 3 of 3)']) {
      expect(run.log).toMatch(new RegExp(`^${label.replace(/[()]/g, '\\$&')}: purged \\(1 attempt, \\d+ ms\\)$`, 'm'))
    }
    expect(run.log).toMatch(/^example\.com: purged 61 of 61 URLs \(4 HTTP requests\)\.$/m)
    expect(run.log).not.toMatch(/\btags?\b/)
    // A successful run keeps the summary's lists closed.
    expect(run.summary).toContain('<details><summary>URLs purged (61)</summary>')
    expect(run.summary).not.toContain('<details open>')
  })

  it('gives progress lines instead for many requests', async () => {
    const api = await standIn()
    const files = Array.from({ length: 300 }, (_, i) => `/f${i}`).join('\n')
    const run = await api.run({ 'files-from': 'urls.txt', 'batch-size': '10' }, { files: { 'urls.txt': files } })
    expect(run.code).toBe(0)
    expect(run.log).toMatch(/^Purge: 300 of 300 URLs confirmed \(100 %\), 0 retries, \d+ s$/m)
    expect(run.log).not.toMatch(/: purged \(1 attempt/)
  })

  it('says why nothing was purged, in the closing line and a titled annotation', async () => {
    const api = await standIn()
    const run = await api.run({ files: '/a', 'api-key': 'wrong-key-0000' })
    expect(run.code).toBe(1)
    expect(run.log).toMatch(/^Nothing purged: the zone lookup failed \(HTTP 401\)\.$/m)
    expect(run.log).toMatch(
      /^::error title=CDN purge failed::Nothing purged: the zone lookup failed \(HTTP 401\)\.%0AGET \/zones failed: HTTP 401/m
    )
    expect(run.log.split('\n').filter((line) => line.startsWith('::error'))).toHaveLength(1)
    expect(run.summary).toContain('## CDN purge: example.com\n')
    expect(noStackTrace(run)).toBe(true)
  })

  it('titles an input error with the input', async () => {
    const api = await standIn()
    const run = await api.run({ tags: 't', 'batch-size': '0' })
    expect(run.log).toMatch(
      /^::error title=Invalid input "batch-size"::Input "batch-size" must be a whole number of URLs or tags from 1 to 1000, got "0"\.$/m
    )
    expect(errorLine(run)).toBe('::error::Input "batch-size" must be a whole number of URLs or tags from 1 to 1000, got "0".')
  })
})
