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

  it('finds a zone by id', async () => {
    const api = await standIn({ zones: [zone('z-1', 'example.com'), zone('z-2', 'example.org')] })
    const run = await api.run({ zone: 'z-2', files: '/a' })
    expect(run.code).toBe(0)
    expect(run.outputs).toMatchObject({ 'zone-id': 'z-2', 'zone-name': 'example.org' })
    expect(api.purges[0]?.files).toEqual(['https://example.org/a'])
  })

  it('prefers the active zone among zones of the same name', async () => {
    const api = await standIn({ zones: [zone('old', 'example.com', 'deleted'), zone('new', 'example.com', 'pending'), zone('live', 'example.com', 'active')] })
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
