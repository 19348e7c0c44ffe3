import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/errors.js'
import type { ChangeSet } from '../../src/changes/index.js'
import type { ChangeInputs } from '../../src/inputs.js'
import { assignWork, type WorkInput } from '../../src/routing.js'

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
const changes = (entries: string[], incomplete?: string): ChangeSet => ({ source: 'git', how: 'git diff', base: 'a', head: 'b', files: entries, entries, deployed: new Map(), incomplete, manifest: undefined })
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
    expect(work.zones).toEqual([{ zone: root, requested: { everything: false, files: ['https://example.com/a', 'https://www.example.com/b'], tags: ['t'] } }])
    expect(work.everythingInstead).toBeUndefined()
  })

  it('with auto, takes part only the zones that get a URL', () => {
    const work = assignWork(input({ entries: ['https://shop.example.com/x'], resolution: { zones: [], warnings: [], candidates: [root, shop] } }))
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
    expect(assignWork(input({ changes: changes(['/a', '/b']), changeInputs: changeInputs({ purgeEverythingOver: 2 }) })).everythingInstead).toBeUndefined()
    expect(assignWork(input({ changes: changes(['/a', '/b']), changeInputs: changeInputs({ purgeEverythingOver: 0 }) })).everythingInstead).toBeUndefined()
  })

  it('purges everything when the change list may be incomplete', () => {
    const work = assignWork(input({ changes: changes(['/a'], 'the list may be cut off'), changeInputs: changeInputs() }))
    expect(work.everythingInstead).toBe('the list may be cut off')
    expect(work.requested.everything).toBe(true)
  })

  it('needs no url-base with several zones when nothing changed is purged', () => {
    const work = assignWork(input({ entries: ['https://shop.example.com/x'], resolution: { zones: [root, shop], warnings: [], candidates: undefined } }))
    expect(work.zones.map(({ zone, requested }) => [zone.id, requested.files])).toEqual([
      ['root', []],
      ['shop', ['https://shop.example.com/x']]
    ])
  })

  it('asks for url-base when changed files would be paths among several zones', () => {
    expect(() => assignWork(input({ changes: changes(['/a']), changeInputs: changeInputs(), resolution: { zones: [root, shop], warnings: [], candidates: undefined } }))).toThrow(
      new InputError('Changed files become paths on the zone\'s host, which needs a single zone; with several zones or "zone: auto", set "url-base" to where the site is served.')
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
