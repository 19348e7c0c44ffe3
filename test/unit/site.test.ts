import * as nodePath from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/errors.js'
import { deployedFiles, encodePath, routeEntry, siteEntries, siteFileOf, type SiteMap } from '../../src/site.js'
import { resolveUrls } from '../../src/urls.js'

const dir = nodePath.resolve('/work/space/public')
const site: SiteMap = { dir, urlBase: undefined, indexFile: 'index.html' }
const file = (...parts: string[]): string => nodePath.join(dir, ...parts)
const zone = { id: 'z1', name: 'example.com', status: 'active' }
const other = { id: 'z2', name: 'example.org', status: 'active' }

describe('siteFileOf', () => {
  it('maps a URL on a zone’s own host into site-dir, any scheme, the host in any case', () => {
    expect(siteFileOf('https://example.com/a/b.css', site, ['example.com'])).toBe(file('a', 'b.css'))
    expect(siteFileOf('http://EXAMPLE.com/a.html?v=2#top', site, ['example.com'])).toBe(file('a.html'))
    expect(siteFileOf('https://example.com/a.html', site, ['example.org', 'Example.com.'])).toBe(file('a.html'))
  })

  it('maps a directory URL to its index-file, and to nothing without one', () => {
    expect(siteFileOf('https://example.com/', site, ['example.com'])).toBe(file('index.html'))
    expect(siteFileOf('https://example.com/docs/', site, ['example.com'])).toBe(file('docs', 'index.html'))
    expect(siteFileOf('https://example.com/docs/', { ...site, indexFile: '' }, ['example.com'])).toBeUndefined()
  })

  it('maps the path below url-base, and nothing outside it', () => {
    const based = { ...site, urlBase: 'https://example.com/docs/' }
    expect(siteFileOf('https://example.com/docs/guide/a.html', based, ['example.com'])).toBe(file('guide', 'a.html'))
    expect(siteFileOf('https://example.com/docs/', based, ['example.com'])).toBe(file('index.html'))
    expect(siteFileOf('https://example.com/blog/a.html', based, ['example.com'])).toBeUndefined()
    expect(siteFileOf('http://example.com/docs/a.html', based, ['example.com'])).toBeUndefined()
    expect(siteFileOf('https://cdn.example.com/docs/a.html', based, ['example.com'])).toBeUndefined()
  })

  it('maps nothing off the zones’ own hosts', () => {
    expect(siteFileOf('https://www.example.com/a.html', site, ['example.com'])).toBeUndefined()
    expect(siteFileOf('https://example.com/a.html', site, [])).toBeUndefined()
    expect(siteFileOf('not a url', site, ['example.com'])).toBeUndefined()
  })

  it('decodes each segment once, and maps nothing that would leave the folder', () => {
    expect(siteFileOf('https://example.com/a%20b.html', site, ['example.com'])).toBe(file('a b.html'))
    expect(siteFileOf('https://example.com/%2525.html', site, ['example.com'])).toBe(file('%25.html'))
    // The URL parser resolves dot segments, encoded ones too: the URL is /secret, inside the folder.
    expect(siteFileOf('https://example.com/%2e%2e/secret', site, ['example.com'])).toBe(file('secret'))
    for (const path of ['/a%2Fb', '/a%5Cb', '/a%00b', '/a//b', '/%E0%A4%A']) {
      expect(siteFileOf(`https://example.com${path}`, site, ['example.com']), path).toBeUndefined()
    }
  })
})

describe('encodePath', () => {
  it('encodes each segment once', () => {
    expect(encodePath('docs/a b.html')).toBe('docs/a%20b.html')
    expect(encodePath('café/ü?.html')).toBe('caf%C3%A9/%C3%BC%3F.html')
    expect(encodePath('100%.html')).toBe('100%25.html')
    expect(encodePath('a%20b.html')).toBe('a%2520b.html')
  })
  it('keeps characters a path may hold', () => {
    expect(encodePath("c++/a,b;c=d:e@f!$&'()*.html")).toBe("c++/a,b;c=d:e@f!$&'()*.html")
  })
  it('is not encoded again on the way to the request', () => {
    expect(resolveUrls([`/${encodePath('a b/c%d.html')}`], 'example.com')).toEqual(['https://example.com/a%20b/c%25d.html'])
  })
})

describe('deployedFiles', () => {
  it('reads each changed entry as the URL it was purged as, with its file in the workspace', () => {
    // With several zones a path cannot be routed: it has no file to compare, and breaks nothing.
    const files = deployedFiles(
      new Map([
        ['/docs/', 'public/docs/index.html'],
        ['http://example.org/x.css', 'public/x.css']
      ]),
      [zone, other],
      '/work'
    )
    expect([...files]).toEqual([['http://example.org/x.css', nodePath.resolve('/work', 'public/x.css')]])
    expect([...deployedFiles(new Map([['/docs/', 'public/docs/index.html']]), [zone], '/work')]).toEqual([
      ['https://example.com/docs/', nodePath.resolve('/work', 'public/docs/index.html')]
    ])
  })
  it('does not hide an error other than an entry it cannot route (a bug)', () => {
    expect(() => deployedFiles(new Map([[null as unknown as string, 'public/a.html']]), [zone], '/work')).toThrow(TypeError)
  })
  it('knows no file without a change list', () => {
    expect(deployedFiles(undefined, [zone], '/work')).toEqual(new Map())
  })
})

describe('siteEntries', () => {
  it('gives a path on the zone, or a URL under url-base, encoded once', () => {
    expect(siteEntries('a b.html', site)).toEqual(['/a%20b.html'])
    expect(siteEntries('guide/a.html', { urlBase: 'https://example.com/docs/', indexFile: '' })).toEqual([
      'https://example.com/docs/guide/a.html'
    ])
  })
  it('gives an index-file its folder’s address too, and only a whole name', () => {
    expect(siteEntries('index.html', site)).toEqual(['/index.html', '/'])
    expect(siteEntries('docs/index.html', site)).toEqual(['/docs/index.html', '/docs/'])
    expect(siteEntries('docs/myindex.html', site)).toEqual(['/docs/myindex.html'])
    expect(siteEntries('docs/index.html', { ...site, indexFile: '' })).toEqual(['/docs/index.html'])
  })
  it('is the way back of siteFileOf', () => {
    for (const relative of ['a b.html', 'docs/index.html', 'c++/%.html']) {
      for (const entry of siteEntries(relative, site)) {
        expect(siteFileOf(`https://example.com${entry}`, site, ['example.com'])).toBe(file(...relative.split('/')))
      }
    }
  })
})

describe('routeEntry', () => {
  it('gives the URLs an entry is purged as, and the InputError of one that cannot be routed', () => {
    expect(routeEntry('/a.html', [zone])).toEqual(['https://example.com/a.html'])
    expect(routeEntry('http://example.org/x', [zone, other])).toEqual(['http://example.org/x'])
    const refused = routeEntry('/a.html', [zone, other], '"origin-marker"')
    expect(refused).toBeInstanceOf(InputError)
    expect((refused as InputError).message).toContain('"origin-marker"')
  })
  it('throws on any other error (a bug)', () => {
    expect(() => routeEntry(null as unknown as string, [zone])).toThrow(TypeError)
  })
})
