import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkChangedPaths, MAX_NAME_CHARS, MAX_PATH_CHARS, siteUrls, type SiteOptions } from '../../../src/changes/site.js'
import { InputError } from '../../../src/errors.js'
import { GUARD, mebibyteOf } from '../../support/hostile.js'
import { inputError } from '../../support/inputs.js'

const options = (over: Partial<SiteOptions> = {}): SiteOptions => ({
  siteDir: '',
  urlBase: undefined,
  indexFile: 'index.html',
  include: [],
  exclude: [],
  ...over
})

describe('siteUrls', () => {
  it('counts only files under site-dir; their path below it is the URL path', () => {
    const urls = siteUrls(
      ['site/a.html', 'site/docs/b.css', 'src/main.ts', 'site-old/x.html', 'README.md'],
      options({ siteDir: 'site' }),
      true
    )
    expect(urls.files).toEqual(['site/a.html', 'site/docs/b.css'])
    expect(urls.entries).toEqual(['/a.html', '/docs/b.css'])
  })
  it('also purges the folder of a changed index file, and / for the top one', () => {
    const urls = siteUrls(['index.html', 'docs/index.html', 'docs/index.html.bak', 'blog/post/index.html'], options(), true)
    expect(urls.entries).toEqual([
      '/index.html',
      '/',
      '/docs/index.html',
      '/docs/',
      '/docs/index.html.bak',
      '/blog/post/index.html',
      '/blog/post/'
    ])
  })
  it('can turn the index rule off', () => {
    expect(siteUrls(['docs/index.html'], options({ indexFile: '' }), true).entries).toEqual(['/docs/index.html'])
  })
  it('puts URLs under url-base', () => {
    const urls = siteUrls(
      ['public/index.html', 'public/a b.js'],
      options({ siteDir: 'public', urlBase: 'https://cdn.example.com/app/' }),
      true
    )
    expect(urls.entries).toEqual([
      'https://cdn.example.com/app/index.html',
      'https://cdn.example.com/app/',
      'https://cdn.example.com/app/a%20b.js'
    ])
  })
  it('matches include and exclude globs against the path below site-dir', () => {
    const paths = ['site/a.html', 'site/css/s.css', 'site/img/x.png', 'site/.well-known/security.txt', 'site/drafts/d.html']
    const urls = siteUrls(
      paths,
      options({ siteDir: 'site', include: ['**/*.html', '**/*.css', '.well-known/**'], exclude: ['drafts/**'] }),
      true
    )
    expect(urls.files).toEqual(['site/a.html', 'site/css/s.css', 'site/.well-known/security.txt'])
  })
  it('matches files under dot folders with patterns that do not name the dot', () => {
    const paths = ['.well-known/security.txt', '.github/notes.md', 'docs/.hidden/a.txt', 'a.txt', 'b.md']
    expect(siteUrls(paths, options({ include: ['**/*.txt'] }), true).files).toEqual([
      '.well-known/security.txt',
      'docs/.hidden/a.txt',
      'a.txt'
    ])
    expect(siteUrls(paths, options({ exclude: ['**/*.md', '*/.hidden/**'] }), true).files).toEqual(['.well-known/security.txt', 'a.txt'])
    expect(siteUrls(['.env'], options({ include: ['*'] }), true).entries).toEqual(['/.env'])
  })
  it('takes paths already below site-dir when told so (a manifest)', () => {
    expect(siteUrls(['a.html', 'docs/index.html'], options({ siteDir: 'build' }), false).entries).toEqual([
      '/a.html',
      '/docs/index.html',
      '/docs/'
    ])
  })
  it('counts no path naming site-dir itself, nor a folder (ending in /) twice with the index rule off', () => {
    expect(siteUrls(['site/', 'site/docs/'], options({ siteDir: 'site', indexFile: '' }), true)).toEqual({
      files: ['site/docs/'],
      entries: ['/docs/'],
      deployed: new Map([['/docs/', 'site/docs/']])
    })
  })
  it('drops repeated paths', () => {
    expect(siteUrls(['a.html', 'a.html'], options(), true).files).toEqual(['a.html'])
  })
})

