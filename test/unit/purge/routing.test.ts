import { describe, expect, it } from 'vitest'
import { InputError } from '../../../src/errors.js'
import type { ChangeInputs, ChangeSet } from '../../../src/changes/index.js'
import { assignWork, routeEarly, type EarlyRouting, type WorkInput } from '../../../src/purge/routing.js'

const root = { id: 'root', name: 'example.com', status: 'active' }
const shop = { id: 'shop', name: 'shop.example.com', status: 'active' }
const changeInputs = (over: Partial<ChangeInputs> = {}): ChangeInputs => ({
  from: { kind: 'git', since: 'main' },
  siteDir: '',
  urlBase: undefined,
  indexFile: 'index.html',
  include: [],
  exclude: [],
  purgeEverythingOver: 0,
  githubToken: '',
  ...over
})
const changes = (entries: string[], incomplete?: string): ChangeSet => ({
  source: 'git',
  how: 'git diff',
  base: 'a',
  head: 'b',
  commit: undefined,
  why: '',
  link: undefined,
  files: entries,
  entries,
  deployed: new Map(),
  incomplete,
  manifest: undefined,
  nothingDeployed: undefined
})
const input = (over: Partial<WorkInput>): WorkInput => ({
  entries: [],
  tags: [],
  purgeEverything: false,
  changes: undefined,
  changeInputs: undefined,
  resolution: { zones: [root], warnings: [], candidates: undefined },
  ...over
})

describe('assignWork', () => {
  it('gives the one zone every entry, paths included, and every tag', () => {
    const work = assignWork(input({ entries: ['/a', 'https://www.example.com/b'], tags: ['t'] }))
    expect(work.zones).toEqual([
      { zone: root, requested: { everything: false, files: ['https://example.com/a', 'https://www.example.com/b'], tags: ['t'] } }
    ])
    expect(work.everythingInstead).toBeUndefined()
  })

  it('with auto, takes part only the zones that get a URL', () => {
    const work = assignWork(
      input({ entries: ['https://shop.example.com/x'], resolution: { zones: [], warnings: [], candidates: [root, shop] } })
    )
    expect(work.zones.map(({ zone }) => zone.id)).toEqual(['shop'])
  })

  it('merges changed URLs with the entries', () => {
    const work = assignWork(input({ entries: ['/a'], changes: changes(['/c', '/a']), changeInputs: changeInputs() }))
    expect(work.changedUrls).toEqual(['https://example.com/c', 'https://example.com/a'])
    expect(work.requested.files).toEqual(['https://example.com/a', 'https://example.com/c'])
  })

  it('purges everything instead when more URLs changed than purge-everything-over', () => {
    const work = assignWork(input({ changes: changes(['/a', '/b', '/c']), changeInputs: changeInputs({ purgeEverythingOver: 2 }) }))
    expect(work.everythingInstead).toBe('3 changed URLs is more than purge-everything-over (2)')
    expect(work.zones[0]?.requested.everything).toBe(true)
  })

  it('keeps the list at exactly the limit, and never switches with 0', () => {
    expect(
      assignWork(input({ changes: changes(['/a', '/b']), changeInputs: changeInputs({ purgeEverythingOver: 2 }) })).everythingInstead
    ).toBeUndefined()
    expect(
      assignWork(input({ changes: changes(['/a', '/b']), changeInputs: changeInputs({ purgeEverythingOver: 0 }) })).everythingInstead
    ).toBeUndefined()
  })

  it('purges everything when the change list may be incomplete', () => {
    const work = assignWork(input({ changes: changes(['/a'], 'the list may be cut off'), changeInputs: changeInputs() }))
    expect(work.everythingInstead).toBe('the list may be cut off')
    expect(work.requested.everything).toBe(true)
  })

  it('needs no url-base with several zones when nothing changed is purged', () => {
    const work = assignWork(
      input({ entries: ['https://shop.example.com/x'], resolution: { zones: [root, shop], warnings: [], candidates: undefined } })
    )
    expect(work.zones.map(({ zone, requested }) => [zone.id, requested.files])).toEqual([
      ['root', []],
      ['shop', ['https://shop.example.com/x']]
    ])
  })

  it('asks for url-base when changed files would be paths among several zones', () => {
    expect(() =>
      assignWork(
        input({
          changes: changes(['/a']),
          changeInputs: changeInputs(),
          resolution: { zones: [root, shop], warnings: [], candidates: undefined }
        })
      )
    ).toThrow(
      new InputError(
        undefined,
        'Changed files become paths on the zone\'s host, which needs a single zone; with several zones or "zone: auto", set "url-base" to where the site is served.'
      )
    )
  })

  it('gives every listed zone the tags, and no URLs when none are on it', () => {
    const work = assignWork(input({ tags: ['t'], resolution: { zones: [root, shop], warnings: [], candidates: undefined } }))
    expect(work.zones).toEqual([
      { zone: root, requested: { everything: false, files: [], tags: ['t'] } },
      { zone: shop, requested: { everything: false, files: [], tags: ['t'] } }
    ])
  })
})

