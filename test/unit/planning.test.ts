import { describe, expect, it } from 'vitest'
import { batches, planRequests, type ZoneWork } from '../../src/plan.js'
import { resolveUrls } from '../../src/urls.js'

const zone = { id: 'z/1', name: 'example.com', status: 'active' }
const work = (over: Partial<ZoneWork>): ZoneWork => ({ zone, purgeEverything: false, urls: [], tags: [], settings: undefined, ...over })

describe('planRequests', () => {
  it('puts files and tags in batches of at most batch-size, one kind per request', () => {
    const urls = Array.from({ length: 7 }, (_, i) => `https://example.com/${i}`)
    const plan = planRequests([work({ urls, tags: ['a', 'b', 'c'] })], 3)
    expect(plan.requests.map((r) => [r.kind, r.body])).toEqual([
      ['files', { files: urls.slice(0, 3) }],
      ['files', { files: urls.slice(3, 6) }],
      ['files', { files: urls.slice(6) }],
      ['tags', { tags: ['a', 'b', 'c'] }]
    ])
    expect(plan.requests.every((r) => r.method === 'POST' && r.path === '/zones/z%2F1/purge')).toBe(true)
  })
  it('labels each request with what it carries, for errors', () => {
    const urls = Array.from({ length: 7 }, (_, i) => `https://example.com/${i}`)
    const plan = planRequests([work({ urls, tags: ['a'] })], 3)
    expect(plan.requests.map((r) => r.label)).toEqual([
      'URLs 1-3 of 7 (batch 1 of 3)',
      'URLs 4-6 of 7 (batch 2 of 3)',
      'URLs 7-7 of 7 (batch 3 of 3)',
      '1 tag'
    ])
  })
  it('names the zone in each label when there are several', () => {
    const other = { id: 'z2', name: 'example.org', status: 'active' }
    const plan = planRequests([work({ tags: ['a', 'b'] }), { ...work({ purgeEverything: true }), zone: other }], 30)
    expect(plan.requests.map((r) => r.label)).toEqual(['example.com: 2 tags', 'example.org: Purge of everything'])
  })
  it('sends purge everything alone', () => {
    const plan = planRequests([work({ purgeEverything: true })], 30)
    expect(plan.requests).toEqual([
      { zoneId: 'z/1', kind: 'purge-everything', method: 'POST', path: '/zones/z%2F1/purge', body: { purge_everything: true }, items: [], label: 'Purge of everything' }
    ])
  })
  it('puts settings first, addressed by the zone name, with only the keys given', () => {
    const plan = planRequests([work({ tags: ['t'], settings: { sdk: { enabled: true, mode: 'automatic' } } })], 30)
    expect(plan.requests.map((r) => [r.kind, r.path, r.body])).toEqual([
      ['settings', '/zones/example.com/settings', { sdk: { enabled: true, mode: 'automatic' } }],
      ['tags', '/zones/z%2F1/purge', { tags: ['t'] }]
    ])
  })
  it('refuses settings when the zone name is unknown', () => {
    const unnamed = { id: 'z1', name: undefined, status: undefined }
    expect(() => planRequests([work({ zone: unnamed, settings: { sdk: { enabled: true, mode: 'automatic' } } })], 30)).toThrow(
      /"settings" needs the zone's domain name, which could not be read for zone z1/
    )
  })
  it('plans requests over several zones', () => {
    const other = { id: 'z2', name: 'example.org', status: 'active' }
    const plan = planRequests([work({ tags: ['a'] }), work({ zone: other, tags: ['b'] })], 30)
    expect(plan.zones).toEqual([zone, other])
    expect(plan.requests.map((r) => r.zoneId)).toEqual(['z/1', 'z2'])
  })
})

describe('batches', () => {
  it('keeps every item once, in order', () => {
    const items = Array.from({ length: 101 }, (_, i) => i)
    const split = batches(items, 30)
    expect(split.map((b) => b.length)).toEqual([30, 30, 30, 11])
    expect(split.flat()).toEqual(items)
  })
})

