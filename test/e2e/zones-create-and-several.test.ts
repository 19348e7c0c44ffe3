import { describe, expect, it } from 'vitest'
import { CNAME_TARGET, zone } from '../stand-in/server.js'
import { errorLine, noStackTrace, posts, standIn } from './fixture.js'

interface ZoneOutput {
  id: string
  name: string
  status: string
  created: boolean
  'purged-files': number
  'purged-tags': number
  'purged-everything': boolean
  'failed-files': string[]
  'failed-tags': string[]
  'settings-applied': boolean
}
const zonesOf = (json: string | undefined): ZoneOutput[] => JSON.parse(json ?? '[]') as ZoneOutput[]

describe('zone creation (end to end)', () => {
  it('creates a missing zone with its plan, goes on with it, and says what DNS record to add', async () => {
    const api = await standIn()
    const run = await api.run({ zone: 'new-shop.net', 'create-zone': 'true', plan: 'business', files: '/index.html' })
    expect(run.code).toBe(0)
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/zones')?.body).toEqual({ name: 'new-shop.net', plan: 'business' })
    expect(run.outputs).toMatchObject({ 'zone-id': 'zn-new-2', 'zone-name': 'new-shop.net', 'zone-status': 'pending', 'purged-files': '1' })
    expect(zonesOf(run.outputs.zones)[0]).toMatchObject({ id: 'zn-new-2', created: true })
    expect(api.purges[0]).toMatchObject({ zoneId: 'zn-new-2', files: ['https://new-shop.net/index.html'] })
    expect(run.summary).toContain('> Zone **new-shop.net** was created (<code>zn-new-2</code>, status pending).')
    expect(run.summary).toContain(
      `> Next step: point the domain at the service with a DNS **CNAME** record for <code>new-shop.net</code> to <code>${CNAME_TARGET}</code>.`
    )
    expect(run.log).not.toMatch(/::warning::Zone new-shop.net .* is pending/)
  })

  it('creates without a plan, and says when the answer names no CNAME target', async () => {
    const api = await standIn({ createCname: false })
    const run = await api.run({ zone: 'bare.net', 'create-zone': 'true', tags: 't' })
    expect(run.code).toBe(0)
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/zones')?.body).toEqual({ name: 'bare.net' })
    expect(run.summary).toContain('The create answer did not name the target, so it is not known here: find it in the dashboard.')
  })

  it('recreates a zone that exists only as deleted', async () => {
    const api = await standIn({ zones: [zone('old', 'example.com', 'deleted')] })
    const run = await api.run({ 'create-zone': 'true', tags: 't' })
    expect(run.code).toBe(0)
    expect(run.outputs['zone-id']).toBe('zn-new-2')
  })

  it('uses an existing zone without creating one', async () => {
    const api = await standIn()
    const run = await api.run({ 'create-zone': 'true', tags: 't' })
    expect(run.code).toBe(0)
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/zones')).toBe(false)
  })

  it('never creates twice when the create times out: it looks again before retrying', async () => {
    const api = await standIn()
    api.fault({ method: 'POST', path: '/zones', hangAfter: true })
    const run = await api.run({ zone: 'slow.net', 'create-zone': 'true', tags: 't', timeout: '1' })
    expect(run.code).toBe(0)
    expect(api.requests.filter((r) => r.method === 'POST' && r.path === '/zones')).toHaveLength(1)
    expect(api.zones.filter((z) => z.name === 'slow.net')).toHaveLength(1)
    expect(run.outputs).toMatchObject({ 'zone-name': 'slow.net', 'zone-status': 'pending' })
    expect(zonesOf(run.outputs.zones)[0]?.created).toBe(true)
  })

  it('retries a create that failed for sure, after looking', async () => {
    const api = await standIn()
    api.fault({ method: 'POST', path: '/zones', status: 503, retryAfter: '0' })
    const run = await api.run({ zone: 'retry.net', 'create-zone': 'true', tags: 't' })
    expect(run.code).toBe(0)
    expect(api.requests.filter((r) => r.path === '/zones').map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'POST'])
    expect(api.zones.filter((z) => z.name === 'retry.net')).toHaveLength(1)
  })

  it('never tries a create more than max-attempts times, and looks for the zone after each try', async () => {
    const api = await standIn()
    api.fault({ method: 'POST', path: '/zones', status: 503, retryAfter: '0', times: 10 })
    const run = await api.run({ zone: 'busy.net', 'create-zone': 'true', tags: 't', 'max-attempts': '3' })
    expect(run.code).toBe(1)
    expect(api.requests.filter((r) => r.path === '/zones').map((r) => r.method)).toEqual([
      'GET',
      'POST',
      'GET',
      'POST',
      'GET',
      'POST',
      'GET'
    ])
    expect(errorLine(run)).toContain('POST /zones failed: HTTP 503')
  })

  it.each([
    ['a list', '[{"id":"zn-1"}]'],
    ['a string', '"created"'],
    ['a number', '42'],
    ['null', 'null'],
    ['no data', '{"success":true}'],
    ['a number as id', '{"success":true,"data":{"id":12345,"name":"odd.net"}}']
  ])('reports a create answer that is %s clearly, without a stack trace', async (_what, body) => {
    const api = await standIn()
    api.fault({ method: 'POST', path: '/zones', status: 200, body })
    const run = await api.run({ zone: 'odd.net', 'create-zone': 'true', tags: 't' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toBe(
      '::error::Nothing purged: the zone lookup failed.%0APOST /zones answered without the new zone\'s id (a text "id" in its "data" object), so zone odd.net cannot be used. Check the dashboard: the zone may have been created, and the next run will find it.'
    )
    expect(posts(api)).toEqual(['/zones'])
    expect(noStackTrace(run)).toBe(true)
    expect(run.stdout).not.toContain('%0A    at ')
  })

  it('follows a 409 with a lookup, not a failure', async () => {
    const api = await standIn()
    // Another run creates the zone between this run's listing and its create.
    api.fault({
      method: 'POST',
      path: '/zones',
      status: 409,
      body: '{"success":false,"errors":[{"message":"A zone with this name already exists"}]}'
    })
    api.zones.push(zone('raced', 'raced.net', 'active'))
    api.fault({
      method: 'GET',
      path: '/zones',
      status: 200,
      body: JSON.stringify({ success: true, data: [], meta: { page: 1, per_page: 100, total: 0 } })
    })
    const run = await api.run({ zone: 'raced.net', 'create-zone': 'true', tags: 't' })
    expect(run.code).toBe(0)
    expect(run.outputs['zone-id']).toBe('raced')
    expect(zonesOf(run.outputs.zones)[0]?.created).toBe(false)
  })

  it('follows an "already exists" answer of another status with a lookup too', async () => {
    const api = await standIn()
    api.fault({
      method: 'POST',
      path: '/zones',
      status: 400,
      body: '{"success":false,"errors":[{"message":"Zone already exists in this account"}]}'
    })
    api.zones.push(zone('raced', 'raced.net', 'pending'))
    api.fault({
      method: 'GET',
      path: '/zones',
      status: 200,
      body: JSON.stringify({ success: true, data: [], meta: { page: 1, per_page: 100, total: 0 } })
    })
    const run = await api.run({ zone: 'raced.net', 'create-zone': 'true', tags: 't' })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'zone-id': 'raced', 'zone-status': 'pending' })
  })

  it('says so when the name exists but the key cannot see the zone', async () => {
    const api = await standIn()
    api.fault({ method: 'POST', path: '/zones', status: 409, body: '{"success":false,"errors":[{"message":"already exists"}]}' })
    const run = await api.run({ zone: 'elsewhere.net', 'create-zone': 'true', tags: 't' })
    expect(run.code).toBe(1)
    expect(errorLine(run)).toContain('POST /zones says a zone named elsewhere.net already exists, but this API key cannot see it.')
    expect(posts(api)).toEqual(['/zones'])
  })

  it('only says what it would create in a dry run, for each missing zone', async () => {
    const api = await standIn()
    const run = await api.run({ zone: 'later.net, also-later.net', 'create-zone': 'true', tags: 't', 'dry-run': 'true' })
    expect(run.code).toBe(0)
    expect(posts(api)).toEqual([])
    expect(run.summary).toContain('> Zone **later.net** does not exist and would be created (dry run).')
    expect(run.summary).toContain('> Zone **also-later.net** does not exist and would be created (dry run).')
    expect(zonesOf(run.outputs.zones).map((z) => z.name)).toEqual(['later.net', 'also-later.net'])
  })

  it('refuses a plan that is not one of the four, before any request', async () => {
    const api = await standIn()
    const run = await api.run({ zone: 'x.net', 'create-zone': 'true', plan: 'platinum', tags: 't' })
    expect(errorLine(run)).toContain('Input "plan" must be one of free, pro, business, enterprise; got "platinum".')
    expect(api.requests).toEqual([])
  })
})

