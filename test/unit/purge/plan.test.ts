import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import { batches, describePlan, planRequests, splitRequest, type PlannedRequest, type ZoneWork } from '../../../src/purge/plan.js'
import { resolveUrls } from '../../../src/urls.js'

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
  it('names a zone in labels cut, with how much was left out', () => {
    const name = `${'n'.repeat(300)}.example`
    const quoted = `${'n'.repeat(200)}… (108 more characters)`
    const plan = planRequests(
      [
        work({ zone: { id: 'a', name, status: 'active' }, tags: ['t'], settings: { limits: { enabled: true, mode: 'automatic' } } }),
        work({ zone: { id: 'b', name: 'b.example', status: 'active' }, tags: ['t'] })
      ],
      3
    )
    expect(plan.requests.map((request) => request.label)).toEqual([`Settings of ${quoted}`, `${quoted}: 1 tag`, 'b.example: 1 tag'])
    expect(() =>
      planRequests(
        [
          work({
            zone: { id: 'i'.repeat(300), name: undefined, status: undefined },
            settings: { limits: { enabled: true, mode: 'automatic' } }
          })
        ],
        3
      )
    ).toThrow(`could not be read for zone ${'i'.repeat(200)}… (100 more characters) (the API key`)
  })
  it('refuses a zone id or name that would leave its path segment, sending nothing', () => {
    expect(() =>
      planRequests([work({ zone: { id: '..', name: 'example.com', status: 'active' }, urls: ['https://example.com/a'] })], 3)
    ).toThrow(TypeError)
    expect(() =>
      planRequests(
        [work({ zone: { id: 'z', name: '.', status: 'active' }, settings: { limits: { enabled: true, mode: 'automatic' } } })],
        3
      )
    ).toThrow(TypeError)
  })
  it('labels each request with what it carries, for errors', () => {
    const urls = Array.from({ length: 7 }, (_, i) => `https://example.com/${i}`)
    const plan = planRequests([work({ urls, tags: ['a'] })], 3)
    expect(plan.requests.map((r) => r.label)).toEqual([
      'URLs 1-3 of 7 (batch 1 of 3)',
      'URLs 4-6 of 7 (batch 2 of 3)',
      'URL 7 of 7 (batch 3 of 3)',
      '1 tag'
    ])
  })
  it('names the zone in each label when there are several', () => {
    const other = { id: 'z2', name: 'example.org', status: 'active' }
    const plan = planRequests([work({ tags: ['a', 'b'] }), { ...work({ purgeEverything: true }), zone: other }], 30)
    expect(plan.requests.map((r) => r.label)).toEqual(['example.com: 2 tags', 'example.org: Purge of everything'])
  })
  it("says where each batch stands in the zone's list", () => {
    const urls = Array.from({ length: 7 }, (_, i) => `https://example.com/${i}`)
    expect(planRequests([work({ urls, tags: ['a', 'b'] })], 3).requests.map((r) => r.range)).toEqual([
      { first: 1, of: 7, batch: 'batch 1 of 3', zone: '' },
      { first: 4, of: 7, batch: 'batch 2 of 3', zone: '' },
      { first: 7, of: 7, batch: 'batch 3 of 3', zone: '' },
      { first: 1, of: 2, batch: '', zone: '' }
    ])
    const other = { id: 'z2', name: undefined, status: undefined }
    expect(
      planRequests([work({ tags: ['a'] }), work({ zone: other, tags: ['b', 'c'] })], 30).requests.map((r) => [r.label, r.range])
    ).toEqual([
      ['example.com: 1 tag', { first: 1, of: 1, batch: '', zone: 'example.com: ' }],
      ['z2: 2 tags', { first: 1, of: 2, batch: '', zone: 'z2: ' }]
    ])
  })
  it('sends purge everything alone', () => {
    const plan = planRequests([work({ purgeEverything: true })], 30)
    expect(plan.requests).toStrictEqual([
      {
        zoneId: 'z/1',
        kind: 'purge-everything',
        method: 'POST',
        path: '/zones/z%2F1/purge',
        body: { purge_everything: true },
        items: [],
        label: 'Purge of everything'
      }
    ])
  })
  it('puts settings first, addressed by the zone name, with only the keys given', () => {
    const plan = planRequests([work({ tags: ['t'], settings: { sdk: { enabled: true, mode: 'automatic' } } })], 30)
    expect(plan.requests.map((r) => [r.kind, r.path, r.body])).toEqual([
      ['settings', '/zones/example.com/settings', { sdk: { enabled: true, mode: 'automatic' } }],
      ['tags', '/zones/z%2F1/purge', { tags: ['t'] }]
    ])
    expect(plan.requests[0]).toStrictEqual({
      zoneId: 'z/1',
      kind: 'settings',
      method: 'POST',
      path: '/zones/example.com/settings',
      body: { sdk: { enabled: true, mode: 'automatic' } },
      items: [],
      label: 'Settings of example.com'
    })
  })
  it('refuses settings when the zone name is unknown', () => {
    const unnamed = { id: 'z1', name: undefined, status: undefined }
    const plan = () => planRequests([work({ zone: unnamed, settings: { sdk: { enabled: true, mode: 'automatic' } } })], 30)
    expect(plan).toThrow(InputError)
    expect(plan).toThrow(expect.objectContaining({ input: 'settings' }))
    expect(plan).toThrow(
      'Input "settings" needs the zone\'s domain name, which could not be read for zone z1 (the API key may not list zones). Give the zone by name with a key that may list zones.'
    )
  })
  it('plans requests over several zones', () => {
    const other = { id: 'z2', name: 'example.org', status: 'active' }
    const plan = planRequests([work({ tags: ['a'] }), work({ zone: other, tags: ['b'] })], 30)
    expect(plan.zones).toEqual([zone, other])
    expect(plan.requests.map((r) => r.zoneId)).toEqual(['z/1', 'z2'])
  })
})