describe('resolveUrls', () => {
  it('puts a path on the zone host and keeps absolute URLs of the zone and its subdomains', () => {
    expect(resolveUrls(['/a b.html', 'https://example.com/x', 'http://cdn.Example.com./y?v=1', 'https://a.b.example.com/'], 'Example.com')).toEqual([
      'https://example.com/a%20b.html',
      'https://example.com/x',
      'http://cdn.example.com./y?v=1',
      'https://a.b.example.com/'
    ])
  })
  it('drops duplicates, keeping the first, in order', () => {
    expect(resolveUrls(['/b', '/a', 'https://example.com/b', '/a'], 'example.com')).toEqual(['https://example.com/b', 'https://example.com/a'])
  })
  it('lists the first 10 entries outside the zone, before anything is sent', () => {
    const bad = Array.from({ length: 12 }, (_, i) => `https://other${i}.net/`)
    let message = ''
    try {
      resolveUrls(['/ok', ...bad, 'https://notexample.com/', 'ftp://example.com/f', 'example.com/no-scheme'], 'example.com')
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/^15 entries in "files"\/"files-from" are not URLs of this zone\. Each must be an absolute http\(s\) URL on example.com or a subdomain of it/)
    expect(message).toContain('  https://other9.net/\n  … and 5 more')
    expect(message).not.toContain('other10')
  })
  it('accepts absolute URLs but not paths when the zone name is unknown', () => {
    expect(resolveUrls(['https://anything.example/x'], undefined)).toEqual(['https://anything.example/x'])
    expect(() => resolveUrls(['/x'], undefined)).toThrow(/"\/x" is a path, and paths need the zone's name/)
  })
})

describe('checkUrlBase', () => {
  it('accepts a url-base on the zone or a subdomain, and none when the zone name is known', async () => {
    const { checkUrlBase } = await import('../../src/urls.js')
    expect(() => checkUrlBase('https://static.example.com/app/', ['example.com'])).not.toThrow()
    expect(() => checkUrlBase('https://static.example.com/app/', ['example.org', 'example.com'])).not.toThrow()
    expect(() => checkUrlBase(undefined, ['example.com'])).not.toThrow()
    expect(() => checkUrlBase('https://example.org/', ['example.com'])).toThrow('Input "url-base" (https://example.org/) is not on zone example.com')
    expect(() => checkUrlBase(undefined, [undefined])).toThrow(/Set "url-base" to where the site is served/)
    expect(() => checkUrlBase(undefined, ['example.com', 'example.org'])).toThrow(/needs a single zone; with several zones or "zone: auto", set "url-base"/)
  })
})

describe('routeUrls', () => {
  it('sends each URL to the zone with the longest matching name', async () => {
    const { routeUrls } = await import('../../src/urls.js')
    const zones = [
      { id: 'root', name: 'example.com' },
      { id: 'shop', name: 'shop.example.com' },
      { id: 'org', name: 'Example.org.' }
    ]
    const routed = routeUrls(['https://shop.example.com/cart', 'https://example.com/', 'https://img.shop.example.com/a.png', 'https://www.example.com/x', 'http://example.org/y', 'https://example.com/'], zones)
    expect(Object.fromEntries(routed)).toEqual({
      shop: ['https://shop.example.com/cart', 'https://img.shop.example.com/a.png'],
      root: ['https://example.com/', 'https://www.example.com/x'],
      org: ['http://example.org/y']
    })
  })
  it('names URLs no zone covers, and refuses paths', async () => {
    const { routeUrls } = await import('../../src/urls.js')
    expect(() => routeUrls(['https://example.net/a'], [{ id: 'z', name: 'example.com' }])).toThrow('1 URL is on none of the zones (example.com). Each must be an absolute http(s) URL on one of them')
    expect(() => routeUrls(['/a'], [{ id: 'z', name: 'example.com' }])).toThrow(/paths need a single named zone/)
  })
})