describe('several zones (end to end)', () => {
  const nested = [zone('z-root', 'example.com'), zone('z-shop', 'shop.example.com'), zone('z-org', 'example.org')]

  it('routes URLs to the listed zones by host, and sends tags and settings to each', async () => {
    const api = await standIn({ zones: nested })
    api.barrier(2, (request) => request.path.endsWith('/purge'))
    const run = await api.run({
      zone: 'example.com\nshop.example.com',
      files: 'https://example.com/a https://shop.example.com/cart https://img.shop.example.com/p.png https://www.example.com/b',
      tags: 'release',
      settings: 'sdk: {enabled: true}',
      concurrency: '2'
    })
    expect(run.code).toBe(0)
    const byZone = (id: string): string[] =>
      api.purges
        .filter((p) => p.zoneId === id)
        .flatMap((p) => [...p.files, ...p.tags])
        .sort()
    expect(byZone('z-root')).toEqual(['https://example.com/a', 'https://www.example.com/b', 'release'])
    expect(byZone('z-shop')).toEqual(['https://img.shop.example.com/p.png', 'https://shop.example.com/cart', 'release'])
    expect(
      posts(api)
        .filter((path) => path.endsWith('/settings'))
        .sort()
    ).toEqual(['/zones/example.com/settings', '/zones/shop.example.com/settings'])
    expect(api.maxInFlight).toBe(2)
    // One pass over the zone list serves both zones.
    expect(api.requests.filter((r) => r.method === 'GET' && r.path === '/zones')).toHaveLength(1)
    expect(run.outputs).toMatchObject({
      'zone-id': 'z-root,z-shop',
      'zone-name': 'example.com,shop.example.com',
      'zone-status': 'active,active',
      'purged-files': '4',
      'purged-tags': '2'
    })
    expect(zonesOf(run.outputs.zones).map((z) => [z.id, z['purged-files'], z['purged-tags'], z['settings-applied']])).toEqual([
      ['z-root', 2, 1, true],
      ['z-shop', 2, 1, true]
    ])
    expect(run.summary).toContain('| Zone | Status | URLs purged | Tags purged | Settings |')
    expect(run.summary).toContain('| example.com | active | 2 | 1 | yes |')
    expect(run.summary).toContain('| shop.example.com | active | 2 | 1 | yes |')
  })

  it('with auto, sends each URL to the account zone with the longest matching name', async () => {
    const api = await standIn({ zones: nested })
    const run = await api.run({ zone: 'auto', files: 'https://shop.example.com/x https://example.com/y http://example.org/z' })
    expect(run.code).toBe(0)
    expect(Object.fromEntries(api.purges.map((p) => [p.zoneId, p.files]))).toEqual({
      'z-shop': ['https://shop.example.com/x'],
      'z-root': ['https://example.com/y'],
      'z-org': ['http://example.org/z']
    })
  })

  it('with auto, names a URL no zone covers and sends nothing', async () => {
    const api = await standIn({ zones: nested })
    const run = await api.run({ zone: 'auto', files: 'https://example.com/ok https://example.net/nope' })
    expect(run.code).toBe(1)
    expect(run.log).toContain('1 URL is on none of the zones (shop.example.com, example.com, example.org)')
    expect(run.log).toContain('https://example.net/nope')
    expect(posts(api)).toEqual([])
  })

  it('refuses paths with several zones', async () => {
    const api = await standIn({ zones: nested })
    const run = await api.run({ zone: 'example.com, example.org', files: '/a' })
    expect(errorLine(run)).toContain('"/a" is a path, and paths need a single named zone')
    expect(posts(api)).toEqual([])
  })

  it('goes on with the other zones when one fails, and fails the step', async () => {
    const api = await standIn({ zones: nested })
    api.fault({ path: '/zones/z-shop/purge', status: 400 })
    const run = await api.run({ zone: 'example.com,shop.example.com', files: 'https://example.com/a https://shop.example.com/b' })
    expect(run.code).toBe(1)
    expect(api.purges.map((p) => p.zoneId)).toEqual(['z-root'])
    expect(run.outputs).toMatchObject({ 'purged-files': '1', 'failed-files': '["https://shop.example.com/b"]' })
    expect(zonesOf(run.outputs.zones).map((z) => z['failed-files'])).toEqual([[], ['https://shop.example.com/b']])
  })
})