describe('describePlan', () => {
  const urls = (count: number) => Array.from({ length: count }, (_, i) => `https://example.com/${i}`)
  const settings = { sdk: { enabled: true, mode: 'automatic' } } as const
  const describe_ = (over: Partial<ZoneWork>, batchSize = 10): string => describePlan(planRequests([work(over)], batchSize), batchSize)
  it('names the URLs alone when no tags were asked for, and the tags alone when no URLs were', () => {
    expect(describe_({ urls: urls(25) })).toBe('Planned 3 requests over 1 zone: 25 URLs, up to 10 a request.')
    expect(describe_({ tags: ['a', 'b', 'c'] })).toBe('Planned 1 request over 1 zone: 3 tags, up to 10 a request.')
  })
  it('names both, and one of each in the singular', () => {
    expect(describe_({ urls: urls(25), tags: ['a', 'b'] })).toBe('Planned 4 requests over 1 zone: 25 URLs and 2 tags, up to 10 a request.')
    expect(describe_({ urls: urls(1), tags: ['a'] }, 30)).toBe('Planned 2 requests over 1 zone: 1 URL and 1 tag, up to 30 a request.')
  })
  it('says a purge of everything with no batches, and the settings that come first', () => {
    expect(describe_({ purgeEverything: true })).toBe('Planned 1 request over 1 zone: purge everything.')
    expect(describe_({ purgeEverything: true, settings })).toBe('Planned 2 requests over 1 zone: settings, then purge everything.')
    expect(describe_({ urls: urls(2), settings })).toBe('Planned 2 requests over 1 zone: settings, then 2 URLs, up to 10 a request.')
    expect(describe_({ settings })).toBe('Planned 1 request over 1 zone: settings.')
    expect(describe_({})).toBe('Planned 0 requests over 1 zone: nothing to purge.')
  })
  it('counts the URLs over all zones, and each tag once though every zone gets it', () => {
    const other = { id: 'z2', name: 'example.org', status: 'active' }
    const plan = planRequests(
      [work({ urls: urls(3), tags: ['a', 'b'] }), work({ zone: other, urls: ['https://example.org/x'], tags: ['a', 'b'] })],
      2
    )
    expect(describePlan(plan, 2)).toBe('Planned 5 requests over 2 zones: 4 URLs and 2 tags, up to 2 a request.')
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

describe('splitRequest', () => {
  const urls = (count: number) => Array.from({ length: count }, (_, i) => `https://example.com/${i}`)
  it('leaves a settings request and a purge of everything whole', () => {
    const plan = planRequests([work({ purgeEverything: true, settings: { sdk: { enabled: true, mode: 'automatic' } } })], 30)
    for (const request of plan.requests) expect(splitRequest(request, 1)).toStrictEqual([request])
  })
  it("splits a batch into parts with their own items and body, labelled by their place in the zone's list", () => {
    const [request] = planRequests([work({ urls: urls(5) })], 30).requests
    const parts = splitRequest(request!, 2)
    expect(parts.map((part) => [part.label, part.items, part.body, part.range])).toEqual([
      ['URLs 1-2 of 5', urls(5).slice(0, 2), { files: urls(5).slice(0, 2) }, { first: 1, of: 5, batch: '', zone: '' }],
      ['URLs 3-4 of 5', urls(5).slice(2, 4), { files: urls(5).slice(2, 4) }, { first: 3, of: 5, batch: '', zone: '' }],
      ['URL 5 of 5', urls(5).slice(4), { files: urls(5).slice(4) }, { first: 5, of: 5, batch: '', zone: '' }]
    ])
    for (const part of parts)
      expect([part.zoneId, part.kind, part.method, part.path]).toEqual(['z/1', 'files', 'POST', '/zones/z%2F1/purge'])
  })
  it('names the batch and the zone a part comes from, and keeps them when a part is split again', () => {
    const other = { id: 'z2', name: 'example.org', status: 'active' }
    const tags = Array.from({ length: 7 }, (_, i) => `t${i}`)
    const requests = planRequests([work({ tags }), work({ zone: other, tags: ['x'] })], 3).requests
    const parts = splitRequest(requests[1]!, 2)
    expect(parts.map((part) => [part.label, part.body])).toEqual([
      ['example.com: tags 4-5 of 7 (part of batch 2 of 3)', { tags: ['t3', 't4'] }],
      ['example.com: tag 6 of 7 (part of batch 2 of 3)', { tags: ['t5'] }]
    ])
    expect(splitRequest(parts[0]!, 1).map((part) => part.label)).toEqual([
      'example.com: tag 4 of 7 (part of batch 2 of 3)',
      'example.com: tag 5 of 7 (part of batch 2 of 3)'
    ])
  })
  it('counts from 1 for a request that does not say where it stands', () => {
    const request: PlannedRequest = {
      zoneId: 'z1',
      kind: 'tags',
      method: 'POST',
      path: '/zones/z1/purge',
      body: { tags: ['a', 'b', 'c'] },
      items: ['a', 'b', 'c'],
      label: '3 tags'
    }
    expect(splitRequest(request, 2).map((part) => [part.label, part.range])).toEqual([
      ['tags 1-2 of 3', { first: 1, of: 3, batch: '', zone: '' }],
      ['tag 3 of 3', { first: 3, of: 3, batch: '', zone: '' }]
    ])
  })
})

describe('resolveUrls', () => {
  it('puts a path on the zone host and keeps absolute URLs of the zone and its subdomains', () => {
    expect(
      resolveUrls(['/a b.html', 'https://example.com/x', 'http://cdn.Example.com./y?v=1', 'https://a.b.example.com/'], 'Example.com')
    ).toEqual(['https://example.com/a%20b.html', 'https://example.com/x', 'http://cdn.example.com./y?v=1', 'https://a.b.example.com/'])
  })
  it('drops duplicates, keeping the first, in order', () => {
    expect(resolveUrls(['/b', '/a', 'https://example.com/b', '/a'], 'example.com')).toEqual([
      'https://example.com/b',
      'https://example.com/a'
    ])
  })
  it('lists the first 10 entries outside the zone, before anything is sent', () => {
    const bad = Array.from({ length: 12 }, (_, i) => `https://other${i}.net/`)
    let message = ''
    try {
      resolveUrls(['/ok', ...bad, 'https://notexample.com/', 'ftp://example.com/f', 'example.com/no-scheme'], 'example.com')
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(
      /^15 entries in "files"\/"files-from" are not URLs of this zone\. Each must be an absolute http\(s\) URL on example.com or a subdomain of it/
    )
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
    const { checkUrlBase } = await import('../../../src/urls.js')
    expect(() => checkUrlBase('https://static.example.com/app/', ['example.com'])).not.toThrow()
    expect(() => checkUrlBase('https://static.example.com/app/', ['example.org', 'example.com'])).not.toThrow()
    expect(() => checkUrlBase(undefined, ['example.com'])).not.toThrow()
    expect(() => checkUrlBase('https://example.org/', ['example.com'])).toThrow(
      'Input "url-base" (https://example.org/) is not on zone example.com'
    )
    expect(() => checkUrlBase(undefined, [undefined])).toThrow(/Set "url-base" to where the site is served/)
    expect(() => checkUrlBase(undefined, ['example.com', 'example.org'])).toThrow(
      /needs a single zone; with several zones or "zone: auto", set "url-base"/
    )
  })
})

describe('routeUrls', () => {
  it('sends each URL to the zone with the longest matching name', async () => {
    const { routeUrls } = await import('../../../src/urls.js')
    const zones = [
      { id: 'root', name: 'example.com' },
      { id: 'shop', name: 'shop.example.com' },
      { id: 'org', name: 'Example.org.' }
    ]
    const routed = routeUrls(
      [
        'https://shop.example.com/cart',
        'https://example.com/',
        'https://img.shop.example.com/a.png',
        'https://www.example.com/x',
        'http://example.org/y',
        'https://example.com/'
      ],
      zones
    )
    expect(Object.fromEntries(routed)).toEqual({
      shop: ['https://shop.example.com/cart', 'https://img.shop.example.com/a.png'],
      root: ['https://example.com/', 'https://www.example.com/x'],
      org: ['http://example.org/y']
    })
  })
  it('names URLs no zone covers, and refuses paths', async () => {
    const { routeUrls } = await import('../../../src/urls.js')
    expect(() => routeUrls(['https://example.net/a'], [{ id: 'z', name: 'example.com' }])).toThrow(
      '1 URL is on none of the zones (example.com). Each must be an absolute http(s) URL on one of them'
    )
    expect(() => routeUrls(['/a'], [{ id: 'z', name: 'example.com' }])).toThrow(/paths need a single named zone/)
  })
})
