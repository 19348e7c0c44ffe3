import { describe, expect, it } from 'vitest'
import { manyZones, zone } from '../stand-in/server.js'
import { errorLine, noStackTrace, posts, standIn } from './fixture.js'

describe('zone lookup (end to end)', () => {
  it('finds a zone by name on a later page, case-insensitively, ignoring a trailing dot', async () => {
    const api = await standIn({ zones: [...manyZones(230), zone('zone-late', 'Shop.Example.com')] })
    const run = await api.run({ zone: 'shop.EXAMPLE.com.', files: '/a' })
    expect(run.code).toBe(0)
    expect(run.outputs['zone-id']).toBe('zone-late')
    expect(api.requests.filter((r) => r.method === 'GET').map((r) => r.query.per_page)).toEqual(['100', '100', '100'])
    expect(api.purges[0]?.files).toEqual(['https://shop.example.com/a'])
  })

  it('stops reading the zone list once the zone is found on page 1', async () => {
    const api = await standIn({ zones: [zone('zone-first', 'example.com'), ...manyZones(999)] })
    const run = await api.run({ files: '/a' })
    expect(run.code).toBe(0)
    expect(run.outputs['zone-id']).toBe('zone-first')
    expect(api.requests.filter((r) => r.method === 'GET')).toHaveLength(1)
  })

  it('reads every page, each once, for a zone on the last one', async () => {
    const api = await standIn({ zones: [...manyZones(3000), zone('zone-late', 'example.com')] })
    const run = await api.run({ files: '/a', concurrency: '1' })
    expect(run.code).toBe(0)
    expect(run.outputs['zone-id']).toBe('zone-late')
    expect(
      api.requests
        .filter((r) => r.method === 'GET')
        .map((r) => Number(r.query.page))
        .sort((a, b) => a - b)
    ).toEqual(Array.from({ length: 31 }, (_, i) => i + 1))
    expect(api.maxInFlight).toBeLessThanOrEqual(16)
  })

  it('reads a zone list without meta.total until a page comes back short', async () => {
    const api = await standIn({ zones: manyZones(250), omitZoneTotal: true })
    const run = await api.run({ zone: 'nope.example.com', files: '/a' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain('No zone with name "nope.example.com" among the 250 zones this API key can see.')
    expect(api.requests.filter((r) => r.method === 'GET').map((r) => r.query.page)).toEqual(['1', '2', '3', '4'])
  })

  it('skips zone list entries it cannot use, with a warning', async () => {
    const api = await standIn()
    const data = [
      { id: 7, name: 'example.com', status: 'active' },
      null,
      'zone',
      { id: 'zone-example', name: 'example.com', status: 'active' },
      { id: 'x', name: 'example.org' }
    ]
    api.fault({
      method: 'GET',
      path: '/zones',
      status: 200,
      body: JSON.stringify({ success: true, data, meta: { page: 1, per_page: 100, total: 5 } })
    })
    const run = await api.run({ files: '/a' })
    expect(run.code).toBe(0)
    expect(run.outputs['zone-id']).toBe('zone-example')
    expect(run.log).toMatch(/^::warning::4 entries of the zone list had no usable id, name or status and were skipped\.$/m)
  })

  it('stops a zone list that never ends after 1,000 pages, with a clear error and no stack trace', async () => {
    const api = await standIn()
    const page = JSON.stringify({ success: true, data: manyZones(100), meta: { page: 1, per_page: 100 } })
    api.fault({ method: 'GET', path: '/zones', status: 200, body: page, times: 2000 })
    const run = await api.run({ files: '/a' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain(
      'GET /zones: the zone list goes on past 100,000 entries (1,000 pages of 100), the most this action reads'
    )
    expect(api.requests.filter((r) => r.method === 'GET')).toHaveLength(1000)
    expect(noStackTrace(run)).toBe(true)
    expect(run.stdout).not.toContain('%0A    at ')
  })

  // 1,000 pages of 16 MiB each were within the bound per page: 16 GB read, each page kept whole.
  it('stops a zone list whose answers come to more than 64 MiB in all, with a clear error that says what to do', async () => {
    const api = await standIn()
    const page = JSON.stringify({
      success: true,
      data: manyZones(100),
      meta: { page: 1, per_page: 100 },
      padding: 'x'.repeat(8 * 1024 * 1024)
    })
    // A page is a little over 8 MiB with its zones: the eighth goes past 64 MiB.
    api.fault({ method: 'GET', path: '/zones', status: 200, body: page, times: 100 })
    const run = await api.run({ files: '/a' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toMatch(
      /^::error::Nothing purged: the zone lookup failed\.%0AGET \/zones: the zone list's answers came to more than 64 MiB \(64(\.\d)? MiB counted, [0-7] pages read whole\), the most this action reads for 100,000 zones at most\. .*give the zone by id in the "zone" input/
    )
    expect(api.requests.filter((r) => r.method === 'GET').length).toBeLessThan(30)
    expect(posts(api)).toEqual([])
    expect(noStackTrace(run)).toBe(true)
  })

  it('refuses a zone list answer that holds no list', async () => {
    const api = await standIn()
    api.fault({ method: 'GET', path: '/zones', status: 200, body: '{"success":true,"data":{"zones":[]}}' })
    const run = await api.run({ files: '/a' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toBe(
      '::error::Nothing purged: the zone lookup failed.%0AGET /zones answered without a list of zones: check that "api-url" is the Content Delivery Service API, including /v1.'
    )
    expect(noStackTrace(run)).toBe(true)
  })

  it('finds a zone by id', async () => {
    const api = await standIn({ zones: [zone('z-1', 'example.com'), zone('z-2', 'example.org')] })
    const run = await api.run({ zone: 'z-2', files: '/a' })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'zone-id': 'z-2', 'zone-name': 'example.org' })
    expect(api.purges[0]?.files).toEqual(['https://example.org/a'])
  })

  it('prefers the active zone among zones of the same name', async () => {
    const api = await standIn({
      zones: [zone('old', 'example.com', 'deleted'), zone('new', 'example.com', 'pending'), zone('live', 'example.com', 'active')]
    })
    const run = await api.run({ tags: 't' })
    expect(run.outputs['zone-id']).toBe('live')
  })

  it('proceeds with a pending zone, with a warning', async () => {
    const api = await standIn({ zones: [zone('p', 'example.com', 'pending')] })
    const run = await api.run({ tags: 't' })
    expect(run.code).toBe(0)
    expect(run.outputs['zone-status']).toBe('pending')
    expect(run.log).toMatch(/^::warning::Zone example.com \(p\) is pending/m)
  })

  it('refuses a zone that is only deleted', async () => {
    const api = await standIn({ zones: [zone('d', 'example.com', 'deleted')] })
    const run = await api.run({ tags: 't' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain('The zone with name "example.com" is deleted')
    expect(posts(api)).toEqual([])
  })

  it('names an unknown zone and how many zones were searched', async () => {
    const api = await standIn({ zones: manyZones(150) })
    const run = await api.run({ zone: 'nope.example.com', files: '/a' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain('No zone with name "nope.example.com" among the 150 zones this API key can see.')
    expect(noStackTrace(run)).toBe(true)
    expect(run.outputs).toMatchObject({ 'zone-id': '', 'purged-files': '0', 'failed-files': '["/a"]' })
  })

  it('uses a zone id alone when listing is refused with 403, with a warning', async () => {
    const api = await standIn({ denyListing: true })
    const run = await api.run({ zone: 'zone-example', files: 'https://example.com/a' })
    expect(run.code).toBe(0)
    expect(run.log).toMatch(/^::warning::The API key may not list zones \(HTTP 403\)/m)
    expect(run.outputs).toMatchObject({ 'zone-id': 'zone-example', 'zone-name': '', 'zone-status': '', 'purged-files': '1' })
  })

  it.each(['..', '.', 'a/..', '%2e%2e'])(
    'refuses the zone %j, which is no id, before any request, even when listing is refused',
    async (zone) => {
      const api = await standIn({ denyListing: true })
      const run = await api.run({ zone, files: 'https://example.com/a' })
      expect(run.code).toBe(1)
      expect(errorLine(run)).toBe(
        `::error::Input "zone": "${zone.replaceAll('%', '%25')}" is neither a domain name (such as example.com) nor a zone id (letters, digits, "-" and "_" only). Separate several zones with newlines or commas.`
      )
      expect(api.requests).toEqual([])
      expect(noStackTrace(run)).toBe(true)
    }
  )

  it('sends a zone id from the answer as one path segment: "/" in it is encoded', async () => {
    const api = await standIn({ zones: [{ id: 'z/../x', name: 'example.com', status: 'active', created_at: '2026-01-01T00:00:00Z' }] })
    const run = await api.run({ files: 'https://example.com/a' })
    expect(run.code).toBe(0)
    expect(posts(api)).toEqual(['/zones/z%2F..%2Fx/purge'])
  })

  it('takes no zone of the answer whose id is "..", and purges nothing through it', async () => {
    const api = await standIn({ zones: [{ id: '..', name: 'example.com', status: 'active', created_at: '2026-01-01T00:00:00Z' }] })
    const run = await api.run({ files: 'https://example.com/a' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain('No zone with name "example.com" among the 0 zones this API key can see.')
    expect(posts(api)).toEqual([])
  })

  it('needs the zone name for paths and settings when listing is refused', async () => {
    const api = await standIn({ denyListing: true })
    const paths = await api.run({ zone: 'zone-example', files: '/a' })
    expect(errorLine(paths)).toContain('"/a" is a path, and paths need the zone\'s name')
    const settings = await api.run({ zone: 'zone-example', settings: 'sdk: {enabled: true}' })
    expect(errorLine(settings)).toContain('Input "settings" needs the zone\'s domain name')
    expect(posts(api)).toEqual([])
  })

  it('cannot find a zone by name when listing is refused', async () => {
    const api = await standIn({ denyListing: true })
    const run = await api.run({ tags: 't' })
    expect(errorLine(run)).toContain('Give zone ids in the "zone" input instead')
  })
})
