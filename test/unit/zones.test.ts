import { afterEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../../src/http/client.js'
import { listZones, matchZone, resolveZones, type Zone } from '../../src/zones.js'
import { manyZones, startStandIn, zone, type StandIn } from '../stand-in/server.js'

const z = (id: string, name: string, status: string): Zone => ({ id, name, status })

describe('matchZone', () => {
  const zones = [z('a1', 'example.com', 'deleted'), z('a2', 'example.com', 'pending'), z('a3', 'example.com', 'active'), z('b1', 'other.org', 'pending'), z('c1', 'gone.net', 'deleted')]
  it('matches a name case-insensitively, ignoring a trailing dot', () => {
    expect(matchZone(zones, { kind: 'name', name: 'EXAMPLE.com.' }).zone.id).toBe('a3')
  })
  it('prefers active, then pending, among zones of one name', () => {
    expect(matchZone(zones.filter((zone) => zone.id !== 'a3'), { kind: 'name', name: 'example.com' }).zone.id).toBe('a2')
  })
  it('proceeds with a pending zone, with a warning', () => {
    const lookup = matchZone(zones, { kind: 'name', name: 'other.org' })
    expect(lookup.zone.id).toBe('b1')
    expect(lookup.warnings).toEqual(['Zone other.org (b1) is pending: the service may not serve it yet, so the purge may have no visible effect.'])
  })
  it('refuses a zone that is only deleted, saying so', () => {
    expect(() => matchZone(zones, { kind: 'name', name: 'gone.net' })).toThrow('The zone with name "gone.net" is deleted, not active or pending')
    expect(() => matchZone(zones, { kind: 'id', id: 'a1' })).toThrow('The zone with id "a1" is deleted')
  })
  it('names an unknown zone and how many zones were searched', () => {
    expect(() => matchZone(zones, { kind: 'name', name: 'nope.io' })).toThrow('No zone with name "nope.io" among the 5 zones this API key can see.')
    expect(() => matchZone(zones, { kind: 'id', id: 'A3' })).toThrow('No zone with id "A3" among the 5 zones')
  })
  it('matches an id exactly', () => {
    expect(matchZone(zones, { kind: 'id', id: 'a2' })).toEqual({ zone: zones[1], warnings: [expect.stringContaining('pending') as string] })
  })
})

const options = { concurrency: 4, createZone: false, plan: undefined, dryRun: false }

describe('listZones and resolveZones', () => {
  let api: StandIn | undefined
  let client: ApiClient | undefined
  afterEach(async () => {
    await client?.close()
    await api?.close()
  })
  const connect = async (options: Parameters<typeof startStandIn>[0]): Promise<ApiClient> => {
    api = await startStandIn(options)
    client = new ApiClient({ baseUrl: api.url, apiKey: api.apiKey, userAgent: 't', timeoutMs: 2000, maxAttempts: 1 })
    return client
  }

  it('reads every page, 100 a page, the rest concurrently after the first', async () => {
    const c = await connect({ zones: manyZones(250) })
    // Pages 2 and 3 are answered only once both are in flight.
    api?.barrier(2, (request) => request.query.page !== '1')
    const zones = await listZones(c, 4)
    expect(zones).toHaveLength(250)
    expect(new Set(zones.map((zone) => zone.id)).size).toBe(250)
    expect(api?.requests.map((r) => r.query)).toEqual([
      { page: '1', per_page: '100' },
      { page: '2', per_page: '100' },
      { page: '3', per_page: '100' }
    ])
    expect(api?.maxInFlight).toBe(2)
  })

  it('reads one page when the total fits', async () => {
    const c = await connect({ zones: manyZones(100) })
    expect(await listZones(c, 4)).toHaveLength(100)
    expect(api?.requests).toHaveLength(1)
  })

  it('uses a zone by id alone when the key may not list zones', async () => {
    const c = await connect({ denyListing: true })
    const lookup = await resolveZones(c, { kind: 'list', refs: [{ kind: 'id', id: 'zone-example' }] }, options)
    expect(lookup.zones).toEqual([{ id: 'zone-example', name: undefined, status: undefined }])
    expect(lookup.warnings[0]).toMatch(/may not list zones \(HTTP 403\), so zone zone-example is used by id alone/)
  })

  it('cannot look up a name when the key may not list zones', async () => {
    const c = await connect({ denyListing: true, zones: [zone('z', 'example.com')] })
    await expect(resolveZones(c, { kind: 'list', refs: [{ kind: 'name', name: 'example.com' }] }, options)).rejects.toThrow(/Give zone ids in the "zone" input instead/)
  })
})