describe('routeEarly: the entries routed while the zone lookup is on the wire', () => {
  const named = (...names: string[]) => ({ kind: 'list' as const, refs: names.map((name) => ({ kind: 'name' as const, name })) })
  const both = { zones: [root, shop], warnings: [], candidates: undefined }

  it('routes among the zones the input names, as assignWork does once they are found', () => {
    const entries = ['/a', 'https://www.example.com/b', '/a']
    const early = routeEarly(entries, named('Example.COM.'))
    expect(early?.hosts).toEqual(['example.com'])
    expect(assignWork(input({ entries, early }))).toEqual(assignWork(input({ entries })))
    const several = ['https://shop.example.com/x', 'https://example.com/y', 'https://a.shop.example.com/z']
    const found = assignWork(
      input({ entries: several, resolution: both, early: routeEarly(several, named('example.com', 'shop.example.com')) })
    )
    expect(found).toEqual(assignWork(input({ entries: several, resolution: both })))
    expect(found.zones.map(({ zone, requested }) => [zone.id, requested.files])).toEqual([
      ['root', ['https://example.com/y']],
      ['shop', ['https://shop.example.com/x', 'https://a.shop.example.com/z']]
    ])
  })

  it('routes nothing when a zone is given by id or auto (its name comes from the lookup), or there are no entries', () => {
    expect(routeEarly(['/a'], { kind: 'auto' })).toBeUndefined()
    expect(
      routeEarly(['/a'], {
        kind: 'list',
        refs: [
          { kind: 'name', name: 'example.com' },
          { kind: 'id', id: 'zone-1' }
        ]
      })
    ).toBeUndefined()
    expect(routeEarly([], named('example.com'))).toBeUndefined()
  })

  // An early routing whose URLs no entry gives: seen in the result only if assignWork took it.
  const marked = (hosts: string[], routed: [string, string[]][]): EarlyRouting => ({ hosts, outcome: { routed: new Map(routed) } })

  it("is taken, under the found zones' ids, when those are the zones it routed among, in that order", () => {
    const work = assignWork(input({ entries: ['/a'], early: marked(['example.com'], [['0', ['https://example.com/early']]]) }))
    expect(work.zones).toEqual([{ zone: root, requested: { everything: false, files: ['https://example.com/early'], tags: [] } }])
    const two = assignWork(
      input({ resolution: both, early: marked(['example.com', 'shop.example.com'], [['1', ['https://shop.example.com/early']]]) })
    )
    expect(two.zones.map(({ zone, requested }) => [zone.id, requested.files])).toEqual([
      ['root', []],
      ['shop', ['https://shop.example.com/early']]
    ])
  })

  it('is left when the zones found are others, fewer, in another order or nameless, or when changed URLs join the list', () => {
    const early = marked(['example.com'], [['0', ['https://example.com/early']]])
    const files = (over: Partial<WorkInput>) =>
      assignWork(input({ entries: ['https://shop.example.com/a'], early, ...over })).requested.files
    expect(files({ resolution: { zones: [shop], warnings: [], candidates: undefined } })).toEqual(['https://shop.example.com/a'])
    expect(files({ resolution: both })).toEqual(['https://shop.example.com/a'])
    expect(
      files({ resolution: { zones: [{ id: 'root', name: undefined, status: undefined }], warnings: [], candidates: undefined } })
    ).toEqual(['https://shop.example.com/a'])
    expect(files({ resolution: { zones: [], warnings: [], candidates: [root, shop] } })).toEqual(['https://shop.example.com/a'])
    const reversed = assignWork(
      input({
        entries: ['https://shop.example.com/a'],
        resolution: { zones: [shop, root], warnings: [], candidates: undefined },
        early: marked(['example.com', 'shop.example.com'], [['0', ['x']]])
      })
    )
    expect(reversed.requested.files).toEqual(['https://shop.example.com/a'])
    expect(assignWork(input({ entries: ['/a'], early, changes: changes(['/c']), changeInputs: changeInputs() })).requested.files).toEqual([
      'https://example.com/a',
      'https://example.com/c'
    ])
    // Two routed among, one found (two names for one zone, say); or the second found is another.
    const two = marked(
      ['example.com', 'shop.example.com'],
      [
        ['0', ['https://example.com/early']],
        ['1', ['https://shop.example.com/early']]
      ]
    )
    expect(assignWork(input({ entries: ['https://example.com/a'], early: two })).requested.files).toEqual(['https://example.com/a'])
    const other = { id: 'other', name: 'other.example.com', status: 'active' }
    const found = assignWork(
      input({ entries: ['https://example.com/a'], early: two, resolution: { zones: [root, other], warnings: [], candidates: undefined } })
    )
    expect(found.requested.files).toEqual(['https://example.com/a'])
  })

  it('names probe-urls when a probe URL is on none of the zones', () => {
    expect(() => assignWork(input({ probes: ['https://elsewhere.test/p'] }))).toThrow(/"probe-urls"/)
  })

  it('keeps what routing threw, and raises it only where assignWork would: for the zones it routed among', () => {
    const early = routeEarly(['https://elsewhere.test/a'], named('example.com'))
    expect((early?.outcome as { error: unknown }).error).toBeInstanceOf(InputError)
    const thrown = (() => {
      try {
        assignWork(input({ entries: ['https://elsewhere.test/a'], early }))
      } catch (error) {
        return error
      }
      return undefined
    })()
    expect(thrown).toBeInstanceOf(InputError)
    expect(thrown).toBe((early?.outcome as { error: unknown }).error)
    expect(
      assignWork(
        input({ entries: ['https://shop.example.com/a'], early, resolution: { zones: [shop], warnings: [], candidates: undefined } })
      ).requested.files
    ).toEqual(['https://shop.example.com/a'])
    expect(
      assignWork(
        input({
          entries: ['https://elsewhere.test/a'],
          early,
          resolution: { zones: [{ ...root, name: 'elsewhere.test' }], warnings: [], candidates: undefined }
        })
      ).requested.files
    ).toEqual(['https://elsewhere.test/a'])
  })
})