// Repository and manifest paths always have / between folders (git's own paths; manifest keys), so the same
// change gives the same URLs on every runner; URLs, index-file and globs stay case-sensitive there too.
describe('on a Windows runner', () => {
  afterEach(() => vi.unstubAllGlobals())
  // What picomatch reads to decide that it runs on Windows, where it would take \ in a path or a pattern as a separator.
  const onWindows = (): void => {
    vi.stubGlobal('navigator', { platform: 'Win32' })
  }

  it('matches include and exclude as on Linux: / between folders, \\ part of a name or an escape', () => {
    onWindows()
    const paths = ['site/drafts\\x.html', 'site/drafts/y.html', 'site/[v2].html', 'site/v.html']
    const urls = siteUrls(paths, options({ siteDir: 'site', include: ['**/*.html'], exclude: ['drafts/**', '\\[v2\\].html'] }), true)
    expect(urls.files).toEqual(['site/drafts\\x.html', 'site/v.html'])
    expect(urls.entries).toEqual(['/drafts%5Cx.html', '/v.html'])
  })
  it('compares site-dir with git paths as written, as git does: another case is another folder', () => {
    onWindows()
    expect(siteUrls(['public/a.html', 'Public/b.html'], options({ siteDir: 'Public' }), true).files).toEqual(['Public/b.html'])
  })
  it('gives the same URLs for the same change, with site-dir, url-base and the index rule', () => {
    const paths = ['public/index.html', 'public/Docs/Index.html', 'public/docs/index.html', 'public/a b.js', 'src/main.ts']
    const given = options({ siteDir: 'public', urlBase: 'https://cdn.example.com/app/', exclude: ['**/*.ts'] })
    const linux = siteUrls(paths, given, true)
    onWindows()
    expect(siteUrls(paths, given, true)).toEqual(linux)
    expect(linux.entries).toEqual([
      'https://cdn.example.com/app/index.html',
      'https://cdn.example.com/app/',
      'https://cdn.example.com/app/Docs/Index.html',
      'https://cdn.example.com/app/docs/index.html',
      'https://cdn.example.com/app/docs/',
      'https://cdn.example.com/app/a%20b.js'
    ])
  })
})

describe('the deployed file of each entry', () => {
  it('is the repository path for git, and the path below site-dir for a manifest, the index file for its folder too', () => {
    expect([...siteUrls(['site/docs/index.html', 'site/a b.css'], options({ siteDir: 'site' }), true).deployed]).toEqual([
      ['/docs/index.html', 'site/docs/index.html'],
      ['/docs/', 'site/docs/index.html'],
      ['/a%20b.css', 'site/a b.css']
    ])
    expect([...siteUrls(['docs/index.html'], options({ siteDir: 'out', urlBase: 'https://example.com/base/' }), false).deployed]).toEqual([
      ['https://example.com/base/docs/index.html', 'out/docs/index.html'],
      ['https://example.com/base/docs/', 'out/docs/index.html']
    ])
    expect([...siteUrls(['a.html'], options(), false).deployed]).toEqual([['/a.html', 'a.html']])
  })
})

describe('checkChangedPaths', () => {
  const name = 'n'.repeat(MAX_NAME_CHARS)
  const longest = Array.from({ length: 16 }, () => name).join('/') + '/' + 'x'.repeat(MAX_PATH_CHARS - 16 * (MAX_NAME_CHARS + 1))
  it('takes the longest path a checkout can hold, with names of the longest length', () => {
    expect(longest).toHaveLength(MAX_PATH_CHARS)
    expect(() => checkChangedPaths(['a.html', longest, name], 'changed-since')).not.toThrow()
  })
  it.each([
    ['a path one character longer', `${longest}x`, 4097],
    ['a name one character longer', `a/${name}n/b`, 260]
  ])('refuses %s, naming the input the list came from', (_what, path, length) => {
    const error = inputError(() => checkChangedPaths(['a.html', path], 'previous-manifest'))
    expect(error.input).toBe('previous-manifest')
    expect(error.message).toMatch(
      new RegExp(`^Input "previous-manifest": the change list holds a path of ${length.toLocaleString('en-US')} characters \\("`)
    )
    expect(error.message).toContain('at most 4,096 are accepted, with names of at most 255, as a checkout can hold. Nothing was sent.')
  })
  it.each(['ab', 'a/', '/'])('refuses a mebibyte path of %j before a glob with many stars meets it', GUARD, (piece) => {
    const path = mebibyteOf(piece)
    expect(() => checkChangedPaths([path], 'changed-since')).toThrow(InputError)
    // What the check spares: the same glob on a path a checkout can hold is quick.
    expect(siteUrls([longest.replaceAll('n', 'ab').slice(0, MAX_NAME_CHARS)], options({ include: ['*a*b*c*d*'] }), false).files).toEqual([])
  })
})
